package stress.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import stress.metrics.OperationStats;
import stress.report.Decimals;
import stress.report.RoundComparison;
import stress.report.RoundComparisonText;
import stress.report.RunResult;

/**
 * A run of several rounds compared with its noise ({@link RoundComparison}): per figure (the total's ops/s, p50 and
 * p99, and in a mix each operation's p50), a chart of each combination's ratio to its baseline, the interval drawn as
 * a bar from its low to its high end and the median as a point beside the line of x1, with a table of the medians,
 * ranges, intervals and verdicts; a sentence per comparison first. No section for runs of one round.
 */
final class RoundsSection {
  static final String ID = "rounds";

  private RoundsSection() {}

  /** The section, or null when no run had several rounds. */
  static Section of(List<NamedResult> runs, Supplier<String> chartIds) {
    boolean overlay = runs.size() > 1;
    List<String> headlines = new ArrayList<>();
    List<ChartSpec> charts = new ArrayList<>();
    String method = null;
    for (NamedResult run : runs) {
      RunResult result = run.result();
      RoundComparison.Result rounds = result.roundComparison();
      if (rounds == null) {
        continue;
      }
      method = rounds.method() + ", " + RoundComparisonText.percent(rounds.coverage()) + " coverage with " + rounds.rounds() + " rounds";
      String prefix = overlay ? run.name() + " · " : "";
      String comparedKey = RoundComparison.comparedKey(result);
      java.util.Set<String> marked = stress.report.AnswersDiffer.of(result);
      if (!marked.isEmpty()) {
        headlines.add(prefix + stress.report.AnswersDiffer.MARK + ": " + String.join(", ", marked) + " (measured with"
            + " --measure-different): their ratios, and those of the totals of a mix that holds them, compare"
            + " different answers.");
      }
      for (RoundComparison.Noise noise : rounds.noise()) {
        if (noise.unsteady() != null) {
          headlines.add(prefix + (noise.group().isEmpty() ? "" : noise.group() + ": ") + noise.unsteady() + ".");
        }
      }
      if (rounds.leftOut() != null) {
        headlines.add(prefix + rounds.leftOut() + ".");
      }
      // as the text reads it: the faster first, each figure's direction in words
      stress.report.ComparisonReading.of(rounds, comparedKey).forEach(line -> headlines.add(prefix + line + "."));
      boolean mix = rounds.rows().stream().flatMap(r -> r.figures().stream())
          .anyMatch(f -> !f.operation().equals(OperationStats.TOTAL));
      charts.add(chart(chartIds.get(), prefix + "Ops/s of all operations, ratio to the baseline", rounds, comparedKey,
          OperationStats.TOTAL, "ops/s"));
      charts.add(chart(chartIds.get(), prefix + "p50 of all operations, ratio to the baseline", rounds, comparedKey,
          OperationStats.TOTAL, "p50 ms"));
      charts.add(chart(chartIds.get(), prefix + "p99 of all operations, ratio to the baseline", rounds, comparedKey,
          OperationStats.TOTAL, "p99 ms"));
      if (mix) {
        charts.add(chart(chartIds.get(), prefix + "p50 of each operation, ratio to the baseline", rounds, comparedKey,
            null, "p50 ms"));
      }
    }
    if (charts.isEmpty()) {
      return null;
    }
    return new Section(ID, "Comparison with noise",
        "Each combination ran once per round, the rounds interleaved. A bar is the interval of the median of the"
            + " paired per-round ratios to the baseline (" + method + "); the point is the median; the line is x1."
            + " Faster or slower only where the whole interval lies beyond the least difference; for latencies lower"
            + " is faster. A closed loop's operations are compared by latency: each one's ops/s is its weight's share"
            + " of the total.", headlines, charts, List.of(), false);
  }

  /**
   * One figure of every combination but the baselines: the interval as a floating bar, the median as a point, x1 as
   * a line.
   *
   * @param operation the operation whose figure is drawn, or null for every operation but the total
   */
  private static ChartSpec chart(String id, String title, RoundComparison.Result rounds, String comparedKey,
                                 String operation, String figure) {
    List<String> categories = new ArrayList<>();
    List<Point> intervals = new ArrayList<>();
    List<Point> medians = new ArrayList<>();
    List<Point> one = new ArrayList<>();
    List<List<String>> cells = new ArrayList<>();
    for (RoundComparison.Row row : rounds.rows()) {
      for (RoundComparison.Figure f : row.figures()) {
        boolean wanted = f.figure().equals(figure) && (operation == null
            ? !f.operation().equals(OperationStats.TOTAL) : f.operation().equals(operation));
        if (!wanted) {
          continue;
        }
        String name = label(row, comparedKey) + (operation == null ? " · " + f.operation() : "");
        RoundComparison.Ratio r = f.vsBaseline();
        List<String> line = new ArrayList<>(List.of(name));
        // the text table's cells after its figure column: median, range, ratio, interval, verdict
        List<String> figureCells = RoundComparisonText.figureCells(f, row.baseline());
        line.addAll(figureCells.subList(1, figureCells.size()));
        cells.add(line);
        if (row.baseline() || r == null) {
          continue;
        }
        int x = categories.size();
        categories.add(name);
        intervals.add(new Point(x, r.high(), r.low()));
        medians.add(new Point(x, r.median()));
        one.add(new Point(x, 1));
      }
    }
    List<Series> series = List.of(
        new Series("interval", "interval", false, "y", intervals, List.of(), null),
        new Series("median of the paired ratios", "median", false, "y", medians, List.of(), null),
        new Series("x1 (no difference)", "x1", true, "y", one, List.of(), null));
    return new ChartSpec(id, title, "intervals", "combination", "ratio to the baseline (" + figure + ")", null,
        categories, series, new DataTable(List.of("combination", figure + " median", "range over the rounds",
            "vs baseline", "interval", "verdict"), cells));
  }

  /** The combination as {@code k=v ...}; in a table or target comparison only its table or target, after its group. */
  private static String label(RoundComparison.Row row, String comparedKey) {
    StringBuilder label = new StringBuilder(row.group().isEmpty() ? "" : row.group() + " · ");
    String sep = "";
    for (Map.Entry<String, String> e : row.combination().entrySet()) {
      if (comparedKey == null || e.getKey().equals(comparedKey)) {
        label.append(sep).append(e.getKey()).append('=').append(e.getValue());
        sep = " ";
      }
    }
    return label.toString();
  }
}
