package stress.report.files;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import stress.metrics.ErrorStats;
import stress.metrics.IntervalHostStats;
import stress.metrics.IntervalOperationStats;
import stress.metrics.IntervalStats;
import stress.metrics.LatencyMillis;
import stress.metrics.OperationStats;
import stress.metrics.PhaseStats;
import stress.report.PhaseResult;
import stress.report.RoundComparison;
import stress.report.capacity.CapacitySearchResult;

/**
 * The CSV files of a result directory (see {@link ResultFiles}): one table per file, one header line, RFC 4180
 * quoting ({@link Csv}). Phases are numbered from 1 in run order, as in the printed "phase 1/3" lines and the
 * interval log names. Latencies are of successful executions, in milliseconds.
 */
public final class CsvReport {
  /** Columns of {@link #intervals}. */
  public static final List<String> INTERVAL_COLUMNS = List.of("phase", "phase_label", "elapsed_s", "duration_s",
      "warmup", "threads", "operation", "count", "ops_per_s", "rows", "rows_per_s", "lat_avg_ms", "lat_p50_ms",
      "lat_p95_ms", "lat_p99_ms", "lat_max_ms", "errors", "errors_per_s", "reconnects", "availability", "failed_nodes");
  /** Columns of {@link #errors}. */
  public static final List<String> ERROR_COLUMNS = List.of("phase", "phase_label", "elapsed_s", "warmup", "operation",
      "sqlstate", "count");
  /** Columns of {@link #summary} after phase, phase_label and the settings that vary between phases. */
  public static final List<String> SUMMARY_COLUMNS = List.of("operation", "duration_s", "count", "ops_per_s", "rows",
      "rows_per_s", "lat_min_ms", "lat_avg_ms", "lat_p50_ms", "lat_p90_ms", "lat_p95_ms", "lat_p99_ms",
      "lat_p999_ms", "lat_max_ms", "errors", "errors_per_s", "err_lat_min_ms", "err_lat_avg_ms", "err_lat_p50_ms",
      "err_lat_p90_ms", "err_lat_p95_ms", "err_lat_p99_ms", "err_lat_p999_ms", "err_lat_max_ms", "reconnects",
      "reconnects_per_s", "errors_by_sqlstate");

  private CsvReport() {}

  /** Availability of an interval in which nothing failed. */
  public static final String OK = "ok";
  /** Availability of an interval in which some executions failed and some succeeded. */
  public static final String DEGRADED = "degraded";
  /** Availability of an interval in which executions failed and none succeeded. */
  public static final String OUTAGE = "outage";

  private static String availability(IntervalStats i) {
    if (i.errorCount() == 0) {
      return OK;
    }
    return i.count() > 0 ? DEGRADED : OUTAGE;
  }

  /** The operation column of an interval's per-host row: this prefix and the host, e.g. {@code host:c1:5432}. */
  public static final String HOST_ROW_PREFIX = "host:";

  /**
   * One row per interval and operation, then the interval's {@value OperationStats#TOTAL} row, warm-up
   * intervals included and flagged. Reconnects are counted per worker, not per operation: only the total row
   * has them, the operation rows leave the cell empty. When the workers were spread over several hosts, the
   * total row is followed by one row per host (all operations of that host's workers), whose operation column
   * is {@value #HOST_ROW_PREFIX} and the host, e.g. {@code host:c1:5432}; the host rows add up to the total row.
   * A run on one host has no such rows. The last two columns are on the total row only: {@code availability} is
   * {@value #OK} (nothing failed), {@value #DEGRADED} (some executions failed, some succeeded) or {@value #OUTAGE}
   * (executions failed and none succeeded), and {@code failed_nodes} the failures by the node of the cluster their
   * message named, {@code node=count} separated by spaces (empty when none did).
   */
  public static String intervals(List<PhaseResult> phases) {
    StringBuilder csv = new StringBuilder(Csv.line(INTERVAL_COLUMNS));
    for (int p = 0; p < phases.size(); p++) {
      PhaseResult phase = phases.get(p);
      for (IntervalStats i : phase.stats().intervals()) {
        for (IntervalOperationStats op : i.operations()) {
          List<String> row = intervalStart(p, phase, i, op.name());
          addCounts(row, op.count(), op.opsPerSecond(), op.rows(), op.rowsPerSecond());
          addLatency(row, op.avgMs(), op.p50Ms(), op.p95Ms(), op.p99Ms(), op.maxMs());
          row.add(Long.toString(op.errorCount()));
          row.add(Csv.decimal(i.durationSeconds() > 0 ? op.errorCount() / i.durationSeconds() : 0));
          row.add(null);
          row.add(null);
          row.add(null);
          csv.append(Csv.line(row));
        }
        List<String> total = intervalStart(p, phase, i, OperationStats.TOTAL);
        addCounts(total, i.count(), i.opsPerSecond(), i.rows(), i.rowsPerSecond());
        addLatency(total, i.avgMs(), i.p50Ms(), i.p95Ms(), i.p99Ms(), i.maxMs());
        total.add(Long.toString(i.errorCount()));
        total.add(Csv.decimal(i.errorsPerSecond()));
        total.add(Long.toString(i.reconnects()));
        total.add(availability(i));
        total.add(i.failedNodes().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(" ")));
        csv.append(Csv.line(total));
        for (IntervalHostStats host : i.hosts()) {
          List<String> row = intervalStart(p, phase, i, HOST_ROW_PREFIX + host.host());
          addCounts(row, host.count(), host.opsPerSecond(), host.rows(), host.rowsPerSecond());
          addLatency(row, host.avgMs(), host.p50Ms(), host.p95Ms(), host.p99Ms(), host.maxMs());
          row.add(Long.toString(host.errorCount()));
          row.add(Csv.decimal(host.errorsPerSecond()));
          row.add(Long.toString(host.reconnects()));
          row.add(null);
          row.add(null);
          csv.append(Csv.line(row));
        }
      }
    }
    return csv.toString();
  }

  /**
   * One row per interval, operation and SQLState that failed in it ({@value ErrorStats#UNKNOWN} when the driver
   * gave none, e.g. an I/O failure), warm-up intervals included and flagged: a pivot table over it gives
   * errors by SQLState over time. No row for an interval without failures.
   */
  public static String errors(List<PhaseResult> phases) {
    StringBuilder csv = new StringBuilder(Csv.line(ERROR_COLUMNS));
    for (int p = 0; p < phases.size(); p++) {
      PhaseResult phase = phases.get(p);
      String number = Integer.toString(p + 1);
      for (IntervalStats i : phase.stats().intervals()) {
        for (IntervalOperationStats op : i.operations()) {
          op.errorsBySqlState().forEach((state, count) -> csv.append(Csv.line(List.of(
              number, phase.label(), Csv.decimal(i.elapsedSeconds()), Boolean.toString(i.warmup()),
              op.name(), state, Long.toString(count)))));
        }
      }
    }
    return csv.toString();
  }

  /**
   * One row per phase and operation, then the phase's {@value OperationStats#TOTAL} row, with every summary
   * figure (warm-up excluded). After phase and phase_label come the settings that vary between the phases
   * (mode, pool, threads, --set names), one column each, for pivot tables. Reconnects only on the total row.
   */
  public static String summary(List<PhaseResult> phases) {
    Set<String> varying = new LinkedHashSet<>();
    phases.forEach(p -> varying.addAll(p.combination().keySet()));
    boolean rounds = phases.stream().anyMatch(p -> p.round() != null);
    List<String> header = new ArrayList<>(List.of("phase", "phase_label"));
    header.addAll(varying);
    if (rounds) {
      header.add("round");
    }
    header.addAll(SUMMARY_COLUMNS);
    StringBuilder csv = new StringBuilder(Csv.line(header));
    for (int p = 0; p < phases.size(); p++) {
      PhaseResult phase = phases.get(p);
      PhaseStats stats = phase.stats();
      List<OperationStats> rows = new ArrayList<>(stats.operations());
      rows.add(stats.total());
      for (OperationStats op : rows) {
        List<String> row = new ArrayList<>(List.of(Integer.toString(p + 1), phase.label()));
        varying.forEach(key -> row.add(phase.combination().get(key)));
        if (rounds) {
          row.add(phase.round() == null ? null : Integer.toString(phase.round()));
        }
        row.add(op.name());
        row.add(Csv.decimal(stats.durationSeconds()));
        addCounts(row, op.count(), op.opsPerSecond(), op.rows(), op.rowsPerSecond());
        addAllLatency(row, op.latencyMs());
        row.add(Long.toString(op.errorCount()));
        row.add(Csv.decimal(op.errorsPerSecond()));
        addAllLatency(row, op.errorLatencyMs());
        boolean total = op == stats.total();
        row.add(total ? Long.toString(stats.reconnects()) : null);
        row.add(total ? Csv.decimal(stats.reconnectsPerSecond()) : null);
        row.add(op.errors().stream().map(e -> e.sqlState() + "=" + e.count()).collect(Collectors.joining(" ")));
        csv.append(Csv.line(row));
      }
    }
    return csv.toString();
  }

  /** Columns of {@link #comparison} after the combination's settings. */
  public static final List<String> COMPARISON_COLUMNS = List.of("baseline", "operation", "figure", "median", "lowest",
      "highest", "rounds", "ratio", "ratio_low", "ratio_high", "coverage", "verdict", "least_difference", "method");

  /**
   * A run of several rounds compared ({@link RoundComparison}): one row per combination, operation and figure (ops/s,
   * p50 ms, p99 ms), with its value in each round (space-separated, in round order, empty for a round that did not
   * run), the median of the paired ratios to the baseline, its interval and coverage, and the verdict.
   */
  /** Columns of {@link #capacity}. */
  public static final List<String> CAPACITY_COLUMNS = List.of("step", "round", "offered_ops_per_s", "achieved_ops_per_s",
      "lat_p50_ms", "lat_p99_ms", "lat_p999_ms", "error_share", "held", "broken");

  /**
   * A capacity search ({@code run --slo}): one row per step in the order run; {@code held} is {@code yes} or
   * {@code no}, {@code broken} each objective the step broke, separated by {@code ; }. A figure the step did not
   * measure (a latency of no success) is empty.
   */
  public static String capacity(CapacitySearchResult search) {
    StringBuilder csv = new StringBuilder(Csv.line(CAPACITY_COLUMNS));
    search.steps().forEach(step -> csv.append(Csv.line(capacityCells(step))));
    return csv.toString();
  }

  /**
   * The searches of a result ({@link CapacitySearchResult#searches}): one search as {@link
   * #capacity(CapacitySearchResult)}; capacities compared with a leading {@code combination} column, every step of
   * each combination in the order searched, its steps numbered from 1 as its own search numbers them.
   */
  public static String capacity(Map<String, CapacitySearchResult> searches) {
    if (searches.size() == 1 && searches.containsKey("")) {
      return capacity(searches.get(""));
    }
    List<String> header = new ArrayList<>(List.of("combination"));
    header.addAll(CAPACITY_COLUMNS);
    StringBuilder csv = new StringBuilder(Csv.line(header));
    searches.forEach((combination, search) -> search.steps().forEach(step -> {
      List<String> cells = new ArrayList<>();
      cells.add(combination);
      cells.addAll(capacityCells(step));
      csv.append(Csv.line(cells));
    }));
    return csv.toString();
  }

  private static List<String> capacityCells(CapacitySearchResult.Step step) {
    return java.util.Arrays.asList(Integer.toString(step.number()), Integer.toString(step.round()),
        finite(step.offered(), Csv::decimal), finite(step.achieved(), Csv::decimal),
        finite(step.latency("p50"), Csv::millis), finite(step.latency("p99"), Csv::millis),
        finite(step.latency("p99.9"), Csv::millis), finite(step.errorShare(), v -> Csv.number(v, 6)),
        step.held() ? "yes" : "no", String.join("; ", step.broken()));
  }

  private static String finite(double value, java.util.function.DoubleFunction<String> format) {
    return Double.isFinite(value) ? format.apply(value) : null;
  }

  public static String comparison(RoundComparison.Result result) {
    Set<String> keys = new LinkedHashSet<>();
    result.rows().forEach(r -> keys.addAll(r.combination().keySet()));
    List<String> header = new ArrayList<>(keys);
    header.addAll(COMPARISON_COLUMNS);
    StringBuilder csv = new StringBuilder(Csv.line(header));
    for (RoundComparison.Row row : result.rows()) {
      double least = result.noise().stream().filter(n -> n.group().equals(row.group())).findFirst()
          .map(RoundComparison.Noise::leastDifference).orElse(Double.NaN);
      for (RoundComparison.Figure f : row.figures()) {
        List<String> cells = new ArrayList<>();
        keys.forEach(key -> cells.add(row.combination().get(key)));
        cells.add(row.baseline() ? "yes" : "no");
        cells.add(f.operation());
        cells.add(f.figure());
        cells.add(figure(f.median()));
        cells.add(figure(f.low()));
        cells.add(figure(f.high()));
        cells.add(f.rounds().stream().map(v -> v == null ? "" : figure(v)).collect(Collectors.joining(" ")));
        RoundComparison.Ratio r = f.vsBaseline();
        cells.add(r == null ? null : figure(r.median()));
        cells.add(r == null ? null : figure(r.low()));
        cells.add(r == null ? null : figure(r.high()));
        cells.add(r == null ? null : figure(r.coverage()));
        cells.add(row.baseline() ? "baseline" : r == null ? null : r.verdict());
        cells.add(figure(least));
        cells.add(result.method());
        csv.append(Csv.line(cells));
      }
    }
    return csv.toString();
  }

  /** A comparison's number to six decimals, or an empty field where there is none (a figure of no executions). */
  private static String figure(double value) {
    return Double.isFinite(value) ? Csv.number(value, 6) : null;
  }

  private static List<String> intervalStart(int p, PhaseResult phase, IntervalStats i, String operation) {
    return new ArrayList<>(List.of(Integer.toString(p + 1), phase.label(), Csv.decimal(i.elapsedSeconds()),
        Csv.decimal(i.durationSeconds()), Boolean.toString(i.warmup()), Integer.toString(i.activeThreads()), operation));
  }

  private static void addCounts(List<String> row, long count, double opsPerSecond, long rows, double rowsPerSecond) {
    row.add(Long.toString(count));
    row.add(Csv.decimal(opsPerSecond));
    row.add(Long.toString(rows));
    row.add(Csv.decimal(rowsPerSecond));
  }

  private static void addLatency(List<String> row, double avg, double p50, double p95, double p99, double max) {
    for (double ms : new double[] {avg, p50, p95, p99, max}) {
      row.add(Csv.millis(ms));
    }
  }

  private static void addAllLatency(List<String> row, LatencyMillis ms) {
    for (double value : new double[] {ms.min(), ms.avg(), ms.p50(), ms.p90(), ms.p95(), ms.p99(), ms.p999(), ms.max()}) {
      row.add(Csv.millis(value));
    }
  }
}
