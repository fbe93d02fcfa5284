package stress.mongo.value;

import java.math.BigDecimal;
import org.bson.BsonValue;

/**
 * Decimal128 values, which the importer writes as {@code {"$numberDecimal": "1.29"}} and MongoDB compares with every
 * other number by value: a number in a filter also matches them, exactly (as numeric), wherever the table's facts
 * do not rule them out. NaN matches no comparison here (MongoDB orders it below every number); the infinities
 * compare as numbers beyond any finite one (as numeric's infinities where the server has them).
 */
public final class Decimals {
  /**
   * Where numeric has no infinity (before PostgreSQL 14): the least power of ten beyond every finite Decimal128
   * (below 10^6145) and double, so the 6,146-digit constant the planner folds it into stays as short as it can and
   * its square is still a numeric.
   */
  public static final String BEYOND = "1e6145";
  /** A SQL regular expression of the finite decimal texts. */
  public static final String FINITE = "'^-{0,1}[0-9]+([.][0-9]+){0,1}([eE][-+]{0,1}[0-9]+){0,1}$'";

  private Decimals() {}

  /** A numeric filter value as exact decimal text, null for other kinds, NaN and the infinities. */
  public static String number(BsonValue v) {
    return switch (v.getBsonType()) {
      case INT32 -> Integer.toString(v.asInt32().getValue());
      case INT64 -> Long.toString(v.asInt64().getValue());
      case DOUBLE -> Double.isFinite(v.asDouble().getValue())
          ? new BigDecimal(stress.dump.bson.DoubleText.of(v.asDouble().getValue())).toPlainString() : null;
      case DECIMAL128 -> v.asDecimal128().getValue().isFinite()
          ? v.asDecimal128().getValue().bigDecimalValue().toPlainString() : null;
      default -> null;
    };
  }

  /** The numeric value of a jsonb expression holding {@code {"$numberDecimal": ...}}; NULL for anything else. */
  public static String value(TranslationTarget target, String v) {
    String text = "(" + v + " ->> '$numberDecimal')";
    String infinity = target.numericInfinity() ? "Infinity" : BEYOND;
    return "(CASE WHEN jsonb_typeof(" + v + ") <> 'object' THEN NULL WHEN " + text + " ~ " + FINITE + " THEN CAST("
        + text + " AS numeric) WHEN " + text + " = 'Infinity' THEN CAST('" + infinity + "' AS numeric) WHEN " + text
        + " = '-Infinity' THEN CAST('-" + infinity + "' AS numeric) END)";
  }

  /** True unless the facts of the path (read from its jsonpath) show no Decimal128 there. */
  static boolean possible(Translation t, String root, String jp) {
    if (!root.equals("data")) {
      return true;
    }
    PathFacts facts = t.target.paths().paths().get(String.join(".", JsonPathText.keys(jp)));
    // the facts give the kinds of the value at the path, not of the elements of an array there or on the way
    return facts == null || facts.arrays() || facts.kinds().contains(PathFacts.DECIMAL);
  }

  /** {@code OR} a Decimal128 at the path (or in an array there) compares so with the number; empty when none can be. */
  public static String orDecimal(Translation t, String root, String jp, String sqlOp, String number) {
    if (!possible(t, root, jp)) {
      return "";
    }
    if (!root.equals("data")) {
      return orElementDecimal(root, jp, sqlOp, number);
    }
    String q = t.alias();
    return " OR EXISTS (SELECT 1 FROM jsonb_path_query(" + root + ", " + JsonPathText.sql(JsonPathText.test(jp,
        "exists(@.\"$numberDecimal\")")) + ") AS " + q + "(v) WHERE " + value(t.target, q + ".v") + " " + sqlOp + " CAST('"
        + number + "' AS numeric))";
  }

  /**
   * The same test on an element of {@code $elemMatch} without a subquery: Citus refuses a correlated subquery under
   * the set-returning function that reads the elements (0A000). The finite decimals at the path are gathered into one
   * numeric[] (their jsonb array's text split at its commas) and compared with ANY; an infinity is a jsonpath test
   * of its text, so no infinity is cast (numeric has none before PostgreSQL 14); NaN matches no comparison.
   */
  private static String orElementDecimal(String root, String jp, String sqlOp, String number) {
    String finite = JsonPathText.test(jp, "@.\"$numberDecimal\" like_regex "
        + "\"^-?[0-9]+([.][0-9]+)?([eE][-+]?[0-9]+)?$\"") + ".\"$numberDecimal\"";
    String mirrored = switch (sqlOp) {
      case ">" -> "<";
      case ">=" -> "<=";
      case "<" -> ">";
      case "<=" -> ">=";
      default -> sqlOp;
    };
    // '["7", "8.5"]' to '7,8.5' to {7,8.5}: string_to_array and the cast of its elements are immutable, which Citus
    // requires in an UPDATE's CASE (an array literal's input function is not)
    String any = "CAST('" + number + "' AS numeric) " + mirrored + " ANY (CAST(string_to_array(translate(CAST("
        + "jsonb_path_query_array(" + root + ", " + JsonPathText.sql(finite) + ") AS text), '[]\" ', ''), ',') AS"
        + " numeric[]))";
    String infinity = switch (sqlOp) {
      case ">", ">=" -> "Infinity";
      case "<", "<=" -> "-Infinity";
      default -> null;
    };
    return " OR " + any + (infinity == null ? "" : " OR " + root + " @?? " + JsonPathText.sql(JsonPathText.test(jp,
        "@.\"$numberDecimal\" == \"" + infinity + "\"")));
  }
}
