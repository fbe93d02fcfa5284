package stress.mongo.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonBinarySubType;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.dump.bson.DoubleText;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.PathFacts;
import stress.mongo.value.RefusedOperator;
import stress.mongo.value.Translation;
import stress.ops.file.IdLiteral;

/**
 * Conditions on the top-level {@code _id}, written on the {@code _id} column so the primary key serves them and a
 * key lookup goes to one shard. The value is an untyped SQL literal, which the server reads as the column's type
 * ({@code integer}, {@code bigint}, {@code double precision}, {@code uuid}): numbers in decimal (a whole double as an
 * integer, so it also fits integer columns), UUIDs in their 8-4-4-4-12 form. A text column holds strings and
 * ObjectIds (24 hex digits) as they are, or relaxed Extended JSON when the kinds are mixed, so there equality lists
 * every form the value may take; {@link IdLiteral} picks when the table is known. A parameter binds the key as drawn.
 */
public final class IdCondition {
  private IdCondition() {}

  public static String equal(Translation t, BsonValue v) {
    int p = t.parameters.indexOf(v);
    if (p < 0) {
      String column = columnKind(t);
      if (column != null) {
        return column.equals(JSON) ? "_id IN (" + jsonForms(v) + ")" : comparable(column, v) ? "_id = "
            + literal(v) : "FALSE";
      }
    }
    return p >= 0 ? "_id = " + t.placeholder(p, x -> x) : "_id IN (" + IdLiteral.token(typed(v), texts(v)) + ")";
  }

  /**
   * A condition on {@code _id}, or null when only the general form on the document's {@code _id} can give MongoDB's
   * answer (a range over a text column of mixed kinds, which holds each as Extended JSON text).
   */
  static String operator(Translation t, String op, BsonValue arg) {
    String column = t.parameters.indexOf(arg) < 0 ? columnKind(t) : null;
    if (column != null && Set.of("$gt", "$gte", "$lt", "$lte").contains(op)) {
      if (column.equals(JSON)) {
        return null;
      }
      String sqlOp = switch (op) {
        case "$gt" -> " > ";
        case "$gte" -> " >= ";
        case "$lt" -> " < ";
        default -> " <= ";
      };
      return !comparable(column, arg) ? "FALSE"
          : "_id" + (column.equals(PathFacts.STRING) ? " COLLATE \"C\"" : "") + sqlOp + literal(arg);
    }
    return switch (op) {
      case "$eq" -> equal(t, arg);
      case "$ne" -> "NOT " + equal(t, arg);
      case "$gt" -> "_id > " + single(t, arg);
      case "$gte" -> "_id >= " + single(t, arg);
      case "$lt" -> "_id < " + single(t, arg);
      case "$lte" -> "_id <= " + single(t, arg);
      case "$in", "$nin" -> {
        if (!arg.isArray()) {
          throw new IllegalArgumentException(op + " needs a list, got " + arg.getBsonType());
        }
        if (arg.asArray().isEmpty()) {
          yield op.equals("$in") ? "FALSE" : "TRUE";
        }
        List<String> items = new ArrayList<>();
        for (BsonValue v : arg.asArray()) {
          items.add(equal(t, v));
        }
        String any = items.size() == 1 ? items.get(0) : "(" + String.join(" OR ", items) + ")";
        yield op.equals("$in") ? any : "NOT " + any;
      }
      case "$exists" -> arg.isBoolean() && !arg.asBoolean().getValue() ? "FALSE" : "TRUE";
      default -> throw new RefusedOperator("operator", op, " on _id", List.of("$eq", "$ne", "$gt", "$gte", "$lt", "$lte",
          "$in", "$nin", "$exists"));
    };
  }

  static final String JSON = "json";
  private static final String UUID = "uuid";

  /**
   * What the table's {@code _id} column holds, by its type and the facts of the documents' {@code _id}: numbers,
   * UUIDs, strings or ObjectIds (a text column of one kind, as its plain text), or {@link #JSON} (a text column of
   * mixed kinds, each as its Extended JSON text); null when not known.
   */
  static String columnKind(Translation t) {
    stress.table.IdType type = t.target.idType();
    t.asked.add("_id");
    if (type == null) {
      return null;
    }
    return switch (type) {
      case INTEGER, BIGINT, DOUBLE -> PathFacts.NUMBER;
      case UUID -> UUID;
      case TEXT -> {
        PathFacts facts = t.target.paths().facts(new MongoPath(java.util.List.of("_id")));
        if (facts == null) {
          yield null;
        }
        Set<String> kinds = facts.valueKinds();
        yield kinds.equals(Set.of(PathFacts.STRING)) ? PathFacts.STRING
            : kinds.equals(Set.of(PathFacts.OBJECT_ID)) ? PathFacts.OBJECT_ID : JSON;
      }
    };
  }

  /** True when a literal is of the kind the column holds: MongoDB compares values of one kind only. */
  private static boolean comparable(String column, BsonValue v) {
    return switch (column) {
      case PathFacts.NUMBER -> v.isInt32() || v.isInt64() || v.isDouble() && Double.isFinite(v.asDouble().getValue());
      case PathFacts.STRING -> v.isString();
      case PathFacts.OBJECT_ID -> v.isObjectId();
      default -> v.isBinary() && v.asBinary().getType() == BsonBinarySubType.UUID_STANDARD.getValue()
          && v.asBinary().getData().length == 16;
    };
  }

  /** The literal of a value of the column's kind. */
  private static String literal(BsonValue v) {
    return value(v);
  }

  /** The texts a column of Extended JSON holds for the value: its relaxed JSON, a whole number also as 5.0. */
  private static String jsonForms(BsonValue v) {
    return String.join(", ", forms(v, false));
  }

  /** For a range or an insert: a parameter, or the literal (in a text column, the first form the value may take). */
  public static String single(Translation t, BsonValue v) {
    int p = t.parameters.indexOf(v);
    if (p >= 0) { // a new ObjectId key goes into the key column as its hex text
      return t.placeholder(p, x -> x instanceof stress.ops.file.ObjectIdText id ? id.hex() : x);
    }
    String texts = texts(v);
    int comma = texts.indexOf("', '");
    return IdLiteral.token(typed(v), comma < 0 ? texts : texts.substring(0, comma + 1));
  }

  /** The literal forms a text {@code _id} column may hold: the plain value, then its relaxed Extended JSON. */
  private static String texts(BsonValue v) {
    return String.join(", ", forms(v, true));
  }

  /** The literals of the value's texts: plain (where asked, for strings, ObjectIds, UUIDs), JSON, whole numbers. */
  private static java.util.Set<String> forms(BsonValue v, boolean plain) {
    java.util.LinkedHashSet<String> forms = new java.util.LinkedHashSet<>();
    if (plain && (v.isString() || v.isObjectId() || v.isBinary())) {
      forms.add(typed(v));
    }
    forms.add(JsonPathText.sql(BsonJson.valueToRelaxedJson(v)));
    if (v.isNumber() && v.asNumber().doubleValue() == Math.rint(v.asNumber().doubleValue())
        && Math.abs(v.asNumber().doubleValue()) < 1e15) {
      long whole = (long) v.asNumber().doubleValue();
      forms.add(JsonPathText.sql(Long.toString(whole)));
      forms.add(JsonPathText.sql(DoubleText.of((double) whole)));
    }
    return forms;
  }

  private static String typed(BsonValue v) {
    return value(v);
  }

  private static String value(BsonValue v) {
    return switch (v.getBsonType()) {
      case INT32 -> JsonPathText.sql(Integer.toString(v.asInt32().getValue()));
      case INT64 -> JsonPathText.sql(Long.toString(v.asInt64().getValue()));
      case DOUBLE -> {
        double d = v.asDouble().getValue();
        yield JsonPathText.sql(d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : DoubleText.of(d));
      }
      case STRING -> JsonPathText.sql(v.asString().getValue());
      case OBJECT_ID -> JsonPathText.sql(v.asObjectId().getValue().toHexString());
      case BINARY -> {
        byte type = v.asBinary().getType();
        if (type != BsonBinarySubType.UUID_STANDARD.getValue() || v.asBinary().getData().length != 16) {
          throw new IllegalArgumentException("an _id condition on binary data other than a UUID is not supported");
        }
        yield JsonPathText.sql(v.asBinary().asUuid().toString());
      }
      default -> throw new IllegalArgumentException("an _id condition on a " + FilterTranslator.typeName(v)
          + " value is not supported (the _id column holds numbers, strings, ObjectIds or UUIDs)");
    };
  }
}
