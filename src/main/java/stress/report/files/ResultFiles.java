package stress.report.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import stress.model.UsageException;
import stress.report.JsonReport;
import stress.report.RoundComparison;
import stress.report.RunResult;
import stress.report.capacity.CapacitySearchResult;

/**
 * A result directory: the JSON result, the CSV tables of {@link CsvReport} and the HdrHistogram interval logs
 * of {@link IntervalLogs}, all from one {@link RunResult}.
 */
public final class ResultFiles {
  /** The full result, as {@link JsonReport} writes it. */
  public static final String RESULT_JSON = "result.json";
  /** {@link CsvReport#intervals}. */
  public static final String INTERVALS_CSV = "intervals.csv";
  /** {@link CsvReport#errors}. */
  public static final String ERRORS_CSV = "errors.csv";
  /** {@link CsvReport#summary}. */
  public static final String SUMMARY_CSV = "summary.csv";
  /** A run of several rounds: each figure's rounds, median, ratio, interval and verdict ({@link CsvReport#comparison}). */
  public static final String COMPARISON_CSV = "comparison.csv";
  /** A capacity search: one row per step (capacities compared: of each combination, {@link CsvReport#capacity}). */
  public static final String CAPACITY_CSV = "capacity.csv";

  private ResultFiles() {}

  /**
   * Creates the directory, or accepts an existing empty one. A directory that holds anything is refused, so
   * a run never mixes its files with another's or replaces them.
   *
   * @throws IllegalArgumentException naming the directory when it is a file or not empty
   */
  public static void prepare(Path dir) {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new UsageException(dir + " is a file; give a new or empty directory");
    }
    try {
      if (Files.isDirectory(dir)) {
        List<String> entries;
        try (Stream<Path> list = Files.list(dir)) {
          entries = list.map(p -> p.getFileName().toString()).sorted().limit(4).toList();
        }
        if (!entries.isEmpty()) {
          throw new UsageException(dir + " is not empty (it holds " + String.join(", ", entries)
              + (entries.size() == 4 ? ", ..." : "") + "); give a new or empty directory");
        }
      }
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UsageException(dir + ": cannot create it: " + JsonReport.reason(e));
    }
    // an empty directory the run cannot write into would be found only after measuring
    try {
      Files.delete(Files.createTempFile(dir, ".stress-write-check", ""));
    } catch (IOException e) {
      throw new UsageException(dir + ": cannot write into it: " + JsonReport.reason(e));
    }
  }

  /**
   * Writes every file of the result into {@code dir} (which must exist), replacing files of the same names.
   *
   * @param measuredStarts when each phase's measuring began, in phase order (the interval logs' start times)
   * @return the files written
   */
  public static List<Path> write(Path dir, RunResult result, List<Instant> measuredStarts) {
    if (measuredStarts.size() != result.phases().size()) {
      throw new IllegalArgumentException("need the start time of each of the " + result.phases().size()
          + " phases, got " + measuredStarts.size());
    }
    List<Path> files = new ArrayList<>();
    files.add(writeText(dir.resolve(SUMMARY_CSV), CsvReport.summary(result.phases())));
    files.add(writeText(dir.resolve(INTERVALS_CSV), CsvReport.intervals(result.phases())));
    files.add(writeText(dir.resolve(ERRORS_CSV), CsvReport.errors(result.phases())));
    RoundComparison.Result rounds = result.roundComparison();
    if (rounds != null) {
      files.add(writeText(dir.resolve(COMPARISON_CSV), CsvReport.comparison(rounds)));
    }
    java.util.Map<String, CapacitySearchResult> searches = CapacitySearchResult.searches(result);
    if (!searches.isEmpty()) {
      files.add(writeText(dir.resolve(CAPACITY_CSV), CsvReport.capacity(searches)));
    }
    for (int p = 0; p < result.phases().size(); p++) {
      files.addAll(IntervalLogs.write(dir, p + 1, result.phases().get(p), measuredStarts.get(p)));
    }
    Path json = dir.resolve(RESULT_JSON);
    JsonReport.write(result, json);
    files.add(json);
    return files;
  }

  private static Path writeText(Path file, String text) {
    try {
      return Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write " + file + ": " + e.getMessage(), e);
    }
  }
}
