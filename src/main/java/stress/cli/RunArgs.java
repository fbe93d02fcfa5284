package stress.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import stress.config.Defaults;
import stress.config.Durations;
import stress.config.FleetSettings;
import stress.config.FailurePolicy;
import stress.config.HostList;
import stress.config.HostSpreading;
import stress.config.InsertSettings;
import stress.config.RunConfig;
import stress.config.SettingChoice;
import stress.config.Timeouts;
import stress.model.PreferQueryMode;
import stress.model.Shape;
import stress.model.OperationSettings;
import stress.model.StatementMode;
import stress.model.UsageException;
import stress.model.WorkerThreadPolicy;
import stress.model.Distribution;
import stress.model.Instance;
import stress.model.OperationMix;
import stress.config.ApplicationRun;
import stress.workload.Application;
import stress.workload.WorkloadFile;

/** The options of a run; {@link #toConfig()} validates them all and reports every problem at once. */
final class RunArgs {
  @Mixin
  TableArgs tables = new TableArgs();

  @Option(names = "--op", paramLabel = "OPS",
      description = "Operation, or a weighted mix like find_first=80,find_update=20 (see 'stress ops'); names may be"
          + " those of the --workload file. Default: the workload file's operations with their weights, else "
          + Defaults.OPERATION + ".")
  String op;

  @Option(names = "--workload", paramLabel = "FILE|DIR",
      description = "YAML file of named operations, SQL or MongoDB-style, with weights and parameter generators"
          + " (docs/workloads.md#your-own-workload); or a directory: the one 'workload --from-log --out DIR' wrote"
          + " (or its application.yaml), or one of your own files, each TABLE.yaml run on table TABLE: every"
          + " collection's operations in one phase, each on its own table.")
  Path workload;

  @Option(names = "--skip-missing",
      description = "With --workload DIR: run the other collections when a collection's table is missing or holds no"
          + " document, and count it in the summary, instead of refusing the run.")
  boolean skipMissing;

  @Option(names = "--threads", paramLabel = "N[,N...]", defaultValue = Defaults.THREADS,
      description = "Worker threads; several values run as separate phases. Default: ${DEFAULT-VALUE}.")
  String threads;

  @Option(names = "--duration", paramLabel = "TIME",
      description = "Measured time per phase: 60s, 500ms, 2m, 1m30s; a bare number is seconds. Default: " + Defaults.DURATION + " unless --ops is given.")
  String duration;

  @Option(names = "--ops", paramLabel = "N", description = "Executions per phase (all threads together) instead of"
      + " --duration. Not with --slo, whose steps are measured by time.")
  Long ops;

  @Option(names = "--warmup", paramLabel = "TIME", defaultValue = Defaults.WARMUP,
      description = "Unmeasured time before each phase, excluded from every total; a bare number is seconds."
          + " Default: ${DEFAULT-VALUE}.")
  String warmup;

  @Option(names = "--pooler-console", paramLabel = "JDBC_URL",
      description = "PgBouncer's admin console (database pgbouncer) with a login of its own, read for the pooler's"
          + " settings and figures instead of with the run's login; password from the URL, PGPASSWORD or ~/.pgpass.")
  String poolerConsole;

  @Option(names = "--rounds", paramLabel = "N", defaultValue = Defaults.ROUNDS,
      description = "Run every phase (each combination, each table of --compare-tables) N times, interleaved: each"
          + " round runs every combination once, in an order that changes between rounds, each with its own warm-up;"
          + " the comparison then gives each figure's median and range, and each ratio to the first row with an"
          + " interval and a verdict (faster, slower, no difference beyond noise). 5 is a good start. Default:"
          + " ${DEFAULT-VALUE} (no noise estimate).")
  int rounds;

  @Option(names = "--report-interval", paramLabel = "TIME", defaultValue = Defaults.REPORT_INTERVAL,
      description = "Time between interval lines; a bare number is seconds. Default: ${DEFAULT-VALUE}.")
  String reportInterval;

  @Option(names = "--rate", paramLabel = "OPS_PER_S|log", defaultValue = "0",
      description = "Target ops/s over all threads; latency is then measured from each intended start. 'log': the rate"
          + " MongoDB's log shows for the workload's operations (their mongodb: entries from first to last, as"
          + " workload --from-log writes them); with --workload DIR, the whole application's. Default: unlimited.")
  String rate;

  @Option(names = "--mode", paramLabel = "MODE[,MODE]", defaultValue = Defaults.MODE,
      description = "prepared (PreparedStatement) or plain (Statement with escaped literals); both to compare. Default: ${DEFAULT-VALUE}.")
  String mode;

  @Mixin
  PoolArgs pools = new PoolArgs();

  @Option(names = "--set", paramLabel = "NAME=VALUE[,VALUE...]", split = ";", splitSynopsisLabel = ";",
      description = "A server setting for every connection, checked against pg_settings; several values run as phases."
          + " Repeatable (or several separated by ';').")
  List<String> set = new ArrayList<>();

  @Option(names = "--transaction", description = "Wrap each execution's statements in one transaction (default: autocommit).")
  boolean transaction;

  @Option(names = "--distribution", paramLabel = "NAME", defaultValue = Defaults.DISTRIBUTION,
      description = "Key distribution: uniform, zipfian (scrambled) or latest (YCSB's: the largest keys"
          + " hottest). Default: ${DEFAULT-VALUE}.")
  String distribution;

  @Option(names = "--zipf-constant", paramLabel = "THETA", defaultValue = Defaults.ZIPF_CONSTANT,
      description = "Skew of --distribution zipfian, between 0 and 1. Default: ${DEFAULT-VALUE}.")
  double zipfConstant;

  @Option(names = "--batch", paramLabel = "N", defaultValue = Defaults.BATCH,
      description = "Keys per find_in statement; rows per insert_batch statement and per copy. Default: ${DEFAULT-VALUE}.")
  int batch;

  @Option(names = "--shape", paramLabel = "SHAPE", defaultValue = Defaults.SHAPE,
      description = "Documents written by insert, insert_batch and copy: small (~43 B) or large (~3 KiB). Default: ${DEFAULT-VALUE}.")
  String shape;

  @Mixin
  FleetArgs fleetArgs = new FleetArgs();

  @Option(names = "--group-by-shard",
      description = "Citus: put all rows of each insert_batch statement and each copy into one shard.")
  boolean groupByShard;

  @Option(names = "--table-per-thread", paramLabel = "no|yes|no,yes", arity = "0..1", fallbackValue = "yes",
      description = "insert, insert_batch, copy: each worker thread inserts into its own table <table>_t<i>, created"
          + " empty before the first phase and kept after the run; no,yes runs both as phases. Default: no.")
  String tablePerThread;

  @Option(names = "--unlogged", description = "The tables of --table-per-thread are UNLOGGED (no WAL; emptied by a"
      + " crash). The run's own table is made unlogged by 'init --unlogged'.")
  boolean unlogged;

  @Mixin
  FindLimitArgs limits = new FindLimitArgs();

  @Mixin
  SloArgs slo = new SloArgs();

  @Option(names = "--fetch-size", paramLabel = "N", defaultValue = Defaults.FETCH_SIZE,
      description = "Rows per round trip when find streams its result. Default: ${DEFAULT-VALUE}.")
  int fetchSize;

  @Mixin
  KeyChoiceArgs keys = new KeyChoiceArgs();

  @Option(names = "--connect-timeout", paramLabel = "TIME", defaultValue = Defaults.CONNECT_TIMEOUT,
      description = "Connecting and pool checkout. Default: ${DEFAULT-VALUE}.")
  String connectTimeout;

  @Option(names = "--statement-timeout", paramLabel = "TIME", defaultValue = Defaults.STATEMENT_TIMEOUT,
      description = "Server statement_timeout on every connection, 0 = none. Default: ${DEFAULT-VALUE}.")
  String statementTimeout;

  @Option(names = "--socket-timeout", paramLabel = "TIME", defaultValue = Defaults.SOCKET_TIMEOUT,
      description = "Client gives up on a silent server after this, 0 = never. Default: ${DEFAULT-VALUE}.")
  String socketTimeout;

  @Option(names = "--json", paramLabel = "FILE", description = "Write the full result as JSON (the result.json of"
      + " --out); a new or empty file, as --out is.")
  Path json;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Write result.json, summary.csv, intervals.csv, errors.csv and an HdrHistogram interval log per phase and operation into DIR, which must be new or empty; also after Ctrl-C.")
  Path out;

  @Mixin
  WorkerArgs workers = new WorkerArgs();

  @Option(names = "--explain",
      description = "Before measuring, show where each operation's statements go in the run's modes (as 'stress explain'); the verdicts go into the header and the JSON result. Not with --slo: a capacity search's steps are not explained.")
  boolean explain;

  @Option(names = "--compare-tables", paramLabel = "TABLE,TABLE[,...]", split = ",",
      description = "Run the same workload on each of these tables in turn (one collection laid out by _id and by a"
          + " key, say), each explained first, then one table per phase and operation: its route and ops/s on each"
          + " table and the ratio to the first. Names as --table reads them. Instead of --table; not with --run-id,"
          + " --instances or --metrics-port.")
  List<String> compareTables;

  @Option(names = "--metrics-port", paramLabel = "PORT",
      description = "Serve live Prometheus metrics at http://HOST:PORT/metrics while the run lasts (until the summary"
          + " is printed); 0 picks a free port, printed in the header. Default: off.")
  Integer metricsPort;

  @Option(names = "--hosts", paramLabel = "HOST:PORT[,HOST:PORT...]",
      description = "Several coordinators of one cluster: worker thread i uses host i mod n, each host has its own"
          + " pool of --pool-size connections. Instead of -h/-p/--url; -d and -U still apply; not with"
          + " --event-loops.")
  String hosts;

  @Option(names = "--via", paramLabel = "NAME=URL|NAME",
      description = "Another road to the same database, e.g. through PgBouncer: every combination runs on the --url"
          + " (the road 'direct', or NAME alone) and on each road, compared in rounds. Repeatable.")
  List<String> via;

  @Option(names = "--spread-hosts",
      description = "Spread the workers over the hosts of a multi-host --url or -h list as --hosts does; without it"
          + " pgjdbc picks one host per connection (targetServerType, loadBalanceHosts); not with"
          + " --event-loops.")
  boolean spreadHosts;

  @Mixin
  FailureArgs failureArgs = new FailureArgs();

  /** Builds the validated configuration; every problem is listed in one message. */
  RunConfig toConfig() {
    List<String> problems = new ArrayList<>();
    boolean wholeApplication = workload != null && Application.names(workload);
    Application application = wholeApplication ? attempt(problems, () -> Application.load(workload)) : null;
    WorkloadFile workloadFile = application != null ? application.merged()
        : workload == null || wholeApplication ? null : attempt(problems, () -> WorkloadFile.load(workload));
    OperationMix mix = op == null && workloadFile != null ? OperationMix.of(workloadFile.weights())
        : attempt(problems, () -> OperationMix.parse(op == null ? Defaults.OPERATION : op));
    List<Integer> threadCounts = attempt(problems, () -> integers("--threads", threads));
    Duration measured = duration == null ? (ops == null ? Durations.parse("--duration", Defaults.DURATION) : null)
        : attempt(problems, () -> Durations.parse("--duration", duration));
    Duration warm = attempt(problems, () -> Durations.parse("--warmup", warmup));
    Duration interval = attempt(problems, () -> Durations.parse("--report-interval", reportInterval));
    List<StatementMode> modes = attempt(problems, () -> split(mode).stream().map(StatementMode::parse).toList());
    List<String> poolKinds = pools.kinds();
    List<SettingChoice> settings = attempt(problems, () -> set.stream().map(SettingChoice::parse).toList());
    Distribution dist = attempt(problems, () -> Distribution.parse(distribution));
    OperationSettings opSettings = attempt(problems, () -> new OperationSettings(batch, limits.limitMin, limits.limitMax,
        fetchSize));
    Timeouts timeouts = attempt(problems, () -> new Timeouts(Durations.parse("--connect-timeout", connectTimeout),
        Durations.parse("--statement-timeout", statementTimeout), Durations.parse("--socket-timeout", socketTimeout)));
    PreferQueryMode mode = pools.queryMode(problems);
    Shape documentShape = attempt(problems, () -> shape(shape));
    FleetSettings fleet = fleetArgs.fleet(problems);
    Instance instanceShare = fleetArgs.share(fleet, problems);
    List<Boolean> perThread = tablePerThread == null ? List.of(false)
        : attempt(problems, () -> InsertSettings.parseTablePerThread(tablePerThread));
    HostList hostList = hosts == null ? null : attempt(problems, () -> HostList.parse("--hosts", hosts));
    FailurePolicy failures = failureArgs.policy(problems);
    WorkerThreadPolicy workerThreads = workers.policy(problems);
    if (duration != null && ops != null) {
      problems.add("give either --duration or --ops, not both");
    }
    InsertSettings inserts = perThread == null || documentShape == null || instanceShare == null ? null
        : attempt(problems, () -> new InsertSettings(documentShape, instanceShare, groupByShard, perThread, unlogged));
    Double opsPerSecond = attempt(problems, () -> rate(workloadFile, mix));
    if (skipMissing && !wholeApplication) {
      problems.add("--skip-missing skips the collections of --workload DIR whose table is missing; this run has no"
          + " such directory");
    }
    if (compareTables != null && (fleetArgs.runId != null || fleetArgs.instances != null || metricsPort != null
        || !Defaults.TABLE.equals(tables.table) || wholeApplication)) {
      problems.add("--compare-tables names the tables itself and runs them one after another in this process: not"
          + " with --table, --run-id, --instances, --metrics-port or --workload DIR");
    }
    boolean against = attempt(problems, () -> mongodb.given(wholeApplication)) == Boolean.TRUE;
    if (against && (compareTables != null || fleetArgs.runId != null || fleetArgs.instances != null)) {
      problems.add("--against runs the workload on PostgreSQL and on MongoDB in turn, in this process: not with"
          + " --compare-tables, --run-id or --instances");
    }
    if (against && application != null) {
      java.util.Map<String, String> namespaces = new java.util.LinkedHashMap<>();
      application.collections().forEach(c -> namespaces.put(c.table(), c.namespace()));
      attempt(problems, () -> {
        mongodb.sameDatabases(namespaces);
        return null;
      });
    }
    List<stress.config.ViaRoute> roads = attempt(problems, () -> stress.config.ViaRoute.parse(via));
    stress.model.TableName table = attempt(problems, tables::name);
    slo.refuseIdleOptions(explain, ops != null, problems);
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
    return new RunConfig(mix, threadCounts, measured, ops == null ? 0 : ops, warm, interval, opsPerSecond, modes,
        poolKinds, pools.poolSize, pools.c3p0MaxStatements, pools.prepareThreshold, mode, settings, transaction, dist, zipfConstant,
        opSettings, table.schema(), table.name(), keys.seed, keys.keySample, timeouts, json, workerThreads, inserts, explain, out,
        metricsPort, new HostSpreading(hostList, spreadHosts), failures, workloadFile, fleet, application == null
        ? null : new ApplicationRun(application, skipMissing, "log".equals(rate.strip())), rounds, roads, poolerConsole);
  }

  /** With {@code --against}: the same workload on a MongoDB server beside the table, compared. */
  @picocli.CommandLine.Mixin
  MongoServerArgs mongodb;

  /** With {@code --against}: how answers are compared before measuring. */
  @picocli.CommandLine.Mixin
  AnswerCheckArgs answerCheck;

  /** The answer check of {@code --against}; its options without {@code --against} are refused. */
  stress.app.against.AnswerCheck answerCheck() {
    return answerCheck.toCheck(mongoSides() != null);
  }

  /** The MongoDB servers of {@code --against} and their collection, or null without it. */
  List<stress.app.ExplainRequest.MongoSide> mongoSides() {
    return !mongodb.given(workload != null && Application.names(workload)) ? null : mongodb.against.stream()
        .map(url -> new stress.app.ExplainRequest.MongoSide(url, mongodb.namespace())).toList();
  }

  /** The tables of {@code --compare-tables} (each in --schema when it names none), or null without it. */
  List<stress.model.TableName> comparedTables() {
    if (compareTables == null) {
      return null;
    }
    String schema = tables.schema == null ? null : stress.model.TableName.identifier("--schema", tables.schema);
    return compareTables.stream().map(t -> stress.model.TableName.parse("--compare-tables", t).inSchema(schema))
        .toList();
  }

  /** True for {@code --instances N} without {@code --run-id}: this process starts N instances on this host. */
  boolean startsLocalInstances() {
    return fleetArgs.startsLocalInstances();
  }

  boolean metricsPortGiven() {
    return metricsPort != null;
  }

  int instanceCount() {
    return fleetArgs.instances;
  }

  /** {@code --instance-cpus}: one CPU list per instance, or empty. */
  List<String> instanceCpus() {
    return fleetArgs.instanceCpus();
  }

  /** A number, or {@code log}: the rate the workload file's mongodb: figures show for the mix's operations. */
  /** Whether {@code --rate log} gave the run's rate: the application's logged rate. */
  boolean rateFromLog() {
    return "log".equals(rate.strip());
  }

  private double rate(WorkloadFile workloadFile, OperationMix mix) {
    if (!"log".equals(rate.strip())) {
      try {
        return Double.parseDouble(rate.strip());
      } catch (NumberFormatException e) {
        throw new UsageException("--rate must be ops/s (a number) or log, got '" + rate + "'");
      }
    }
    if (workloadFile == null) {
      throw new UsageException("--rate log needs --workload FILE with what MongoDB logged (workload --from-log)");
    }
    return workloadFile.loggedRate(mix.names());
  }

  private static Shape shape(String name) {
    try {
      return Shape.parse(name);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--shape: " + e.getMessage());
    }
  }

  static <T> T attempt(List<String> problems, Supplier<T> parse) {
    try {
      return parse.get();
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
      return null;
    }
  }

  static List<String> split(String csv) {
    List<String> out = new ArrayList<>();
    for (String s : csv.split(",")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }

  static List<Integer> integers(String option, String csv) {
    List<Integer> out = new ArrayList<>();
    for (String s : split(csv)) {
      int value;
      try {
        value = Integer.parseInt(s);
      } catch (NumberFormatException e) {
        throw new UsageException(option + " must be whole numbers separated by commas, got '" + csv + "'");
      }
      if (value < 1) {
        throw new UsageException(option + " must be at least 1, got " + value);
      }
      out.add(value);
    }
    return out;
  }
}
