package stress.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import stress.report.Decimals;
import stress.report.RoundComparisonText;
import stress.report.capacity.CapacitiesCompared;
import stress.report.capacity.CapacitySearchResult.Step;
import stress.report.capacity.CapacitySearchResult;

/**
 * The Capacity section's parts for capacities compared: one knee with every combination's steps, the comparison's
 * table and the answers of each combination's rounds. The steps' table is {@link CapacitySection#steps}'s.
 */
final class ComparedCapacities {
  private ComparedCapacities() {}

  /** The sentences over the chart: the comparison's answer, how it was worked out, then each combination's. */
  static List<String> headlines(String prefix, CapacitiesCompared compared) {
    List<String> lines = new ArrayList<>();
    lines.add(prefix + compared.sentence() + ".");
    lines.add(prefix + "each round's capacities paired with " + compared.baseline() + "'s of the same round, the median"
        + " of the ratios with its interval; differences beyond " + Decimals.ratio(1 + compared.leastDifference())
        + " are called.");
    compared.searches().forEach((name, search) -> {
      if (!search.sentences().isEmpty()) {
        lines.add(prefix + name + ": " + search.sentences().get(0) + ".");
      }
      if (search.failure() != null) {
        lines.add(prefix + name + ": its search stopped: " + search.failure() + ".");
      }
    });
    return lines;
  }

  /**
   * The knee of every combination: each one's latency figures that an objective names (p99 when none does) against
   * the offered rate, a line per round in its own colour, each objective across, each capacity up the chart with its
   * interval as a band.
   */
  static ChartSpec chart(String id, String prefix, CapacitiesCompared compared) {
    Map<String, CapacitySearchResult> searches = compared.searches();
    CapacitySearchResult any = searches.values().iterator().next();
    List<CapacitySearchResult.LatencyLimit> limits = any.latencyLimits();
    Set<String> figures = new LinkedHashSet<>();
    limits.forEach(l -> figures.add(l.figure()));
    if (figures.isEmpty()) {
      figures.add("p99");
    }
    List<Step> all = searches.values().stream().flatMap(s -> s.steps().stream()).toList();
    double xLow = all.stream().mapToDouble(Step::offered).min().orElse(1);
    double xHigh = all.stream().mapToDouble(Step::offered).max().orElse(1);
    double yLow = Double.POSITIVE_INFINITY;
    double yHigh = 0;
    List<Series> series = new ArrayList<>();
    for (Map.Entry<String, CapacitySearchResult> e : searches.entrySet()) {
      String name = e.getKey();
      CapacitySearchResult search = e.getValue();
      Set<String> rounds = new LinkedHashSet<>();
      search.steps().forEach(s -> rounds.add(s.roundName()));
      for (String figure : figures) {
        for (String round : rounds) {
          List<Point> points = new ArrayList<>();
          List<Integer> broken = new ArrayList<>();
          String label = round.equals("check") ? "check" : "round " + round;
          for (Step step : search.steps().stream().filter(s -> s.roundName().equals(round) && s.latency(figure) > 0)
              .sorted(Comparator.comparingDouble(Step::offered)).toList()) {
            if (!step.held()) {
              broken.add(points.size());
            }
            points.add(new Point(step.offered(), step.latency(figure)));
            yLow = Math.min(yLow, step.latency(figure));
            yHigh = Math.max(yHigh, step.latency(figure));
          }
          // a combination's own colour; a colour per figure too when objectives name several
          series.add(new Series(prefix + name + " " + figure + (rounds.size() > 1 ? " · " + label : ""),
              figures.size() == 1 ? name : name + " " + figure, false, "y", points, broken, null, label));
        }
      }
    }
    for (CapacitySearchResult.LatencyLimit limit : limits) {
      yLow = Math.min(yLow, limit.ms());
      yHigh = Math.max(yHigh, limit.ms());
      series.add(new Series(prefix + "objective " + limit.objective(), "objective " + limit.figure(), true, "y",
          List.of(new Point(xLow, limit.ms()), new Point(xHigh, limit.ms())), List.of(), null, "objective"));
    }
    if (!(yHigh > 0)) { // no latency at all: the marks still need a height
      yLow = 1;
      yHigh = 1;
    }
    for (Map.Entry<String, CapacitySearchResult> e : searches.entrySet()) {
      CapacitySearchResult search = e.getValue();
      if (search.hasInterval()) {
        series.add(new Series(prefix + e.getKey() + " interval " + CapacitySearchResult.rate(search.low()) + "-"
            + CapacitySearchResult.rate(search.high()) + " ops/s", e.getKey(), false, "y",
            List.of(new Point(search.low(), yHigh), new Point(search.high(), yHigh)), List.of(), null, "band"));
      }
      if (Double.isFinite(search.capacity())) {
        series.add(new Series(prefix + e.getKey() + " capacity " + CapacitySearchResult.rate(search.capacity())
            + " ops/s", e.getKey(), false, "y", List.of(new Point(search.capacity(), yLow),
            new Point(search.capacity(), yHigh)), List.of(), null, "capacity"));
      }
    }
    boolean logRates = xLow > 0 && xHigh / xLow > CapacitySection.LOG_SPAN;
    return new ChartSpec(id, prefix + "Latency against the offered rate of each combination, under "
        + String.join(", ", compared.objectives()), logRates ? "knee-log" : "knee",
        "offered ops/s" + (logRates ? " (log scale)" : ""), "ms (log scale)", null, List.of(), series,
        answers(compared));
  }

  /** Beside the chart: each combination's answer per round and, over rounds, its median with its interval. */
  private static DataTable answers(CapacitiesCompared compared) {
    List<List<String>> rows = new ArrayList<>();
    compared.searches().forEach((name, search) -> {
      for (CapacitySearchResult.Round round : search.rounds()) {
        rows.add(List.of(name, "round " + round.round(), (round.lowerBound() ? "at least " : "")
            + CapacitySearchResult.rate(round.capacity()), CapacitySearchResult.rate(round.brokeAt()),
            String.join("; ", round.brokeOn())));
      }
      if (search.rounds().size() > 1) {
        rows.add(List.of(name, "median of the rounds", CapacitySearchResult.rate(search.capacity()), "",
            search.hasInterval() ? "interval " + CapacitySearchResult.rate(search.low()) + "-"
                + CapacitySearchResult.rate(search.high()) + " ops/s, "
                + RoundComparisonText.percent(search.coverage()) + " coverage" : ""));
      }
    });
    return new DataTable(List.of("combination", "answer", "capacity ops/s", "broke at ops/s", "broke on"), rows);
  }

  /**
   * The comparison: per combination its capacity with its interval (and its multiple of the logged rate), its ratio
   * to the baseline with its interval, the verdict, the rounds left out of the pairs, and why a search stopped.
   */
  static DataTable table(String run, CapacitiesCompared compared) {
    Map<String, CapacitySearchResult> searches = compared.searches();
    boolean logged = searches.values().stream().anyMatch(s -> s.logged() != null);
    boolean failed = searches.values().stream().anyMatch(s -> s.failure() != null);
    List<String> headers = new ArrayList<>();
    if (run != null) {
      headers.add("run");
    }
    headers.addAll(List.of("combination", "capacity ops/s"));
    if (logged) {
      headers.add("of the logged rate");
    }
    headers.addAll(List.of("vs " + compared.baseline(), "verdict", "left out of the pairs"));
    if (failed) {
      headers.add("search stopped");
    }
    List<List<String>> rows = new ArrayList<>();
    searches.forEach((name, search) -> {
      CapacitiesCompared.Row row = compared.rows().stream().filter(r -> r.combination().equals(name)).findFirst()
          .orElse(null);
      List<String> cells = new ArrayList<>();
      if (run != null) {
        cells.add(run);
      }
      cells.add(name);
      cells.add(search.capacityText().replace(" ops/s", ""));
      if (logged) {
        cells.add(search.logged() == null ? "" : search.logged().text());
      }
      if (row == null) {
        cells.addAll(List.of(name.equals(compared.baseline()) ? "baseline" : "", "", ""));
      } else {
        cells.add(row.ratioText() + (row.hasInterval() ? ", " + RoundComparisonText.percent(row.coverage())
            + " coverage" : ""));
        cells.add(row.verdict());
        cells.add(String.join("; ", row.leftOut()));
      }
      if (failed) {
        cells.add(search.failure() == null ? "" : search.failure());
      }
      rows.add(cells);
    });
    return new DataTable(headers, rows);
  }
}
