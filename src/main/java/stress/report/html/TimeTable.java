package stress.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.DoubleFunction;
import stress.report.Decimals;

/** The table of time series: one row per elapsed second that any series has, one column per series. */
final class TimeTable {
  private TimeTable() {}

  static DataTable of(List<Series> series, DoubleFunction<String> format) {
    List<String> headers = new ArrayList<>();
    headers.add("elapsed s");
    series.forEach(s -> headers.add(s.label()));
    // keyed by milliseconds so 5.0000001 and 5.0 share a row
    TreeMap<Long, String[]> rows = new TreeMap<>();
    for (int column = 0; column < series.size(); column++) {
      for (Point point : series.get(column).points()) {
        String[] row = rows.computeIfAbsent(Math.round(point.x() * 1000), key -> emptyRow(series.size()));
        row[column] = format.apply(point.y());
      }
    }
    List<List<String>> cells = new ArrayList<>();
    rows.forEach((millis, row) -> {
      List<String> line = new ArrayList<>();
      line.add(Decimals.seconds(millis / 1000.0));
      line.addAll(List.of(row));
      cells.add(line);
    });
    return new DataTable(headers, cells);
  }

  private static String[] emptyRow(int size) {
    String[] row = new String[size];
    java.util.Arrays.fill(row, "");
    return row;
  }
}
