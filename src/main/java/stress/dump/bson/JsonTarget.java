package stress.dump.bson;

import org.bson.BsonBinary;
import org.bson.BsonWriter;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Where {@link BsonWalker} writes a document's JSON, element by element: org.bson's own JSON writer
 * ({@link BsonWriterTarget}, every BSON type, both Extended JSON modes), or {@link CopyFieldJson} (relaxed Extended
 * JSON straight into a COPY text field, for the types real collections hold; it gives up on the rest).
 */
interface JsonTarget {
  void startDocument();

  void endDocument();

  void startArray();

  void endArray();

  void name(String name);

  void doubleValue(double value);

  void string(String value);

  void int32(int value);

  void int64(long value);

  void bool(boolean value);

  void nullValue();

  void objectId(ObjectId value);

  void dateTime(long millis);

  void binary(BsonBinary value);

  void decimal128(Decimal128 value);

  /**
   * The writer for the rarer types (regular expressions, timestamps, code, symbols, DBPointers, min/max keys,
   * undefined).
   *
   * @throws CopyFieldJson.NeedsFullWriter from a target that does not write them
   */
  BsonWriter rareTypes();

  /** org.bson's writer as a target: what it writes is the reference for every other target. */
  record BsonWriterTarget(BsonWriter writer) implements JsonTarget {
    @Override
    public void startDocument() {
      writer.writeStartDocument();
    }

    @Override
    public void endDocument() {
      writer.writeEndDocument();
    }

    @Override
    public void startArray() {
      writer.writeStartArray();
    }

    @Override
    public void endArray() {
      writer.writeEndArray();
    }

    @Override
    public void name(String name) {
      writer.writeName(name);
    }

    @Override
    public void doubleValue(double value) {
      writer.writeDouble(value);
    }

    @Override
    public void string(String value) {
      writer.writeString(value);
    }

    @Override
    public void int32(int value) {
      writer.writeInt32(value);
    }

    @Override
    public void int64(long value) {
      writer.writeInt64(value);
    }

    @Override
    public void bool(boolean value) {
      writer.writeBoolean(value);
    }

    @Override
    public void nullValue() {
      writer.writeNull();
    }

    @Override
    public void objectId(ObjectId value) {
      writer.writeObjectId(value);
    }

    @Override
    public void dateTime(long millis) {
      writer.writeDateTime(millis);
    }

    @Override
    public void binary(BsonBinary value) {
      writer.writeBinaryData(value);
    }

    @Override
    public void decimal128(Decimal128 value) {
      writer.writeDecimal128(value);
    }

    @Override
    public BsonWriter rareTypes() {
      return writer;
    }
  }
}
