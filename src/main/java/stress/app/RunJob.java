package stress.app;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import stress.app.output.ComparedRuns;
import stress.app.output.ResultFileClaim;
import stress.app.output.RunOutputs;
import stress.app.plan.RecordedPlans;
import stress.app.plan.RouteCheck;
import stress.app.plan.RoutePrinter;
import stress.app.process.ExitCode;
import stress.app.process.Interruption;
import stress.app.process.Version;
import stress.app.setup.ApplicationSetup;
import stress.app.setup.ChosenDatabase;
import stress.app.setup.FleetJoin;
import stress.app.setup.InsertSetup;
import stress.app.setup.PipelineJit;
import stress.app.setup.RunCapacity;
import stress.app.setup.PooledPrepared;
import stress.app.setup.PoolerWatches;
import stress.app.setup.RunReadings;
import stress.app.setup.RunSettingsReport;
import stress.app.setup.SetupConnection;
import stress.app.setup.SpreadHosts;
import stress.config.RunConfig;
import stress.connect.ConnectionSource;
import stress.connect.ConnectionSources;
import stress.fleet.FleetException;
import stress.fleet.FleetMember;
import stress.keys.KeyChooser;
import stress.keys.KeyDistribution;
import stress.keys.KeySpace;
import stress.live.LiveMetrics;
import stress.model.MongoRecorded;
import stress.model.UsageException;
import stress.ops.Operation;
import stress.ops.builtin.Operations;
import stress.report.JsonReport;
import stress.report.PhaseCost;
import stress.report.PhaseResult;
import stress.report.RecordedOperation;
import stress.report.RoundComparisonText;
import stress.report.RunResult;
import stress.runner.PhaseSpec;
import stress.runner.RunListener;
import stress.runner.RunPlan;
import stress.runner.RunProbe;
import stress.runner.Runner;
import stress.server.TargetInfo;
import stress.table.DocumentTable;

/**
 * {@code stress run}: detects the target, checks the table and the requested settings, runs every
 * combination as a phase, and prints intervals, summaries and the comparison table.
 */
public final class RunJob {

  /** The key of the explain verdicts in the report's settings. */
  static final String EXPLAIN_KEY = "explain";
  /** The header's and result file's setting naming the pooler between the tool and the server. */
  static final String POOLER_KEY = "pooler";

  private final RunConfig config;
  private final ChosenDatabase database;
  private final PrintStream out;
  private final Interruption interruption;
  private Consumer<URI> beforeMetricsClose = url -> {};

  public RunJob(RunConfig config, ChosenDatabase database, PrintStream out, Interruption interruption) {
    this.config = config;
    this.database = database;
    this.out = out;
    this.interruption = interruption;
  }

  /** Where the operations go instead of the table: a MongoDB collection ({@code run --against}); null for the table. */
  private stress.mongodb.NativeRun sentTo;

  /** Operations whose answers differ between the targets of {@code run --against}, marked under each summary. */
  private java.util.Set<String> answersDiffer = java.util.Set.of();

  /** False when the header was printed for this target already (a later round of {@code run --against}). */
  private boolean header = true;
  /** The options whose lists make a run's combinations. */
  static final String COMPARED_OPTIONS = "--mode, --pool, --threads or --set";

  /** False when a comparison of tables or targets printed the whole run's plan (its phases and time) already. */
  private boolean printsPlan = true;

  /** Prints no plan of phases: the comparison that runs this job printed its own; returns this job. */
  RunJob withoutPlan() {
    this.printsPlan = false;
    return this;
  }

  /** Prints no header before the phases: a comparison printed this target's once; returns this job. */
  RunJob withoutHeader() {
    this.header = false;
    return this;
  }

  /** Where the tables' keys are read: afresh by each run, or once for every target of a comparison. */
  private stress.keys.KeySpaces keySpaces = new stress.keys.KeySpaces();

  /** Draws from the keys these key spaces read first (shared by the targets of a comparison); returns this job. */
  RunJob readingKeysFrom(stress.keys.KeySpaces shared) {
    this.keySpaces = shared;
    return this;
  }

  /** Marks these operations' figures "answers differ" under each phase's summary; returns this job. */
  RunJob markingAnswersDiffer(java.util.Set<String> operations) {
    this.answersDiffer = java.util.Set.copyOf(operations);
    return this;
  }

  /** Sends the run's operations to a MongoDB collection, values drawn as for the table; returns this job. */
  RunJob sendingTo(stress.mongodb.NativeRun target) {
    this.sentTo = target;
    return this;
  }

  /** Also tells {@code extra} how the run goes (e.g. a watch on the server's own statistics); returns this job. */
  RunJob listeningWith(RunListener extra) {
    this.extra = extra;
    return this;
  }

  private RunListener extra = new RunListener() {};
  /** Phases of the whole plan before this job's, and in it (0: this job's own count), as {@code plan:} counts them. */
  private int phasesBefore;
  private int phasesPlanned;

  /**
   * Numbers this job's phases within a larger plan ({@code run --against}: one job per target and round), as its
   * {@code plan:} line counts them; returns this job.
   */
  RunJob numberingPhases(int before, int planned) {
    this.phasesBefore = before;
    this.phasesPlanned = planned;
    return this;
  }

  /**
   * With {@code --metrics-port}: called with the endpoint's URL after the summaries (and the JSON result) are written,
   * just before the endpoint closes, e.g. for a last scrape; returns this job.
   */
  public RunJob beforeMetricsClose(Consumer<URI> hook) {
    this.beforeMetricsClose = Objects.requireNonNull(hook, "hook");
    return this;
  }

  /**
   * Runs and returns the exit code. With {@code --metrics-port} the endpoint listens from before the target is
   * contacted (a port in use fails the run at once) until the summaries are printed.
   */
  public ExitCode run() throws SQLException, InterruptedException, IOException {
    interruption.interruptOnSignal("setting up the run; nothing was measured");
    RunCapacity.checkHeap(config.threads(), config.mix().names().size(), Runtime.getRuntime().maxMemory());
    steps = new RunSteps(database == null ? null : database.spec().url(), sentTo, phasesBefore, phasesPlanned);
    return RunSteps.leavingNoEmptyOut(config, () -> {
      try (ResultFileClaim json = ResultFileClaim.claim("--json", config.jsonFile());
           LiveMetrics live = config.metricsPort() == null ? null : LiveMetrics.start(config.metricsPort());
           FleetMember fleet = FleetJoin.join(config.fleet(), database, out)) {
        this.fleet = fleet;
        ExitCode code = steps.named(fleet, () -> run(live));
        if (live != null) {
          beforeMetricsClose.accept(live.url());
        }
        return code;
      }
    });
  }

  /** This process as one instance of a run of several, or null alone. */
  private FleetMember fleet;
  private RunSteps steps;

  /** What the last {@link #run()} measured, and where its statements went (null when not explained). */
  private RunResult result;
  private RouteCheck.Result routes;
  private List<Instant> measuredStarts = List.of();
  private DocumentTable table;

  /** The result of the run, once it ran; null before, or when it stopped before its phases. */
  RunResult result() {
    return result;
  }

  /** Where each operation's statements went, checked before measuring; null when the run did not explain. */
  RouteCheck.Result routes() {
    return routes;
  }

  /** The measured start of each phase, in run order. */
  List<Instant> measuredStarts() {
    return measuredStarts;
  }

  /** The table as it stood when the run began (its layout read from the target); null before. */
  DocumentTable table() {
    return table;
  }

  /** One line per sampled workload parameter: how many values were found (filled before measuring). */
  private final List<String> sampledValues = new ArrayList<>();

  /** An operation of the workload file, else a built-in or registered one. */
  private Operation operation(String name) {
    Operation fromFile = config.workload() == null ? null : config.workload().operations().get(name);
    if (fromFile != null || config.workload() == null) {
      return fromFile != null ? fromFile : Operations.byName(name);
    }
    try {
      return Operations.byName(name);
    } catch (UsageException e) {
      // the file's own operations first: a name mistyped from the file is the likely mistake
      throw new UsageException("--op '" + name + "': " + config.workload().file() + " has no such operation (its"
          + " operations: " + String.join(", ", config.workload().operations().keySet()) + ") and it is not a"
          + " built-in one either; " + e.getMessage(), e);
    }
  }

  private ExitCode run(LiveMetrics live) throws SQLException, InterruptedException, IOException {
    List<Operation> operations = new ArrayList<>(config.mix().names().stream().map(this::operation).toList());
    config.pools().forEach(ConnectionSources::factory);
    Instant started = Instant.now();

    // every read below survives a node that is down for up to --connect-timeout, as a phase does (SetupConnection)
    SetupConnection setup = SetupConnection.open(database.spec(), config.timeouts().connect(), "--connect-timeout", out);
    RunReadings read;
    try (setup) {
      read = RunReadings.read(setup, config, database, out, keySpaces, sentTo, operations, sampledValues);
    }
    if (read.preparedLeftOut() != null && read.phases().isEmpty()) {
      out.println(read.preparedLeftOut());
      return ExitCode.PREPARED_REFUSED;
    }
    operations = read.operations();
    TargetInfo target = read.target();
    DocumentTable table = read.table();
    KeySpace keys = read.keys();
    List<PhaseSpec> phases = read.phases();
    Map<String, MongoRecorded> recordedFigures = read.recordedFigures();
    ApplicationSetup.Prepared application = read.application();
    SpreadHosts spread = config.hostSpreading().spread()
        ? SpreadHosts.check(database, config, table, operations.stream().anyMatch(Operation::usesCopyTable)) : null;
    KeyChooser chooser = keys == null ? null
        : new KeyChooser(keys, KeyDistribution.of(config.distribution(), keys.size(), config.zipfConstant()));

    if (spread != null) {
      spread.checkSlots(phases);
    }
    RunPlan plan = new RunPlan(phases, application == null ? config.mix() : application.mix(), operations, table,
        chooser, config.operationSettings(), config.duration(), config.ops(), config.warmup(), config.reportInterval(),
        application == null ? config.rate() : application.rate(),
        config.transaction(), config.seed(), config.workerThreads(), read.newDocuments(), config.failures().retries(),
        read.workerTables(), read.failureReader());
    Map<String, Object> settings = RunSettingsReport.of(config, database, sampledValues, table, chooser, operations);
    if (read.pooler() != null) {
      settings.put(POOLER_KEY, read.pooler().describe());
    }
    if (read.preparedLeftOut() != null) {
      settings.put(PooledPrepared.REPORT_KEY, read.preparedLeftOut());
    }
    settings.putAll(read.viaRoads().described());
    if (application != null) {
      application.describe(settings, plan.mix().toString(), plan.rate());
    }
    if (sentTo != null) {
      settings.put("sent to", sentTo.describe());
    }
    InsertSetup.describe(read.newDocuments(), settings);
    InsertSetup.describeWorkerTables(read.workerTables(), config.inserts().unlogged(), settings);
    RunSettingsReport.describeHosts(settings, database, spread);
    settings.put("server settings (read, not changed by this run)", read.serverSettings());
    if (read.jitNote() != null) {
      settings.put(PipelineJit.REPORT_KEY, read.jitNote());
    }
    // operations that insert new keys are not explained: explain's dry run has no new-key partition
    List<Operation> explained = operations.stream().filter(op -> !op.insertsNewKeys()).toList();
    boolean explainable = sentTo == null && !explained.isEmpty()
        && (chooser != null || explained.stream().noneMatch(Operation::readsExistingKeys));
    RouteCheck.Result routes = null;
    String notExplained = explainable ? null : "no operation to explain with the keys read";
    if (explainable && config.explain()) {
      TargetInfo detected = target;
      DocumentTable onTable = table;
      routes = setup.runOrSkip("explaining the operations", "the explain (where each statement goes)",
          () -> RouteCheck.forRun(config, database.spec(), detected, onTable, explained, chooser), null);
    } else if (explainable && !recordedFigures.isEmpty()) {
      try {
        routes = RouteCheck.forRun(config, database.spec(), target, table, explained, chooser);
      } catch (SQLException e) {
        notExplained = "EXPLAIN failed: " + e.getMessage();
      }
    }
    if (routes != null && config.explain()) {
      settings.put(EXPLAIN_KEY, RoutePrinter.forReport(routes));
    }
    // MongoDB's recorded figures are not set beside MongoDB's own measured ones (run --against)
    ApplicationSetup.Prepared recordedApp = sentTo == null ? application : null;
    List<RecordedOperation> recorded = recordedApp != null ? recordedApp.recorded() : application != null ? List.of()
        : RecordedPlans.of(recordedFigures, routes, notExplained, operations.stream()
        .filter(Operation::insertsNewKeys).map(Operation::name).collect(Collectors.toSet()), read.missingIndexes(),
        "stress index --suggest --workload " + (config.workload() == null ? "" : config.workload().file())
            + " " + stress.model.TableName.option(config.schema(), config.table()));
    throwIfStoppedSetUp();
    if (header && sentTo != null) {
      sentTo.header().forEach(out::println); // MongoDB's own: none of PostgreSQL's choices apply to it
    } else if (header) {
      RunSettingsReport.print(out, target, settings, EXPLAIN_KEY);
    }
    if (live != null) {
      out.println("live metrics: " + live.url() + " (Prometheus text format, on every interface, until the summary)");
    }
    if (routes != null && config.explain() && header) {
      out.println("explain (where each statement goes, checked once before measuring; details: 'stress explain'):");
      RoutePrinter.summary(out, routes, "  ");
    }

    if (printsPlan) {
      PhaseCost.before(phases.size() / config.rounds(), config.rounds(), config.duration(), config.ops(),
          config.warmup(), COMPARED_OPTIONS).forEach(out::println);
    }
    PhaseStartTimes startTimes = new PhaseStartTimes(java.time.Clock.systemUTC());
    PoolerWatches poolerWatch = PoolerWatches.open(read, config, database.spec(), out);
    RunListener listener = RunListener.both(RunListener.both(new PrintingRunListener(out, answersDiffer,
        sentTo != null).numbering(phasesBefore, phasesPlanned), startTimes), RunListener.both(poolerWatch,
        RunListener.both(extra, steps)));
    RunProbe probe = live == null ? RunProbe.NONE : live.probe();
    Runner runner = spread == null
        ? new Runner(plan, spec -> withPoolMeters(live, openSource(spec)), listener, probe)
        : Runner.acrossHosts(plan, spread.names(),
            (spec, host, threads) -> withPoolMeters(live, spread.open(spec, host, threads)), listener, probe);
    if (config.failures().maxErrors() > 0) {
      runner.stopAfterFailures(config.failures().maxErrors());
    }
    if (fleet != null) {
      runner.startGate(fleet);
      fleet.onPeerLost(runner::stopBecause);
    }
    interruption.onSignal(runner::requestStop);
    throwIfStoppedSetUp(); // a signal after the check above, before the runner's own stop took over
    Runner.Result result;
    try (poolerWatch) {
      result = runner.run();
    }
    steps.phasesEnded();
    if (fleet != null && fleet.peerLost() != null) {
      throw new FleetException(fleet.peerLost());
    }
    if (result.stoppedBy() != null) {
      settings.put("stopped", result.stoppedBy());
    }

    List<PhaseResult> phaseResults = ComparedRuns.asRunOn(RunOutputs.phaseResults(result.phases(),
        poolerWatch::figures), sentTo != null);
    RunResult runResult = new RunResult(Version.current(), started, settings, target, phaseResults, result.interrupted(),
        recorded, recordedApp == null ? List.of() : recordedApp.collections(), List.of(), List.of(), Instant.now());
    out.print(RoundComparisonText.of(runResult));
    this.result = runResult;
    this.routes = routes;
    this.measuredStarts = startTimes.starts();
    this.table = table;
    RunOutputs.printMongoComparisons(runResult, recordedApp != null, out);
    if (fleet != null) {
      fleet.finish(JsonReport.toJson(runResult), result.interrupted());
      out.println(RunOutputs.keptInFleet(config, phaseResults.isEmpty()));
    }
    RunOutputs.write(config, runResult, startTimes.starts(), out);
    return RunExitPolicy.exitCode(result, config.failures(), out);
  }

  /** A signal during the set-up interrupted this thread; the set-up may have gone on where nothing waits. */
  private void throwIfStoppedSetUp() throws InterruptedException {
    if (interruption.stoppedSetUp()) {
      throw new InterruptedException("stopped by a signal while setting up the run");
    }
  }

  /** Binds the pool's own meters to the live registry when there is one. */
  private static ConnectionSource withPoolMeters(LiveMetrics live, ConnectionSource source) {
    return live == null ? source : live.bindPool(source);
  }

  private ConnectionSource openSource(PhaseSpec spec) {
    return ConnectionSources.open(spec.poolKind(), spec.connection(), spec.pool());
  }
}
