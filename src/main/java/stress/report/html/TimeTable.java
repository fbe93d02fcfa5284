package stress.report.html;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The table of time series: one row per position of the shared {@link IntervalAxis} (the n-th measured interval
 * of every phase), one column per series, so phases cut a few milliseconds apart share their rows.
 */
final class TimeTable {
  private TimeTable() {}

  /** Each series holds its n-th interval as its n-th point (as {@link IntervalAxis#points} makes them). */
  static DataTable of(IntervalAxis axis, List<Series> series, DoubleFunction<String> format) {
    List<String> headers = new ArrayList<>();
    headers.add("elapsed s");
    series.forEach(s -> headers.add(s.label()));
    List<List<String>> rows = new ArrayList<>();
    for (int index = 0; index < axis.size(); index++) {
      List<String> row = new ArrayList<>();
      row.add(BigDecimal.valueOf(Math.round(axis.seconds(index) * 100), 2).toPlainString());
      for (Series s : series) {
        row.add(index < s.points().size() ? format.apply(s.points().get(index).y()) : "");
      }
      rows.add(row);
    }
    return new DataTable(headers, rows);
  }
}
