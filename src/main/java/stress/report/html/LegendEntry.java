package stress.report.html;

import java.util.List;
import java.util.Objects;

/**
 * One entry of a chart's own legend, drawn instead of one entry per series where a chart's series combine two
 * things (the knee's rounds in colours, its figures in dashes): clicking it shows or hides the series it names.
 *
 * @param text   the entry's words
 * @param color  its colour, {@code #rrggbb}
 * @param symbol {@code point} (a filled marker), {@code hollow} (an empty one), {@code line} (a line in
 *               {@code dash}) or {@code box} (a filled square: a band)
 * @param dash   the line's dash pattern in pixels, empty for a solid line
 * @param series the indexes of the chart's series the entry stands for
 */
record LegendEntry(String text, String color, String symbol, List<Integer> dash, List<Integer> series) {
  LegendEntry {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(color, "color");
    if (!List.of("point", "hollow", "line", "box").contains(symbol)) {
      throw new IllegalArgumentException("a legend symbol is point, hollow, line or box, got " + symbol);
    }
    dash = List.copyOf(dash);
    series = List.copyOf(series);
  }
}
