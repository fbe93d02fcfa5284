package stress.report.html;

import java.util.List;

/**
 * A titled part of the page.
 *
 * @param id        anchor of the section
 * @param title     heading
 * @param note      a sentence saying what is shown (or why nothing is)
 * @param headlines sentences shown large before the charts (the outcome of each run), else empty
 * @param charts    the charts, each with its table
 * @param tables    further tables without a chart (errors with their messages)
 * @param collapsed shown folded (a {@code <details>} the reader opens; opened for printing)
 */
record Section(String id, String title, String note, List<String> headlines, List<ChartSpec> charts,
               List<DataTable> tables, boolean collapsed) {
  Section {
    headlines = List.copyOf(headlines);
    charts = List.copyOf(charts);
    tables = List.copyOf(tables);
  }

  /** A section shown open, without headlines. */
  Section(String id, String title, String note, List<ChartSpec> charts, List<DataTable> tables) {
    this(id, title, note, List.of(), charts, tables, false);
  }
}
