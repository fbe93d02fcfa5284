package stress.dump;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import stress.dump.document.DumpDocument;
import stress.dump.document.ReadItem;
import stress.table.KeyType;

/**
 * The value a document holds at a distribution path, as its key column stores it. As MongoDB does for a shard key, a
 * path that holds (or passes through) an array is refused, and so is one that holds a document; a missing path is a
 * null key. Thread-safe.
 */
public final class KeyPath {
  private final String path;
  private final String[] steps;

  public KeyPath(String path) {
    this.path = path;
    this.steps = path.split("\\.");
  }

  public String path() {
    return path;
  }

  /** Why a value cannot be a key: the problem in words. */
  public static final class Refused extends Exception {
    public Refused(String message) {
      super(message, null, false, false);
    }
  }

  /** The value at the path, null when missing; refuses arrays and documents. */
  public BsonValue value(BsonDocument document) throws Refused {
    BsonValue at = document;
    for (int i = 0; i < steps.length; i++) {
      if (at.isArray()) {
        throw new Refused("the distribution path " + path + " passes through an array at "
            + String.join(".", java.util.Arrays.copyOf(steps, i)) + " (MongoDB refuses arrays in a shard key)");
      }
      if (!at.isDocument()) {
        return null;
      }
      at = at.asDocument().get(steps[i]);
      if (at == null) {
        return null;
      }
    }
    if (at.isArray()) {
      throw new Refused("the distribution path " + path + " holds an array (MongoDB refuses arrays in a shard key)");
    }
    if (at.isDocument()) {
      throw new Refused("the distribution path " + path + " holds a document, which no key column type holds");
    }
    return at.isNull() ? null : at;
  }

  /** The value of the BSON document {@code bytes} at the path; see {@link #value(BsonDocument)}. */
  public BsonValue value(byte[] bytes) throws Refused {
    return value(new RawBsonDocument(bytes));
  }

  /** The key column's text for {@code v} (null stays null), or the reason it does not fit {@code type}. */
  public String text(BsonValue v, KeyType type) throws Refused {
    if (v == null) {
      return null;
    }
    String text = switch (type) {
      case BIGINT -> v.isInt32() || v.isInt64() ? Long.toString(v.asNumber().longValue()) : null;
      case NUMERIC -> numeric(v);
      case TEXT -> v.isString() ? v.asString().getValue() : v.isObjectId() ? v.asObjectId().getValue().toHexString()
          : null;
      case TIMESTAMPTZ -> v.isDateTime() ? Instant.ofEpochMilli(v.asDateTime().getValue()).toString() : null;
    };
    if (text == null) {
      throw new Refused("the distribution path " + path + " holds a " + kind(v) + ", but its key column is "
          + type.sql());
    }
    return text;
  }

  private static String numeric(BsonValue v) {
    if (v.isInt32() || v.isInt64()) {
      return Long.toString(v.asNumber().longValue());
    }
    if (v.isDouble() && Double.isFinite(v.asDouble().getValue())) {
      return new BigDecimal(Double.toString(v.asDouble().getValue())).toPlainString();
    }
    if (v.isDecimal128() && !v.asDecimal128().getValue().isNaN() && !v.asDecimal128().getValue().isInfinite()) {
      return v.asDecimal128().getValue().bigDecimalValue().toPlainString();
    }
    return null;
  }

  /** The kind of a value for messages and for choosing a type. */
  static String kind(BsonValue v) {
    return switch (v.getBsonType()) {
      case INT32 -> "int32";
      case INT64 -> "int64";
      case DOUBLE -> "double";
      case DECIMAL128 -> "decimal";
      case STRING -> "string";
      case OBJECT_ID -> "ObjectId";
      case DATE_TIME -> "date";
      default -> v.getBsonType().name().toLowerCase(java.util.Locale.ROOT);
    };
  }

  /**
   * Chooses the key column's type from the values a collection holds at a path, and counts what cannot be a key.
   * Not thread-safe.
   */
  public static final class Detector {
    private final KeyPath key;
    private final Map<String, Long> kinds = new LinkedHashMap<>();
    private long arrays;
    private long documents;
    private long missing;
    private long seen;

    public Detector(KeyPath key) {
      this.key = key;
    }

    /**
     * The values of {@code path} in every document of {@code collection}, read once as import reads them: a document
     * that does not decode is left to the load pass (which rejects it or stops), and so is a damaged file's rest (the
     * documents before it decide).
     */
    public static Detector of(DumpCollection collection, String path) throws IOException {
      Detector detector = new Detector(new KeyPath(path));
      try (DocumentStream documents = collection.open(ReadPolicy.SKIP).withoutDecodeCheck()) {
        ReadItem item;
        while ((item = documents.next()) != null) {
          if (item instanceof DumpDocument document) {
            try {
              detector.accept(document.bytes());
            } catch (RuntimeException undecodable) {
              // the load pass decodes it and rejects or stops as --on-error says
            }
          }
        }
      } catch (DumpFormatException e) {
        // the load pass stops at the same place and reports it
      }
      return detector;
    }

    /** Counts one document's value at the path. */
    public void accept(byte[] bytes) {
      seen++;
      try {
        BsonValue v = key.value(bytes);
        if (v == null) {
          missing++;
        } else {
          kinds.merge(kind(v), 1L, Long::sum);
        }
      } catch (Refused e) {
        if (e.getMessage().contains("a document")) {
          documents++;
        } else {
          arrays++;
        }
      }
    }

    public long arrays() {
      return arrays;
    }

    public long documents() {
      return documents;
    }

    public long missing() {
      return missing;
    }

    public long seen() {
      return seen;
    }

    /**
     * The type for the kinds seen, or null when no one type holds them all (then {@link #kinds()} says which); with
     * none seen (every document lacks the path), text.
     */
    public KeyType type() {
      java.util.Set<String> k = kinds.keySet();
      if (k.isEmpty() || java.util.Set.of("string", "ObjectId").containsAll(k)) {
        return KeyType.TEXT;
      }
      if (java.util.Set.of("int32", "int64").containsAll(k)) {
        return KeyType.BIGINT;
      }
      if (java.util.Set.of("int32", "int64", "double", "decimal").containsAll(k)) {
        return KeyType.NUMERIC;
      }
      if (k.equals(java.util.Set.of("date"))) {
        return KeyType.TIMESTAMPTZ;
      }
      return null;
    }

    /** The kinds seen with their counts, e.g. "int32 (10), string (2)". */
    public String kinds() {
      return kinds.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + ")")
          .collect(Collectors.joining(", "));
    }
  }
}
