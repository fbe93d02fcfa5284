package stress.dump.document;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.UUID;
import org.bson.BsonBinaryReader;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import stress.dump.bson.BsonJson;
import stress.dump.bson.BsonWalker;
import stress.dump.bson.DoubleText;
import stress.table.IdType;

/**
 * Turns a document's {@code _id} into the value of an {@code _id} column of a given type, refusing
 * (never rounding or truncating) what does not fit:
 * <ul>
 *   <li>INTEGER: int32; int64 and doubles only when they hold exactly a whole number in range.</li>
 *   <li>BIGINT: int32, int64; doubles only when they hold exactly a whole number in range.</li>
 *   <li>DOUBLE: double; int32; int64 only when exactly representable (|v| &le; 2^53).</li>
 *   <li>UUID: binary subtype 4, and legacy subtype 3, 16 bytes, read in stored (big-endian) byte order.
 *       Old Java and C# drivers stored subtype 3 with other byte orders; those are not reordered.</li>
 *   <li>TEXT: see {@link IdTextForm}; a string holding U+0000 is refused (PostgreSQL text cannot hold it).</li>
 * </ul>
 * A document without {@code _id} is refused.
 */
public final class IdConverter {
  private static final long MAX_EXACT_DOUBLE_INTEGER = 1L << 53;
  private static final BsonDocumentCodec DECODER = new BsonDocumentCodec();

  private final IdType type;
  private final IdTextForm textForm;

  public IdConverter(IdType type, IdTextForm textForm) {
    this.type = Objects.requireNonNull(type, "type");
    this.textForm = Objects.requireNonNull(textForm, "textForm");
  }

  public IdType type() {
    return type;
  }

  public IdTextForm textForm() {
    return textForm;
  }

  /**
   * The column value: Integer, Long, Double, String or UUID for INTEGER, BIGINT, DOUBLE, TEXT, UUID.
   *
   * @throws DocumentRejectedException when the document has no {@code _id} or it does not fit the type
   */
  public Object value(DumpDocument document) throws DocumentRejectedException {
    return value(document, false);
  }

  /**
   * The column value of the document's last {@code _id} field, for a document where {@code _id} is repeated and
   * the last value is the one kept ({@link RepeatedFields#LAST}); otherwise as {@link #value(DumpDocument)}.
   */
  public Object lastValue(DumpDocument document) throws DocumentRejectedException {
    return value(document, true);
  }

  private Object value(DumpDocument document, boolean last) throws DocumentRejectedException {
    BsonValue id;
    try {
      RawBsonDocument raw = new RawBsonDocument(document.bytes());
      // decoding the whole document keeps the last value of a repeated name, as a map would
      id = last ? DECODER.decode(new BsonBinaryReader(ByteBuffer.wrap(document.bytes())),
          DecoderContext.builder().build()).get("_id") : raw.get("_id");
    } catch (RuntimeException e) {
      // Documents from a DocumentStream were decoded once already; this guards hand-made ones.
      String problem = BsonWalker.decodingProblem(document.bytes());
      throw DocumentRejectedException.of(document, problem != null ? problem : e.toString());
    }
    if (id == null) {
      throw DocumentRejectedException.of(document, "document has no _id field");
    }
    Object value;
    try {
      value = convert(id);
    } catch (IllegalArgumentException e) {
      // an _id document or array whose JSON jsonb would refuse (a NUL inside a string); the message names its path
      throw DocumentRejectedException.of(document, e.getMessage());
    }
    if (value == null) {
      throw DocumentRejectedException.of(document, "_id " + describe(id) + " does not fit an _id column of type "
          + type.sql());
    }
    if (value instanceof String text && text.indexOf('\0') >= 0) {
      throw DocumentRejectedException.of(document, "_id string contains U+0000 (NUL), which PostgreSQL text cannot store");
    }
    return value;
  }

  /** The value as text for PostgreSQL's input function of the column type; doubles as {@link DoubleText} writes them. */
  public static String text(Object value) {
    return value instanceof Double d ? DoubleText.of(d) : value.toString();
  }

  private Object convert(BsonValue id) {
    return switch (type) {
      case INTEGER -> {
        Long whole = wholeNumber(id, Integer.MIN_VALUE, Integer.MAX_VALUE);
        yield whole == null ? null : (Object) whole.intValue();
      }
      case BIGINT -> wholeNumber(id, Long.MIN_VALUE, Long.MAX_VALUE);
      case DOUBLE -> doubleValue(id);
      case UUID -> uuid(id);
      case TEXT -> text(id);
    };
  }

  private static Long wholeNumber(BsonValue id, long min, long max) {
    long value;
    if (id.isInt32()) {
      value = id.asInt32().getValue();
    } else if (id.isInt64()) {
      value = id.asInt64().getValue();
    } else if (id.isDouble()) {
      double d = id.asDouble().getValue();
      // Doubles at or beyond 2^63 do not convert exactly, hence the strict upper bound.
      if (d != Math.rint(d) || d < -0x1p63 || d >= 0x1p63) {
        return null;
      }
      value = (long) d;
    } else {
      return null;
    }
    return value < min || value > max ? null : value;
  }

  private static Double doubleValue(BsonValue id) {
    if (id.isDouble()) {
      return id.asDouble().getValue();
    }
    if (id.isInt32()) {
      return (double) id.asInt32().getValue();
    }
    if (id.isInt64() && Math.abs(id.asInt64().getValue()) <= MAX_EXACT_DOUBLE_INTEGER) {
      return (double) id.asInt64().getValue();
    }
    return null;
  }

  private static UUID uuid(BsonValue id) {
    if (!id.isBinary() || !IdKind.isUuid(id.asBinary())) {
      return null;
    }
    ByteBuffer bytes = ByteBuffer.wrap(id.asBinary().getData());
    return new UUID(bytes.getLong(), bytes.getLong());
  }

  private String text(BsonValue id) {
    if (textForm == IdTextForm.PLAIN) {
      if (id.isString()) {
        return id.asString().getValue();
      }
      if (id.isObjectId()) {
        return id.asObjectId().getValue().toHexString();
      }
    }
    return extendedJson(id);
  }

  /** The value's relaxed Extended JSON, exactly as it is written inside a document. */
  static String extendedJson(BsonValue id) {
    // wrapped under its own name, so a refusal's path reads "_id..."
    RawBsonDocument wrapper = new RawBsonDocument(new BsonDocument("_id", id), new BsonDocumentCodec());
    String json = BsonJson.toRelaxedJson(wrapper);
    // JsonWriter writes a one-field document as {"_id": <value>}; keep only <value>.
    return json.substring("{\"_id\": ".length(), json.length() - 1);
  }

  private static String describe(BsonValue id) {
    String json;
    try {
      json = extendedJson(id);
    } catch (IllegalArgumentException e) {
      json = "(not printable)";
    }
    if (json.length() > 60) {
      json = json.substring(0, 60) + "...";
    }
    return json + " (" + IdKind.of(id) + ")";
  }
}
