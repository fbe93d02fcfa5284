package stress.server.settings;

import java.util.List;
import stress.model.UsageException;

/** Requested session settings the target refuses; carries every problem found, not just the first. */
public final class InvalidSettingsException extends UsageException {
  private final List<String> problems;

  public InvalidSettingsException(List<String> problems) {
    super(problems.size() == 1 ? "--set: " + problems.get(0)
        : "--set: " + problems.size() + " problems: " + String.join("; ", problems));
    this.problems = List.copyOf(problems);
  }

  /** One line per refused setting, each naming the setting, the value and the rule. */
  public List<String> problems() {
    return problems;
  }
}
