package stress.app;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import stress.app.process.ExitCode;
import stress.model.UsageException;
import stress.report.JsonReport;
import stress.report.files.ResultFiles;
import stress.report.html.HtmlReport;
import stress.report.html.NamedResult;
import stress.report.tworuns.RunsCompared;

/** {@code stress report}: reads one or two run results and writes their page. */
public final class ReportJob {
  /** The result file a run directory holds ({@code run --out DIR} writes it). */
  public static final String RESULT_FILE = ResultFiles.RESULT_JSON;
  /**
   * Where the page of two runs goes without {@code --out}: the directory the README's tour writes its results into
   * ({@code run --out results/}), which a clone's {@code .gitignore} keeps out of the project.
   */
  public static final Path RESULTS_DIRECTORY = Path.of("results");

  private ReportJob() {}

  /**
   * Writes the page of one run (to {@code out}, default {@code report.html} in the run's directory) or
   * of two runs overlaid (to {@code out}, default {@code results/report-BEFORE-vs-AFTER.html}); two runs that are
   * one result are refused.
   *
   * @param runs run directories holding {@value #RESULT_FILE}, or result JSON files
   * @return the exit code, 0
   */
  public static ExitCode run(List<Path> runs, Path out, PrintStream console) {
    return run(runs, out, RESULTS_DIRECTORY, console);
  }

  /** As above, the page of two runs given no {@code out} written into {@code resultsDirectory}. */
  static ExitCode run(List<Path> runs, Path out, Path resultsDirectory, PrintStream console) {
    if (runs.isEmpty() || runs.size() > 2) {
      throw new UsageException("report takes one run (a directory or result file) or two to overlay, got " + runs.size());
    }
    List<NamedResult> results = new ArrayList<>();
    List<String> names = names(runs);
    for (int i = 0; i < runs.size(); i++) {
      results.add(new NamedResult(names.get(i), JsonReport.read(resultFile(runs.get(i)))));
    }
    stress.report.merge.SameRunCheck.refuseTheSameResult("compare", names, results.stream().map(NamedResult::result)
        .toList(), "report compares two runs; 'stress report " + runs.get(0) + "' writes the page of one");
    Path file = out != null ? out
        : runs.size() == 1 ? directoryOf(runs.get(0)).resolve(HtmlReport.FILE_NAME)
        : resultsDirectory.resolve("report-" + fileNamePart(names.get(0)) + "-vs-" + fileNamePart(names.get(1))
            + ".html");
    if (out == null && runs.size() == 2) {
      try {
        Files.createDirectories(resultsDirectory);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException("could not create the report directory "
            + resultsDirectory.toAbsolutePath() + ": " + e.getMessage() + "; give --out FILE", e);
      }
    }
    HtmlReport.write(results, file);
    if (results.size() == 2) {
      List<String> differences = RunsCompared.differences(results.get(0).name(), results.get(0).result(),
          results.get(1).name(), results.get(1).result());
      console.println(differences.isEmpty() ? "the two runs have the same target, workload, table and settings"
          : "the two runs differ in what they measured; read the overlay with that in mind:");
      differences.forEach(d -> console.println("  " + d));
      RunsCompared.lines(results.get(0).name(), results.get(0).result(), results.get(1).name(),
          results.get(1).result()).forEach(console::println);
    }
    console.println("report: " + file);
    return ExitCode.OK;
  }

  /**
   * A run's name as part of a file name: letters, digits, '.', '_' and '-' of it (a path given as its name), its last
   * 80 characters, which name the run, when longer.
   */
  private static String fileNamePart(String name) {
    String part = name.replaceAll("[^A-Za-z0-9._-]+", "_");
    part = part.substring(Math.max(0, part.length() - 80)).replaceAll("^[._-]+", "");
    return part.isEmpty() ? "run" : part;
  }

  private static Path resultFile(Path run) {
    if (Files.isDirectory(run)) {
      Path file = run.resolve(RESULT_FILE);
      if (!Files.isRegularFile(file)) {
        throw new UsageException("run directory '" + run + "' has no " + RESULT_FILE
            + "; give the directory a run wrote, or the result JSON file itself");
      }
      return file;
    }
    if (!Files.isRegularFile(run)) {
      throw new UsageException("run '" + run + "' does not exist; give a run directory or a result JSON file");
    }
    return run;
  }

  private static Path directoryOf(Path run) {
    if (Files.isDirectory(run)) {
      return run;
    }
    Path parent = run.toAbsolutePath().getParent();
    return parent == null ? Path.of(".") : parent;
  }

  /**
   * The legend names: each run's directory name (a result file's own name without .json when it is not
   * result.json); the paths as given when those names are the same.
   */
  private static List<String> names(List<Path> runs) {
    List<String> names = runs.stream().map(ReportJob::name).toList();
    if (names.size() == 2 && names.get(0).equals(names.get(1))) {
      return runs.stream().map(Path::toString).toList();
    }
    return names;
  }

  private static String name(Path run) {
    Path absolute = run.toAbsolutePath().normalize();
    Path file = absolute.getFileName();
    if (file == null) {
      return run.toString();
    }
    if (Files.isDirectory(absolute) || !file.toString().endsWith(".json")) {
      return file.toString();
    }
    if (file.toString().equals(RESULT_FILE) && absolute.getParent() != null && absolute.getParent().getFileName() != null) {
      return absolute.getParent().getFileName().toString();
    }
    return file.toString().substring(0, file.toString().length() - ".json".length());
  }
}
