package stress.app;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import stress.config.RunConfig;
import stress.report.JsonReport;
import stress.report.ResultFiles;
import stress.report.RunResult;
import stress.report.html.HtmlReport;

/**
 * Where a run's result goes, for a run and for the comparisons of runs: {@code --out DIR} made before anything is
 * measured, and the result written to {@code --json} and {@code --out} at the end.
 */
final class RunOutputs {
  private RunOutputs() {}

  /** {@code --out DIR}, when given, made (or an empty one accepted) before anything is measured. */
  static void prepare(RunConfig config) {
    if (config.outDir() != null) {
      try {
        ResultFiles.prepare(config.outDir());
      } catch (IllegalArgumentException e) {
        throw new stress.model.UsageException("--out " + e.getMessage(), e);
      }
    }
  }

  /** The result to {@code --json} and {@code --out} when given, each named on {@code out}. */
  static void write(RunConfig config, RunResult result, List<Instant> starts, PrintStream out) throws IOException {
    if (config.jsonFile() != null) {
      JsonReport.write(result, config.jsonFile());
      out.println("result: " + config.jsonFile());
    }
    if (config.outDir() != null) {
      List<Path> files = new ArrayList<>(ResultFiles.write(config.outDir(), result, starts));
      files.add(HtmlReport.writeInto(result, config.outDir()));
      out.println("results: " + config.outDir() + " (" + files.size() + " files: "
          + files.stream().map(f -> f.getFileName().toString()).collect(Collectors.joining(", ")) + ")");
    }
  }
}
