package stress.report.html;

import java.util.List;

/**
 * The numbers of a chart as text, rendered as an HTML table beside it (escaped when rendered).
 *
 * @param headers column titles
 * @param rows    cells, each row as long as {@code headers}
 */
record DataTable(List<String> headers, List<List<String>> rows) {
  DataTable {
    headers = List.copyOf(headers);
    rows = rows.stream().map(List::copyOf).toList();
    for (List<String> row : rows) {
      if (row.size() != headers.size()) {
        throw new IllegalArgumentException("a table row has " + row.size() + " cells for " + headers.size() + " columns: " + row);
      }
    }
  }
}
