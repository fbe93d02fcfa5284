package stress.mongo.filter;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.mongo.value.BsonOrder;
import stress.mongo.value.Conditions;
import stress.mongo.value.DateSql;
import stress.mongo.value.Decimals;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.Translation;

/**
 * A filter's comparisons of the values at a path with a value ({@code $eq}, {@code $gt}, {@code $gte}, {@code $lt},
 * {@code $lte}, {@code $in}), with MongoDB's type bracketing: only values of the same type compare (numbers across
 * int, long, double and Decimal128). Written as jsonpath tests, which a GIN index on {@code data} serves where they
 * are equalities, or ({@link PathValues}) in plain SQL on servers without jsonpath. BinData compares as MongoDB
 * orders it (by length, then subtype, then bytes: {@link BsonOrder#binary}).
 */
final class ValueComparisons {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Translation t;
  private final PathValues values;
  private final ValueConditions conditions;

  ValueComparisons(Translation t, PathValues values, ValueConditions conditions) {
    this.t = t;
    this.values = values;
    this.conditions = conditions;
  }

  /** MongoDB equality: the value at the path, or any element of an array there, equals the value. */
  String equal(String jp, BsonValue v, String root) {
    int p = t.parameters.indexOf(v);
    if (!t.target.jsonpath()) {
      return values.equal(jp, v, root, p);
    }
    if (p >= 0 && t.parameters.isDate(p)) {
      return root + " @?? CAST(" + t.placeholder(p, x -> JsonPathText.test(jp,
          JsonPathText.dateTest(((java.time.OffsetDateTime) x).toInstant().toEpochMilli()))) + " AS jsonpath)";
    }
    if (p >= 0) {
      String name = t.parameters.name(p);
      return root + " @?? CAST(" + t.placeholder(p, x -> JsonPathText.test(jp, "@ == " + JsonPathText.literal(x, name)))
          + " AS jsonpath)";
    }
    if (v.isNull()) {
      return "(NOT " + root + " @?? " + JsonPathText.sql(jp) + " OR " + root + " @?? "
          + JsonPathText.sql(JsonPathText.test(jp, "@ == null")) + ")";
    }
    String number = Decimals.number(v);
    if (number != null) { // numbers by value, Decimal128 values included
      String plain = root + " @?? " + JsonPathText.sql(JsonPathText.test(jp, "@ == " + number));
      String decimal = Decimals.orDecimal(t, root, jp, "=", number);
      return decimal.isEmpty() ? plain : "(" + plain + decimal + ")";
    }
    String test = scalarTest(v, "==");
    if (test != null) {
      return root + " @?? " + JsonPathText.sql(JsonPathText.test(jp, test));
    }
    if (v.isDocument() || v.isArray()) {
      String q = t.alias();
      String json = JsonPathText.sql(BsonJson.valueToRelaxedJson(v));
      return "EXISTS (SELECT 1 FROM (SELECT jsonb_path_query(" + root + ", " + JsonPathText.sql(jp)
          + ") UNION ALL SELECT jsonb_path_query(" + root + ", " + JsonPathText.sql(jp + "[*]") + ")) AS " + q
          + "(v) WHERE " + q + ".v = CAST(" + json + " AS jsonb))";
    }
    throw new IllegalArgumentException("a " + FilterTranslator.typeName(v) + " value cannot be compared ("
        + BsonJson.valueToRelaxedJson(v) + ")");
  }

  /**
   * A jsonpath test of {@code @} against a string, number, boolean, ObjectId or date as the importer writes them;
   * null for other kinds.
   */
  static String scalarTest(BsonValue v, String op) {
    String literal = JsonPathText.literal(v);
    if (literal != null && !v.isNull()) {
      return "@ " + op + " " + literal;
    }
    if (v.isObjectId()) {
      return "@.\"$oid\" " + op + " " + JsonPathText.string(v.asObjectId().getValue().toHexString());
    }
    if (v.isDateTime() && op.equals("==")) {
      return JsonPathText.dateTest(v.asDateTime().getValue());
    }
    if (v.isBinary() && op.equals("==")) { // both fields as the importer writes them; a GIN index on data serves it
      JsonNode b = json(v).get("$binary");
      return "@.\"$binary\".\"base64\" == " + JsonPathText.string(b.get("base64").textValue())
          + " && @.\"$binary\".\"subType\" == " + JsonPathText.string(b.get("subType").textValue());
    }
    if (v.isDouble() && op.equals("==")) { // NaN and the infinities are written {"$numberDouble": "NaN"}
      return "@.\"$numberDouble\" == " + JsonPathText.string(BsonJson.valueToRelaxedJson(v)
          .replaceAll(".*\"\\$numberDouble\"\\s*:\\s*\"([^\"]*)\".*", "$1"));
    }
    return null;
  }

  String compare(String jp, String op, BsonValue v, String root) {
    String sqlOp = switch (op) {
      case "$gt" -> ">";
      case "$gte" -> ">=";
      case "$lt" -> "<";
      default -> "<=";
    };
    int p = t.parameters.indexOf(v);
    if (!t.target.jsonpath()) {
      return values.compare(jp, op, sqlOp, v, root, p);
    }
    if (p >= 0 && t.parameters.isDate(p)) {
      String q = t.alias();
      return "EXISTS (SELECT 1 FROM jsonb_path_query(" + root + ", " + JsonPathText.sql(jp + " ? (exists(@.\"$date\"))")
          + ") AS " + q + "(v) WHERE " + DateSql.timestamp(q + ".v") + " " + sqlOp + " CAST("
          + t.placeholder(p, x -> x) + " AS timestamptz))";
    }
    if (p >= 0) {
      String name = t.parameters.name(p);
      return root + " @?? CAST(" + t.placeholder(p, x -> JsonPathText.test(jp, "@ " + sqlOp + " " + JsonPathText.literal(x, name)))
          + " AS jsonpath)";
    }
    if (v.isNull()) { // only null and missing are "equal" to null; nothing is greater or smaller
      return sqlOp.length() == 2 ? equal(jp, v, root) : "FALSE";
    }
    if (v.isDateTime()) {
      String q = t.alias();
      return "EXISTS (SELECT 1 FROM jsonb_path_query(" + root + ", " + JsonPathText.sql(jp + " ? (exists(@.\"$date\"))")
          + ") AS " + q + "(v) WHERE " + DateSql.timestamp(q + ".v") + " " + sqlOp + " "
          + DateSql.literal(v.asDateTime().getValue()) + ")";
    }
    if (v.isBinary()) { // BinData only, by length, subtype and bytes
      String q = t.alias();
      return "EXISTS (SELECT 1 FROM jsonb_path_query(" + root + ", " + JsonPathText.sql(JsonPathText.test(jp,
          "exists(@.\"$binary\")")) + ") AS " + q + "(v) WHERE " + BsonOrder.binary(q + ".v") + " " + sqlOp + " "
          + BsonOrder.binary(v.asBinary()) + ")";
    }
    String number = Decimals.number(v);
    if (number != null) {
      String plain = root + " @?? " + JsonPathText.sql(JsonPathText.test(jp, "@ " + sqlOp + " " + number));
      String decimal = Decimals.orDecimal(t, root, jp, sqlOp, number);
      return decimal.isEmpty() ? plain : "(" + plain + decimal + ")";
    }
    if (v.isBoolean() || v.isDocument() || v.isArray() || v.isNumber()) {
      throw new IllegalArgumentException(op + " with a " + FilterTranslator.typeName(v) + " value is not supported ("
          + BsonJson.valueToRelaxedJson(v) + ")");
    }
    String test = scalarTest(v, sqlOp);
    if (test == null) {
      throw new IllegalArgumentException(op + " with a " + FilterTranslator.typeName(v) + " value is not supported");
    }
    return root + " @?? " + JsonPathText.sql(JsonPathText.test(jp, test));
  }

  String in(String jp, BsonArray values, String root) {
    if (values.isEmpty()) {
      return "FALSE";
    }
    List<String> scalars = new ArrayList<>();
    List<BsonValue> others = new ArrayList<>();
    List<String> regexes = new ArrayList<>();
    for (BsonValue v : values) {
      if (v.isDocument() && Conditions.isOperators(v)) {
        throw new IllegalArgumentException("$in: operators in the list are not supported");
      }
      if (v.isRegularExpression()) {
        regexes.add(conditions.regex(jp, v.asRegularExpression(), root));
        continue;
      }
      String test = t.parameters.indexOf(v) < 0 && !v.isNull() ? scalarTest(v, "==") : null;
      if (test != null) {
        scalars.add(test);
      } else {
        others.add(v);
      }
    }
    List<String> parts = new ArrayList<>();
    if (!scalars.isEmpty() && t.target.jsonpath()) {
      parts.add(root + " @?? " + JsonPathText.sql(JsonPathText.test(jp, String.join(" || ", scalars))));
    } else if (!scalars.isEmpty()) {
      List<String> literals = new ArrayList<>();
      for (BsonValue v : values) {
        if (t.parameters.indexOf(v) < 0 && !v.isNull() && scalarTest(v, "==") != null) {
          literals.add("CAST(" + JsonPathText.sql(BsonJson.valueToRelaxedJson(v)) + " AS jsonb)");
        }
      }
      parts.add(this.values.any(root, jp, c -> c + " IN (" + String.join(", ", literals) + ")"));
    }
    for (BsonValue v : others) {
      parts.add(equal(jp, v, root));
    }
    parts.addAll(regexes);
    return parts.size() == 1 ? parts.get(0) : "(" + String.join(" OR ", parts) + ")";
  }

  /** A value as the importer writes it, read as JSON. */
  private static JsonNode json(BsonValue v) {
    try {
      return JSON.readTree(BsonJson.valueToRelaxedJson(v));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the Extended JSON written for " + v + " is not JSON", e);
    }
  }
}
