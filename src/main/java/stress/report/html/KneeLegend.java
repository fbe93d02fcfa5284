package stress.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the knee of one search is drawn and read: each round in its own colour (the check's runs in one more), each
 * latency figure in its own dash, and a legend naming each round, each figure, a broken step's hollow marker and
 * the lines across and up. Built as the chart's series are added, so each entry knows the series it stands for.
 */
final class KneeLegend {
  /** The rounds' colours in turn, repeating after eight; none is the check's, an objective's or the capacity's. */
  static final List<String> ROUND_COLORS = List.of("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2",
      "#bcbd22", "#393b79");
  static final String CHECK_COLOR = "#17becf";
  static final String OBJECTIVE_COLOR = "#ff7f0e";
  static final String CAPACITY_COLOR = "#555555";
  /** A figure's legend line: grey, as the dash and not the colour tells the figures apart. */
  private static final String FIGURE_COLOR = "#777777";
  private static final List<Integer> OBJECTIVE_DASH = List.of(8, 4);

  private final Map<String, List<Integer>> rounds = new LinkedHashMap<>();
  private final Map<String, List<Integer>> figures = new LinkedHashMap<>();
  private final List<Integer> broken = new ArrayList<>();
  private final List<LegendEntry> lines = new ArrayList<>();

  /** The colour of a round ({@code 1}, {@code 2} ...) or of the check's runs ({@code check}). */
  static String roundColor(String round) {
    if (round.equals("check")) {
      return CHECK_COLOR;
    }
    return ROUND_COLORS.get((Integer.parseInt(round) - 1) % ROUND_COLORS.size());
  }

  /** The dash of a latency figure: p50 dotted, p90 and p95 dot-dashed, p99 solid, p99.9 dashed. */
  static List<Integer> figureDash(String figure) {
    return switch (figure) {
      case "p50" -> List.of(2, 3);
      case "p90" -> List.of(10, 3, 2, 3);
      case "p95" -> List.of(10, 3, 2, 3, 2, 3);
      case "p99.9" -> List.of(6, 4);
      default -> List.of();
    };
  }

  /** The look of the steps of {@code round} for {@code figure}, recorded as series {@code index}. */
  Look steps(int index, String round, String figure, boolean anyBroken) {
    rounds.computeIfAbsent(round, r -> new ArrayList<>()).add(index);
    figures.computeIfAbsent(figure, f -> new ArrayList<>()).add(index);
    if (anyBroken) {
      broken.add(index);
    }
    return new Look(roundColor(round), figureDash(figure));
  }

  /** The look of an objective's line across, series {@code index}, named {@code text} in the legend. */
  Look objective(int index, String text) {
    lines.add(new LegendEntry(text, OBJECTIVE_COLOR, "line", OBJECTIVE_DASH, List.of(index)));
    return new Look(OBJECTIVE_COLOR, OBJECTIVE_DASH);
  }

  /** The look of the capacity's line up the chart or, {@code band}, of its interval. */
  Look capacity(int index, String text, boolean band) {
    lines.add(new LegendEntry(text, CAPACITY_COLOR, band ? "box" : "line", List.of(), List.of(index)));
    return new Look(CAPACITY_COLOR, List.of());
  }

  /** Rounds first, then figures, the hollow marker of a broken step, and the lines across and up. */
  List<LegendEntry> entries() {
    List<LegendEntry> entries = new ArrayList<>();
    rounds.forEach((round, series) -> entries.add(new LegendEntry(round.equals("check") ? "check" : "round " + round,
        roundColor(round), "point", List.of(), series)));
    figures.forEach((figure, series) -> entries.add(new LegendEntry(figure, FIGURE_COLOR, "line", figureDash(figure),
        series)));
    if (!broken.isEmpty()) {
      entries.add(new LegendEntry("hollow: a step that broke", FIGURE_COLOR, "hollow", List.of(), List.of()));
    }
    entries.addAll(lines);
    return entries;
  }
}
