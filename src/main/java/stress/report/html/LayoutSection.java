package stress.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import stress.metrics.OperationStats;
import stress.report.LayoutComparison;

/**
 * The tables of {@code run --compare-tables} side by side ({@link LayoutComparison}): a sentence per table saying its
 * layout, a chart of each operation's p50 per table, then the table of routes, ops/s, p50 and ratios; no section for a run
 * that compared no tables.
 */
final class LayoutSection {
  static final String ID = "layouts";

  private LayoutSection() {}

  /**
   * The section, or null when no run compared tables.
   *
   * @param chartIds gives a chart id per run that compared tables
   */
  static Section of(List<NamedResult> runs, Supplier<String> chartIds) {
    boolean overlay = runs.size() > 1;
    List<String> headlines = new ArrayList<>();
    List<ChartSpec> charts = new ArrayList<>();
    for (NamedResult run : runs) {
      List<LayoutComparison.Row> rows = LayoutComparison.rows(run.result());
      if (rows.isEmpty()) {
        continue;
      }
      String prefix = overlay ? run.name() + " · " : "";
      run.result().tables().forEach(t -> headlines.add(prefix + t.table() + ": " + t.layout() + "."));
      String routing = LayoutComparison.routingNote(run.result().tables());
      if (routing != null) {
        headlines.add(prefix + routing);
      }
      charts.add(chart(chartIds.get(), prefix, run.result().tables(), rows));
    }
    if (charts.isEmpty()) {
      return null;
    }
    return new Section(ID, LayoutComparison.TITLE, LayoutComparison.EXPLANATION, headlines, charts, List.of(), false);
  }

  /** p50 per operation (and phase, when there are several), a bar per table; the table of routes beside it. */
  private static ChartSpec chart(String id, String prefix, List<LayoutComparison.Table> tables,
                                 List<LayoutComparison.Row> rows) {
    boolean phases = rows.stream().map(LayoutComparison.Row::phase).distinct().count() > 1;
    List<String> categories = new ArrayList<>();
    List<List<Point>> points = new ArrayList<>();
    tables.forEach(t -> points.add(new ArrayList<>()));
    List<String> headers = new ArrayList<>(List.of("phase"));
    headers.addAll(LayoutComparison.headers(tables));
    List<List<String>> cells = new ArrayList<>();
    for (LayoutComparison.Row row : rows) {
      List<String> line = new ArrayList<>(List.of(row.phase()));
      line.addAll(LayoutComparison.cells(row));
      cells.add(line);
      if (row.operation().equals(OperationStats.TOTAL)) {
        continue;
      }
      int x = categories.size();
      categories.add((phases ? row.phase() + " · " : "") + row.operation());
      for (int t = 0; t < row.sides().size(); t++) {
        Double p50 = row.sides().get(t).p50Ms();
        if (p50 != null) {
          points.get(t).add(new Point(x, p50));
        }
      }
    }
    List<Series> series = new ArrayList<>();
    for (int t = 0; t < tables.size(); t++) {
      String name = tables.get(t).table();
      series.add(new Series(name + " p50 ms", "layout " + t, t > 0, "y", points.get(t), List.of(), null));
    }
    // latency, not ops/s: in a closed loop each operation's ops/s is its weight's share of the total
    return new ChartSpec(id, prefix + "p50 per operation on each table", "bars", "operation", "p50 ms", null,
        categories, series, new DataTable(headers, cells));
  }
}
