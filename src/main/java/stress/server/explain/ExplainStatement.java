package stress.server.explain;

import java.util.List;
import java.util.Objects;

/**
 * A statement in the forms EXPLAIN needs, with its values already written as SQL literals.
 *
 * @param preparedText      the statement with {@code $1, $2, ...}, for {@code PREPARE name AS ...}
 * @param parameterLiterals its values as escaped SQL literals, for {@code EXECUTE name(...)}
 * @param literalText       the statement with the values written in, as plain mode sends it
 * @param writes            true for INSERT/UPDATE/DELETE: never executed, except by ANALYZE in a rolled-back transaction
 */
public record ExplainStatement(String preparedText, List<String> parameterLiterals, String literalText, boolean writes) {
  public ExplainStatement {
    Objects.requireNonNull(preparedText, "preparedText");
    parameterLiterals = List.copyOf(parameterLiterals);
    Objects.requireNonNull(literalText, "literalText");
  }
}
