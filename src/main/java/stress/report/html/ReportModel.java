package stress.report.html;

import static stress.report.Decimals.millis;
import static stress.report.Decimals.oneDecimal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import stress.metrics.DegradedWindow;
import stress.metrics.ErrorStats;
import stress.metrics.IntervalStats;
import stress.metrics.OperationStats;
import stress.metrics.Outage;
import stress.metrics.PhaseStats;
import stress.report.CapacitySteps;
import stress.report.Decimals;
import stress.report.PhaseResult;
import stress.report.TextReport;
import stress.report.merge.ResultMerger;

/**
 * What the page shows, computed from one run or two overlaid runs: the sections with their charts and
 * tables, the outcome first (results, a capacity search's knee, then the comparison, which a search's steps are
 * not: {@link CapacitySteps}), then the time series, the percentile curves, the
 * errors, the client's own cost, and the settings last. Time series share one {@link IntervalAxis}. Series of the same phase share a colour; in an overlay the earlier run is dashed and every
 * label starts with the run's name. Time series show the measured intervals only (warm-up left out).
 */
final class ReportModel {
  private final List<NamedResult> runs;
  private final boolean overlay;
  private final IntervalAxis axis;
  private int nextChart;

  private ReportModel(List<NamedResult> runs) {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("a report needs at least one run result");
    }
    if (runs.size() == 2) {
      stress.report.tworuns.CapacitiesOfTwoRuns.refuseMisleading(runs.get(0).name(), runs.get(0).result(),
          runs.get(1).name(), runs.get(1).result());
    }
    // a search's steps named by their number: a rate offered twice would repeat a label
    this.runs = runs.stream().map(r -> new NamedResult(r.name(), CapacitySteps.numbered(r.result()))).toList();
    this.overlay = runs.size() > 1;
    this.axis = IntervalAxis.of(runs.stream().flatMap(run -> run.result().phases().stream()).map(PhaseResult::stats).toList());
  }

  static List<Section> sections(List<NamedResult> runs) {
    return new ReportModel(runs).build();
  }

  private List<Section> build() {
    List<Section> sections = new ArrayList<>();
    sections.add(Headline.of(runs));
    Section capacity = CapacitySection.of(runs, this::chartId);
    if (capacity != null) {
      sections.add(capacity);
    }
    if (runs.size() == 2) {
      List<String> lines = stress.report.tworuns.RunsCompared.lines(runs.get(0).name(), runs.get(0).result(),
          runs.get(1).name(), runs.get(1).result());
      List<String> headlines = new ArrayList<>();
      stress.report.tworuns.RunsCompared.differences(runs.get(0).name(), runs.get(0).result(), runs.get(1).name(),
          runs.get(1).result()).forEach(d -> headlines.add("The runs differ in " + d + "."));
      lines.subList(1, lines.size()).forEach(l -> headlines.add(l + "."));
      sections.add(new Section("before-after", "Before and after, with noise", lines.get(0) + ".", headlines,
          List.of(), List.of(), false));
    }
    Section rounds = RoundsSection.of(runs, this::chartId);
    if (rounds != null) {
      sections.add(rounds);
    }
    if (runs.stream().anyMatch(run -> run.result().phases().size() > 1)) {
      sections.add(ComparisonSection.of(runs, this::chartId, this::dashed));
    }
    Section instances = InstancesSection.of(runs);
    if (instances != null) {
      sections.add(instances);
    }
    Section layouts = LayoutSection.of(runs, this::chartId);
    if (layouts != null) {
      sections.add(layouts);
    }
    Section mongodb = MongoSection.of(runs, this::chartId);
    if (mongodb != null) {
      sections.add(mongodb);
    }
    sections.add(throughput());
    sections.add(latencyOverTime());
    sections.add(distributions());
    sections.add(errors());
    sections.add(ClientSection.of(runs));
    sections.add(SettingsSection.of(runs));
    return sections;
  }

  // ---- throughput and latency over time -----------------------------------------------------

  private Section throughput() {
    List<Series> series = new ArrayList<>();
    forEachPhase((run, index, phase) -> series.add(Series.line(label(run, phase.label()), phase.label(), dashed(index),
        axis.points(phase.stats(), IntervalStats::opsPerSecond))));
    ChartSpec chart = new ChartSpec(chartId(), "Throughput", "time", "seconds measured", "ops/s", null, List.of(),
        series, TimeTable.of(axis, series, Decimals::oneDecimal));
    return new Section("throughput", "Throughput over time",
        "Successful operations per second in each report interval, per phase (warm-up left out); the phases share"
            + " the x axis: the n-th interval of each phase is at the same second." + withoutTimeSeries(),
        drawn(List.of(chart)), List.of());
  }

  /**
   * Why some runs have no line over time, as a sentence starting with a space, or "" when every phase of every run
   * has measured intervals: {@code stress merge} does not merge report intervals (each process measured its own on
   * its own clock), and a result file may hold none.
   */
  private String withoutTimeSeries() {
    List<String> merged = new ArrayList<>();
    List<String> without = new ArrayList<>();
    for (NamedResult run : runs) {
      boolean missing = run.result().phases().stream()
          .anyMatch(phase -> phase.stats().intervals().stream().allMatch(IntervalStats::warmup));
      if (missing) {
        (run.result().settings().containsKey(ResultMerger.MERGED_FROM) ? merged : without).add(run.name());
      }
    }
    StringBuilder why = new StringBuilder();
    if (!merged.isEmpty()) {
      why.append(overlay ? " " + String.join(" and ", merged) + (merged.size() > 1 ? " are merged results" : " is a merged result")
          : " This is a merged result").append(" (stress merge): it adds the processes' counts and histograms but not"
          + " their report intervals, each measured on its own process's clock, so there is nothing to draw over time;"
          + " the report of each process's own result file has these charts.");
    }
    if (!without.isEmpty()) {
      why.append(overlay ? " The result file of " + String.join(" and ", without) : " The result file")
          .append(" holds no measured report interval for some phases (their \"intervals\" are empty or warm-up"
              + " only), so those phases have no line over time.");
    }
    return why.toString();
  }

  /** The charts that have a point to draw; a chart of empty series is left out (its section says why). */
  private static List<ChartSpec> drawn(List<ChartSpec> charts) {
    return charts.stream().filter(c -> c.series().stream().anyMatch(s -> !s.points().isEmpty())).toList();
  }

  private Section latencyOverTime() {
    List<ChartSpec> charts = new ArrayList<>();
    for (String phaseLabel : phaseLabels()) {
      List<Series> series = new ArrayList<>();
      for (int index = 0; index < runs.size(); index++) {
        NamedResult run = runs.get(index);
        for (PhaseResult phase : run.result().phases()) {
          if (!phase.label().equals(phaseLabel)) {
            continue;
          }
          addLatency(series, run, index, phase.stats(), "p50", IntervalStats::p50Ms);
          addLatency(series, run, index, phase.stats(), "p95", IntervalStats::p95Ms);
          addLatency(series, run, index, phase.stats(), "p99", IntervalStats::p99Ms);
          addLatency(series, run, index, phase.stats(), "max", IntervalStats::maxMs);
        }
      }
      charts.add(new ChartSpec(chartId(), "Latency: " + phaseLabel, "time-log", "seconds measured", "ms (log scale)",
          null, List.of(), series, TimeTable.of(axis, series, Decimals::millis)));
    }
    return new Section("latency", "Latency over time",
        "Percentiles of the successful operations' latency in each report interval, one chart per phase, on a"
            + " logarithmic axis so that one slow maximum does not flatten p50, p95 and p99; all phases share the x"
            + " axis of the throughput chart." + withoutTimeSeries(), drawn(charts), List.of());
  }

  private void addLatency(List<Series> series, NamedResult run, int index, PhaseStats stats, String name,
                          ToDoubleFunction<IntervalStats> value) {
    series.add(Series.line(overlay ? run.name() + " · " + name : name, name, dashed(index), axis.points(stats, value)));
  }

  // ---- percentile distribution --------------------------------------------------------------

  private Section distributions() {
    List<ChartSpec> charts = new ArrayList<>();
    for (String operation : operationNames()) {
      List<Series> series = new ArrayList<>();
      List<List<String>> rows = new ArrayList<>();
      forEachPhase((run, index, phase) -> {
        OperationStats op = find(phase.stats(), operation);
        if (op == null) {
          return;
        }
        String label = label(run, phase.label());
        series.add(Series.line(label, phase.label(), dashed(index), PercentileCurve.of(op.histogram())));
        rows.add(List.of(label, Long.toString(op.count()), millis(op.latencyMs().p50()), millis(op.latencyMs().p90()),
            millis(op.latencyMs().p99()), millis(op.latencyMs().p999()),
            millis(op.histogram().getValueAtPercentile(99.99) / 1_000_000.0), millis(op.latencyMs().max())));
      });
      DataTable table = new DataTable(List.of("phase", "count", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "p99.99 ms", "max ms"), rows);
      charts.add(new ChartSpec(chartId(), "Latency by percentile: " + operation, "percentiles", "percentile", "ms", null,
          List.of(), series, table));
    }
    return new Section("distribution", "Latency by percentile",
        "The whole latency distribution of each operation over the measured phase, from its HdrHistogram;"
            + " the x axis is logarithmic in 1/(1-percentile), so 90%, 99%, 99.9% are equally spaced.", charts, List.of());
  }

  /** The operations in order of first appearance, then {@value OperationStats#TOTAL} when a phase has several. */
  private List<String> operationNames() {
    Set<String> names = new LinkedHashSet<>();
    boolean several = false;
    for (NamedResult run : runs) {
      for (PhaseResult phase : run.result().phases()) {
        phase.stats().operations().forEach(op -> names.add(op.name()));
        several |= phase.stats().operations().size() > 1;
      }
    }
    if (several) {
      names.add(OperationStats.TOTAL);
    }
    return new ArrayList<>(names);
  }

  private static OperationStats find(PhaseStats stats, String operation) {
    if (operation.equals(OperationStats.TOTAL)) {
      return stats.operations().size() > 1 ? stats.total() : null;
    }
    return stats.operations().stream().filter(op -> op.name().equals(operation)).findFirst().orElse(null);
  }

  // ---- errors -------------------------------------------------------------------------------

  private Section errors() {
    List<Series> series = new ArrayList<>();
    List<List<String>> rows = new ArrayList<>();
    forEachPhase((run, index, phase) -> {
      if (phase.stats().total().errorCount() == 0) {
        return;
      }
      for (Map.Entry<String, List<Point>> state : ErrorSeries.bySqlState(phase.stats()).entrySet()) {
        series.add(Series.line(label(run, phase.label()) + " · " + state.getKey(), phase.label() + " · " + state.getKey(),
            dashed(index), axis.align(state.getValue())));
      }
      for (OperationStats op : phase.stats().operations()) {
        for (ErrorStats error : op.errors()) {
          List<String> row = new ArrayList<>(List.of(phase.label(), op.name(), error.sqlState(), Long.toString(error.count()),
              String.join(" | ", TextReport.messageLines(error))));
          if (overlay) {
            row.add(0, run.name());
          }
          rows.add(row);
        }
      }
    });
    if (series.isEmpty()) {
      return new Section("errors", "Errors", "No operation failed.", List.of(), List.of());
    }
    List<String> headers = new ArrayList<>(List.of("phase", "operation", "SQLState", "count", "messages"));
    if (overlay) {
      headers.add(0, "run");
    }
    ChartSpec chart = new ChartSpec(chartId(), "Errors per second by SQLState", "time", "seconds measured", "errors/s", null, List.of(),
        series, TimeTable.of(axis, series, Decimals::oneDecimal));
    return new Section("errors", "Errors",
        "Failed operations per second in each report interval by SQLState, and the totals by SQLState with their"
            + " messages, the most frequent first. Then the availability windows: an outage is a time nothing succeeded (from the"
            + " workers' own clocks), a degraded window a run of report intervals in which some executions failed and"
            + " others succeeded; nodes are those the failures' messages named (Citus host:port, Postgres-XL datanode)."
            + withoutTimeSeries(),
        drawn(List.of(chart)), List.of(new DataTable(headers, rows), availability()));
  }

  /** One row per outage and degraded window of every phase, in order of start within a phase. */
  private DataTable availability() {
    List<String> headers = new ArrayList<>(List.of("phase", "window", "start s", "end s", "failed", "share failed",
        "SQLStates", "nodes"));
    if (overlay) {
      headers.add(0, "run");
    }
    List<List<String>> rows = new ArrayList<>();
    forEachPhase((run, index, phase) -> {
      PhaseStats stats = phase.stats();
      for (Outage o : stats.outages()) {
        rows.add(windowRow(run, phase, "outage" + from(o.source()), o.startSeconds(),
            o.open() ? "never recovered" : Decimals.threeDecimals(o.endSeconds()), o.failed() > 0 ? Long.toString(o.failed()) : "",
            "100%", o.errorsBySqlState().isEmpty() ? o.firstSqlState() : SettingsSection.pairs(o.errorsBySqlState()),
            SettingsSection.pairs(o.failedNodes())));
      }
      for (DegradedWindow d : stats.degraded()) {
        rows.add(windowRow(run, phase, "degraded" + from(d.source()), d.startSeconds(),
            Decimals.threeDecimals(d.endSeconds()), d.failed() + " of " + d.executions(),
            TextReport.percent(d.failed(), d.executions()), SettingsSection.pairs(d.errorsBySqlState()), SettingsSection.pairs(d.failedNodes())));
      }
    });
    return new DataTable(headers, rows);
  }

  private List<String> windowRow(NamedResult run, PhaseResult phase, String kind, double start, String end,
                                 String failed, String share, String states, String nodes) {
    List<String> row = new ArrayList<>(List.of(phase.label(), kind, Decimals.threeDecimals(start), end, failed, share,
        states, nodes));
    if (overlay) {
      row.add(0, run.name());
    }
    return row;
  }

  private static String from(String source) {
    return source == null ? "" : " (" + source + ")";
  }

  // ---- helpers ------------------------------------------------------------------------------

  private interface PhaseVisitor {
    void visit(NamedResult run, int runIndex, PhaseResult phase);
  }

  private void forEachPhase(PhaseVisitor visitor) {
    for (int index = 0; index < runs.size(); index++) {
      for (PhaseResult phase : runs.get(index).result().phases()) {
        visitor.visit(runs.get(index), index, phase);
      }
    }
  }

  private List<String> phaseLabels() {
    Set<String> labels = new LinkedHashSet<>();
    runs.forEach(run -> run.result().phases().forEach(phase -> labels.add(phase.label())));
    return new ArrayList<>(labels);
  }

  private String label(NamedResult run, String phaseLabel) {
    return overlay ? run.name() + " · " + phaseLabel : phaseLabel;
  }

  /** Every run but the last of an overlay is "before": dashed. */
  private boolean dashed(int runIndex) {
    return runIndex < runs.size() - 1;
  }

  private String chartId() {
    return "chart-" + nextChart++;
  }
}
