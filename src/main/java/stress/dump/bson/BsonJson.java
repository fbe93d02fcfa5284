package stress.dump.bson;

import java.io.Writer;
import org.bson.ByteBuf;
import org.bson.RawBsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriter;
import org.bson.json.JsonWriterSettings;

/**
 * Turns one BSON document into the JSON text stored in a jsonb column: MongoDB Extended JSON v2 as
 * written by org.bson's {@link JsonWriter}, relaxed by default (see {@link JsonFormat}), with doubles as their
 * shortest round-trip decimal ({@link DoubleText}). The mapping of every BSON type is in {@code docs/bson-to-jsonb.md}.
 *
 * <p>Rule for what jsonb cannot hold: a document with U+0000 (NUL) in any string value (including
 * symbols, JavaScript code and DBPointer namespaces) or with a field name repeated within one object
 * is refused, with the field's dotted path in the reason, rather than changed: jsonb rejects the
 * {@code \u0000} escape, and would silently keep only the last of two equal keys. Refused documents
 * become {@link Rejection}s (raw bytes kept) in {@link DocumentConverter}. Field names cannot contain
 * NUL in BSON. A caller may let repeated names through instead ({@link RepeatedFields}).
 */
public final class BsonJson {
  private static final JsonWriterSettings RELAXED = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED)
      .dateTimeConverter(new RelaxedDateConverter()).doubleConverter(DoubleText.RELAXED).build();
  private static final JsonWriterSettings CANONICAL = JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED)
      .doubleConverter(DoubleText.CANONICAL).build();

  private BsonJson() {}

  /**
   * MongoDB relaxed Extended JSON v2 of the document.
   *
   * @throws IllegalArgumentException when the document cannot be stored in jsonb as is (see the class rule)
   */
  public static String toRelaxedJson(RawBsonDocument document) {
    ByteBuf buffer = document.getByteBuffer();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return toJson(bytes, JsonFormat.RELAXED);
  }

  /**
   * Extended JSON v2 of a raw BSON document.
   *
   * @throws IllegalArgumentException when the bytes do not decode, or the document cannot be stored in
   *                                  jsonb as is (see the class rule); the message says why
   */
  public static String toJson(byte[] document, JsonFormat format) {
    return toJson(document, format, RepeatedFields.REJECT);
  }

  /**
   * Extended JSON v2 of a raw BSON document, repeated field names as the policy says ({@link RepeatedFields#LAST}
   * writes every value: the text then holds the repeated keys, as the document does).
   *
   * @throws IllegalArgumentException as {@link #toJson(byte[], JsonFormat)}
   */
  public static String toJson(byte[] document, JsonFormat format, RepeatedFields repeated) {
    try {
      return convert(document, format, repeated).json();
    } catch (BsonWalker.JsonbIncompatibleException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    } catch (RuntimeException e) {
      String problem = BsonWalker.decodingProblem(document);
      throw new IllegalArgumentException(problem != null ? problem : e.toString(), e);
    }
  }

  /**
   * The relaxed Extended JSON of one value, exactly as it is written inside a converted document (a date as
   * {@code {"$date": "..."}}, a double as its shortest text): for values in workload files that must match or
   * extend imported data.
   *
   * @throws IllegalArgumentException when jsonb cannot hold the value (see the class rule)
   */
  public static String valueToRelaxedJson(org.bson.BsonValue value) {
    org.bson.BsonDocument holder = new org.bson.BsonDocument("v", value);
    String json = toRelaxedJson(new RawBsonDocument(holder, new org.bson.codecs.BsonDocumentCodec()));
    int colon = json.indexOf(':');
    return json.substring(colon + 1, json.lastIndexOf('}')).strip();
  }

  /** The ISO-8601 text the importer writes for a date from 1970 to 9999 ({@code 2014-11-14T19:03:03.12Z}). */
  public static String isoDate(long millis) {
    return RelaxedDateConverter.iso(millis);
  }

  /** The conversion itself; org.bson's runtime exceptions signal undecodable input. */
  public static Text convert(byte[] document, JsonFormat format, RepeatedFields repeated)
      throws BsonWalker.JsonbIncompatibleException {
    TextBuffer buffer = BUFFERS.get();
    buffer.text.setLength(0); // a refused document may have left part of its text behind
    BsonWalker.Repeats repeats = write(document, format, buffer, repeated);
    String json = buffer.text.toString();
    if (buffer.text.capacity() > KEPT_BUFFER_CHARS) {
      BUFFERS.remove(); // do not hold on to the room one huge document needed
    }
    return new Text(json, repeats);
  }

  /** A document's JSON text, and the repeated names the policy let through (null when none). */
  public record Text(String json, BsonWalker.Repeats repeats) {}

  /**
   * Writes the JSON text of the document to {@code out}, the same text {@link #convert} returns; on a throw,
   * {@code out} may hold part of it.
   */
  public static BsonWalker.Repeats write(byte[] document, JsonFormat format, Writer out, RepeatedFields repeated)
      throws BsonWalker.JsonbIncompatibleException {
    JsonWriter writer = new JsonWriter(out, format == JsonFormat.CANONICAL ? CANONICAL : RELAXED);
    BsonWalker.Repeats repeats = BsonWalker.copy(document, new JsonTarget.BsonWriterTarget(writer), repeated);
    writer.flush();
    return repeats;
  }

  /** Buffers larger than this (in chars) are not kept for the next document. */
  private static final int KEPT_BUFFER_CHARS = 4 << 20;

  /** One buffer per converting thread, reused for every document it converts. */
  private static final ThreadLocal<TextBuffer> BUFFERS = ThreadLocal.withInitial(TextBuffer::new);

  /**
   * The JSON writer's target: a plain StringBuilder. StringWriter's StringBuffer takes a lock for every character
   * JsonWriter writes, which made it the larger part of the conversion.
   */
  private static final class TextBuffer extends Writer {
    final StringBuilder text = new StringBuilder(8192);

    @Override
    public void write(int c) {
      text.append((char) c);
    }

    @Override
    public void write(char[] chars, int offset, int length) {
      text.append(chars, offset, length);
    }

    @Override
    public void write(String string) {
      text.append(string);
    }

    @Override
    public void write(String string, int offset, int length) {
      text.append(string, offset, offset + length);
    }

    @Override
    public Writer append(CharSequence chars) {
      text.append(chars);
      return this;
    }

    @Override
    public Writer append(char c) {
      text.append(c);
      return this;
    }

    @Override
    public void flush() {
      // nothing is held back
    }

    @Override
    public void close() {
      // nothing to release; the buffer is reused
    }
  }
}
