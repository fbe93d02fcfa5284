package stress.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import stress.report.Decimals;
import stress.report.capacity.CapacitiesCompared;
import stress.report.capacity.CapacitySearchResult.Step;
import stress.report.capacity.CapacitySearchResult;

/**
 * A capacity search ({@code run --slo}): the capacity in words first, then the knee, latency against the offered
 * rate (each step's latencies, one line per figure and round in order of rate, each round its colour and each figure
 * its dash ({@link KneeLegend}), a broken step hollow), with each
 * latency objective drawn across and the capacity marked up the chart (over rounds its interval a band), and the
 * table of every step. Capacities compared ({@link ComparedCapacities}) share one knee, with the comparison's table
 * before the steps'. No section for a run without a search.
 */
final class CapacitySection {
  static final String ID = "capacity";
  /** Rates spanning more than this many times are drawn on a logarithmic axis. */
  static final double LOG_SPAN = 10;

  private CapacitySection() {}

  /** The section, or null when no run searched a capacity. */
  static Section of(List<NamedResult> runs, Supplier<String> chartIds) {
    boolean overlay = runs.size() > 1;
    boolean anyCompared = false;
    List<String> headlines = new ArrayList<>();
    List<ChartSpec> charts = new ArrayList<>();
    List<DataTable> tables = new ArrayList<>();
    for (NamedResult run : runs) {
      String prefix = overlay ? run.name() + " · " : "";
      CapacitiesCompared compared = CapacitiesCompared.of(run.result());
      if (compared != null) {
        anyCompared = true;
        headlines.addAll(ComparedCapacities.headlines(prefix, compared));
        if (compared.searches().values().stream().anyMatch(s -> !s.steps().isEmpty())) {
          charts.add(ComparedCapacities.chart(chartIds.get(), prefix, compared));
        }
        tables.add(ComparedCapacities.table(overlay ? run.name() : null, compared));
        tables.add(steps(overlay ? run.name() : null, compared.searches()));
        continue;
      }
      CapacitySearchResult search = CapacitySearchResult.of(run.result());
      if (search == null) {
        continue;
      }
      search.sentences().forEach(s -> headlines.add(prefix + s + "."));
      if (!search.steps().isEmpty()) {
        charts.add(chart(chartIds.get(), prefix, search));
        tables.add(steps(overlay ? run.name() : null, Map.of("", search)));
      }
    }
    if (headlines.isEmpty()) {
      return null;
    }
    return new Section(ID, "Capacity", "Each step offered one rate in an open loop, latency measured from each"
        + " intended start. The chart draws each step's latencies of all operations against the rate it offered, a"
        + " line per figure and round in order of rate (each round its own colour, the check's runs one more, and each"
        + " figure its own dash: p50 dotted, p99 solid, p99.9 dashed; the legend names them; a hollow marker is a step"
        + " that broke an objective or did not keep up with the rate), each latency objective as a dashed line across,"
        + " and the capacity as a line up the chart, over several rounds with its interval as a band. Latency is on a"
        + " logarithmic axis, and so is the rate when the steps span more than " + (int) LOG_SPAN + " times."
        + (anyCompared ? " Capacities compared share one chart: each combination in its own colour (each round its own"
        + " marker), drawn with the figures its objectives name, its capacity marked; the table under it gives each combination's capacity"
        + " and its ratio to the first combination's, paired round by round, with the interval and the verdict." : "")
        + " The table of steps lists every step in the order run.", headlines, charts, tables, false);
  }

  /** The knee: the steps' latencies against the offered rate, the objectives across and the capacity up. */
  static ChartSpec chart(String id, String prefix, CapacitySearchResult search) {
    List<String> figures = figures(search);
    Set<String> rounds = new LinkedHashSet<>();
    search.steps().forEach(s -> rounds.add(s.roundName()));
    double xLow = search.steps().stream().mapToDouble(Step::offered).min().orElse(1);
    double xHigh = search.steps().stream().mapToDouble(Step::offered).max().orElse(1);
    double yLow = Double.POSITIVE_INFINITY;
    double yHigh = 0;
    List<Series> series = new ArrayList<>();
    KneeLegend legend = new KneeLegend();
    for (String figure : figures) {
      for (String round : rounds) {
        List<Step> drawn = search.steps().stream()
            .filter(s -> s.roundName().equals(round) && s.latency(figure) > 0)
            .sorted(Comparator.comparingDouble(Step::offered)).toList();
        List<Point> points = new ArrayList<>();
        List<Integer> broken = new ArrayList<>();
        for (Step step : drawn) {
          if (!step.held()) {
            broken.add(points.size());
          }
          points.add(new Point(step.offered(), step.latency(figure)));
          yLow = Math.min(yLow, step.latency(figure));
          yHigh = Math.max(yHigh, step.latency(figure));
        }
        String name = round.equals("check") ? "check" : "round " + round;
        // a round's colour, a figure's dash: the rounds told apart at a glance, and the figures within each
        series.add(new Series(rounds.size() > 1 ? prefix + figure + " · " + name : prefix + figure,
            name, false, "y", points, broken, null, name,
            legend.steps(series.size(), round, figure, !broken.isEmpty())));
      }
    }
    for (CapacitySearchResult.LatencyLimit limit : search.latencyLimits()) {
      yLow = Math.min(yLow, limit.ms());
      yHigh = Math.max(yHigh, limit.ms());
    }
    if (!(yHigh > 0)) { // no latency at all: the marks still need a height
      yLow = 1;
      yHigh = 1;
    }
    for (CapacitySearchResult.LatencyLimit limit : search.latencyLimits()) {
      String label = prefix + "objective " + limit.objective();
      series.add(new Series(label, "objective " + limit.figure(), true, "y",
          List.of(new Point(xLow, limit.ms()), new Point(xHigh, limit.ms())), List.of(), null, "objective",
          legend.objective(series.size(), label)));
    }
    if (search.hasInterval()) {
      String label = prefix + "interval " + CapacitySearchResult.rate(search.low()) + "-"
          + CapacitySearchResult.rate(search.high()) + " ops/s";
      series.add(new Series(label, "capacity interval", false, "y",
          List.of(new Point(search.low(), yHigh), new Point(search.high(), yHigh)), List.of(), null, "band",
          legend.capacity(series.size(), label, true)));
    }
    if (Double.isFinite(search.capacity())) {
      String label = prefix + "capacity " + CapacitySearchResult.rate(search.capacity()) + " ops/s";
      series.add(new Series(label, "capacity", false, "y", List.of(new Point(search.capacity(), yLow),
          new Point(search.capacity(), yHigh)), List.of(), null, "capacity",
          legend.capacity(series.size(), label, false)));
    }
    boolean logRates = xLow > 0 && xHigh / xLow > LOG_SPAN;
    return new ChartSpec(id, prefix + "Latency against the offered rate, under " + search.objectivesText(),
        logRates ? "knee-log" : "knee", "offered ops/s" + (logRates ? " (log scale)" : ""), "ms (log scale)", null,
        List.of(), series, answers(search), legend.entries());
  }

  /** The latency figures the steps hold, in order: p50, p99, p99.9 and any other an objective names. */
  private static List<String> figures(CapacitySearchResult search) {
    return CapacitySearchResult.LATENCIES.stream()
        .filter(f -> search.steps().stream().anyMatch(s -> s.latencyMs().containsKey(f))).toList();
  }

  /** Beside the chart: each round's answer and, over rounds, the median with its interval. */
  private static DataTable answers(CapacitySearchResult search) {
    List<List<String>> rows = new ArrayList<>();
    for (CapacitySearchResult.Round round : search.rounds()) {
      rows.add(List.of("round " + round.round(), (round.lowerBound() ? "at least " : "")
              + CapacitySearchResult.rate(round.capacity()) + (round.lowerBound() ? " (a lower bound)" : ""), CapacitySearchResult.rate(round.brokeAt()),
          String.join("; ", round.brokeOn())));
    }
    if (search.rounds().size() > 1) {
      rows.add(List.of("median of the rounds", CapacitySearchResult.rate(search.capacity()), "",
          search.hasInterval() ? "interval " + CapacitySearchResult.rate(search.low()) + "-"
              + CapacitySearchResult.rate(search.high()) + " ops/s, "
              + stress.report.RoundComparisonText.percent(search.coverage()) + " coverage" : ""));
    }
    return new DataTable(List.of("answer", "capacity ops/s", "broke at ops/s", "broke on"), rows);
  }

  /**
   * Every step in the order run: what it offered and measured, and whether it held or what it broke; capacities
   * compared (names other than {@code ""}), every step of each combination, its name first.
   */
  static DataTable steps(String run, Map<String, CapacitySearchResult> searches) {
    boolean compared = !(searches.size() == 1 && searches.containsKey(""));
    List<String> figures = CapacitySearchResult.LATENCIES.stream().filter(f -> searches.values().stream()
        .flatMap(s -> s.steps().stream()).anyMatch(s -> s.latencyMs().containsKey(f))).toList();
    boolean rounds = searches.values().stream().anyMatch(s -> s.rounds().size() > 1);
    List<String> headers = new ArrayList<>();
    if (run != null) {
      headers.add("run");
    }
    if (compared) {
      headers.add("combination");
    }
    headers.add("step");
    if (rounds) {
      headers.add("round");
    }
    headers.addAll(List.of("offered ops/s", "achieved ops/s"));
    figures.forEach(f -> headers.add(f + " ms"));
    headers.addAll(List.of("errors", "held or broken"));
    List<List<String>> rows = new ArrayList<>();
    searches.forEach((name, search) -> {
      for (Step step : search.steps()) {
        List<String> row = new ArrayList<>();
        if (run != null) {
          row.add(run);
        }
        if (compared) {
          row.add(name);
        }
        row.add(Integer.toString(step.number()));
        if (rounds) {
          row.add(step.roundName());
        }
        row.add(CapacitySearchResult.rate(step.offered()));
        row.add(CapacitySearchResult.rate(step.achieved()));
        figures.forEach(f -> row.add(Double.isFinite(step.latency(f)) ? Decimals.millis(step.latency(f)) : "-"));
        row.add(CapacitySearchResult.percent(step.errorShare()));
        row.add(step.verdict());
        rows.add(row);
      }
    });
    return new DataTable(headers, rows);
  }
}
