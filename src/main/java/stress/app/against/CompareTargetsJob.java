package stress.app.against;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.app.capacity.CapacityContender;
import stress.app.capacity.CapacityJob;
import stress.app.output.ComparedRuns;
import stress.app.output.ResultFileClaim;
import stress.app.output.RunOutputs;
import stress.app.process.ExitCode;
import stress.app.process.Interruption;
import stress.app.setup.PhaseGrid;
import stress.config.RunConfig;
import stress.model.UsageException;
import stress.mongodb.MongoTarget;
import stress.mongodb.MongoTimeouts;
import stress.mongodb.NativeRun;
import stress.report.FailuresText;
import stress.report.PhaseCost;
import stress.report.PhaseResult;
import stress.report.RoundComparisonText;
import stress.report.RunResult;
import stress.runner.RoundSchedule;

/**
 * {@code run --workload F --against URL --collection NS}: the same run (operations, phases, threads, duration, seed,
 * so the same drawn values) on the PostgreSQL table and natively on a MongoDB collection (or on each of several
 * servers, {@code --against} given more than once), in interleaved rounds, then one comparison: each target's figures,
 * the ratio to PostgreSQL with its noise ({@code --rounds}), in the text, the JSON result and report.html. The phases
 * carry the target in their combination: {@code mongodb}, or {@code mongodb-1}, {@code mongodb-2}, ... in the order
 * given.
 */
public final class CompareTargetsJob {
  /** The combination key of the target a phase measured. */
  static final String TARGET = stress.report.RoundComparison.TARGET;
  static final String POSTGRESQL = stress.report.RoundComparison.POSTGRESQL;
  static final String MONGODB = "mongodb";
  /** The key of the server-side split in result.json's settings. */
  static final String SERVER_TIME = "where the time goes (server side, pg_stat_statements)";
  /** The key, and the line's start, of PostgreSQL's own settings. */
  static final String POSTGRESQL_OWN = "PostgreSQL's own settings";

  private final RunConfig config;
  private final List<String> urls;
  private final String collection;
  private final TargetRuns runs;
  private final stress.app.setup.ChosenDatabase database;
  private final PrintStream out;
  private final Interruption interruption;
  private final AnswerCheck check;
  /** With {@code --slo}: the capacity search asked, each target's compared; else null. */
  private stress.config.CapacityRequest capacity;

  /**
   * The comparison of {@code config}'s run on PostgreSQL with the same run on the MongoDB servers at {@code urls}
   * ({@code collection} the namespace of a single table's), each target's run made by {@code runs}.
   */
  public CompareTargetsJob(RunConfig config, List<String> urls, String collection, AnswerCheck check,
                           stress.app.setup.ChosenDatabase database, TargetRuns runs, PrintStream out,
                           Interruption interruption) {
    if (config.modes().size() > 1 || config.pools().size() > 1 || !config.settings().isEmpty()) {
      throw new UsageException("--against compares PostgreSQL with MongoDB; --mode, --pool and --set choices are"
          + " PostgreSQL's own: give one mode and one pool, and no --set");
    }
    for (String op : config.mix().names()) { // before anything is measured on either side
      String refusal = config.workload() == null ? NativeRun.refusal(op, null, null, null)
          : NativeRun.refusal(op, config.workload().operations().get(op), config.workload().mongo().get(op),
          config.workload().file().toString());
      if (refusal != null) {
        throw new UsageException(refusal);
      }
    }
    if (config.application() != null) {
      for (stress.workload.Application.Collection c : config.application().application().collections()) {
        if (c.namespace().indexOf('.') <= 0) {
          throw new UsageException("--against with --workload " + config.application().application().listing()
              + ": collection " + c.table() + " has the namespace '" + c.namespace() + "', which names no database;"
              + " give each collection its MongoDB namespace (namespace: db.collection) in "
              + stress.workload.Application.LISTING + " (docs/workloads.md)");
        }
      }
    }
    this.config = config;
    this.urls = List.copyOf(urls);
    this.collection = collection;
    this.database = database;
    this.runs = runs;
    this.out = out;
    this.interruption = interruption;
    this.check = check;
  }

  /** {@code --slo}: each target's capacity instead of the closed-loop rounds. */
  public ExitCode capacities(stress.config.CapacityRequest request) throws Exception {
    capacity = request;
    return run();
  }

  public ExitCode run() throws Exception {
    List<MongoTarget> servers = new ArrayList<>();
    try (ResultFileClaim json = ResultFileClaim.claim("--json", config.jsonFile())) {
      Map<String, NativeRun> sent = new LinkedHashMap<>();
      for (String url : urls) {
        servers.add(MongoTarget.connect("--against", url, null));
      }
      if (servers.size() > 1) { // addresses told apart may still reach one process: the servers say
        stress.mongodb.ServerProcess.refuseTwice(servers);
      }
      Map<String, String> collections = new LinkedHashMap<>();
      if (config.application() != null) {
        config.application().application().collections().forEach(c -> collections.put(c.table(), c.namespace()));
      } else {
        collections.put(config.table(), collection);
      }
      Map<String, MongoTarget> named = new LinkedHashMap<>();
      for (int i = 0; i < servers.size(); i++) {
        named.put(servers.size() == 1 ? MONGODB : MONGODB + "-" + (i + 1), servers.get(i));
      }
      TargetTrial.Result trial = TargetTrial.run(config, database, named, collection, check,
          out);
      named.forEach((name, server) -> sent.put(name, new NativeRun(server, collections, trial.objectIdTables(),
          config.timeouts().statement().toMillis())));
      return compare(trial, sent);
    } finally {
      servers.forEach(MongoTarget::close);
    }
  }

  /**
   * Runs the rounds and prints the comparison of what was measured. The calls to MongoDB wait no longer than the
   * run's timeouts ({@link MongoTimeouts#of}), so that a server that stops or freezes fails them, counted, and its
   * phase ends on time. A target whose round fails to run (its server gone before the phase could start) has its
   * later rounds skipped with the reason; the comparison is printed whatever failed, the failures under it, and the
   * exit code is then 1.
   */
  private ExitCode compare(TargetTrial.Result trial, Map<String, NativeRun> untimed) throws Exception {
    MongoTimeouts timeouts = MongoTimeouts.of(trial.measured().timeouts().connect(),
        trial.measured().timeouts().statement());
    Map<String, NativeRun> sent = new LinkedHashMap<>();
    try (ServerTimeWatch watch = ServerTimeWatch.open(database.spec()).onEmbedded(database.embedded())) {
      untimed.forEach((name, server) -> sent.put(name, server.through(server.target().forRun(timeouts))));
      watch.learn(database.spec(), trial.measured());
      return capacity != null ? capacities(trial, sent) : rounds(trial, sent, watch);
    } finally {
      sent.values().forEach(server -> server.target().close());
    }
  }

  private ExitCode rounds(TargetTrial.Result trial, Map<String, NativeRun> sent, ServerTimeWatch watch)
      throws SQLException, InterruptedException, IOException {
    RunConfig config = trial.measured();
    RunOutputs.prepare(config);
    Instant started = Instant.now();
    ExitCode worst = ExitCode.OK;
    List<PhaseResult> phases = new ArrayList<>();
    List<Instant> starts = new ArrayList<>();
    RunResult first = null;
    boolean interrupted = false;
    int rounds = config.rounds();
    List<String> targets = new ArrayList<>(List.of(POSTGRESQL));
    targets.addAll(sent.keySet());
    List<List<Integer>> orders = RoundSchedule.orders(targets.size(), rounds, config.seed());
    PhaseCost.before(targets.size() * PhaseGrid.count(config), rounds, config.duration(), config.ops(),
        config.warmup(), "--against").forEach(out::println);
    out.println(POSTGRESQL_OWN + ": " + postgresqlOwn(config));
    RunConfig single = config.onComparedTarget();
    int perJob = PhaseGrid.count(config);
    int planned = targets.size() * perJob * rounds; // as the plan: line counts them
    java.util.Set<String> headed = new java.util.HashSet<>();
    // the keys every target draws from, read before the first phase: a table's own inserts are not in the collection
    stress.keys.KeySpaces keys = new stress.keys.KeySpaces();
    Map<String, String> failed = new LinkedHashMap<>(); // a target whose round failed to run: why
    List<String> notMeasured = new ArrayList<>();
    Exception firstFailure = null;
    rounds:
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < targets.size(); k++) {
        String name = targets.get(orders.get(r).get(k));
        NativeRun server = sent.get(name);
        String round = rounds > 1 ? ", round " + (r + 1) + " of " + rounds : "";
        int before = (r * targets.size() + k) * perJob; // a skipped target-round keeps its numbers
        if (failed.containsKey(name)) {
          out.println("\ntarget " + name + round + ": skipped, " + failed.get(name));
          notMeasured.add(name + (rounds > 1 ? ", round " + (r + 1) : "") + ": not measured, " + failed.get(name));
          continue;
        }
        out.println("\ntarget " + name + (server != null ? " (" + server.target().describe() + ", "
            + server.collectionsText() + ")" : config.application() == null ? " (table " + config.table() + ")"
            : " (the application's tables)") + round + ":");
        // the header once per target: its later rounds are the line above
        TargetRuns.Options options = new TargetRuns.Options(trial.answersDiffer().keySet(), keys, before, planned,
            headed.add(name), watch);
        watch.measuring(name, server == null ? null : server.target().identity(), config);
        TargetRuns.Ran ran;
        try {
          ran = runs.run(single, server, options, out);
        } catch (SQLException | IOException | RuntimeException e) {
          if (e instanceof UsageException && phases.isEmpty()) {
            throw e; // bad input, found before anything was measured
          }
          // the figures of the phases that ran are kept: this target's later rounds are skipped, with the reason
          String why = ComparedRuns.oneLine(e);
          out.println("target " + name + round + " failed: " + why);
          failed.put(name, "its round " + (r + 1) + " failed: " + why);
          notMeasured.add(name + (rounds > 1 ? ", round " + (r + 1) : "") + ": not measured: " + why);
          firstFailure = firstFailure == null ? e : firstFailure;
          worst = worst.code() > ExitCode.FAILURE.code() ? worst : ExitCode.FAILURE;
          continue;
        }
        worst = ran.code().code() > worst.code() ? ran.code() : worst;
        RunResult result = ran.result();
        if (result == null) {
          return worst;
        }
        first = first == null || name.equals(POSTGRESQL) ? result : first;
        int number = r + 1;
        result.phases().forEach(p -> phases.add(ComparedRuns.marked(ComparedRuns.sharedByTargets(p), TARGET, name,
            rounds > 1 ? number : null)));
        starts.addAll(ran.starts());
        if (result.interrupted()) {
          interrupted = true;
          break rounds;
        }
      }
    }
    if (first == null) {
      throwUnchecked(firstFailure); // nothing was measured on any target: the first failure is the command's
    }
    Map<String, Object> settings = new LinkedHashMap<>(first.settings());
    settings.putAll(targetSettings(config, trial, sent));
    if (!notMeasured.isEmpty()) {
      settings.put("not measured", notMeasured);
    }
    settings.put(POSTGRESQL_OWN, postgresqlOwn(config));
    settings.put(SERVER_TIME, watch.json());
    if (rounds > 1) {
      settings.put("rounds", rounds + " (each target once per round, interleaved, the order changed between rounds;"
          + " each run with its own warm-up)");
    }
    RunResult merged = new RunResult(first.toolVersion(), started, settings, first.target(), phases, interrupted,
        List.of(), List.of(), List.of(), List.of(), Instant.now());
    out.println();
    out.println("PostgreSQL and " + (sent.size() == 1 ? "MongoDB" : String.join(", ", sent.keySet())) + " compared (the"
        + " same operations, threads, duration and drawn values; the ratio is " + (sent.size() == 1 ? "mongodb"
        : "each") + " / postgresql):");
    out.print(RoundComparisonText.of(merged));
    Map<String, stress.mongodb.ServerIdentity> identities = new LinkedHashMap<>();
    sent.forEach((name, server) -> identities.put(name, server.target().identity()));
    out.println();
    watch.lines(identities).forEach(out::println);
    String failures = FailuresText.of(merged, TARGET, notMeasured);
    if (!failures.isEmpty()) {
      out.println();
      out.print(failures);
    }
    RunOutputs.write(config, merged, starts, out);
    if (worst == ExitCode.FAILURE) {
      out.println("the comparison covers what was measured" + (failures.isEmpty() ? "" : ", failures included (above)")
          + "; exit code " + ExitCode.FAILURE.code());
    }
    return worst;
  }

  /**
   * PostgreSQL's own settings, said once: the statement mode, the pool and pgjdbc's settings reach the PostgreSQL
   * target alone (MongoDB's driver has its own pool, in its header), so they label no row of the comparison.
   */
  static String postgresqlOwn(RunConfig config) {
    return "statement mode " + config.modes().get(0).label() + ", pool " + config.pools().get(0)
        + ", prepareThreshold " + config.prepareThreshold() + ", preferQueryMode "
        + (config.queryMode() == null ? "extended" : config.queryMode().driverName())
        + " (on the PostgreSQL target alone; MongoDB's driver has none of them, so they label no row)";
  }

  /** What the result says of the targets compared and of the check before measuring. */
  private static Map<String, Object> targetSettings(RunConfig config, TargetTrial.Result trial,
                                                    Map<String, NativeRun> sent) {
    Map<String, Object> settings = new LinkedHashMap<>();
    StringBuilder compared = new StringBuilder(config.application() == null ? "PostgreSQL table " + config.table()
        : "PostgreSQL, the application's tables").append(" (its target below)");
    sent.forEach((name, server) -> compared.append("; ").append(name).append(": ").append(server.target().describe())
        .append(", ").append(server.target().version()).append(", ").append(server.collectionsText()));
    settings.put("compared targets", compared.toString());
    sent.forEach((name, server) -> settings.put(name + " (its header)", server.header()));
    settings.put("before measuring (each operation once on each target)", trial.lines());
    if (!trial.leftOut().isEmpty()) {
      settings.put("left out on every target (they cannot be compared)", trial.leftOut());
    }
    settings.put("index parity (indexes an operation is served by, on one side only)", trial.indexParity().isEmpty()
        ? "none: each is on both sides, or on neither" : trial.indexParity());
    if (!trial.answersDiffer().isEmpty()) {
      settings.put(stress.report.AnswersDiffer.KEY, trial.answersDiffer());
    }
    return settings;
  }

  /**
   * {@code --slo}: each target's capacity under the same objectives, a round of each target's search in turn, and
   * the capacities compared ({@link CapacityJob}); operations whose answers differ mark the comparison, no verdict.
   */
  private ExitCode capacities(TargetTrial.Result trial, Map<String, NativeRun> sent) throws Exception {
    RunConfig config = trial.measured();
    RunConfig single = config.onComparedTarget();
    stress.keys.KeySpaces keys = new stress.keys.KeySpaces();
    List<CapacityContender> contenders = new ArrayList<>();
    List<String> targets = new ArrayList<>(List.of(POSTGRESQL));
    targets.addAll(sent.keySet());
    for (String name : targets) {
      NativeRun server = sent.get(name);
      contenders.add(new CapacityContender(name, Map.of(TARGET, name), single, (step, o) -> {
        TargetRuns.Ran ran = runs.run(step, server, TargetRuns.Options.ofStep(trial.answersDiffer().keySet(), keys),
            o);
        return new CapacityContender.Ran(ran.result(), ran.starts());
      }));
    }
    Map<String, Object> settings = new java.util.LinkedHashMap<>(targetSettings(config, trial, sent));
    settings.put(POSTGRESQL_OWN, postgresqlOwn(config));
    out.println(POSTGRESQL_OWN + ": " + postgresqlOwn(config));
    return new CapacityJob(config, capacity, contenders, out, interruption).withSettings(settings)
        .answersDiffer(trial.answersDiffer().keySet()).run();
  }

  private static void throwUnchecked(Exception e) throws SQLException, IOException {
    if (e instanceof SQLException sql) {
      throw sql;
    }
    if (e instanceof IOException io) {
      throw io;
    }
    throw (RuntimeException) e;
  }
}
