package stress.report;

import static stress.report.Decimals.millis;
import static stress.report.TextTable.Align.LEFT;
import static stress.report.TextTable.Align.RIGHT;

import java.util.ArrayList;
import java.util.List;
import stress.metrics.OperationStats;

/**
 * Per collection of an application's run ({@code run --workload DIR}): its operations together, measured here (their
 * latencies merged exactly, their executions per second) beside what MongoDB recorded for them together.
 */
public final class CollectionComparison {
  /** The line above the text table and the heading of the report's table. */
  public static final String TITLE = "per collection (its operations together; MongoDB /s: the statements logged per"
      + " second from its first to its last)";

  private CollectionComparison() {}

  /**
   * One collection in one phase; the MongoDB figures are null when the listing does not give them, the measured ones
   * 0 for a skipped collection.
   *
   * @param phase          the phase's label
   * @param collection     its table
   * @param namespace      the collection as logged
   * @param mongoEntries   the statements MongoDB logged for its operations
   * @param mongoPerSecond their rate in the log, or null
   * @param mongoP50       MongoDB's median durationMillis over them, or null
   * @param mongoP99       its 99th percentile, or null
   * @param count          executions measured here
   * @param errors         failed executions here
   * @param opsPerSecond   executions per second here
   * @param p50            the measured median, ms
   * @param p95            the measured 95th percentile, ms
   * @param p99            the measured 99th percentile, ms
   * @param p50Ratio       p50 / mongoP50, or null when MongoDB logged 0 ms or nothing ran
   * @param p99Ratio       p99 / mongoP99, likewise
   * @param skipped        why the collection did not run, or null
   */
  public record Row(String phase, String collection, String namespace, Long mongoEntries, Double mongoPerSecond,
                    Long mongoP50, Long mongoP99, long count, long errors, double opsPerSecond, double p50, double p95,
                    double p99, Double p50Ratio, Double p99Ratio, String skipped) {}

  /** Every phase's rows, in phase order and the listing's order; empty for a run of one workload file. */
  public static List<Row> rows(RunResult result) {
    List<Row> rows = new ArrayList<>();
    for (PhaseResult phase : result.phases()) {
      for (RecordedCollection c : result.collections()) {
        List<OperationStats> ops = phase.stats().operations().stream()
            .filter(o -> c.operations().contains(o.name())).toList();
        OperationStats total = ops.isEmpty() ? null : OperationStats.total(ops, phase.stats().durationSeconds());
        long count = total == null ? 0 : total.count();
        Long mongoP50 = c.mongodb() == null ? null : c.mongodb().p50Millis();
        Long mongoP99 = c.mongodb() == null ? null : c.mongodb().p99Millis();
        rows.add(new Row(phase.label(), c.collection(), c.namespace(), c.mongodb() == null ? null
            : c.mongodb().entries(), c.mongodb() == null ? null : c.mongodb().perSecond(), mongoP50, mongoP99, count,
            total == null ? 0 : total.errorCount(), total == null ? 0 : total.opsPerSecond(),
            count == 0 ? 0 : total.latencyMs().p50(), count == 0 ? 0 : total.latencyMs().p95(),
            count == 0 ? 0 : total.latencyMs().p99(), ratio(count, count == 0 ? 0 : total.latencyMs().p50(), mongoP50),
            ratio(count, count == 0 ? 0 : total.latencyMs().p99(), mongoP99), c.skipped()));
      }
    }
    return rows;
  }

  private static Double ratio(long count, double here, Long mongo) {
    return count == 0 || mongo == null || mongo == 0 ? null : here / mongo;
  }

  /** The text table (a block per phase), or empty for a run of one workload file. */
  public static String text(RunResult result) {
    List<Row> rows = rows(result);
    if (rows.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder(TITLE).append(":\n");
    out.append(TextTable.perPhase(rows, Row::phase, () -> new TextTable(List.of("collection", "namespace", "MongoDB n",
        "MongoDB /s", "MongoDB p50", "MongoDB p99", "here n", "here ops/s", "here p50", "here p95", "here p99",
        "ratio p50", "ratio p99"), List.of(LEFT, LEFT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT,
        RIGHT, RIGHT)), CollectionComparison::cells));
    result.collections().stream().filter(c -> c.skipped() != null).forEach(c -> out.append("  ")
        .append(c.namespace()).append(" (table ").append(c.collection()).append("): skipped: ").append(c.skipped())
        .append('\n'));
    return out.toString();
  }

  private static List<String> cells(Row row) {
    boolean ran = row.skipped() == null;
    return List.of(row.collection(), row.namespace(), text(row.mongoEntries()), row.mongoPerSecond() == null ? "-"
        : Decimals.threeDecimals(row.mongoPerSecond()), text(row.mongoP50()), text(row.mongoP99()),
        ran ? row.count() + (row.errors() > 0 ? " (" + row.errors() + " errors)" : "") : "skipped",
        ran ? Decimals.oneDecimal(row.opsPerSecond()) : "-", row.count() == 0 ? "-" : millis(row.p50()),
        row.count() == 0 ? "-" : millis(row.p95()), row.count() == 0 ? "-" : millis(row.p99()),
        MongoComparison.ratioText(row.p50Ratio()), MongoComparison.ratioText(row.p99Ratio()));
  }

  private static String text(Number n) {
    return n == null ? "-" : n.toString();
  }
}
