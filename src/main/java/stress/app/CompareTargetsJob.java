package stress.app;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.app.setup.ChosenDatabase;
import stress.config.RunConfig;
import stress.model.UsageException;
import stress.mongodb.MongoTarget;
import stress.mongodb.NativeRun;
import stress.report.PhaseResult;
import stress.report.RoundComparisonText;
import stress.report.RunResult;
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
    RunOutputs.prepare(config);
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
        result.phases().forEach(p -> phases.add(ComparedRuns.marked(p, TARGET, name, rounds > 1 ? round : null)));
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
    RunOutputs.write(config, merged, starts, out);
    return worst;
  }
}
