package stress.app;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import stress.config.RunConfig;
import stress.report.JsonReport;
import stress.report.PhaseResult;
import stress.report.ResultFiles;
import stress.report.RunResult;
import stress.report.html.HtmlReport;

/**
 * What the comparisons of one workload run in turn ({@code --compare-tables}, {@code --against}) share: each run's
 * phases marked with what they ran on, and the merged result written where the run asked.
 */
final class ComparedRuns {
  private ComparedRuns() {}

  /** The phase with {@code key=value} first in its combination and label, and its round when there are several. */
  static PhaseResult marked(PhaseResult phase, String key, String value, Integer round) {
    Map<String, String> combination = new LinkedHashMap<>();
    combination.put(key, value);
    combination.putAll(phase.combination());
    PhaseResult labelled = phase.relabelled(key + "=" + value + " " + phase.label(), combination);
    return round == null ? labelled : labelled.inRound(round);
  }

  /** {@code --out DIR}, when given, made (or an empty one accepted) before anything is measured. */
  static void prepareOut(RunConfig config) {
    if (config.outDir() != null) {
      try {
        ResultFiles.prepare(config.outDir());
      } catch (IllegalArgumentException e) {
        throw new stress.model.UsageException("--out " + e.getMessage(), e);
      }
    }
  }

  /** The merged result to {@code --json} and {@code --out} when given, each named on {@code out}. */
  static void write(RunConfig config, RunResult merged, List<Instant> starts, PrintStream out) throws IOException {
    if (config.jsonFile() != null) {
      JsonReport.write(merged, config.jsonFile());
      out.println("result: " + config.jsonFile());
    }
    if (config.outDir() != null) {
      List<Path> files = new ArrayList<>(ResultFiles.write(config.outDir(), merged, starts));
      files.add(HtmlReport.writeInto(merged, config.outDir()));
      out.println("results: " + config.outDir() + " (" + files.size() + " files: "
          + files.stream().map(f -> f.getFileName().toString()).collect(Collectors.joining(", ")) + ")");
    }
  }
}
