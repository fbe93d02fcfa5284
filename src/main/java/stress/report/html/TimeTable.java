package stress.report.html;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.function.DoubleFunction;

/**
 * The table of time series: one row per elapsed time (to 10 ms) that any series has, one column per series.
 * A series with two points in the same 10 ms (a phase's short last interval) gets a second row.
 */
final class TimeTable {
  private TimeTable() {}

  static DataTable of(List<Series> series, DoubleFunction<String> format) {
    List<String> headers = new ArrayList<>();
    headers.add("elapsed s");
    series.forEach(s -> headers.add(s.label()));
    // keyed by hundredths of a second so the intervals of different phases (cut a few µs apart) share a row
    TreeMap<Long, List<String[]>> rows = new TreeMap<>();
    for (int column = 0; column < series.size(); column++) {
      for (Point point : series.get(column).points()) {
        List<String[]> atTime = rows.computeIfAbsent(Math.round(point.x() * 100), key -> new ArrayList<>());
        String[] row = freeRow(atTime, column, series.size());
        row[column] = format.apply(point.y());
      }
    }
    List<List<String>> cells = new ArrayList<>();
    rows.forEach((hundredths, atTime) -> {
      for (String[] row : atTime) {
        List<String> line = new ArrayList<>();
        line.add(BigDecimal.valueOf(hundredths, 2).toPlainString());
        line.addAll(List.of(row));
        cells.add(line);
      }
    });
    return new DataTable(headers, cells);
  }

  private static String[] freeRow(List<String[]> atTime, int column, int size) {
    for (String[] row : atTime) {
      if (row[column].isEmpty()) {
        return row;
      }
    }
    String[] row = new String[size];
    Arrays.fill(row, "");
    atTime.add(row);
    return row;
  }
}
