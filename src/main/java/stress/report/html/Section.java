package stress.report.html;

import java.util.List;

/**
 * A titled part of the page.
 *
 * @param id     anchor of the section
 * @param title  heading
 * @param note   a sentence saying what is shown (or why nothing is)
 * @param charts the charts, each with its table
 * @param tables further tables without a chart (errors with their messages)
 */
record Section(String id, String title, String note, List<ChartSpec> charts, List<DataTable> tables) {
  Section {
    charts = List.copyOf(charts);
    tables = List.copyOf(tables);
  }
}
