package stress.app;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import stress.config.RunConfig;
import stress.model.UsageException;
import stress.mongodb.MongoTarget;
import stress.mongodb.NativeRun;
import stress.report.JsonReport;
import stress.report.PhaseResult;
import stress.report.ResultFiles;
import stress.report.RoundComparisonText;
import stress.report.RunResult;
import stress.report.html.HtmlReport;
import stress.runner.RoundSchedule;

/**
 * {@code run --workload F --against URL --collection NS}: the same run (operations, phases, threads, duration, seed,
 * so the same drawn values) on the PostgreSQL table and natively on a MongoDB collection, in interleaved rounds, then
 * one comparison: each target's figures, the ratio MongoDB / PostgreSQL with its noise ({@code --rounds}), in the
 * text, the JSON result and report.html. The phases carry the target in their combination.
 */
final class CompareTargetsJob {
  /** The combination key of the target a phase measured. */
  static final String TARGET = "target";
  static final String POSTGRESQL = "postgresql";
  static final String MONGODB = "mongodb";

  private final RunConfig config;
  private final ExplainRequest.MongoSide mongodb;
  private final ChosenDatabase database;
  private final PrintStream out;
  private final Interruption interruption;

  CompareTargetsJob(RunConfig config, ExplainRequest.MongoSide mongodb, ChosenDatabase database, PrintStream out,
                    Interruption interruption) {
    if (config.workload() == null) {
      throw new UsageException("--against sends a workload file's MongoDB-style operations to MongoDB; give"
          + " --workload FILE");
    }
    if (config.modes().size() > 1 || config.pools().size() > 1 || !config.settings().isEmpty()) {
      throw new UsageException("--against compares PostgreSQL with MongoDB; --mode, --pool and --set choices are"
          + " PostgreSQL's own: give one mode and one pool, and no --set");
    }
    for (String op : config.mix().names()) { // before anything is measured on either side
      stress.ops.Operation fromFile = config.workload().operations().get(op);
      if (fromFile == null || config.workload().mongo().get(op) == null || fromFile.insertsNewKeys()) {
        throw new UsageException("--against sends " + config.workload().file() + "'s MongoDB-style operations to"
            + " MongoDB; " + op + (fromFile == null ? " is a built-in operation"
            : config.workload().mongo().get(op) == null ? " is SQL written by hand"
            : " inserts under new keys, not drawn for a MongoDB target yet") + ": leave it out of --op");
      }
    }
    this.config = config;
    this.mongodb = mongodb;
    this.database = database;
    this.out = out;
    this.interruption = interruption;
  }

  ExitCode run() throws SQLException, InterruptedException, IOException {
    try (ResultFileClaim json = ResultFileClaim.claim("--json", config.jsonFile());
         MongoTarget target = MongoTarget.connect("--against", mongodb.url(), null)) {
      return compare(new NativeRun(target, mongodb.collection(), config.timeouts().statement().toMillis()));
    }
  }

  private ExitCode compare(NativeRun sent) throws SQLException, InterruptedException, IOException {
    if (config.outDir() != null) {
      try {
        ResultFiles.prepare(config.outDir());
      } catch (IllegalArgumentException e) {
        throw new UsageException("--out " + e.getMessage(), e);
      }
    }
    Instant started = Instant.now();
    ExitCode worst = ExitCode.OK;
    List<PhaseResult> phases = new ArrayList<>();
    List<Instant> starts = new ArrayList<>();
    RunResult first = null;
    boolean interrupted = false;
    int rounds = config.rounds();
    List<String> targets = List.of(POSTGRESQL, MONGODB);
    List<List<Integer>> orders = RoundSchedule.orders(targets.size(), rounds, config.seed());
    RunConfig single = config.onComparedTable(config.table());
    rounds:
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < targets.size(); k++) {
        String name = targets.get(orders.get(r).get(k));
        out.println((r == 0 && k == 0 ? "" : "\n") + "target " + name + (name.equals(MONGODB) ? " ("
            + sent.target().describe() + ", collection " + sent.collection() + ")" : " (table " + config.table() + ")")
            + (rounds > 1 ? ", round " + (r + 1) + " of " + rounds : "") + ":");
        RunJob job = new RunJob(single, database, out, interruption);
        if (name.equals(MONGODB)) {
          job.sendingTo(sent);
        }
        ExitCode code = job.run();
        worst = code.code() > worst.code() ? code : worst;
        RunResult result = job.result();
        if (result == null) {
          return worst;
        }
        first = first == null || name.equals(POSTGRESQL) ? result : first;
        int round = r + 1;
        result.phases().forEach(p -> phases.add(withTarget(p, name, rounds > 1 ? round : null)));
        starts.addAll(job.measuredStarts());
        if (result.interrupted()) {
          interrupted = true;
          break rounds;
        }
      }
    }
    Map<String, Object> settings = new LinkedHashMap<>(first.settings());
    settings.put("compared targets", "PostgreSQL table " + config.table() + " (its target below) and MongoDB "
        + sent.target().describe() + ", " + sent.target().version() + ", collection " + sent.collection());
    if (rounds > 1) {
      settings.put("rounds", rounds + " (each target once per round, interleaved, the order changed between rounds;"
          + " each run with its own warm-up)");
    }
    RunResult merged = new RunResult(first.toolVersion(), started, settings, first.target(), phases, interrupted,
        List.of(), List.of(), List.of(), List.of(), Instant.now());
    out.println();
    out.println("PostgreSQL and MongoDB compared (the same operations, threads, duration and drawn values; the ratio is"
        + " mongodb / postgresql):");
    out.print(RoundComparisonText.of(merged));
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
    return worst;
  }

  /** The phase with its target first in its combination and label, and its round when there are several. */
  private static PhaseResult withTarget(PhaseResult phase, String target, Integer round) {
    Map<String, String> combination = new LinkedHashMap<>();
    combination.put(TARGET, target);
    combination.putAll(phase.combination());
    PhaseResult labelled = phase.relabelled(TARGET + "=" + target + " " + phase.label(), combination);
    return round == null ? labelled : labelled.inRound(round);
  }
}
