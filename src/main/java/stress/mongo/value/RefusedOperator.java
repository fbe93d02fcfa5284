package stress.mongo.value;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import stress.model.NearestNames;

/**
 * An operator the translation refuses, named so that the reader of a workload file can point at the operator's own
 * line. A mistyped one gets the nearest supported ones ({@code $gtx}: did you mean {@code $gt}?); the operators that
 * run JavaScript on the server get the reason they are never translated and what to write instead.
 */
public final class RefusedOperator extends IllegalArgumentException {
  /** The operators whose work is JavaScript run by mongod, with what to write instead. */
  private static final Map<String, String> JAVASCRIPT = Map.of(
      "$where", "write the condition as {$expr: ...} with aggregation operators ($eq, $gt, $and, $regexMatch, ...)",
      "$function", "write the expression with the aggregation operators $expr supports",
      "$accumulator", "compute it with a supported accumulator ($sum, $avg, $min, $max, $push, ...) over an expression"
          + " as {$expr: ...} would write it");

  private final String operator;

  /**
   * @param what      what the operator is ("operator", "operator ... on _id", "accumulator", "expression operator")
   * @param operator  the operator as written
   * @param supported the operators that are supported where it was written
   */
  public RefusedOperator(String what, String operator, Collection<String> supported) {
    this(what, operator, "", supported);
  }

  /** As above, with where it was written after the operator (" on _id"). */
  public RefusedOperator(String what, String operator, String where, Collection<String> supported) {
    super(message(what, operator + where, operator, supported));
    this.operator = operator;
  }

  /** The operator as written in the filter, update or pipeline. */
  public String operator() {
    return operator;
  }

  private static String message(String what, String written, String operator, Collection<String> supported) {
    String instead = JAVASCRIPT.get(operator);
    if (instead != null) {
      return what + " " + written + " runs JavaScript on the MongoDB server, which stress never translates to SQL;"
          + " " + instead;
    }
    List<String> near = NearestNames.of(operator, supported);
    return what + " " + written + " is not supported" + (near.isEmpty() ? "" : "; did you mean "
        + String.join(" or ", near) + "?") + "; supported: " + String.join(", ", new TreeSet<>(supported));
  }
}
