package stress.mongo.value;

import java.util.List;
import org.bson.BsonValue;

/**
 * A filter's conditions as the translators read and write them: a condition document told apart as operators
 * ({@code {$gt: 1}}) or fields, and SQL conditions joined by AND.
 */
public final class Conditions {
  private Conditions() {}

  /** True for {@code {$gt: 1, ...}}; a document mixing operators and field names is refused. */
  public static boolean isOperators(BsonValue cond) {
    if (!cond.isDocument() || cond.asDocument().isEmpty()) {
      return false;
    }
    boolean first = cond.asDocument().getFirstKey().startsWith("$");
    for (String k : cond.asDocument().keySet()) {
      if (k.startsWith("$") != first) {
        throw new IllegalArgumentException("a condition mixes operators and field names: " + cond.asDocument().toJson());
      }
    }
    return first;
  }

  /** The SQL conditions joined by AND: {@code TRUE} for none, the one itself, else in parentheses. */
  public static String and(List<String> parts) {
    if (parts.isEmpty()) {
      return "TRUE";
    }
    return parts.size() == 1 ? parts.get(0) : "(" + String.join(" AND ", parts) + ")";
  }
}
