package stress.mongo.filter;

import java.util.List;
import java.util.function.Function;
import stress.mongo.value.BsonOrder;
import stress.mongo.value.DateSql;
import stress.mongo.value.Decimals;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.Translation;
import stress.mongo.value.TypedExpression;
import stress.mongo.value.TypedValues;

/**
 * The values at a path as plain SQL, for servers without jsonpath (before PostgreSQL 12: Postgres-XL 10). The same
 * MongoDB rules as the jsonpath form: a path steps into the documents of an array on the way (not into arrays nested
 * in it), and a comparison matches the value at the path or an element of an array there, never an array nested in
 * that array. Each condition is an {@code EXISTS} over a chain of {@code jsonb_array_elements} in FROM.
 */
public final class PathValues {
  private final Translation t;

  public PathValues(Translation t) {
    this.t = t;
  }

  /** MongoDB equality (as the jsonpath form's), {@code p} the parameter's index or -1. */
  String equal(String jp, org.bson.BsonValue v, String root, int p) {
    if (p >= 0) {
      String name = t.parameters.name(p);
      return any(root, jp, c -> c + " = CAST(" + t.placeholder(p, x -> JsonPathText.json(x, name)) + " AS jsonb)");
    }
    if (v.isNull()) {
      return "(NOT " + exists(root, jp) + " OR " + any(root, jp, c -> literalTest(c, v, "=="))
          + ")";
    }
    if (v.isDocument() || v.isArray()) {
      String json = JsonPathText.sql(stress.dump.bson.BsonJson.valueToRelaxedJson(v));
      return anyOrElement(root, jp, c -> c + " = CAST(" + json + " AS jsonb)");
    }
    if (ValueComparisons.scalarTest(v, "==") == null && Decimals.number(v) == null) {
      throw new IllegalArgumentException("a " + FilterTranslator.typeName(v) + " value cannot be compared ("
          + stress.dump.bson.BsonJson.valueToRelaxedJson(v) + ")");
    }
    return any(root, jp, c -> literalTest(c, v, "=="));
  }

  /** A MongoDB range (as the jsonpath form's): values of the literal's kind only. */
  String compare(String jp, String op, String sqlOp, org.bson.BsonValue v, String root, int p) {
    if (p >= 0 && t.parameters.isDate(p)) {
      return any(root, jp, c -> PathValues.date(c) + " " + sqlOp + " CAST(" + t.placeholder(p, x -> x)
          + " AS timestamptz)");
    }
    if (p >= 0) {
      return any(root, jp, c -> parameterRange(c, sqlOp, p));
    }
    if (v.isNull()) {
      return sqlOp.length() == 2 ? equal(jp, v, root, -1) : "FALSE";
    }
    if (v.isDateTime()) {
      return any(root, jp, c -> PathValues.date(c) + " " + sqlOp + " "
          + DateSql.literal(v.asDateTime().getValue()));
    }
    String test = literalTest("c", v, sqlOp);
    if (test == null) {
      throw new IllegalArgumentException(op + " with a " + FilterTranslator.typeName(v) + " value is not supported ("
          + stress.dump.bson.BsonJson.valueToRelaxedJson(v) + ")");
    }
    return any(root, jp, c -> literalTest(c, v, sqlOp));
  }

  /** Some value is at the path (JSON null included). */
  public String exists(String root, String jp) {
    if (strict(jp)) {
      return root + " IS NOT NULL";
    }
    Chain c = chain(root, JsonPathText.keys(jp));
    return "EXISTS (SELECT 1 FROM " + c.from + " WHERE " + c.where + ")";
  }

  /** Some value at the path, or element of an array there, that is not itself an array, passes the test. */
  public String any(String root, String jp, Function<String, String> test) {
    if (strict(jp)) {
      return "(jsonb_typeof(" + root + ") <> 'array' AND " + test.apply(root) + ")";
    }
    Chain c = chain(root, JsonPathText.keys(jp));
    String q = t.alias();
    return "EXISTS (SELECT 1 FROM " + c.from + ", jsonb_array_elements(CASE WHEN jsonb_typeof(" + c.value
        + ") = 'array' THEN " + c.value + " ELSE jsonb_build_array(" + c.value + ") END) AS " + q + "(c) WHERE " + c.where
        + " AND jsonb_typeof(" + q + ".c) <> 'array' AND " + test.apply(q + ".c") + ")";
  }

  /** A FROM item {@code alias(c)}: every value at the path that is not an array, and every element of an array there. */
  String candidates(String root, String jp, String alias) {
    Chain c = chain(root, JsonPathText.keys(jp));
    String q = t.alias();
    return "(SELECT " + q + ".c FROM " + c.from + ", jsonb_array_elements(CASE WHEN jsonb_typeof(" + c.value
        + ") = 'array' THEN " + c.value + " ELSE jsonb_build_array(" + c.value + ") END) AS " + q + "(c) WHERE "
        + c.where + ") AS " + alias + "(c)";
  }

  /** Some value at the path, or element of an array there (arrays included), passes the test. */
  public String anyOrElement(String root, String jp, Function<String, String> test) {
    if (strict(jp)) {
      return test.apply(root);
    }
    Chain c = chain(root, JsonPathText.keys(jp));
    String q = t.alias();
    return "EXISTS (SELECT 1 FROM " + c.from + ", LATERAL (SELECT " + c.value + " UNION ALL SELECT"
        + " jsonb_array_elements(CASE WHEN jsonb_typeof(" + c.value + ") = 'array' THEN " + c.value
        + " ELSE '[]' END)) AS " + q + "(c) WHERE " + c.where + " AND " + test.apply(q + ".c") + ")";
  }

  /** Some value at the path itself (an array as a whole) passes the test. */
  String value(String root, String jp, Function<String, String> test) {
    if (strict(jp)) {
      return test.apply(root);
    }
    Chain c = chain(root, JsonPathText.keys(jp));
    return "EXISTS (SELECT 1 FROM " + c.from + " WHERE " + c.where + " AND " + test.apply(c.value) + ")";
  }

  /** {@code strict $}: an element of an array itself ($elemMatch), not stepped into when it is an array. */
  private static boolean strict(String jp) {
    return jp.startsWith("strict ");
  }

  /** The FROM items and conditions that give one row per value at the path, and the value's expression. */
  private Chain chain(String root, List<String> keys) {
    String q = t.alias();
    if (keys.isEmpty()) {
      return new Chain("(SELECT " + root + " AS v) AS " + q, "TRUE", q + ".v");
    }
    StringBuilder from = new StringBuilder("(SELECT " + root + " AS o) AS " + q + "s0");
    StringBuilder where = new StringBuilder("jsonb_typeof(" + q + "s0.o) = 'object'");
    for (int i = 1; i < keys.size(); i++) {
      String step = q + "s" + (i - 1) + ".o -> " + JsonPathText.sql(keys.get(i - 1));
      from.append(", jsonb_array_elements(CASE WHEN jsonb_typeof(").append(step).append(") = 'array' THEN ").append(step)
          .append(" ELSE jsonb_build_array(").append(step).append(") END) AS ").append(q).append("s").append(i).append("(o)");
      where.append(" AND jsonb_typeof(").append(q).append("s").append(i).append(".o) = 'object'");
    }
    String value = q + "s" + (keys.size() - 1) + ".o -> " + JsonPathText.sql(keys.get(keys.size() - 1));
    where.append(" AND ").append(value).append(" IS NOT NULL");
    return new Chain(from.toString(), where.toString(), value);
  }

  private record Chain(String from, String where, String value) {}

  /**
   * The SQL test of a candidate value {@code c} against a literal, as the jsonpath form tests it: equality of the
   * JSON as the importer writes it (numbers by value), a range on numbers, strings (by code point), ObjectIds or
   * BinData (by length, subtype and bytes) of the same kind only; null for a kind that has no test here.
   */
  String literalTest(String c, org.bson.BsonValue v, String sqlOp) {
    String number = Decimals.number(v);
    if (number != null) {
      return number(c) + " " + (sqlOp.equals("==") ? "=" : sqlOp) + " CAST('" + number + "' AS numeric)";
    }
    if (sqlOp.equals("==")) {
      return v.isNull() ? "jsonb_typeof(" + c + ") = 'null'"
          : c + " = CAST(" + JsonPathText.sql(stress.dump.bson.BsonJson.valueToRelaxedJson(v)) + " AS jsonb)";
    }
    if (v.isString()) {
      return string(c) + " " + sqlOp + " " + JsonPathText.sql(v.asString().getValue());
    }
    if (v.isBinary()) {
      return BsonOrder.binary(c) + " " + sqlOp + " " + BsonOrder.binary(v.asBinary());
    }
    if (v.isObjectId()) {
      return "(CASE WHEN jsonb_typeof(" + c + ") = 'object' THEN " + c + " ->> '$oid' END COLLATE \"C\") " + sqlOp
          + " " + JsonPathText.sql(v.asObjectId().getValue().toHexString());
    }
    return null;
  }

  /**
   * A range test of {@code c} against a drawn value, bound twice: as a number (NULL when it is not one) and as a
   * string (NULL when it is not one), so a number is compared with numbers and a string with strings only.
   */
  String parameterRange(String c, String sqlOp, int p) {
    String name = t.parameters.name(p);
    String number = "CAST(" + t.placeholder(p, x -> TypedValues.bound(x, TypedExpression.NUMBER, "$gt", name))
        + " AS numeric)";
    String string = "CAST(" + t.placeholder(p, x -> TypedValues.bound(x, TypedExpression.STRING, "$gt", name))
        + " AS text)";
    return "(" + number(c) + " " + sqlOp + " " + number + " OR " + string(c) + " " + sqlOp + " " + string + ")";
  }

  /** The number a JSON number or a Decimal128 holds, NULL for other kinds (no cast of a string is ever tried). */
  String number(String c) {
    return "(CASE WHEN jsonb_typeof(" + c + ") = 'number' THEN CAST(" + c + " #>> '{}' AS numeric) ELSE "
        + Decimals.value(t.target, c) + " END)";
  }

  /** The text of a JSON string in code point order, NULL for other kinds. */
  static String string(String c) {
    return "(CASE WHEN jsonb_typeof(" + c + ") = 'string' THEN " + c + " #>> '{}' END COLLATE \"C\")";
  }

  /** The time of a {@code {"$date": ...}} document, NULL for other kinds. */
  static String date(String c) {
    return "(CASE WHEN jsonb_typeof(" + c + ") = 'object' AND jsonb_exists(" + c + ", '$date') THEN "
        + DateSql.timestamp(c) + " END)";
  }
}
