package stress.report.html;

import static stress.report.Decimals.millis;
import static stress.report.Decimals.oneDecimal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import stress.metrics.OperationStats;
import stress.report.CapacitySteps;
import stress.report.Decimals;
import stress.report.PhaseResult;
import stress.report.RoundComparison;

/**
 * The Comparison section: ops/s and p99 of all operations per combination, the best starred, each beside its
 * baseline. A run of rounds shows each combination once, its median over the rounds and their range, starred and
 * compared by the paired ratios the text reads ({@link RoundComparison}): a bar per round would compare one round's
 * draw of the noise with another's.
 */
final class ComparisonSection {
  private static final List<String> BLANKS = List.of("", "", "", "", "");

  private ComparisonSection() {}

  /**
   * The section.
   *
   * @param dashed whether the run at an index is drawn dashed (the earlier of an overlay)
   */
  static Section of(List<NamedResult> runs, Supplier<String> chartIds, java.util.function.IntPredicate dashed) {
    if (runs.stream().anyMatch(run -> CapacitySteps.isSearch(run.result()))) {
      return new Section("comparison", "Comparison", CapacitySteps.NOT_COMPARED, List.of(), List.of());
    }
    boolean overlay = runs.size() > 1;
    List<String> categories = entries(runs);
    List<Series> series = new ArrayList<>();
    List<String> headers = new ArrayList<>(List.of("combination"));
    Map<String, List<String>> rows = new LinkedHashMap<>();
    categories.forEach(category -> rows.put(category, new ArrayList<>(List.of(category))));
    boolean anyRounds = false;
    for (int index = 0; index < runs.size(); index++) {
      NamedResult run = runs.get(index);
      String prefix = overlay ? run.name() + " · " : "";
      String comparedKey = RoundComparison.comparedKey(run.result());
      RoundComparison.Result rounds = run.result().roundComparison();
      anyRounds |= rounds != null;
      headers.addAll(List.of(prefix + (rounds == null ? "ops/s" : "ops/s, median (range) of the rounds"),
          prefix + (rounds == null ? "p99 ms" : "p99 ms, median"), prefix + "errors", prefix + "best",
          prefix + (comparedKey == null ? "vs first row" : "vs baseline")));
      List<Point> ops = new ArrayList<>();
      List<Point> p99 = new ArrayList<>();
      if (run.result().phases().isEmpty()) {
        // interrupted before its first phase: a column of blanks, and the results section says so
        categories.forEach(category -> rows.get(category).addAll(BLANKS));
        continue;
      }
      int marked;
      if (rounds != null) {
        RoundComparison.Row best = RoundComparison.best(rounds);
        marked = -1;
        for (int c = 0; c < categories.size(); c++) {
          List<PhaseResult> phases = phases(run, categories.get(c));
          RoundComparison.Row row = phases.isEmpty() ? null : rounds.rows().stream()
              .filter(r -> r.combination().equals(phases.get(0).combination())).findFirst().orElse(null);
          if (row == null) {
            rows.get(categories.get(c)).addAll(BLANKS);
            continue;
          }
          RoundComparison.Figure opsFigure = row.figures().get(0);
          double p99Median = row.figures().get(2).median();
          ops.add(new Point(c, opsFigure.median()));
          p99.add(new Point(c, p99Median));
          marked = row == best ? c : marked;
          RoundComparison.Ratio r = opsFigure.vsBaseline();
          rows.get(categories.get(c)).addAll(List.of(oneDecimal(opsFigure.median()) + " ("
              + oneDecimal(opsFigure.low()) + "-" + oneDecimal(opsFigure.high()) + ")", millis(p99Median),
              Long.toString(phases.stream().mapToLong(p -> p.stats().total().errorCount()).sum()),
              row == best ? "★" : "", row.baseline() ? "baseline" : r == null ? "" : Decimals.ratio(r.median())
                  + " (" + Decimals.ratioRangeOutward(r.low(), r.high()) + ", " + r.verdict() + ")"));
        }
      } else {
        int winner = Headline.winner(run.result().phases());
        for (int c = 0; c < categories.size(); c++) {
          List<PhaseResult> phases = phases(run, categories.get(c));
          if (phases.isEmpty()) {
            rows.get(categories.get(c)).addAll(BLANKS);
            continue;
          }
          PhaseResult phase = phases.get(0);
          OperationStats total = phase.stats().total();
          ops.add(new Point(c, total.opsPerSecond()));
          p99.add(new Point(c, total.latencyMs().p99()));
          boolean best = run.result().phases().indexOf(phase) == winner;
          double first = Headline.baseline(run.result().phases(), phase, comparedKey).stats().total().opsPerSecond();
          rows.get(categories.get(c)).addAll(List.of(oneDecimal(total.opsPerSecond()),
              millis(total.latencyMs().p99()), Long.toString(total.errorCount()), best ? "★" : "",
              first > 0 ? Decimals.ratio(total.opsPerSecond() / first) : ""));
        }
        marked = categories.indexOf(run.result().phases().get(winner).label());
      }
      series.add(new Series(prefix + "ops/s", prefix + "ops/s", dashed.test(index), "y", ops,
          marked < 0 ? List.of() : List.of(marked), "★ best" + (overlay ? " of " + run.name() : "")));
      series.add(new Series(prefix + "p99 ms", prefix + "p99", dashed.test(index), "y2", p99, List.of(), null));
    }
    ChartSpec chart = new ChartSpec(chartIds.get(), "Comparison of the combinations", "bars", "combination", "ops/s",
        "p99 ms", categories, series, new DataTable(headers, new ArrayList<>(rows.values())));
    return new Section("comparison", "Comparison",
        "Ops/s (left axis) and p99 latency (right axis) of all operations together, per combination; ★ marks the"
            + " highest ops/s" + (overlay ? " of each run" : "") + " (the first of them on a tie); the last column is the"
            + " ratio of ops/s to the run's first row (comparing tables or targets, to the baseline of the row's group"
            + " in its round: the first table, or PostgreSQL with the same settings)."
            + (anyRounds ? " With rounds, a combination is one entry: its medians over the rounds, the range of its"
            + " ops/s, and the median of its paired per-round ratios with their interval and verdict, as the text"
            + " reads them; no star where those ratios and the medians disagree." : ""), List.of(chart), List.of());
  }

  /** The combinations in order of first appearance, a combination of rounds once (its label without round=N). */
  private static List<String> entries(List<NamedResult> runs) {
    Set<String> labels = new LinkedHashSet<>();
    runs.forEach(run -> run.result().phases().forEach(phase -> labels.add(entry(phase))));
    return new ArrayList<>(labels);
  }

  private static String entry(PhaseResult phase) {
    String label = phase.label();
    return phase.round() == null || !label.contains(" round=") ? label
        : label.substring(0, label.lastIndexOf(" round="));
  }

  private static List<PhaseResult> phases(NamedResult run, String entry) {
    return run.result().phases().stream().filter(p -> entry(p).equals(entry)).toList();
  }
}
