package stress.mongodb;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;
import stress.ops.file.JsonValueText;

/**
 * A workload operation's MongoDB command with the values drawn for one execution in place of its {@code ":name"}
 * references: the same values the PostgreSQL side binds, as BSON of the kind MongoDB's shell would send them.
 */
final class NativeValues {
  /** A value that is a reference to a parameter, as the workload file writes it (mongo.value.Parameters' rule). */
  private static final Pattern REFERENCE = Pattern.compile(":([A-Za-z_][A-Za-z0-9_]*)");

  private NativeValues() {}

  /**
   * A drawn value as BSON: whole numbers as int32 when they fit (as the shell writes them) else int64, other numbers
   * as doubles, dates as dates, a sampled JSON value as the BSON it reads as (Extended JSON).
   */
  static BsonValue of(Object drawn) {
    if (drawn == null) {
      return BsonNull.VALUE;
    }
    if (drawn instanceof JsonValueText json) {
      return BsonDocument.parse("{\"v\": " + json.json() + "}").get("v");
    }
    if (drawn instanceof stress.ops.file.ObjectIdText id) {
      return new org.bson.BsonObjectId(new org.bson.types.ObjectId(id.hex()));
    }
    if (drawn instanceof Integer i) {
      return new BsonInt32(i);
    }
    if (drawn instanceof Long l) {
      return l == l.intValue() ? new BsonInt32(l.intValue()) : new BsonInt64(l);
    }
    if (drawn instanceof Number n) {
      return new BsonDouble(n.doubleValue());
    }
    if (drawn instanceof Boolean b) {
      return BsonBoolean.valueOf(b);
    }
    if (drawn instanceof java.time.OffsetDateTime t) {
      return new BsonDateTime(t.toInstant().toEpochMilli());
    }
    if (drawn instanceof java.time.Instant t) {
      return new BsonDateTime(t.toEpochMilli());
    }
    if (drawn instanceof java.util.UUID uuid) { // a table of UUID keys held them as binary subtype 4
      return new org.bson.BsonBinary(uuid, org.bson.UuidRepresentation.STANDARD);
    }
    if (drawn instanceof java.sql.Timestamp t) {
      return new BsonDateTime(t.getTime());
    }
    return new BsonString(drawn.toString());
  }

  /** A copy of {@code value} with every reference replaced by its parameter's drawn value. */
  static BsonValue bind(BsonValue value, Map<String, BsonValue> values) {
    if (value.isString()) {
      var m = REFERENCE.matcher(value.asString().getValue());
      if (m.matches() && values.containsKey(m.group(1))) {
        return values.get(m.group(1));
      }
      return value;
    }
    if (value.isDocument()) {
      BsonDocument copy = new BsonDocument();
      value.asDocument().forEach((k, v) -> copy.append(k, bind(v, values)));
      return copy;
    }
    if (value.isArray()) {
      BsonArray copy = new BsonArray();
      value.asArray().forEach(v -> copy.add(bind(v, values)));
      return copy;
    }
    return value;
  }

  /**
   * A drawn value as BSON; a key of a table whose documents' {@code _id}s are ObjectIds ({@code objectId}) is the
   * ObjectId its hex text stands for.
   */
  static BsonValue key(Object drawn, boolean objectId) {
    return objectId && drawn instanceof String hex && org.bson.types.ObjectId.isValid(hex)
        ? new org.bson.BsonObjectId(new org.bson.types.ObjectId(hex)) : of(drawn);
  }

  /** The parameters' drawn values by name. */
  static Map<String, BsonValue> named(List<String> names, Object[] drawn, boolean[] objectIds) {
    Map<String, BsonValue> values = new java.util.HashMap<>();
    for (int i = 0; i < names.size() && i < drawn.length; i++) {
      values.put(names.get(i), key(drawn[i], i < objectIds.length && objectIds[i]));
    }
    return values;
  }
}
