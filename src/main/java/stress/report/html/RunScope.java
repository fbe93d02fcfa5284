package stress.report.html;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;
import stress.metrics.OperationStats;
import stress.report.Decimals;
import stress.report.MedianInterval;
import stress.report.PhaseResult;
import stress.report.RunResult;

/**
 * What the first screen of a report says before any figure: which workload ran on which table(s) of which target, and
 * the best combination's operations one row each (count, ops/s, p50, p99, errors), so the slow one is seen without
 * scrolling through a chart per operation.
 */
final class RunScope {
  private RunScope() {}

  /** {@code workload: FILE (operations); table: T; target PostgreSQL 18.6}, from the result's settings and target. */
  static String sentence(RunResult result) {
    Map<String, Object> s = result.settings();
    Object workload = s.get("workload file");
    Object operations = s.get("operations");
    String what = workload != null ? "workload " + workload + " (" + operations + ")" : "operations " + operations;
    Object tables = s.containsKey("compared tables") ? s.get("table") + " (compared)"
        : s.get("tables") instanceof Map<?, ?> m ? String.join(", ", m.keySet().stream().map(String::valueOf).toList())
        + " (one per collection)" : s.get("table");
    Object targets = s.get("compared targets"); // run --against: the table's target and a MongoDB server
    return "Measured: " + what + (tables == null ? "" : "; table " + tables) + "; target "
        + stress.report.TargetWords.of(result.target())
        + (targets == null ? "" : "; compared: " + targets) + ".";
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

  /**
   * One row per operation of a combination run in several rounds, each figure the median over its rounds as the
   * headline quotes them, with the lowest and highest round in brackets; the errors of all its rounds together. One
   * round's figures would be one draw of the noise the rounds are there to show.
   *
   * @param label  the combination, as the headline names it
   * @param rounds the combination's phases, one per round
   */
  static DataTable operationsOverRounds(String runName, String label, List<PhaseResult> rounds) {
    Set<String> names = new LinkedHashSet<>();
    rounds.forEach(p -> p.stats().operations().forEach(o -> names.add(o.name())));
    List<List<String>> rows = new ArrayList<>();
    for (String name : names) {
      rows.add(roundsRow(name, rounds.stream().map(p -> p.stats().operations().stream()
          .filter(o -> o.name().equals(name)).findFirst().orElse(null)).filter(Objects::nonNull).toList()));
    }
    if (names.size() > 1) {
      rows.add(roundsRow("all operations", rounds.stream().map(p -> p.stats().total()).toList()));
    }
    return new DataTable(List.of((runName == null ? "" : runName + ": ") + "operation (" + label + "; median of "
        + rounds.size() + " rounds, lowest-highest round in brackets)", "count", "ops/s", "p50 ms", "p99 ms",
        "errors, all rounds"), rows);
  }

  private static List<String> roundsRow(String name, List<OperationStats> perRound) {
    // a round without a success has no latency: it is left out of the latencies' median, not counted as 0 ms
    List<OperationStats> succeeded = perRound.stream().filter(o -> o.count() > 0).toList();
    return List.of(name, overRounds(perRound, o -> o.count(), v -> Long.toString(Math.round(v))),
        overRounds(perRound, OperationStats::opsPerSecond, Decimals::oneDecimal),
        overRounds(succeeded, o -> o.latencyMs().p50(), Decimals::millis),
        overRounds(succeeded, o -> o.latencyMs().p99(), Decimals::millis),
        Long.toString(perRound.stream().mapToLong(OperationStats::errorCount).sum()));
  }

  /** {@code median (lowest-highest)}, the median alone when the rounds agree, {@code -} without a value. */
  private static String overRounds(List<OperationStats> perRound, ToDoubleFunction<OperationStats> figure,
                                   DoubleFunction<String> format) {
    double[] values = perRound.stream().mapToDouble(figure).toArray();
    if (values.length == 0) {
      return "-";
    }
    double low = Arrays.stream(values).min().orElseThrow();
    double high = Arrays.stream(values).max().orElseThrow();
    String median = format.apply(MedianInterval.of(values).median());
    String lowText = format.apply(low);
    String highText = format.apply(high);
    return lowText.equals(highText) ? median : median + " (" + lowText + "-" + highText + ")";
  }

  private static List<String> row(String name, OperationStats op) {
    return List.of(name, Long.toString(op.count()), stress.report.Decimals.oneDecimal(op.opsPerSecond()),
        stress.report.Decimals.millis(op.latencyMs().p50()), stress.report.Decimals.millis(op.latencyMs().p99()), Long.toString(op.errorCount()));
  }
}
