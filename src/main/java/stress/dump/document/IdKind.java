package stress.dump.document;

import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonValue;

/** Names the kind of an {@code _id} value the way users know BSON types. */
public final class IdKind {
  public static final String INT32 = "int32";
  public static final String INT64 = "int64";
  public static final String DOUBLE = "double";
  public static final String STRING = "string";
  public static final String OBJECT_ID = "ObjectId";
  public static final String UUID = "UUID";

  private IdKind() {}

  public static String of(BsonValue value) {
    return switch (value.getBsonType()) {
      case INT32 -> INT32;
      case INT64 -> INT64;
      case DOUBLE -> DOUBLE;
      case STRING -> STRING;
      case OBJECT_ID -> OBJECT_ID;
      case BINARY -> isUuid(value.asBinary()) ? UUID : "binary/" + String.format("%02x", value.asBinary().getType());
      case DATE_TIME -> "date";
      case DECIMAL128 -> "decimal128";
      case DOCUMENT -> "document";
      case ARRAY -> "array";
      case BOOLEAN -> "bool";
      case NULL -> "null";
      case REGULAR_EXPRESSION -> "regex";
      case TIMESTAMP -> "timestamp";
      case MIN_KEY -> "minKey";
      case MAX_KEY -> "maxKey";
      case UNDEFINED -> "undefined";
      case DB_POINTER -> "dbPointer";
      case SYMBOL -> "symbol";
      case JAVASCRIPT -> "javascript";
      case JAVASCRIPT_WITH_SCOPE -> "javascriptWithScope";
      default -> value.getBsonType().name();
    };
  }

  /** A 16-byte binary of subtype 4 (UUID) or 3 (legacy UUID). */
  static boolean isUuid(BsonBinary binary) {
    byte type = binary.getType();
    return binary.getData().length == 16
        && (type == BsonBinarySubType.UUID_STANDARD.getValue() || type == BsonBinarySubType.UUID_LEGACY.getValue());
  }
}
