package stress.mongo.expression;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonValue;
import stress.mongo.value.Decimals;
import stress.mongo.value.Translation;
import stress.mongo.value.TranslationTarget;

/**
 * The arithmetic expressions ({@code $add}, {@code $subtract}, {@code $multiply}, {@code $divide}, {@code $abs},
 * {@code $mod}) and the numbers of {@code $sum} and {@code $avg}, computed in {@code numeric}, with MongoDB's types
 * of result: a Decimal128 operand makes a Decimal128, NaN and the infinities (a double's or a Decimal128's) stay NaN
 * and infinities as IEEE arithmetic makes them (infinity minus infinity is NaN), written as MongoDB writes them
 * ({@code {"$numberDouble": "Infinity"}}, {@code {"$numberDecimal": "-Infinity"}}), never as a string. Where numeric
 * has no infinity (before PostgreSQL 14) a value beyond every finite one stands for it ({@link Decimals#BEYOND}) and
 * a result a Decimal128 (or a double) would round to infinity is one, so there infinity minus infinity is 0, infinity
 * times 0 is 0, infinity divided by infinity 1, the remainder of an infinity 0 and a Decimal128 infinity divided by 2 a
 * finite value. A null, missing or non-numeric operand gives null.
 */
final class AggregateArithmetic {
  private static final String NULL = "CAST('null' AS jsonb)";
  /** The least value a Decimal128 rounds to infinity (half a unit in the last place above the largest finite). */
  private static final String DECIMAL_OVERFLOW = "CAST('9.9999999999999999999999999999999995E+6144' AS numeric)";
  /** The largest finite double. */
  private static final String DOUBLE_MAX = "CAST('1.7976931348623157E+308' AS numeric)";

  private AggregateArithmetic() {}

  /** The number a jsonb value holds (JSON number, Decimal128, double or canonical int/long), NULL for others. */
  static String numeric(TranslationTarget target, String v) {
    String text = "COALESCE(" + v + " ->> '$numberDecimal', " + v + " ->> '$numberDouble', " + v + " ->> '$numberInt', "
        + v + " ->> '$numberLong')";
    return "(CASE WHEN jsonb_typeof(" + v + ") = 'number' THEN CAST(" + v + " #>> '{}' AS numeric) WHEN jsonb_typeof("
        + v + ") <> 'object' THEN NULL WHEN " + text + " ~ " + Decimals.FINITE + " THEN CAST(" + text + " AS numeric)"
        + " WHEN " + text + " = 'NaN' THEN CAST('NaN' AS numeric) WHEN " + text + " = 'Infinity' THEN "
        + infinity(target, "") + " WHEN " + text + " = '-Infinity' THEN " + infinity(target, "-") + " END)";
  }

  private static String infinity(TranslationTarget target, String sign) {
    return "CAST('" + sign + (target.numericInfinity() ? "Infinity" : Decimals.BEYOND) + "' AS numeric)";
  }

  /** True when the jsonb value is a Decimal128. */
  static String decimal(String v) {
    return "(jsonb_typeof(" + v + ") = 'object' AND jsonb_exists(" + v + ", '$numberDecimal'))";
  }

  /**
   * A numeric result as MongoDB writes it: a Decimal128 where {@code decimal} is true, else a double where
   * {@code doubles} (finite ones as JSON numbers), else the number; NaN and the infinities as Extended JSON of their
   * type (without numeric infinities, a result beyond the doubles is an infinity, as a double overflows); null where
   * the result is NULL.
   */
  static String result(TranslationTarget target, String r, String decimal, boolean doubles) {
    // without numeric infinities: from where a Decimal128 rounds to infinity on, the value is an infinity
    String text = target.numericInfinity() ? "CAST(" + r + " AS text)"
        : "(CASE WHEN " + r + " = CAST('NaN' AS numeric) THEN 'NaN' WHEN " + r + " >= " + DECIMAL_OVERFLOW
        + " THEN 'Infinity' WHEN " + r + " <= -" + DECIMAL_OVERFLOW + " THEN '-Infinity' ELSE CAST(" + r + " AS text) END)";
    // numeric's infinities where it has them (a short constant in the plan), else beyond the largest double
    String above = target.numericInfinity() ? " = CAST('Infinity' AS numeric)" : " > " + DOUBLE_MAX;
    String below = target.numericInfinity() ? " = CAST('-Infinity' AS numeric)" : " < -" + DOUBLE_MAX;
    return "(CASE WHEN " + r + " IS NULL THEN " + NULL + " WHEN " + decimal + " THEN jsonb_build_object("
        + "'$numberDecimal', " + text + ") WHEN " + r + " = CAST('NaN' AS numeric) THEN CAST('{\"$numberDouble\":"
        + " \"NaN\"}' AS jsonb) WHEN " + r + above + " THEN CAST('{\"$numberDouble\": \"Infinity\"}' AS"
        + " jsonb) WHEN " + r + below + " THEN CAST('{\"$numberDouble\": \"-Infinity\"}' AS jsonb) ELSE "
        + (doubles ? "to_jsonb(CAST(" + r + " AS double precision))" : "to_jsonb(" + r + ")") + " END)";
  }

  /** {@code $add}, {@code $subtract}, {@code $multiply}, {@code $divide} of the operands, each evaluated once. */
  static String of(AggregateExpression x, String op, BsonArray args, String root) {
    Translation t = x.translation();
    List<String> values = new ArrayList<>();
    for (BsonValue a : args) {
      values.add(x.value(a, root));
    }
    String sqlOp = switch (op) {
      case "$add" -> " + ";
      case "$multiply" -> " * ";
      case "$subtract" -> " - ";
      default -> " / ";
    };
    List<String> nums = new ArrayList<>();
    List<String> decimals = new ArrayList<>();
    List<String> cols = new ArrayList<>();
    String b = t.alias();
    for (int i = 0; i < values.size(); i++) {
      nums.add(numeric(t.target, b + ".v" + i));
      decimals.add(decimal(b + ".v" + i));
      cols.add("v" + i);
    }
    boolean divide = op.equals("$divide");
    // MongoDB fails a division by zero; null here
    String r = divide ? nums.get(0) + " / NULLIF(" + nums.get(1) + ", 0)" : String.join(sqlOp, nums);
    return "(SELECT " + result(t.target, "(" + r + ")", "(" + String.join(" OR ", decimals) + ")", divide) + " FROM "
        + x.once(String.join(", ", values)) + " AS " + b + "(" + String.join(", ", cols) + "))";
  }

  /** {@code $abs}: the operand's type kept. */
  static String abs(AggregateExpression x, BsonValue arg, String root) {
    TranslationTarget target = x.translation().target;
    return x.bind(x.value(arg, root), v -> result(target, "abs(" + numeric(target, v) + ")", decimal(v), false));
  }

  /** {@code $mod}: the remainder takes the dividend's sign, as MongoDB's does; null or missing gives null. */
  static String mod(AggregateExpression x, BsonArray two, String root) {
    TranslationTarget target = x.translation().target;
    return x.bind(x.value(two.get(0), root), a -> x.bind(x.value(two.get(1), root), b -> result(target, "mod("
        + numeric(target, a) + ", " + numeric(target, b) + ")", "(" + decimal(a) + " OR " + decimal(b) + ")", false)));
  }
}
