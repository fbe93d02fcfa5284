package stress.dump.generate;

import java.util.Objects;
import org.bson.BsonBinaryWriter;
import org.bson.BsonWriter;
import org.bson.RawBsonDocument;
import org.bson.io.BasicOutputBuffer;
import stress.model.Shape;

/**
 * Deterministic synthetic documents: the document for a given seed and id is always the same bytes, whatever
 * thread generates it and in whatever order, so generation can be split across threads and resumed at any id.
 * Instances are immutable and safe to share between threads.
 *
 * <p>The {@code _id} field is the id as an int32 when it fits in one and as an int64 otherwise, the way a
 * MongoDB collection keyed by numbers would store it. Generated text never contains a NUL character, which
 * jsonb cannot store.
 */
public final class DocumentGenerator {
  private final Shape shape;
  private final long seed;

  /** A generator of documents of the given shape; different seeds give unrelated data sets. */
  public DocumentGenerator(Shape shape, long seed) {
    this.shape = Objects.requireNonNull(shape, "shape");
    this.seed = seed;
  }

  public Shape shape() {
    return shape;
  }

  public long seed() {
    return seed;
  }

  /** The document with the given id. */
  public GeneratedDocument generate(long id) {
    BasicOutputBuffer buffer = new BasicOutputBuffer(shape == Shape.SMALL ? 64 : 4096);
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      writer.writeStartDocument();
      DocumentRandom random = new DocumentRandom(seed, id);
      switch (shape) {
        case SMALL -> CheckInWriter.write(writer, id, random);
        case LARGE -> OrderWriter.write(writer, id, random);
        default -> throw new IllegalStateException("no writer for shape " + shape);
      }
      writer.writeEndDocument();
    }
    return new GeneratedDocument(id, new RawBsonDocument(buffer.getInternalBuffer(), 0, buffer.getPosition()));
  }

  /** Writes {@code _id}: int32 when the id fits, int64 beyond. */
  static void writeId(BsonWriter writer, long id) {
    if (id >= Integer.MIN_VALUE && id <= Integer.MAX_VALUE) {
      writer.writeInt32("_id", (int) id);
    } else {
      writer.writeInt64("_id", id);
    }
  }
}
