package stress.report;

import static stress.report.Decimals.millis;
import static stress.report.TextTable.Align.LEFT;
import static stress.report.TextTable.Align.RIGHT;

import java.util.ArrayList;
import java.util.List;
import stress.metrics.OperationStats;

/**
 * MongoDB's recorded figures beside this run's measured ones, per phase and operation of a workload derived from
 * MongoDB's logs: latencies with their ratio, MongoDB's plan beside this target's. MongoDB's {@code durationMillis}
 * is mongod's own time in whole milliseconds; a run measures the client's round trip, network included, so a ratio
 * favours MongoDB by the round trip.
 */
public final class MongoComparison {
  /** The line above the table, also the heading of the report's section. */
  public static final String TITLE = "MongoDB recorded vs measured here";
  /** What the two sides measure, under the title. */
  public static final String EXPLANATION = "MongoDB: mongod's durationMillis from its log (the server's own time,"
      + " whole ms: 0 is under 1 ms, where no ratio is given); here: the client's round trip, network included."
      + " ratio = here / MongoDB.";

  private MongoComparison() {}

  /**
   * One operation in one phase.
   *
   * @param phase        the phase's label
   * @param operation    the operation
   * @param mongoEntries how often MongoDB logged it
   * @param mongoP50     MongoDB's median durationMillis
   * @param mongoP99     its 99th percentile
   * @param mongoPlan    the plan MongoDB used most often
   * @param count        executions measured here
   * @param errors       failed executions here
   * @param p50          the measured median, ms
   * @param p99          the measured 99th percentile, ms
   * @param p50Ratio     p50 / mongoP50, or null when MongoDB logged 0 ms or nothing was measured
   * @param p99Ratio     p99 / mongoP99, likewise
   * @param plan         this target's plan (indexes read, tables read whole)
   * @param route        where the statement goes on a cluster, or null
   * @param note         what to look at (an index MongoDB had and this target does not use), or empty
   */
  public record Row(String phase, String operation, long mongoEntries, long mongoP50, long mongoP99, String mongoPlan,
                    long count, long errors, double p50, double p99, Double p50Ratio, Double p99Ratio, String plan,
                    String route, String note) {}

  /** Every phase's rows, in phase order and the file's operation order; empty when nothing was recorded. */
  public static List<Row> rows(RunResult result) {
    List<Row> rows = new ArrayList<>();
    if (result.recorded().isEmpty()) {
      return rows;
    }
    for (PhaseResult phase : result.phases()) {
      for (RecordedOperation r : result.recorded()) {
        OperationStats measured = phase.stats().operations().stream()
            .filter(o -> o.name().equals(r.operation())).findFirst().orElse(null);
        long count = measured == null ? 0 : measured.count();
        double p50 = count == 0 ? 0 : measured.latencyMs().p50();
        double p99 = count == 0 ? 0 : measured.latencyMs().p99();
        rows.add(new Row(phase.label(), r.operation(), r.mongodb().entries(), r.mongodb().p50Millis(),
            r.mongodb().p99Millis(), r.mongodb().plan(), count, measured == null ? 0 : measured.errorCount(), p50, p99,
            ratio(count, p50, r.mongodb().p50Millis()), ratio(count, p99, r.mongodb().p99Millis()), r.plan(),
            r.route(), r.note()));
      }
    }
    return rows;
  }

  private static Double ratio(long count, double here, long mongo) {
    return count == 0 || mongo == 0 ? null : here / mongo;
  }

  /** A ratio cell: x0.42, or - when there is none. */
  public static String ratioText(Double ratio) {
    return ratio == null ? "-" : Decimals.ratio(ratio);
  }

  /** The text table (a block per phase), or empty when nothing was recorded. */
  public static String text(RunResult result) {
    List<Row> rows = rows(result);
    if (rows.isEmpty()) {
      return "";
    }
    boolean routes = rows.stream().anyMatch(r -> r.route() != null);
    StringBuilder out = new StringBuilder(TITLE).append(":\n  ").append(EXPLANATION).append('\n');
    List<String> headers = new ArrayList<>(List.of("operation", "MongoDB n", "MongoDB p50", "MongoDB p99", "here n",
        "here p50", "here p99", "ratio p50", "ratio p99", "MongoDB plan", "plan here"));
    List<TextTable.Align> aligns = new ArrayList<>(List.of(LEFT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT,
        RIGHT, LEFT, LEFT));
    if (routes) {
      headers.add("route here");
      aligns.add(LEFT);
    }
    out.append(TextTable.perPhase(rows, Row::phase, () -> new TextTable(headers, aligns), row -> {
      List<String> cells = new ArrayList<>(List.of(row.operation(), Long.toString(row.mongoEntries()),
          Long.toString(row.mongoP50()), Long.toString(row.mongoP99()),
          row.count() + (row.errors() > 0 ? " (" + row.errors() + " errors)" : ""),
          row.count() == 0 ? "-" : millis(row.p50()), row.count() == 0 ? "-" : millis(row.p99()),
          ratioText(row.p50Ratio()), ratioText(row.p99Ratio()), row.mongoPlan(), row.plan()));
      if (routes) {
        cells.add(row.route() == null ? "" : row.route());
      }
      return cells;
    }));
    List<String> notes = new ArrayList<>();
    for (Row row : rows) {
      String note = row.operation() + ": " + row.note();
      if (!row.note().isEmpty() && !notes.contains(note)) {
        notes.add(note);
      }
    }
    notes.forEach(n -> out.append("  ").append(n).append('\n'));
    return out.toString();
  }
}
