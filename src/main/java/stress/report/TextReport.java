package stress.report;

import static stress.report.Decimals.duration;
import static stress.report.Decimals.millis;
import static stress.report.Decimals.oneDecimal;
import static stress.report.Decimals.threeDecimals;
import static stress.report.TextTable.Align.LEFT;
import static stress.report.TextTable.Align.RIGHT;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import stress.metrics.DegradedWindow;
import stress.metrics.ErrorMessage;
import stress.metrics.ErrorStats;
import stress.metrics.HostStats;
import stress.metrics.IntervalHostStats;
import stress.metrics.IntervalStats;
import stress.metrics.LatencyMillis;
import stress.metrics.OperationStats;
import stress.metrics.Outage;
import stress.metrics.PhaseStats;

/**
 * Text for people: live interval lines, a phase summary and a comparison of phases. Pure functions
 * returning strings; lines end with {@code \n} on every platform (the interval line has none).
 *
 * <p>Numbers: rates (ops/s, rows/s, err/s, reconn/s) with one decimal; latencies in milliseconds with one
 * decimal from 1 ms up and two significant digits below (0.48, 0.052); counts as plain integers.
 * Latencies are those of successful operations; failures are counted apart.
 */
public final class TextReport {
  private TextReport() {}

  /**
   * A sysbench-like progress line, e.g.
   * {@code [ 5s ] thds: 80 ops/s: 41234.5 lat(ms) avg/p95/p99: 1.9/3.1/4.7 err/s: 0.0 reconn/s: 0.0};
   * warm-up intervals start with {@code [ warmup 5s ]}. An interval with failures ends with their counts by
   * SQLState ({@code errors: 57P01=3 08006=1}) and, when their messages name nodes of a cluster, the failures by node
   * ({@code nodes: w2:5432=4}); one with retried attempts with {@code retries: 2}. When the
   * workers are spread over several hosts the line ends with each host's ops/s and p99 (and its failures when
   * it had any): {@code hosts: c1:5432 1234.5/s p99 3.1ms | c2:5432 1180.0/s p99 3.4ms err 2}.
   */
  public static String intervalLine(IntervalStats interval) {
    String elapsed = Decimals.seconds(interval.elapsedSeconds()) + "s";
    StringBuilder line = new StringBuilder("[ " + (interval.warmup() ? "warmup " : "") + elapsed + " ]"
        + " thds: " + interval.activeThreads()
        + " ops/s: " + oneDecimal(interval.opsPerSecond())
        + " lat(ms) avg/p95/p99: " + millis(interval.avgMs()) + "/" + millis(interval.p95Ms()) + "/" + millis(interval.p99Ms())
        + " err/s: " + oneDecimal(interval.errorsPerSecond())
        + " reconn/s: " + oneDecimal(interval.reconnectsPerSecond()));
    if (!interval.errorsBySqlState().isEmpty()) {
      line.append(" errors:");
      interval.errorsBySqlState().forEach((state, count) -> line.append(' ').append(state).append('=').append(count));
    }
    if (!interval.failedNodes().isEmpty()) {
      line.append(" nodes:");
      interval.failedNodes().forEach((node, count) -> line.append(' ').append(node).append('=').append(count));
    }
    if (interval.retries() > 0) {
      line.append(" retries: ").append(interval.retries());
    }
    if (!interval.hosts().isEmpty()) {
      line.append(" hosts:");
      String separator = " ";
      for (IntervalHostStats host : interval.hosts()) {
        line.append(separator).append(host.host()).append(' ').append(oneDecimal(host.opsPerSecond()))
            .append("/s p99 ").append(millis(host.p99Ms())).append("ms");
        if (host.errorCount() > 0) {
          line.append(" err ").append(host.errorCount());
        }
        separator = " | ";
      }
    }
    return line.toString();
  }

  /** A share as a percentage with two decimals: {@code 0.25%}; 0 of 0 is {@code 0.00%}. */
  public static String percent(long part, long whole) {
    double value = whole == 0 ? 0 : 100.0 * part / whole;
    return new java.math.BigDecimal(value).setScale(2, java.math.RoundingMode.HALF_UP).toPlainString() + "%";
  }

  /**
   * The totals of a phase: one row per operation (and a total row when there are several), then the
   * errors by SQLState with their messages (the most frequent, each with its count when they differ).
   *
   * @param phaseLabel the title line {@code phase: <label>}, or null for none (a run has announced the phase
   *                   already, with its number, and says it once)
   */
  public static String summary(String phaseLabel, PhaseStats stats) {
    StringBuilder out = new StringBuilder();
    if (phaseLabel != null) {
      out.append("phase: ").append(phaseLabel).append('\n');
    }
    out.append("duration: ").append(duration(stats.durationSeconds())).append(" s")
        .append("  reconnects: ").append(stats.reconnects())
        .append(" (").append(oneDecimal(stats.reconnectsPerSecond())).append("/s)\n");
    out.append("latency of successful operations in ms\n");
    out.append(operationTable(stats));
    out.append(errorTable(stats));
    out.append(outages(stats));
    out.append(degraded(stats));
    return out.toString();
  }

  /**
   * One line per outage, in seconds from the start of measuring, to the millisecond, e.g.
   * {@code outage: 3.204 s -> 4.911 s (1.707 s without a successful execution; first failure 57P01; 12 failed:
   * 57P01=4 08006=8)}, with {@code ; nodes: w2:5432=8} when the failures named nodes of a cluster; nothing when there
   * was none. In a merged result each outage names the input that saw it, times being that input's own:
   * {@code outage (b.json): 3.204 s -> ...}. Results written before failures were counted per outage show no count.
   */
  static String outages(PhaseStats stats) {
    StringBuilder out = new StringBuilder();
    for (Outage o : stats.outages()) {
      out.append(o.source() == null ? "outage: " : "outage (" + o.source() + "): ").append(threeDecimals(o.startSeconds())).append(" s -> ")
          .append(o.open() ? "end of phase, never recovered" : threeDecimals(o.endSeconds()) + " s")
          .append(" (").append(threeDecimals(o.lengthSeconds(stats.durationSeconds())))
          .append(" s without a successful execution; first failure ").append(o.firstSqlState());
      if (o.failed() > 0) {
        out.append("; ").append(o.failed()).append(" failed:").append(counts(o.errorsBySqlState()));
      }
      if (!o.failedNodes().isEmpty()) {
        out.append("; nodes:").append(counts(o.failedNodes()));
      }
      out.append(")\n");
    }
    return out.toString();
  }

  /**
   * One line per degraded window (some executions failed, others succeeded), its times the edges of its report
   * intervals, e.g. {@code degraded: 8.000 s -> 17.000 s (9.000 s; 48.72% of 120034 executions failed:
   * 08006=58480; nodes: localhost:9702=58480)}; nothing when there was none. In a merged result each names its
   * input.
   */
  static String degraded(PhaseStats stats) {
    StringBuilder out = new StringBuilder();
    for (DegradedWindow d : stats.degraded()) {
      out.append(d.source() == null ? "degraded: " : "degraded (" + d.source() + "): ")
          .append(threeDecimals(d.startSeconds())).append(" s -> ").append(threeDecimals(d.endSeconds())).append(" s (")
          .append(threeDecimals(d.lengthSeconds())).append(" s; ").append(percent(d.failed(), d.executions()))
          .append(" of ").append(d.executions()).append(" executions failed:").append(counts(d.errorsBySqlState()));
      if (!d.failedNodes().isEmpty()) {
        out.append("; nodes:").append(counts(d.failedNodes()));
      }
      out.append(")\n");
    }
    return out.toString();
  }

  /** {@code " a=1 b=2"}: a leading space before each pair. */
  private static String counts(java.util.Map<String, Long> counts) {
    StringBuilder out = new StringBuilder();
    counts.forEach((key, count) -> out.append(' ').append(key).append('=').append(count));
    return out.toString();
  }

  /** The operations; a retries column (attempts run again, not counted as errors) only when there were any. */
  private static String operationTable(PhaseStats stats) {
    boolean retries = stats.total().retries() > 0;
    List<String> headers = new ArrayList<>(
        List.of("operation", "count", "ops/s", "rows/s", "min", "avg", "p50", "p90", "p95", "p99", "p99.9", "max", "errors"));
    List<TextTable.Align> aligns = new ArrayList<>(
        List.of(LEFT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT));
    if (retries) {
      headers.add("retries");
      aligns.add(RIGHT);
    }
    TextTable table = new TextTable(headers, aligns);
    for (OperationStats op : stats.operations()) {
      table.row(operationRow(op, retries));
    }
    if (stats.operations().size() > 1) {
      table.row(operationRow(stats.total(), retries));
    }
    return table.render();
  }

  private static List<String> operationRow(OperationStats op, boolean retries) {
    LatencyMillis ms = op.latencyMs();
    List<String> row = new ArrayList<>(List.of(op.name(), Long.toString(op.count()), oneDecimal(op.opsPerSecond()),
        oneDecimal(op.rowsPerSecond()), millis(ms.min()), millis(ms.avg()), millis(ms.p50()), millis(ms.p90()),
        millis(ms.p95()), millis(ms.p99()), millis(ms.p999()), millis(ms.max()), Long.toString(op.errorCount())));
    if (retries) {
      row.add(Long.toString(op.retries()));
    }
    return row;
  }

  /**
   * The phase per host (coordinator), beside the total: one row per host with its threads, count, ops/s,
   * p50/p95/p99 ms and errors of all operations together, then the phase total; the hosts' counts add up to
   * the total's.
   */
  public static String hostTable(List<HostStats> hosts, PhaseStats total) {
    TextTable table = new TextTable(
        List.of("host", "threads", "count", "ops/s", "p50", "p95", "p99", "errors", "share"),
        List.of(LEFT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT));
    long all = total.total().count();
    int threads = 0;
    for (HostStats host : hosts) {
      threads += host.threads();
      table.row(hostRow(host.host(), host.threads(), host.stats().total(), all));
    }
    table.row(hostRow("total", threads, total.total(), all));
    return "per host (latency of successful operations in ms):\n" + table.render();
  }

  private static List<String> hostRow(String name, int threads, OperationStats op, long all) {
    LatencyMillis ms = op.latencyMs();
    return List.of(name, Integer.toString(threads), Long.toString(op.count()), oneDecimal(op.opsPerSecond()),
        millis(ms.p50()), millis(ms.p95()), millis(ms.p99()), Long.toString(op.errorCount()),
        all > 0 ? oneDecimal(100.0 * op.count() / all) + "%" : "-");
  }

  private static String errorTable(PhaseStats stats) {
    if (stats.total().errorCount() == 0) {
      return "errors: none\n";
    }
    TextTable table = new TextTable(List.of("operation", "sqlstate", "count", "messages"), List.of(LEFT, LEFT, RIGHT, LEFT));
    for (OperationStats op : stats.operations()) {
      for (ErrorStats error : op.errors()) {
        List<String> lines = messageLines(error);
        table.row(List.of(op.name(), error.sqlState(), Long.toString(error.count()), lines.get(0)));
        for (String line : lines.subList(1, lines.size())) {
          table.row(List.of("", "", "", line));
        }
      }
    }
    return "errors by SQLState:\n" + table.render();
  }

  /**
   * The messages of one SQLState's failures, one per line, most frequent first: a message alone when all had it,
   * else each with its count, and a last line for failures whose message was not counted one by one. Results
   * written before messages were counted show their first message.
   */
  public static List<String> messageLines(ErrorStats error) {
    if (error.messages().isEmpty()) {
      return List.of(oneLine(error.firstMessage()));
    }
    if (error.messages().size() == 1 && error.otherMessages() == 0) {
      return List.of(oneLine(error.messages().get(0).message()));
    }
    List<String> lines = new ArrayList<>();
    for (ErrorMessage m : error.messages()) {
      lines.add(oneLine(m.message()) + " (" + m.count() + ")");
    }
    if (error.otherMessages() > 0) {
      lines.add("other messages (" + error.otherMessages() + ")");
    }
    return lines;
  }

  /** Server messages span lines (DETAIL, HINT, Position); a table row must not. */
  private static String oneLine(String message) {
    return message.strip().replaceAll("\\s*\\R\\s*", " / ");
  }

  /**
   * One row per combination: its settings as columns, ops/s, avg/p95/p99 ms and errors of all
   * operations together, the ratio of its ops/s to the first row's, and {@code *} before the row with
   * the highest ops/s (the first of them on a tie). A ratio of a phase that ran across an outage says so beside it.
   *
   * @throws IllegalArgumentException when there are no rows
   */
  public static String comparison(List<ComparisonRow> rows) {
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("a comparison needs at least one row");
    }
    Set<String> keys = new LinkedHashSet<>();
    rows.forEach(row -> keys.addAll(row.settings().keySet()));
    List<String> headers = new ArrayList<>();
    List<TextTable.Align> aligns = new ArrayList<>();
    headers.add("");
    aligns.add(LEFT);
    for (String key : keys) {
      headers.add(key);
      aligns.add(LEFT);
    }
    for (String metric : List.of("ops/s", "avg ms", "p95 ms", "p99 ms", "errors", "vs first")) {
      headers.add(metric);
      aligns.add(RIGHT);
    }
    TextTable table = new TextTable(headers, aligns);

    int best = 0;
    for (int i = 1; i < rows.size(); i++) {
      if (opsPerSecond(rows.get(i)) > opsPerSecond(rows.get(best))) {
        best = i;
      }
    }
    double baseline = opsPerSecond(rows.get(0));
    for (int i = 0; i < rows.size(); i++) {
      ComparisonRow row = rows.get(i);
      OperationStats total = row.stats().total();
      List<String> cells = new ArrayList<>();
      cells.add(i == best ? "*" : "");
      for (String key : keys) {
        cells.add(row.settings().getOrDefault(key, "-"));
      }
      cells.add(oneDecimal(total.opsPerSecond()));
      cells.add(millis(total.latencyMs().avg()));
      cells.add(millis(total.latencyMs().p95()));
      cells.add(millis(total.latencyMs().p99()));
      cells.add(Long.toString(total.errorCount()));
      // no ratio to a first row that did nothing
      cells.add((baseline > 0 ? Decimals.ratio(total.opsPerSecond() / baseline) : "-")
          + (i == 0 ? "" : outages(rows.get(0), row)));
      table.row(cells);
    }
    return table.render();
  }

  /** {@code " (phase 1 ran across ...)"} where either phase of a ratio ran across an outage, else "". */
  private static String outages(ComparisonRow first, ComparisonRow row) {
    List<String> notes = new ArrayList<>();
    for (String note : Arrays.asList(first.outage(), row.outage())) {
      if (note != null) {
        notes.add(note);
      }
    }
    return notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")";
  }

  private static double opsPerSecond(ComparisonRow row) {
    return row.stats().total().opsPerSecond();
  }
}
