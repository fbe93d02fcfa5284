package stress.report.html;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param style    how a capacity chart draws it, else null: {@code round N} (a round's steps, its own marker; the
 *                 marked points, broken steps, hollow), {@code objective} (a dashed line across), {@code capacity}
 *                 (a line up the chart), {@code band} (its interval, filled down to the axis)
 * @param look     its colour and dash when its chart decides them (the knee of one search), else null: the page's
 *                 palette by {@code colorKey}
 */
record Series(String label, String colorKey, boolean dashed, String axis, List<Point> points, List<Integer> marked,
              String markText, @JsonInclude(JsonInclude.Include.NON_NULL) String style,
              @JsonInclude(JsonInclude.Include.NON_NULL) Look look) {
  Series {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(colorKey, "colorKey");
    points = List.copyOf(points);
    marked = List.copyOf(marked);
  }

  Series(String label, String colorKey, boolean dashed, String axis, List<Point> points, List<Integer> marked,
         String markText) {
    this(label, colorKey, dashed, axis, points, marked, markText, null, null);
  }

  Series(String label, String colorKey, boolean dashed, String axis, List<Point> points, List<Integer> marked,
         String markText, String style) {
    this(label, colorKey, dashed, axis, points, marked, markText, style, null);
  }

  static Series line(String label, String colorKey, boolean dashed, List<Point> points) {
    return new Series(label, colorKey, dashed, "y", points, List.of(), null);
  }
}
