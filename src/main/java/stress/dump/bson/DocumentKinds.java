package stress.dump.bson;

import java.util.Arrays;
import org.bson.BsonBinaryReader;
import org.bson.BsonDbPointer;
import org.bson.BsonSerializationException;
import org.bson.BsonType;
import org.bson.types.Decimal128;

/**
 * Counts, in one document, the values that do not go into jsonb as they are ({@link Kind}), and its nesting depth:
 * the same decoding the import does (org.bson's {@link BsonBinaryReader} over {@link StrictBsonInput}, names checked
 * for repeats as {@link BsonWalker} checks them), without writing any text. One instance per thread, reused for every
 * document: its stack and counts are kept, so a scan of a large dump allocates little beyond org.bson's own reading.
 */
public final class DocumentKinds {
  /** What a value (or a document) is, among those the import stores differently, refuses, or cannot decode. */
  public enum Kind {
    /** A field name repeated inside one object (outside the {@code _id}). */
    REPEATED_FIELD,
    /** A field name repeated inside the {@code _id} value. */
    REPEATED_FIELD_IN_ID,
    /** U+0000 in a string value, JavaScript code, a symbol or a DBPointer's namespace (names cannot hold it). */
    NUL_IN_STRING,
    /** The document has no top-level {@code _id}. */
    NO_ID,
    /** The bytes are not a decodable BSON document (the import's own check says why). */
    UNDECODABLE,
    DOUBLE_NAN,
    DOUBLE_INFINITY,
    DOUBLE_NEGATIVE_ZERO,
    /** Any Decimal128 value. */
    DECIMAL128,
    /** A Decimal128 NaN or infinity. */
    DECIMAL128_NAN_OR_INFINITY,
    /** A date before 1970 or after 9999, which relaxed Extended JSON writes as a number, not an ISO string. */
    DATE_OUTSIDE_ISO,
    JAVASCRIPT,
    JAVASCRIPT_WITH_SCOPE,
    DB_POINTER,
    SYMBOL,
    UNDEFINED,
    MIN_KEY,
    MAX_KEY,
    REGULAR_EXPRESSION,
    TIMESTAMP,
    BINARY
  }

  private static final Kind[] KINDS = Kind.values();
  /** 9999-12-31T23:59:59.999Z, the last date relaxed Extended JSON writes as an ISO string. */
  private static final long LAST_ISO_MILLIS = 253402300799999L;

  private final int[] counts = new int[KINDS.length];
  private final WalkStack stack = new WalkStack();
  private int depth;
  private String problem;

  /**
   * Reads one document; afterwards {@link #count}, {@link #depth} and {@link #problem} describe it. An undecodable
   * document counts {@link Kind#UNDECODABLE} once, with the reason in {@link #problem}, and nothing else.
   */
  public void scan(byte[] document) {
    Arrays.fill(counts, 0);
    depth = 0;
    problem = null;
    stack.clear();
    try {
      walk(document);
    } catch (RuntimeException e) {
      Arrays.fill(counts, 0);
      counts[Kind.UNDECODABLE.ordinal()] = 1;
      problem = "undecodable BSON: " + (e instanceof org.bson.BSONException ? e.getMessage()
          : e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  /** How many values of the kind the last document held (1 or 0 for the kinds of a whole document). */
  public int count(Kind kind) {
    return counts[kind.ordinal()];
  }

  /** Whether the last document held anything of any kind. */
  public boolean any() {
    for (int c : counts) {
      if (c > 0) {
        return true;
      }
    }
    return false;
  }

  /** The deepest nesting of the last document: 1 for a document of plain values, 2 with one object or array in it. */
  public int depth() {
    return depth;
  }

  /** Why the last document does not decode, or null. */
  public String problem() {
    return problem;
  }

  private void walk(byte[] document) {
    StrictBsonInput input = new StrictBsonInput(document);
    boolean hasId = false;
    try (BsonBinaryReader reader = new BsonBinaryReader(input)) {
      reader.readStartDocument();
      push(false);
      while (!stack.isEmpty()) {
        WalkStack.Level level = stack.peek();
        BsonType type = reader.readBsonType();
        if (type == BsonType.END_OF_DOCUMENT) {
          stack.pop();
          if (level.array) {
            reader.readEndArray();
          } else {
            reader.readEndDocument();
          }
          continue;
        }
        if (level.array) {
          level.index++;
        } else {
          String name = reader.readName();
          level.name = name;
          hasId |= stack.depth == 1 && name.equals("_id");
          if (!BsonWalker.addName(level, name)) {
            add(stack.depth > 1 && !stack.open[0].array && "_id".equals(stack.open[0].name)
                ? Kind.REPEATED_FIELD_IN_ID : Kind.REPEATED_FIELD);
          }
        }
        if (type == BsonType.BINARY) {
          BsonWalker.checkBinarySize(reader, input, document.length);
        }
        value(reader, type);
      }
      if (input.getPosition() != document.length) {
        throw new BsonSerializationException("the document ends at byte " + input.getPosition()
            + " but its length prefix says " + document.length);
      }
    }
    if (!hasId) {
      add(Kind.NO_ID);
    }
  }

  private void value(BsonBinaryReader reader, BsonType type) {
    switch (type) {
      case DOCUMENT -> {
        reader.readStartDocument();
        push(false);
      }
      case ARRAY -> {
        reader.readStartArray();
        push(true);
      }
      case STRING -> nul(reader.readString());
      case DOUBLE -> {
        double d = reader.readDouble();
        if (Double.isNaN(d)) {
          add(Kind.DOUBLE_NAN);
        } else if (Double.isInfinite(d)) {
          add(Kind.DOUBLE_INFINITY);
        } else if (d == 0 && Double.doubleToRawLongBits(d) != 0) {
          add(Kind.DOUBLE_NEGATIVE_ZERO);
        }
      }
      case DECIMAL128 -> {
        Decimal128 d = reader.readDecimal128();
        add(Kind.DECIMAL128);
        if (d.isNaN() || d.isInfinite()) {
          add(Kind.DECIMAL128_NAN_OR_INFINITY);
        }
      }
      case DATE_TIME -> {
        long millis = reader.readDateTime();
        if (millis < 0 || millis > LAST_ISO_MILLIS) {
          add(Kind.DATE_OUTSIDE_ISO);
        }
      }
      case BINARY -> {
        reader.skipValue();
        add(Kind.BINARY);
      }
      case JAVASCRIPT -> {
        nul(reader.readJavaScript());
        add(Kind.JAVASCRIPT);
      }
      case JAVASCRIPT_WITH_SCOPE -> {
        nul(reader.readJavaScriptWithScope());
        add(Kind.JAVASCRIPT_WITH_SCOPE);
        reader.readStartDocument();
        push(false);
      }
      case DB_POINTER -> {
        BsonDbPointer pointer = reader.readDBPointer();
        nul(pointer.getNamespace());
        add(Kind.DB_POINTER);
      }
      case SYMBOL -> {
        nul(reader.readSymbol());
        add(Kind.SYMBOL);
      }
      case UNDEFINED -> {
        reader.readUndefined();
        add(Kind.UNDEFINED);
      }
      case MIN_KEY -> {
        reader.readMinKey();
        add(Kind.MIN_KEY);
      }
      case MAX_KEY -> {
        reader.readMaxKey();
        add(Kind.MAX_KEY);
      }
      case REGULAR_EXPRESSION -> {
        reader.readRegularExpression();
        add(Kind.REGULAR_EXPRESSION);
      }
      case TIMESTAMP -> {
        reader.readTimestamp();
        add(Kind.TIMESTAMP);
      }
      case INT32, INT64, BOOLEAN, NULL, OBJECT_ID -> reader.skipValue();
      default -> throw new BsonSerializationException("unexpected BSON type " + type);
    }
  }

  private void push(boolean array) {
    stack.push(array);
    depth = Math.max(depth, stack.depth);
  }

  private void nul(String value) {
    if (value.indexOf('\0') >= 0) {
      add(Kind.NUL_IN_STRING);
    }
  }

  private void add(Kind kind) {
    counts[kind.ordinal()]++;
  }
}
