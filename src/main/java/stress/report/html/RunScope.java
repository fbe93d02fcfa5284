package stress.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import stress.metrics.OperationStats;
import stress.report.PhaseResult;
import stress.report.RunResult;

/**
 * What the first screen of a report says before any figure: which workload ran on which table(s) of which target, and
 * the best combination's operations one row each (count, ops/s, p50, p99, errors), so the slow one is seen without
 * scrolling through a chart per operation.
 */
final class RunScope {
  /**
   * The target kinds as the result file names them ({@code TargetInfo.kind}), in words; a kind the file names
   * otherwise is shown as written.
   */
  private static final Map<String, String> KINDS = Map.of("POSTGRESQL", "PostgreSQL", "CITUS_COORDINATOR",
      "Citus coordinator", "CITUS_WORKER", "Citus worker", "XL_COORDINATOR", "Postgres-XL coordinator",
      "XL_DATANODE", "Postgres-XL datanode", "GREENPLUM", "Greenplum");

  private RunScope() {}

  /** {@code workload: FILE (operations); table: T; target: PostgreSQL 18.6}, from the result's settings and target. */
  static String sentence(RunResult result) {
    Map<String, Object> s = result.settings();
    Object workload = s.get("workload file");
    Object operations = s.get("operations");
    String what = workload != null ? "workload " + workload + " (" + operations + ")" : "operations " + operations;
    Object tables = s.containsKey("compared tables") ? s.get("table") + " (compared)"
        : s.get("tables") instanceof Map<?, ?> m ? String.join(", ", m.keySet().stream().map(String::valueOf).toList())
        + " (one per collection)" : s.get("table");
    Object targets = s.get("compared targets"); // run --against: the table's target and a MongoDB server
    return "Measured: " + what + (tables == null ? "" : "; table " + tables) + "; target " + target(result.target())
        + (targets == null ? "" : "; compared: " + targets) + ".";
  }

  /** The target as kind and server version, e.g. {@code Citus coordinator, PostgreSQL 15.8, product 13.2.2}. */
  static String target(Object target) {
    if (!(target instanceof Map<?, ?> map)) {
      return target == null ? "not recorded" : String.valueOf(target);
    }
    Object kind = map.get("kind");
    String kindText = kind == null ? "unknown kind" : KINDS.getOrDefault(kind.toString(), kind.toString());
    String version = map.get("version") == null ? "" : map.get("version").toString();
    String[] words = version.split(" ");
    String server = words.length >= 2 ? words[0] + " " + words[1] : version;
    Object product = map.get("productVersion");
    return kindText + (server.isEmpty() || server.startsWith(kindText) ? "" : ", " + server)
        + (server.startsWith(kindText) ? " " + server.substring(kindText.length()).strip() : "")
        + (product == null ? "" : ", product " + product);
  }

  /** One row per operation of the phase, the total last when there are several operations. */
  static DataTable operations(String runName, PhaseResult phase) {
    List<List<String>> rows = new ArrayList<>();
    List<OperationStats> ops = phase.stats().operations();
    for (OperationStats op : ops) {
      rows.add(row(op.name(), op));
    }
    if (ops.size() > 1) {
      rows.add(row("all operations", phase.stats().total()));
    }
    return new DataTable(List.of((runName == null ? "" : runName + ": ") + "operation (" + phase.label() + ")", "count", "ops/s", "p50 ms", "p99 ms", "errors"),
        rows);
  }

  private static List<String> row(String name, OperationStats op) {
    return List.of(name, Long.toString(op.count()), stress.report.Decimals.oneDecimal(op.opsPerSecond()),
        stress.report.Decimals.millis(op.latencyMs().p50()), stress.report.Decimals.millis(op.latencyMs().p99()), Long.toString(op.errorCount()));
  }
}
