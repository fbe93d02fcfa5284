package stress.app.output;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import stress.config.RunConfig;
import stress.report.CollectionComparison;
import stress.report.JsonReport;
import stress.report.MongoComparison;
import stress.report.PhaseResult;
import stress.report.RunResult;
import stress.runner.PhaseOutcome;
import stress.report.files.ResultFiles;
import stress.report.html.HtmlReport;

/**
 * Where a run's result goes, for a run and for the comparisons of runs: {@code --out DIR} made before anything is
 * measured, and the result written to {@code --json} and {@code --out} at the end.
 */
public final class RunOutputs {
  private RunOutputs() {}

  /** {@code --out DIR}, when given, made (or an empty one accepted) before anything is measured. */
  public static void prepare(RunConfig config) {
    ResultFileClaim.refuseEarlierResult("--json", config.jsonFile());
    if (config.outDir() != null) {
      try {
        ResultFiles.prepare(config.outDir());
      } catch (IllegalArgumentException e) {
        throw new stress.model.UsageException("--out " + e.getMessage(), e);
      }
    }
  }

  /**
   * As {@link #prepare}, saying whether it made the directory (none was there): a run that fails before writing
   * into it removes it again ({@link #removeIfLeftEmpty}).
   */
  public static boolean prepareNew(RunConfig config) {
    boolean absent = config.outDir() != null && !java.nio.file.Files.exists(config.outDir());
    prepare(config);
    return absent;
  }

  /** The directory {@link #prepareNew} made, removed when nothing was written into it; one given empty stays. */
  public static void removeIfLeftEmpty(RunConfig config, boolean made) {
    if (!made) {
      return;
    }
    try (java.util.stream.Stream<Path> entries = java.nio.file.Files.list(config.outDir())) {
      if (entries.findAny().isEmpty()) {
        java.nio.file.Files.delete(config.outDir());
      }
    } catch (IOException e) {
      // left as it is: the run's own failure is the line to say
    }
  }

  /** The runner's phases as the result keeps them, with the server backends a phase saw when counted. */
  public static List<PhaseResult> phaseResults(List<PhaseOutcome> outcomes) {
    return phaseResults(outcomes, spec -> java.util.Map.of());
  }

  /** The phases' results, each phase's {@code connection} with what {@code more} adds (the pooler's figures). */
  public static List<PhaseResult> phaseResults(List<PhaseOutcome> outcomes,
                                        java.util.function.Function<stress.runner.PhaseSpec,
                                            java.util.Map<String, String>> more) {
    List<PhaseResult> phases = new ArrayList<>();
    for (PhaseOutcome o : outcomes) {
      java.util.Map<String, String> connection = new java.util.LinkedHashMap<>(o.source());
      if (o.distinctBackends() > 0) {
        connection.put("distinct server backends", Integer.toString(o.distinctBackends()));
      }
      connection.putAll(more.apply(o.spec()));
      phases.add(new PhaseResult(o.spec().label(), o.spec().combination(), o.settingsReadBack(), connection,
          o.stats(), o.hosts(), o.client(), o.spec().round() > 0 ? o.spec().round() : null));
    }
    return phases;
  }

  /** MongoDB's recorded figures beside the measured ones, and an application's per collection, after an empty line. */
  public static void printMongoComparisons(RunResult result, boolean application, PrintStream out) {
    String mongodb = MongoComparison.text(result) + (application ? "\n" + CollectionComparison.text(result) : "");
    if (!mongodb.isEmpty()) {
      out.println();
      out.print(mongodb);
    }
  }

  /** The line of an instance of a fleet run at its end: where its result is kept, or that it stopped early. */
  public static String keptInFleet(RunConfig config, boolean nothingMeasured) {
    return "run " + config.fleet().runId() + ": " + (nothingMeasured
        ? "instance " + config.fleet().instance() + " stopped before its first phase; the others stop at their"
        + " barrier" : "the result of instance " + config.fleet().instance() + " is kept in the target database;"
        + " 'stress merge --run " + config.fleet().runId() + "' merges the instances' results");
  }

  /** The result to {@code --json} and {@code --out} when given, each named on {@code out}. */
  public static void write(RunConfig config, RunResult result, List<Instant> starts, PrintStream out) throws IOException {
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
