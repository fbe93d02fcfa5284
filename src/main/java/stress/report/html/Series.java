package stress.report.html;

import java.util.List;
import java.util.Objects;

/**
 * One line (or one set of bars) of a chart.
 *
 * @param label    the legend entry
 * @param colorKey series with the same key share a colour (the same phase in two overlaid runs)
 * @param dashed   drawn dashed: the "before" run of an overlay
 * @param axis     {@code y} or {@code y2} (the right-hand axis of the comparison)
 * @param points   the values; for bars x is the index of the category
 * @param marked   indexes of points drawn emphasised (the winner of a comparison)
 * @param markText the line added under the category label of a marked point, else null
 */
record Series(String label, String colorKey, boolean dashed, String axis, List<Point> points, List<Integer> marked,
              String markText) {
  Series {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(colorKey, "colorKey");
    points = List.copyOf(points);
    marked = List.copyOf(marked);
  }

  static Series line(String label, String colorKey, boolean dashed, List<Point> points) {
    return new Series(label, colorKey, dashed, "y", points, List.of(), null);
  }
}
