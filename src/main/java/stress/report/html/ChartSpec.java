package stress.report.html;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * One chart and the table of its numbers. The page script draws it from this record, inlined as JSON.
 *
 * @param id         the canvas id, unique in the page
 * @param title      shown above the chart
 * @param kind       {@code time} (x = seconds), {@code time-log} (the same, y logarithmic),
 *                   {@code percentiles} (x = 1/(1-percentile), logarithmic), {@code bars} (x = {@code categories}) or
 *                   {@code bars-log} (the same, y logarithmic), {@code intervals} (x = {@code categories}: the first
 *                   series floating bars from each point's {@code low} to its {@code y}, the others points, a dashed one
 *                   a line), {@code knee} (x = offered ops/s, y = ms, logarithmic; series drawn by their
 *                   {@link Series#style}) or {@code knee-log} (the same, x logarithmic too)
 * @param xTitle     x axis title
 * @param yTitle     y axis title
 * @param y2Title    right-hand axis title of bar charts, else null
 * @param categories the bar labels of a bar chart, else empty
 * @param series     what is drawn
 * @param table      the numbers, shown as a table beside the chart (rendered as HTML, not sent to the script)
 * @param legend     the chart's own legend, entry by entry; empty: an entry per series
 */
record ChartSpec(String id, String title, String kind, String xTitle, String yTitle, String y2Title,
                 List<String> categories, List<Series> series, @JsonIgnore DataTable table,
                 @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LegendEntry> legend) {
  ChartSpec {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(title, "title");
    categories = List.copyOf(categories);
    series = List.copyOf(series);
    Objects.requireNonNull(table, "table");
    legend = List.copyOf(legend);
    int count = series.size();
    for (LegendEntry entry : legend) {
      if (entry.series().stream().anyMatch(i -> i < 0 || i >= count)) {
        throw new IllegalArgumentException("legend entry " + entry.text() + " names a series the chart lacks: "
            + entry.series());
      }
    }
  }

  ChartSpec(String id, String title, String kind, String xTitle, String yTitle, String y2Title,
            List<String> categories, List<Series> series, DataTable table) {
    this(id, title, kind, xTitle, yTitle, y2Title, categories, series, table, List.of());
  }
}
