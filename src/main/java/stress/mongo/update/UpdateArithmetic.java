package stress.mongo.update;

import stress.dump.bson.BsonJson;
import stress.mongo.value.FailingCast;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.Translation;

/**
 * {@code $inc} and {@code $mul} of an update ({@link UpdateTranslator}), in the arithmetic of the operands' BSON types
 * as MongoDB computes it. JSON keeps no BSON number type, so a stored number's type is read as
 * {@link UpdateRefusals} names it: a number with a point or an exponent (or beyond the int64 range) is a double,
 * others an int or a long by size; {@code {"$numberDouble": ...}} and {@code {"$numberDecimal": ...}} say theirs.
 * <ul>
 *   <li>a Decimal128 on either side: exact, in {@code numeric}, written {@code {"$numberDecimal": ...}};</li>
 *   <li>else a double on either side: in {@code float8}, IEEE arithmetic ({@code 85.1 + 0.1} is
 *   {@code 85.19999999999999}), written as the shortest text that reads back as the same double, a whole one with
 *   {@code .0}; NaN and the infinities as {@code {"$numberDouble": ...}}, as is a result where one was stored so;</li>
 *   <li>else whole numbers, in {@code numeric}: an int that overflows int32 becomes a long (JSON writes it the same),
 *   a result beyond int64 fails the update, as MongoDB refuses it
 *   ({@code Failed to apply $inc operations to current value ((NumberLong)9223372036854775807) for document
 *   {_id: 7}}).</li>
 * </ul>
 * A missing field counts as an int 0, so {@code $inc} writes the operand and {@code $mul} 0 of its type.
 */
final class UpdateArithmetic {
  private static final String INT64 = " NOT BETWEEN -9223372036854775808 AND 9223372036854775807";
  /**
   * From it up a finite double result is an infinity, up to {@link #DOUBLE_TINY} a product is 0 (IEEE rounding; 20
   * digits of each bound): PostgreSQL raises an error for both, MongoDB writes them.
   */
  private static final String DOUBLE_HUGE = new java.math.BigDecimal(Double.MAX_VALUE)
      .add(new java.math.BigDecimal(Math.ulp(Double.MAX_VALUE)).divide(java.math.BigDecimal.valueOf(2)))
      .round(new java.math.MathContext(20)).toString();
  private static final String DOUBLE_TINY = new java.math.BigDecimal(Double.MIN_VALUE)
      .divide(java.math.BigDecimal.valueOf(2)).round(new java.math.MathContext(20)).toString();
  private final Translation t;
  private final UpdateRefusals refusals;

  UpdateArithmetic(Translation t, UpdateRefusals refusals) {
    this.t = t;
    this.refusals = refusals;
  }

  /** The data after the change, around the data before it. */
  String apply(String data, UpdateChange c) {
    refusals.arithmetic(c.op(), c.path());
    return "jsonb_set(" + data + ", " + c.sqlPath() + ", " + arithmetic(c) + ", true)";
  }

  /** The new value, computed once per document from the stored value {@code k.v} and the operand {@code k.o}. */
  private String arithmetic(UpdateChange c) {
    String operand = operand(c);
    boolean mul = c.op().equals("$mul");
    String op = mul ? " * " : " + ";
    String v = "k.v";
    String o = "k.o";
    String vt = "COALESCE(" + text(v) + ", '0')";
    String ot = text(o);
    String decimal = "jsonb_exists(" + v + ", '$numberDecimal') OR jsonb_exists(" + o + ", '$numberDecimal')";
    String nonFinite = vt + " IN ('NaN', 'Infinity', '-Infinity') OR " + ot + " IN ('NaN', 'Infinity', '-Infinity')";
    String exact = "CAST(" + vt + " AS numeric)" + op + "CAST(" + ot + " AS numeric)";
    String ieee = "CAST(CAST(" + vt + " AS float8)" + op + "CAST(" + ot + " AS float8) AS text)";
    // PostgreSQL refuses a finite double result it would round to an infinity (or, multiplying, to 0): written here
    String dbl = "(CASE WHEN " + nonFinite + " THEN " + ieee + " WHEN abs(" + exact + ") >= " + DOUBLE_HUGE
        + " THEN CASE WHEN " + exact + " > 0 THEN 'Infinity' ELSE '-Infinity' END"
        + (mul ? " WHEN abs(" + exact + ") <= " + DOUBLE_TINY + " THEN '0'" : "") + " ELSE " + ieee + " END)";
    String special = "k.d IN ('NaN', 'Infinity', '-Infinity')";
    String decimalText = "CASE WHEN " + nonFinite + " THEN k.d ELSE CAST(" + exact + " AS text) END";
    String whole = "CASE WHEN k.d ~ '^-?[0-9]+$' THEN k.d || '.0' ELSE k.d END";
    String wrappedDouble = "CAST('{\"$numberDouble\": \"' || " + whole + " || '\"}' AS jsonb)";
    String current = "CASE WHEN abs(CAST(" + vt + " AS numeric)) < 2147483648 THEN '(NumberInt)' ELSE '(NumberLong)'"
        + " END || " + vt;
    String overflow = FailingCast.fail(JsonPathText.sql(UpdateRefusals.PREFIX + "Failed to apply " + c.op()
        + " operations to current value (") + " || " + current + " || " + JsonPathText.sql(") for document {_id: ")
        + " || CAST(_id AS text) || '}'");
    // the double's text once, where it is used: a finite Decimal128 beyond the double range has none
    String inputs = "SELECT k.v, k.o, CASE WHEN (" + decimal + ") AND NOT (" + nonFinite + ") THEN NULL ELSE " + dbl
        + " END AS d FROM (SELECT " + refusals.at(c.path()) + " AS v, " + operand + " AS o) AS k";
    return "(SELECT CASE WHEN " + decimal + " THEN CAST('{\"$numberDecimal\": \"' || " + decimalText
        + " || '\"}' AS jsonb) WHEN " + isDouble(v) + " OR " + isDouble(o) + " THEN CASE WHEN " + special + " OR "
        + "jsonb_exists(" + v + ", '$numberDouble') THEN " + wrappedDouble + " ELSE CAST(" + whole + " AS jsonb) END"
        + " WHEN " + exact + INT64 + " THEN " + overflow + " ELSE CAST(CAST(" + exact
        + " AS text) AS jsonb) END FROM (" + inputs + ") AS k)";
  }

  /** The number's text: a JSON number's, or a Decimal128's or double's written as an object (else null). */
  private static String text(String v) {
    return "CASE WHEN jsonb_typeof(" + v + ") = 'number' THEN " + v + " #>> '{}' ELSE COALESCE(" + v
        + " ->> '$numberDecimal', " + v + " ->> '$numberDouble') END";
  }

  /** A double: written as an object, or a JSON number with a point or exponent, or too large for an int64. */
  private static String isDouble(String v) {
    return "(jsonb_exists(" + v + ", '$numberDouble') OR jsonb_typeof(" + v + ") = 'number' AND (" + v
        + " #>> '{}' ~ '[.eE]' OR CAST(" + v + " #>> '{}' AS numeric)" + INT64 + "))";
  }

  /** The operand as jsonb: a literal number of any BSON type, or a parameter's value bound per execution. */
  private String operand(UpdateChange c) {
    if (t.parameters.indexOf(c.value()) < 0 && !c.value().isNumber() && !c.value().isDecimal128()) {
      throw new IllegalArgumentException("Cannot " + (c.op().equals("$mul") ? "multiply" : "increment")
          + " with non-numeric argument: {" + c.path() + ": " + BsonJson.valueToRelaxedJson(c.value()) + "}");
    }
    return UpdateFields.value(t, c.value());
  }
}
