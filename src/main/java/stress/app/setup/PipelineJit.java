package stress.app.setup;

import java.util.List;
import java.util.Map;
import stress.ops.Operation;
import stress.ops.file.WorkloadOperation;
import stress.server.settings.SettingsCatalog;

/**
 * A run of translated aggregation pipelines sets {@code jit = off} in its sessions, unless the user sets {@code jit}
 * with {@code --set}: a pipeline's statement nests subqueries over {@code jsonb_array_elements}, whose row estimates
 * multiply into cost estimates far above {@code jit_optimize_above_cost}, so PostgreSQL would compile it with LLVM at
 * every execution (seconds for a statement that runs in milliseconds). The figures would then measure the compiler
 * on the translation's expressions, not the query; the same SQL written by hand has few expressions. The header says
 * so, and {@code --set jit=on} measures with it.
 */
public final class PipelineJit {
  public static final String REPORT_KEY = "jit";

  private PipelineJit() {}

  /**
   * Adds {@code jit=off} to every combination of session settings when the operations hold a pipeline, no
   * combination sets {@code jit} and the server has it (PostgreSQL 11 and later).
   *
   * @return the line for the run's header, or null when nothing was added
   */
  public static String apply(List<Operation> operations, List<Map<String, String>> combos, SettingsCatalog catalog) {
    boolean pipelines = operations.stream().anyMatch(op -> op instanceof WorkloadOperation w && w.forms().pipeline());
    boolean userSetsJit = combos.stream().anyMatch(c -> c.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("jit")));
    if (!pipelines || userSetsJit || catalog.find("jit").isEmpty()) {
      return null;
    }
    combos.forEach(c -> c.put("jit", "off"));
    return "off in this run's sessions: the translated aggregation pipelines' cost estimates would make PostgreSQL"
        + " JIT-compile each execution; --set jit=on measures with it";
  }
}
