package stress.report;

import java.util.List;
import stress.metrics.ErrorStats;
import stress.metrics.OperationStats;
import stress.metrics.PhaseStats;

/**
 * The failures of a comparison's phases, under its tables, so that a comparison never reads as if all went well: per
 * phase that had any, how many executions failed by SQLState with the most frequent message of each, then its
 * outages and degraded windows as its summary gives them; then what was not measured, with the reason.
 */
public final class FailuresText {
  private FailuresText() {}

  /**
   * E.g. {@code failures (counted in the figures above):} then {@code   mongodb, round 2: 12 of 40 executions failed
   * (30.00%): 08001=12 connection refused by 127.0.0.1:27017} and its {@code outage: ...} lines; empty when nothing
   * failed and everything was measured.
   *
   * @param nameKey     the combination key that names a phase here (its target), or null for the phase's label
   * @param notMeasured one line per phase or target that was not measured, with the reason
   */
  public static String of(RunResult result, String nameKey, List<String> notMeasured) {
    StringBuilder out = new StringBuilder();
    for (PhaseResult phase : result.phases()) {
      PhaseStats stats = phase.stats();
      OperationStats total = stats.total();
      if (total.errorCount() == 0) {
        continue;
      }
      String name = nameKey != null && phase.combination().containsKey(nameKey) ? phase.combination().get(nameKey)
          : phase.label();
      out.append("  ").append(name).append(phase.round() == null ? "" : ", round " + phase.round()).append(": ")
          .append(total.errorCount()).append(" of ").append(total.count() + total.errorCount())
          .append(" executions failed (").append(TextReport.percent(total.errorCount(), total.count()
              + total.errorCount())).append("): ").append(byState(total.errors())).append('\n');
      for (String line : (TextReport.outages(stats) + TextReport.degraded(stats)).lines().toList()) {
        out.append("    ").append(line).append('\n');
      }
    }
    notMeasured.forEach(line -> out.append("  ").append(line).append('\n'));
    return out.isEmpty() ? "" : "failures (counted in the figures above; each target's summary has every message):\n"
        + out;
  }

  /** {@code 08001=12 connection refused by h:1; 57014=3 timeout: ...}: each SQLState with its most frequent message. */
  private static String byState(List<ErrorStats> errors) {
    StringBuilder out = new StringBuilder();
    for (ErrorStats e : errors) {
      String message = e.messages().isEmpty() ? e.firstMessage() : e.messages().get(0).message();
      out.append(out.isEmpty() ? "" : "; ").append(e.sqlState()).append('=').append(e.count()).append(' ')
          .append(message.strip().replaceAll("\\s*\\R\\s*", " / "));
    }
    return out.toString();
  }
}
