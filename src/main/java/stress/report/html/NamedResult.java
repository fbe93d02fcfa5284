package stress.report.html;

import java.util.Objects;
import stress.report.RunResult;

/**
 * A run result and the name it is shown under when two runs are overlaid (its directory name).
 *
 * @param name   the legend prefix, e.g. {@code before}
 * @param result the run
 */
public record NamedResult(String name, RunResult result) {
  public NamedResult {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(result, "result");
  }
}
