package stress.report;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The operations a comparison with MongoDB measured although their answers differ ({@code run --against
 * --measure-different}): kept in the result's settings under {@link #KEY}, each with its first difference, and
 * marked wherever their figures are shown, since their ratio compares two different questions.
 */
public final class AnswersDiffer {
  /** The settings key: operation name to the line that named its first difference. */
  public static final String KEY = "answers differ (measured with --measure-different; their figures compare"
      + " different answers)";
  /** The mark beside such an operation's name. */
  public static final String MARK = "answers differ";

  private AnswersDiffer() {}

  /** The marked operations of a result (read back from result.json too), sorted; empty when none. */
  public static Set<String> of(RunResult result) {
    Object value = result.settings().get(KEY);
    Set<String> names = new TreeSet<>();
    if (value instanceof Map<?, ?> map) {
      map.keySet().forEach(k -> names.add(String.valueOf(k)));
    }
    return names;
  }

  /** The operation's name as shown: {@code name (answers differ)} when marked. */
  public static String shown(String operation, Set<String> marked) {
    return marked.contains(operation) ? operation + " (" + MARK + ")" : operation;
  }
}
