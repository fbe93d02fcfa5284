package stress.mongo;

import org.bson.BsonValue;
import stress.dump.BsonJson;

/**
 * {@code $min} and {@code $max} of an update ({@link UpdateTranslator}): the operand replaces the field when it is
 * below (above) the value there, or the field is missing, in MongoDB's order of BSON values: first by type (MinKey,
 * null, numbers, strings, documents, arrays, BinData, ObjectId, booleans, dates, timestamps, regular expressions,
 * MaxKey), then within the type: numbers by value across int, long, double and Decimal128 (NaN below all others),
 * strings by code point, dates as instants. An equal value is kept, so an int 5 stays an int under {@code $min: 5.0}.
 */
final class UpdateMinMax {
  /** The keys that mark a BSON type written as an object, and the type's place in MongoDB's order. */
  private static final String[][] RANKS = {
      {"$minKey", "0"}, {"$undefined", "1"}, {"$numberDecimal", "3"}, {"$numberDouble", "3"}, {"$numberInt", "3"},
      {"$numberLong", "3"}, {"$symbol", "4"}, {"$binary", "7"}, {"$oid", "8"}, {"$date", "10"}, {"$timestamp", "11"},
      {"$regularExpression", "12"}, {"$dbPointer", "13"}, {"$code", "14"}, {"$maxKey", "15"}};
  private final Translation t;
  private final UpdateRefusals refusals;

  UpdateMinMax(Translation t, UpdateRefusals refusals) {
    this.t = t;
    this.refusals = refusals;
  }

  /** The data after the change, around the data before it. */
  String apply(String data, UpdateChange c) {
    String operand = operand(c);
    String op = c.op().equals("$min") ? " > " : " < ";
    String replaced = "k.o IS NULL OR " + rank("k.o") + op + rank("k.c") + " OR " + rank("k.o") + " = " + rank("k.c")
        + " AND " + within("k.o", "k.c", op);
    return "jsonb_set(" + data + ", " + c.sqlPath() + ", (SELECT CASE WHEN " + replaced + " THEN k.c ELSE k.o END"
        + " FROM (SELECT " + refusals.at(c.path()) + " AS o, " + operand + " AS c) AS k), true)";
  }

  /**
   * The operand as jsonb. A document, array, BinData or regular expression is refused: MongoDB compares two of them
   * field by field or byte by byte, which is not written here (a parameter drawing one keeps the field as it is).
   */
  private String operand(UpdateChange c) {
    BsonValue v = c.value();
    if (t.parameters.indexOf(v) < 0) {
      switch (v.getBsonType()) {
        case DOCUMENT, ARRAY, BINARY, REGULAR_EXPRESSION, JAVASCRIPT, JAVASCRIPT_WITH_SCOPE, DB_POINTER ->
            throw new IllegalArgumentException(c.op() + " on '" + c.path() + "' with " + BsonJson.valueToRelaxedJson(v)
                + ": a " + v.getBsonType().name().toLowerCase(java.util.Locale.ROOT) + " operand is not supported"
                + " (MongoDB compares two of them element by element); use a number, string, date, ObjectId,"
                + " boolean, timestamp or null");
        default -> { }
      }
    }
    return UpdateFields.value(t, v);
  }

  /**
   * ORDER BY keys of a jsonb value in MongoDB's order (a missing value as null), ascending or descending: the type's
   * place, then numbers by value, then the {@link #key} of the other types compared here. Two documents or two arrays
   * tie.
   */
  static String sortKeys(String v, boolean ascending) {
    String x = "COALESCE(" + v + ", 'null')";
    String dir = ascending ? "" : " DESC";
    String text = numberText(x);
    return rank(x) + dir + ", CASE WHEN " + rank(x) + " = 3 THEN " + numberClass(text) + " END" + dir + ", CASE WHEN "
        + rank(x) + " = 3 AND " + numberClass(text) + " = 2 THEN CAST(" + text + " AS numeric) END" + dir
        + ", CASE WHEN " + rank(x) + " IN (4, 8, 9, 10, 11) THEN " + key(x) + " END" + dir;
  }

  /** The place of a jsonb value's type in MongoDB's order. */
  static String rank(String v) {
    StringBuilder b = new StringBuilder("CASE WHEN jsonb_typeof(" + v + ") = 'null' THEN 2 WHEN jsonb_typeof(" + v
        + ") = 'number' THEN 3 WHEN jsonb_typeof(" + v + ") = 'string' THEN 4 WHEN jsonb_typeof(" + v
        + ") = 'array' THEN 6 WHEN jsonb_typeof(" + v + ") = 'boolean' THEN 9");
    for (String[] r : RANKS) {
      b.append(" WHEN jsonb_exists(").append(v).append(", '").append(r[0]).append("') THEN ").append(r[1]);
    }
    return b.append(" ELSE 5 END").toString();
  }

  /** {@code o op c} for two values of the same type's place; false (equal) for the types not compared here. */
  private static String within(String o, String c, String op) {
    return "CASE WHEN " + rank(o) + " = 3 THEN " + numbers(o, c, op)
        + " WHEN " + rank(o) + " IN (4, 8, 9, 10, 11) THEN " + key(o) + op + key(c) + " ELSE FALSE END";
  }

  /** Numbers: NaN below -Infinity below the finite ones (compared as numeric) below Infinity. */
  private static String numbers(String o, String c, String op) {
    String a = numberText(o);
    String b = numberText(c);
    return "CASE WHEN " + numberClass(a) + " <> " + numberClass(b) + " THEN " + numberClass(a) + op + numberClass(b)
        + " WHEN " + numberClass(a) + " = 2 THEN CAST(" + a + " AS numeric)" + op + "CAST(" + b + " AS numeric)"
        + " ELSE FALSE END";
  }

  static String numberText(String v) {
    return "(CASE WHEN jsonb_typeof(" + v + ") = 'number' THEN " + v + " #>> '{}' ELSE COALESCE(" + v
        + " ->> '$numberDecimal', " + v + " ->> '$numberDouble', " + v + " ->> '$numberInt', " + v
        + " ->> '$numberLong') END)";
  }

  static String numberClass(String text) {
    return "(CASE WHEN " + text + " = 'NaN' THEN 0 WHEN " + text + " = '-Infinity' THEN 1 WHEN " + text
        + " = 'Infinity' THEN 3 ELSE 2 END)";
  }

  /**
   * A text that orders strings and symbols (by code point), ObjectIds, booleans, dates (the importer's ISO text with
   * its milliseconds made three digits; before 1970 and after 9999 a {@code $numberLong}, offset and padded) and
   * timestamps (seconds, then increment) as MongoDB orders them.
   */
  static String key(String v) {
    String iso = v + " ->> '$date'";
    String ms = "CAST(" + v + " -> '$date' ->> '$numberLong' AS bigint)";
    String date = "CASE WHEN jsonb_typeof(" + v + " -> '$date') = 'string' THEN '1' || left(" + iso + ", 19) || rpad("
        + "substr(" + iso + ", 21, greatest(length(" + iso + ") - 21, 0)), 3, '0') WHEN " + ms + " < 0 THEN '0' ||"
        + " lpad(CAST(" + ms + " + 9223372036854775807 AS text), 19, '0') ELSE '2' || lpad(CAST(" + ms
        + " AS text), 19, '0') END";
    String ts = "lpad(" + v + " -> '$timestamp' ->> 't', 10, '0') || lpad(" + v + " -> '$timestamp' ->> 'i', 10, '0')";
    return "(CASE WHEN jsonb_typeof(" + v + ") IN ('string', 'boolean') THEN " + v + " #>> '{}' WHEN jsonb_exists("
        + v + ", '$symbol') THEN " + v + " ->> '$symbol' WHEN jsonb_exists(" + v + ", '$oid') THEN lower(" + v
        + " ->> '$oid') WHEN jsonb_exists(" + v + ", '$date') THEN " + date + " ELSE " + ts + " END) COLLATE \"C\"";
  }
}
