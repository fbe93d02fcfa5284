package stress.config;

import java.util.ArrayList;
import java.util.List;
import stress.model.UsageException;

/**
 * One {@code --set name=value[,value...]}: a server setting and the values to compare.
 *
 * @param name   setting name as in pg_settings (e.g. work_mem, citus.max_adaptive_executor_pool_size)
 * @param values one value, or several to run as separate phases
 */
public record SettingChoice(String name, List<String> values) {

  public SettingChoice {
    values = List.copyOf(values);
  }

  /** Parses {@code name=v1,v2}; the error names the option and the rule. */
  public static SettingChoice parse(String text) {
    int eq = text.indexOf('=');
    if (eq <= 0) {
      throw new UsageException("--set must be name=value (several values separated by commas), got '"
          + text + "'");
    }
    String name = text.substring(0, eq).trim();
    List<String> values = new ArrayList<>();
    for (String v : text.substring(eq + 1).split(",", -1)) {
      values.add(v.trim());
    }
    if (name.isEmpty() || values.stream().anyMatch(String::isEmpty)) {
      throw new UsageException("--set " + text + ": name and every value must be non-empty");
    }
    return new SettingChoice(name, values);
  }
}
