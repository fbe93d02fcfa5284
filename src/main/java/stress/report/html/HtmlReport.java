package stress.report.html;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import stress.report.RunResult;

/**
 * Writes {@code report.html}: one self-contained page (Chart.js and the data inlined, no network needed)
 * that opens on the results (the best combination of each run, its ops/s, p99, ratio to the first row, errors
 * and availability), then a comparison of the combinations when a run has several phases, throughput and
 * latency over time, latency by percentile per operation, errors over time and by SQLState, and the settings
 * and target last, folded; a table of the numbers beside every chart. Two runs are overlaid on the same charts, labelled by name.
 */
public final class HtmlReport {
  /** The name of the page written next to a run's result. */
  public static final String FILE_NAME = "report.html";

  private HtmlReport() {}

  /**
   * Writes {@value #FILE_NAME} for one run into {@code directory} (created if missing), replacing it.
   *
   * @return the file written
   */
  public static Path writeInto(RunResult result, Path directory) {
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw new UncheckedIOException("could not create the report directory " + directory + ": " + e.getMessage(), e);
    }
    Path file = directory.resolve(FILE_NAME);
    Path name = directory.toAbsolutePath().normalize().getFileName();
    write(List.of(new NamedResult(name == null ? "run" : name.toString(), result)), file);
    return file;
  }

  /** Writes the page of one run, or of several overlaid (the first is drawn dashed as "before"), to {@code file}. */
  public static void write(List<NamedResult> runs, Path file) {
    String page = render(runs);
    try {
      Files.writeString(file, page);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write the report " + file + ": " + e.getMessage(), e);
    }
  }

  /** The page as text. */
  public static String render(List<NamedResult> runs) {
    return HtmlPage.render(runs, ReportModel.sections(runs));
  }
}
