package stress.app;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import stress.app.against.AnswerCheck;
import stress.app.against.CheckJob;
import stress.app.against.CompareTargetsJob;
import stress.app.capacity.CapacityContender;
import stress.app.capacity.CapacityJob;
import stress.app.data.CommandResultJson;
import stress.app.data.DataSetInit;
import stress.app.data.GenerateJob;
import stress.app.data.GenerateRequest;
import stress.app.data.ImportJob;
import stress.app.data.ImportRequests;
import stress.app.data.MongoImportJob;
import stress.app.process.ExitCode;
import stress.app.process.Interruption;
import stress.app.shardkey.ShardKeyJob;
import stress.report.JsonReport;
import stress.report.PhaseResult;
import stress.report.RoundComparisonText;
import stress.report.RunResult;
import stress.report.TextReport;
import stress.report.merge.ResultMerger;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import stress.app.setup.ChosenDatabase;
import stress.app.setup.PhaseGrid;
import stress.app.setup.SpreadHosts;
import stress.app.output.ResultFileClaim;
import stress.config.Defaults;
import stress.config.Durations;
import stress.config.ImportConfig;
import stress.config.InitConfig;
import stress.config.RunConfig;
import stress.config.Timeouts;
import stress.connect.ConnectionOptions;
import stress.connect.ConnectionResolver;
import stress.connect.DriverSettings;
import stress.connect.PhysicalConnections;
import stress.model.PreferQueryMode;
import stress.load.importer.ImportRequest;
import stress.ops.Operation;
import stress.ops.builtin.Operations;
import stress.server.TargetDetector;
import stress.workload.WorkloadFile;

/** The commands as library calls: each connects (or starts the embedded server), works, and cleans up. */
public final class Commands {
  private Commands() {}

  /** How a run ended. */
  public record Outcome(ExitCode exitCode) {}

  /** {@code stress run}; on the embedded server the default data set is generated first. */
  public static Outcome run(RunConfig config, ConnectionOptions options, PrintStream out) throws Exception {
    return run(config, options, out, url -> {});
  }

  /**
   * {@code stress run} with a hook called just before the {@code --metrics-port} endpoint closes
   * ({@link RunJob#beforeMetricsClose}).
   */
  public static Outcome run(RunConfig config, ConnectionOptions options, PrintStream out,
                            Consumer<URI> beforeMetricsClose) throws Exception {
    return runOn(config, options, out, (db, interruption) -> {
      if (config.application() == null) { // an application's tables are its collections', never generated
        DataSetInit.initializeDefault(db, config.schema(), config.table(), interruption, out);
      }
      return new RunJob(config, db, out, interruption).beforeMetricsClose(beforeMetricsClose).run();
    });
  }

  /** {@code run --slo}: the highest offered rate the objectives hold at (see {@link CapacityJob}). */
  public static Outcome capacity(RunConfig config, stress.config.CapacityRequest request, ConnectionOptions options,
                                 PrintStream out) throws Exception {
    return runOn(config, options, out, (db, interruption) -> {
      if (config.application() == null) {
        DataSetInit.initializeDefault(db, config.schema(), config.table(), interruption, out);
      }
      return new CapacityJob(config, request, CapacityContenders.ofLists(config, db, interruption), out,
          interruption).run();
    });
  }

  /**
   * {@code run --slo --instances N}: the capacity search, each step offered by N processes of this tool together,
   * each a share of the rate ({@code stepArgs} gives an instance's arguments for a step), one merged verdict a step.
   */
  public static Outcome capacityOnInstances(RunConfig config, stress.config.CapacityRequest request,
                                            ConnectionOptions options, List<String> java,
                                            java.util.function.Function<RunConfig, List<String>> stepArgs,
                                            int instances, List<String> cpus, PrintStream out) throws Exception {
    if (PhaseGrid.count(config) > 1) {
      throw new stress.model.UsageException("--slo with --instances N searches one combination: give one value each"
          + " to --mode, --pool, --threads and --set, and no --compare-tables or --against");
    }
    return runOn(config, options, out, (db, interruption) -> {
      if (config.application() == null) {
        DataSetInit.initializeDefault(db, config.schema(), config.table(), interruption, out);
      }
      CapacityContender fleet = new CapacityContender("", Map.of(), config, (step, o) -> LocalInstances.step(db,
          java, stepArgs.apply(step), instances, cpus, interruption, o)).offeredBy(instances);
      out.println("each step offered by " + instances + " instances on this host together, each a 1/" + instances
          + " share of the rate, their histograms merged into one verdict");
      return new CapacityJob(config, request, List.of(fleet), out, interruption).run();
    });
  }

  /** {@code run --slo --compare-tables}: each table's capacity under the same objectives, compared. */
  public static Outcome compareTableCapacities(RunConfig config, List<stress.model.TableName> tables,
                                               stress.config.CapacityRequest request, ConnectionOptions options,
                                               PrintStream out) throws Exception {
    return runOn(config, options, out,
        (db, interruption) -> new CompareJob(config, tables, db, out, interruption).capacities(request));
  }

  /** {@code run --compare-tables}: the run on each of {@code tables} in turn, then one comparison (see {@link CompareJob}). */
  public static Outcome compareTables(RunConfig config, List<stress.model.TableName> tables, ConnectionOptions options,
                                      PrintStream out) throws Exception {
    return runOn(config, options, out, (db, interruption) -> new CompareJob(config, tables, db, out, interruption).run());
  }

  /**
   * {@code run --against URL --collection NS}: the run on the table and natively on a MongoDB collection, in turn,
   * then one comparison (see {@link CompareTargetsJob}).
   */
  public static Outcome compareTargets(RunConfig config, List<ExplainRequest.MongoSide> mongodb, AnswerCheck check,
                                       ConnectionOptions options, PrintStream out) throws Exception {
    return runOn(config, options, out,
        (db, interruption) -> RunJobTargets.job(config, mongodb, check, db, out, interruption).run());
  }

  /** {@code run --slo --against URL --collection NS}: each target's capacity under the same objectives, compared. */
  public static Outcome compareTargetCapacities(RunConfig config, List<ExplainRequest.MongoSide> mongodb,
                                                AnswerCheck check, stress.config.CapacityRequest request,
                                                ConnectionOptions options, PrintStream out) throws Exception {
    return runOn(config, options, out, (db, interruption) -> RunJobTargets.job(config, mongodb, check, db, out,
        interruption).capacities(request));
  }


  /** {@code stress index --against URL --collection NS}: the file's indexes on a MongoDB collection. */
  public static ExitCode indexOnMongo(WorkloadFile workload, String url, String collection, String table,
                                      PrintStream out) {
    if (workload.indexes().isEmpty()) {
      throw new stress.model.UsageException("--workload " + workload.file() + " has no indexes: to build");
    }
    try (stress.mongodb.MongoTarget target = stress.mongodb.MongoTarget.connect("--against", url, null)) {
      out.println("indexes of " + workload.file() + " on " + target.describe() + ", " + target.version()
          + ", collection " + collection + ":");
      return stress.mongodb.MongoIndexes.create(target, collection, workload.indexes(), table, out) == 0
          ? ExitCode.OK : ExitCode.FAILURE;
    }
  }

  /** Work of {@code run} on the chosen server. */
  private interface RunWork {
    ExitCode run(ChosenDatabase db, Interruption interruption) throws Exception;
  }

  private static Outcome runOn(RunConfig config, ConnectionOptions options, PrintStream out, RunWork work)
      throws Exception {
    DriverSettings driver = CommandDriverSettings.of(config.timeouts(), config.prepareThreshold(), config.queryMode());
    try (Interruption interruption = Interruption.install()) {
      interruption.interruptOnSignal("starting; nothing was measured");
      ExitCode code;
      try (ChosenDatabase db = ChosenDatabase.open(SpreadHosts.options(config.hostSpreading(), options), driver, ConnectionResolver.fromSystem(), out)) {
        try {
          code = work.run(db, interruption);
        } catch (Exception e) {
          // here, not outside: the interrupt is cleared before the embedded server is stopped, whose wait it would cut
          code = interruption.stoppedSetUp(e, out);
        }
      } catch (Exception e) {
        code = interruption.stoppedSetUp(e, out);
      }
      return new Outcome(code);
    }
  }

  /**
   * {@code run --instances N} on this host: N processes of this tool ({@code java}, each with {@code childArgs}) as
   * one run, merged at the end; see {@link LocalInstances}.
   */
  public static Outcome runLocalInstances(RunConfig config, ConnectionOptions options, List<String> java,
                                          List<String> childArgs, int instances, List<String> cpus, PrintStream out)
      throws Exception {
    DriverSettings driver = CommandDriverSettings.of(config.timeouts(), config.prepareThreshold(), config.queryMode());
    try (Interruption interruption = Interruption.install()) {
      ExitCode code;
      try (ChosenDatabase db = ChosenDatabase.open(options, driver, ConnectionResolver.fromSystem(), out)) {
        DataSetInit.initializeDefault(db, config.schema(), config.table(), out);
        code = LocalInstances.run(config, db, java, childArgs, instances, cpus, interruption, out);
      }
      return new Outcome(code);
    }
  }

  /** {@code stress init}. */
  public static ExitCode init(InitConfig config, ConnectionOptions options, Path json, PrintStream out)
      throws Exception {
    Instant start = Instant.now();
    try (Interruption interruption = Interruption.install()) {
      // a signal stops the load streams after their current document; the batches committed so far stay
      interruption.interruptOnSignal("loading the data set; the batches committed so far stay in the table");
      try (ChosenDatabase db = ChosenDatabase.open(options, CommandDriverSettings.defaults(), ConnectionResolver.fromSystem(),
          out)) {
        try {
          if (db.embedded() == ChosenDatabase.Embedded.FOR_THIS_COMMAND) {
            out.println("note: the embedded server is stopped when this command ends, so the data set is gone with it;"
                + " give a connection, or start the kept one ('stress embedded start'), to keep it");
          }
          DataSetInit.Initialized done = DataSetInit.initialize(config, db, out);
          if (json != null) {
            CommandResultJson.write(CommandResultJson.ofInit(start, done.target(), done.result(), config.seed(),
                config.jobs()), json);
            out.println("result: " + json);
          }
        } catch (Exception e) {
          return interruption.stoppedSetUp(e, out);
        }
      } catch (Exception e) {
        return interruption.stoppedSetUp(e, out);
      }
    }
    return ExitCode.OK;
  }

  /**
   * {@code stress import}: the options checked (every problem in one message) before anything connects; progress is a
   * bar redrawn in place when {@code out} is the console.
   */
  public static ExitCode importDump(ImportConfig config, ConnectionOptions options, PrintStream out)
      throws Exception {
    ImportRequest request = ImportRequests.of(config);
    boolean terminal = out == System.out && System.console() != null;
    return new ImportJob(request, options, CommandDriverSettings.defaults(), out, terminal, config.json()).run();
  }

  /** {@code stress import --to URL}: the dump loaded into a MongoDB server ({@link MongoImportJob}). */
  public static ExitCode importToMongo(ImportConfig config, String url, PrintStream out) throws Exception {
    return MongoImportJob.run(config, url, out);
  }

  /** {@code stress merge}: prints the merged summary and comparison, writes it when {@code json} is given. */
  public static ExitCode merge(List<Path> files, Path json, PrintStream out) {
    ResultFileClaim.refuseEarlierResult("--json", json);
    List<RunResult> results = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Path f : files) {
      results.add(JsonReport.read(f));
      names.add(f.toString());
    }
    printMerged(ResultMerger.merge(names, results), files.size(), json, out);
    return ExitCode.OK;
  }

  /** The merged summaries and comparison, and the JSON when {@code json} is given. */
  static void printMerged(RunResult merged, int inputs, Path json, PrintStream out) {
    for (PhaseResult phase : merged.phases()) {
      String threads = phase.connection().get(ResultMerger.THREADS_IN_ALL);
      out.print(TextReport.summary(phase.label() + " (" + inputs + " results merged"
          + (threads == null ? "" : "; " + threads + " threads in all") + ")", phase.stats()));
    }
    out.print(RoundComparisonText.of(merged));
    if (json != null) {
      JsonReport.write(merged, json);
      out.println("result: " + json);
    }
  }

  /**
   * {@code stress merge --run ID}: the results the run's instances kept in the target database, merged once every
   * instance has kept one (waiting up to {@code wait}), with a row per instance and the instances' start and end skew.
   */
  public static ExitCode mergeRun(String runId, Duration wait, Path json, Path outDir, ConnectionOptions options,
                                  PrintStream out) throws Exception {
    try (ChosenDatabase db = ChosenDatabase.open(options, CommandDriverSettings.defaults(), ConnectionResolver.fromSystem(), out)) {
      return FleetMerge.run(runId, wait, json, outDir, db, out);
    }
  }

  /** {@code stress ops}: each operation --op accepts, with its one-line description. */
  public static ExitCode listOperations(PrintStream out) {
    int width = Operations.known().keySet().stream().mapToInt(String::length).max().orElse(0);
    for (Operation op : Operations.known().values()) {
      out.printf("%-" + width + "s  %s%n", op.name(), op.description());
    }
    return ExitCode.OK;
  }

  /** Work done on one connection. */
  public interface OnConnection<T> {
    T apply(Connection c) throws SQLException;
  }

  /** One connection to the target as the commands open theirs (the kept embedded server when none is given). */
  public static <T> T onTarget(ConnectionOptions options, PrintStream out, OnConnection<T> work) throws SQLException {
    try (ChosenDatabase db = ChosenDatabase.open(options, CommandDriverSettings.defaults(), ConnectionResolver.fromSystem(), out);
         Connection c = PhysicalConnections.open(db.spec())) {
      return work.apply(c);
    }
  }

  /** {@code stress detect}. */
  public static ExitCode detect(ConnectionOptions options, PrintStream out) throws SQLException {
    try (ChosenDatabase db = ChosenDatabase.open(options, CommandDriverSettings.defaults(), ConnectionResolver.fromSystem(), out);
         Connection c = PhysicalConnections.open(db.spec())) {
      for (String line : TargetDetector.detect(c).describeLines()) {
        out.println(line);
      }
      stress.server.pooler.PoolerDetector.detect(c, db.spec()).ifPresent(p -> out.println("pooler: " + p.describe()));
    }
    return ExitCode.OK;
  }

  /**
   * {@code stress explain}; on the embedded server the default data set is generated first (where every
   * statement runs on the single node).
   */
  public static ExitCode explain(ExplainRequest request, ConnectionOptions options, PrintStream out)
      throws SQLException, InterruptedException {
    return explain(request, options, out, r -> { });
  }

  /** As {@link #explain(ExplainRequest, ConnectionOptions, PrintStream)}, handing what it explained to {@code result}. */
  public static ExitCode explain(ExplainRequest request, ConnectionOptions options, PrintStream out,
                                 java.util.function.Consumer<stress.app.plan.RouteCheck.Result> result)
      throws SQLException, InterruptedException {
    Timeouts timeouts = new Timeouts(Durations.parse("--connect-timeout", Defaults.CONNECT_TIMEOUT),
        request.statementTimeout(), request.socketTimeout());
    DriverSettings driver = CommandDriverSettings.of(timeouts, Integer.parseInt(Defaults.PREPARE_THRESHOLD),
        PreferQueryMode.fromDriverName(Defaults.QUERY_MODE));
    try (ChosenDatabase db = ChosenDatabase.open(options, driver, ConnectionResolver.fromSystem(), out)) {
      DataSetInit.initializeDefault(db, request.schema(), request.table(), out);
      ExplainJob job = new ExplainJob(request, db, out);
      try {
        return job.run();
      } finally {
        if (job.result() != null) {
          result.accept(job.result());
        }
      }
    }
  }

  /** {@code stress check}: the workload's MongoDB-style reads on the table and on a MongoDB server, compared. */
  public static ExitCode check(CheckJob.Request request, ConnectionOptions options, PrintStream out)
      throws SQLException, InterruptedException {
    try (ChosenDatabase db = ChosenDatabase.open(options, checkDriver(request), ConnectionResolver.fromSystem(), out)) {
      return new CheckJob(request, db, out).run();
    }
  }

  /** {@code stress check}'s result without its printing, for {@code stress assess}: each operation's outcome. */
  public static CheckJob.Result checkResult(CheckJob.Request request, ConnectionOptions options, PrintStream out)
      throws SQLException, InterruptedException {
    try (ChosenDatabase db = ChosenDatabase.open(options, checkDriver(request), ConnectionResolver.fromSystem(), out)) {
      return new CheckJob(request, db, out).result();
    }
  }

  private static DriverSettings checkDriver(CheckJob.Request request) {
    Timeouts timeouts = new Timeouts(Durations.parse("--connect-timeout", Defaults.CONNECT_TIMEOUT),
        java.time.Duration.ofMillis(request.maxTimeMs()), java.time.Duration.ZERO);
    return CommandDriverSettings.of(timeouts, Integer.parseInt(Defaults.PREPARE_THRESHOLD),
        PreferQueryMode.fromDriverName(Defaults.QUERY_MODE));
  }

  /**
   * {@code stress index}: creates the workload file's indexes on the table; on the embedded server the default
   * data set is generated first. The tool sets no statement_timeout, and the client waits on the server for at most
   * {@code socketTimeout} (zero: as long as the server works), since a real index build takes minutes to hours.
   * Ctrl-C cancels the statement running on the server.
   */
  public static ExitCode index(WorkloadFile workload, String schema, String table, Duration socketTimeout,
                               boolean suggest, boolean strict, ConnectionOptions options, PrintStream out)
      throws SQLException, InterruptedException {
    return index(workload, schema, table, socketTimeout, suggest, strict, options, out, r -> { });
  }

  /** As above, handing what it built and suggested (what it printed) to {@code result}, also when it failed. */
  public static ExitCode index(WorkloadFile workload, String schema, String table, Duration socketTimeout,
                               boolean suggest, boolean strict, ConnectionOptions options, PrintStream out,
                               java.util.function.Consumer<IndexJob.Result> result)
      throws SQLException, InterruptedException {
    try (Interruption interruption = Interruption.install();
         ChosenDatabase db = ChosenDatabase.open(options, indexDriverSettings(socketTimeout), ConnectionResolver.fromSystem(),
             out)) {
      DataSetInit.initializeDefault(db, schema, table, out);
      IndexJob job = new IndexJob(workload, schema, table, db, socketTimeout, out);
      if (suggest) {
        job.suggesting();
      }
      if (strict) {
        job.strict();
      }
      interruption.onSignal(job::stop);
      try {
        return job.run();
      } finally {
        result.accept(job.result());
      }
    }
  }

  /** {@code stress analyze}: the path facts of the table found again and printed. */
  public static ExitCode analyze(WorkloadFile workload, String schema, String table, ConnectionOptions options,
                                 PrintStream out) throws SQLException, InterruptedException {
    try (ChosenDatabase db = ChosenDatabase.open(options, indexDriverSettings(Duration.ZERO), ConnectionResolver.fromSystem(),
        out)) {
      DataSetInit.initializeDefault(db, schema, table, out);
      return new AnalyzeJob(workload, schema, table, db, out).run();
    }
  }

  /**
   * {@code stress analyze --shard-key}: candidate shard keys of the table, their figures and the workload's operations
   * under each; writes nothing to the target (on the embedded server the default data set is generated first).
   */
  public static ExitCode analyzeShardKey(ShardKeyJob.Request request, ConnectionOptions options, PrintStream out)
      throws SQLException, InterruptedException {
    try (ChosenDatabase db = ChosenDatabase.open(options, indexDriverSettings(Duration.ZERO), ConnectionResolver.fromSystem(),
        out)) {
      DataSetInit.initializeDefault(db, request.schema(), request.table(), out);
      return new ShardKeyJob(request, db, out).run();
    }
  }

  /** The default driver settings with {@code socketTimeout} as the socket timeout (zero: none). */
  static DriverSettings indexDriverSettings(Duration socketTimeout) {
    Timeouts t = new Timeouts(Durations.parse("--connect-timeout", Defaults.CONNECT_TIMEOUT), Duration.ZERO,
        socketTimeout);
    return CommandDriverSettings.of(t, Integer.parseInt(Defaults.PREPARE_THRESHOLD),
        PreferQueryMode.fromDriverName(Defaults.QUERY_MODE));
  }

  /** {@code stress generate}: writes generated documents as mongodump output; no database is involved. */
  public static ExitCode generate(GenerateRequest request, Path json, PrintStream out) throws IOException {
    return GenerateJob.run(request, json, out);
  }
}
