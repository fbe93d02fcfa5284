package stress.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import stress.model.UsageException;
import stress.workload.WorkloadFile;
import java.util.Set;
import stress.model.PreferQueryMode;
import stress.model.OperationSettings;
import stress.model.StatementMode;
import stress.model.WorkerThreadPolicy;
import stress.model.Distribution;
import stress.model.OperationMix;

/**
 * Everything {@code stress run} was asked to do, validated when built. Lists hold the values to compare:
 * each combination of mode, pool, threads and settings runs as its own phase.
 *
 * @param mix               operations and weights
 * @param threads           thread counts to compare
 * @param duration          measured time per phase, or null when {@code ops} is set
 * @param ops               executions per phase, or 0 when {@code duration} is set
 * @param warmup            unmeasured time before each phase
 * @param reportInterval    time between interval lines
 * @param rate              target ops/s over all threads, 0 = unlimited
 * @param modes             statement modes to compare
 * @param pools             pool kinds to compare (none, hikari, c3p0)
 * @param poolSize          pool size, or null for "as many as threads"
 * @param c3p0MaxStatements c3p0 statement cache size
 * @param prepareThreshold  pgjdbc prepareThreshold
 * @param queryMode         pgjdbc preferQueryMode
 * @param settings          --set choices
 * @param transaction       each execution in one transaction
 * @param distribution      key distribution
 * @param zipfConstant      zipfian constant
 * @param operationSettings batch, limits, fetch size
 * @param schema            schema of the table, or null for the search path
 * @param table             document table name
 * @param seed              random seed
 * @param keySample         keys to read for tables without a dense integer range
 * @param timeouts          connect, statement and socket timeouts
 * @param jsonFile          where to write the full result, or null
 * @param workerThreads     which phases run their workers on virtual threads (Java 21+)
 * @param inserts           document shape, instance and shard grouping of the insert operations
 * @param explain           before measuring, explain where each operation's statements go in the run's modes
 * @param outDir            directory for the result files (JSON, CSV, interval logs), or null
 * @param metricsPort       serve live Prometheus metrics on this port while the run lasts (0 = any free port), or
 *                          null for none
 * @param hostSpreading     --hosts / --spread-hosts: whether workers are spread over several hosts (coordinators)
 * @param failures          retries after serialization failures and deadlocks, and the error rate that still exits 0
 * @param workload          the --workload file whose operations --op may name, or null
 * @param fleet             this process as one instance of a run of several ({@code --run-id}), or null alone
 * @param application       with {@code --workload DIR}: the application's collections, each on its table; else null
 * @param poolerConsole     {@code --pooler-console}: the JDBC URL of PgBouncer's admin console (database
 *                          {@code pgbouncer}) read with its own login instead of the run's; null: the run's login
 * @param rounds            how many times every phase runs, interleaved ({@code --rounds}; 1 = once, no noise
 *                          estimate)
 * @param vias              the roads to the database compared ({@code --via}), the run's own first; empty for the run's
 *                          own connection alone
 */
public record RunConfig(OperationMix mix, List<Integer> threads, Duration duration, long ops, Duration warmup,
                        Duration reportInterval, double rate, List<StatementMode> modes, List<String> pools,
                        Integer poolSize, int c3p0MaxStatements, int prepareThreshold, PreferQueryMode queryMode,
                        List<SettingChoice> settings, boolean transaction, Distribution distribution,
                        double zipfConstant, OperationSettings operationSettings, String schema, String table,
                        long seed, int keySample, Timeouts timeouts, Path jsonFile,
                        WorkerThreadPolicy workerThreads, InsertSettings inserts, boolean explain, Path outDir,
                        Integer metricsPort, HostSpreading hostSpreading, FailurePolicy failures,
                        WorkloadFile workload, FleetSettings fleet, ApplicationRun application, int rounds,
                        List<ViaRoute> vias, String poolerConsole) {

  /** One host (no list), the console's database, any parameters: what {@code --pooler-console} takes. */
  private static final java.util.regex.Pattern CONSOLE_URL =
      java.util.regex.Pattern.compile("jdbc:postgresql://[^/,?]+/pgbouncer(\\?.*)?");

  public RunConfig {
    Objects.requireNonNull(inserts, "inserts");
    Objects.requireNonNull(workerThreads, "workerThreads");
    hostSpreading = hostSpreading == null ? HostSpreading.NONE : hostSpreading;
    Objects.requireNonNull(failures, "failures");
    threads = List.copyOf(threads);
    modes = List.copyOf(modes);
    pools = List.copyOf(pools);
    settings = List.copyOf(settings);
    vias = vias == null ? List.of() : List.copyOf(vias);
    List<String> problems = new ArrayList<>();
    if (threads.isEmpty()) {
      problems.add("--threads needs at least one value");
    }
    for (int t : threads) {
      if (t < 1) {
        problems.add("--threads must be at least 1, got " + t);
      }
    }
    if ((duration == null) == (ops <= 0)) {
      problems.add("give either --duration or --ops, not both");
    }
    if (duration != null && !duration.isNegative() && duration.isZero()) {
      problems.add("--duration must be more than 0");
    }
    if (ops < 0) {
      problems.add("--ops must be at least 1, got " + ops);
    }
    if (warmup.isNegative()) {
      problems.add("--warmup must not be negative");
    }
    if (reportInterval.isZero() || reportInterval.isNegative()) {
      problems.add("--report-interval must be more than 0");
    }
    if (rate < 0 || Double.isNaN(rate) || Double.isInfinite(rate)) {
      problems.add("--rate must be 0 (unlimited) or a positive number, got " + rate);
    }
    if (poolSize != null && poolSize < 1) {
      problems.add("--pool-size must be at least 1, got " + poolSize);
    }
    if (c3p0MaxStatements < 0) {
      problems.add("--c3p0-max-statements must be 0 or more, got " + c3p0MaxStatements);
    }
    if (prepareThreshold < 0) {
      problems.add("--prepare-threshold must be 0 (never prepare on the server) or more, got " + prepareThreshold);
    }
    if (metricsPort != null && (metricsPort < 0 || metricsPort > 65535)) {
      problems.add("--metrics-port must be 0 (any free port) or 1 to 65535, got " + metricsPort);
    }
    if (poolerConsole != null && !CONSOLE_URL.matcher(poolerConsole).matches()) {
      problems.add("--pooler-console must be the JDBC URL of one host's database pgbouncer (PgBouncer's admin"
          + " console), e.g. jdbc:postgresql://HOST:6432/pgbouncer?user=NAME, got "
          + poolerConsole.replaceAll("(?i)(password=)[^&]*", "$1(not shown)"));
    }
    if (rounds < 1) {
      problems.add("--rounds must be at least 1, got " + rounds);
    }
    if (keySample < 1) {
      problems.add("--key-sample must be at least 1, got " + keySample);
    }
    if (table == null || table.isBlank()) {
      problems.add("--table must not be empty");
    }
    if (workerThreads.eventLoop()) {
      eventLoopProblems(mix, modes, pools, rate, transaction, prepareThreshold, queryMode, hostSpreading, workload,
          problems);
    }
    if (application != null) {
      applicationProblems(table, explain, inserts, hostSpreading, problems);
    }
    if (!vias.isEmpty() && (hostSpreading.spread() || fleet != null)) {
      problems.add("--via with " + (fleet != null ? "--run-id (a fleet)" : "--hosts") + ": not built; compare the"
          + " roads in a run of their own");
    }
    duplicates("--mode", modes, problems);
    duplicates("--pool", pools, problems);
    duplicates("--threads", threads, problems);
    Set<String> names = new HashSet<>();
    for (SettingChoice s : settings) {
      if (!names.add(s.name())) {
        problems.add("--set " + s.name() + " is given twice; list its values in one --set " + s.name() + "=a,b");
      }
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
  }

  /**
   * What the event-loop client does not do (yet): it runs find_first's lookup, prepared or plain, on connections of
   * its own, so every other operation, pool and pgjdbc knob is refused rather than silently not compared.
   */
  private static void eventLoopProblems(OperationMix mix, List<StatementMode> modes, List<String> pools, double rate,
                                        boolean transaction, int prepareThreshold, PreferQueryMode queryMode,
                                        HostSpreading hostSpreading, WorkloadFile workload, List<String> problems) {
    String rule = "--event-loops runs ";
    if (workload != null || !mix.names().equals(List.of("find_first"))) {
      problems.add(rule + "find_first only (the lookup by _id), got --op " + mix);
    }
    if (!pools.equals(List.of("none"))) {
      problems.add(rule + "--pool none only (a connection per worker, held), got " + pools);
    }
    if (rate > 0) {
      problems.add(rule + "closed loops only, without --rate");
    }
    if (transaction) {
      problems.add(rule + "each lookup in autocommit, without --transaction");
    }
    if (prepareThreshold != Integer.parseInt(Defaults.PREPARE_THRESHOLD) || queryMode != PreferQueryMode.EXTENDED) {
      problems.add("--prepare-threshold and --query-mode are pgjdbc's; --event-loops does not use pgjdbc");
    }
    if (hostSpreading.spread()) {
      problems.add(rule + "on one server, without --hosts or --spread-hosts");
    }
  }

  /**
   * A configuration without a result directory and without live metrics that lets pgjdbc pick the host of each
   * connection (no --hosts, no --spread-hosts), with the default failure policy: no retries, any failure exits 1.
   */
  public RunConfig(OperationMix mix, List<Integer> threads, Duration duration, long ops, Duration warmup,
                   Duration reportInterval, double rate, List<StatementMode> modes, List<String> pools,
                   Integer poolSize, int c3p0MaxStatements, int prepareThreshold, PreferQueryMode queryMode,
                   List<SettingChoice> settings, boolean transaction, Distribution distribution,
                   double zipfConstant, OperationSettings operationSettings, String schema, String table,
                   long seed, int keySample, Timeouts timeouts, Path jsonFile,
                   boolean virtualThreads, InsertSettings inserts, boolean explain) {
    this(mix, threads, duration, ops, warmup, reportInterval, rate, modes, pools, poolSize, c3p0MaxStatements,
        prepareThreshold, queryMode, settings, transaction, distribution, zipfConstant, operationSettings, schema,
        table, seed, keySample, timeouts, jsonFile, WorkerThreadPolicy.of(virtualThreads), inserts, explain, null, null,
        HostSpreading.NONE, FailurePolicy.DEFAULT, null, null, null, 1, List.of(), null);
  }

  /** A configuration with the default insert settings. */
  public RunConfig(OperationMix mix, List<Integer> threads, Duration duration, long ops, Duration warmup,
                   Duration reportInterval, double rate, List<StatementMode> modes, List<String> pools,
                   Integer poolSize, int c3p0MaxStatements, int prepareThreshold, PreferQueryMode queryMode,
                   List<SettingChoice> settings, boolean transaction, Distribution distribution,
                   double zipfConstant, OperationSettings operationSettings, String schema, String table,
                   long seed, int keySample, Timeouts timeouts, Path jsonFile, boolean virtualThreads) {
    this(mix, threads, duration, ops, warmup, reportInterval, rate, modes, pools, poolSize, c3p0MaxStatements,
        prepareThreshold, queryMode, settings, transaction, distribution, zipfConstant, operationSettings, schema,
        table, seed, keySample, timeouts, jsonFile, WorkerThreadPolicy.of(virtualThreads), InsertSettings.DEFAULT, false,
        null, null, HostSpreading.NONE, FailurePolicy.DEFAULT, null, null, null, 1, List.of(), null);
  }

  /** What a run of an application's collections (--workload DIR) does not do: each collection names its table. */
  private static void applicationProblems(String table, boolean explain, InsertSettings inserts,
                                          HostSpreading hostSpreading, List<String> problems) {
    String rule = "--workload DIR runs each collection on the table its listing names";
    if (!Defaults.TABLE.equals(table)) {
      problems.add(rule + "; --table " + table + " names one table for all: leave it out (--schema still applies)");
    }
    if (explain) {
      problems.add(rule + "; --explain is not done for it yet: 'stress explain --workload FILE --table TABLE' per"
          + " collection (the run still reads each operation's plan for the comparison with MongoDB)");
    }
    if (inserts.anyTablePerThread() || inserts.groupByShard() || inserts.unlogged()) {
      problems.add(rule + "; --table-per-thread, --unlogged and --group-by-shard apply to the built-in inserts");
    }
    if (hostSpreading.spread()) {
      problems.add(rule + "; --hosts and --spread-hosts are not done for it yet");
    }
  }

  /**
   * This run on one of the tables of {@code run --compare-tables}: the same operations, phases and limits on
   * {@code other}, explained before measuring (the comparison shows the routes), its result files written once for
   * all tables by the comparison instead.
   */
  public RunConfig onComparedTable(String otherSchema, String other) {
    return new RunConfig(mix, threads, duration, ops, warmup, reportInterval, rate, modes, pools, poolSize,
        c3p0MaxStatements, prepareThreshold, queryMode, settings, transaction, distribution, zipfConstant,
        operationSettings, otherSchema, other, seed, keySample, timeouts, null, workerThreads, inserts, true, null,
        metricsPort, hostSpreading, failures, workload, fleet, null, 1, vias, poolerConsole);
  }

  /**
   * This run on one target of {@code run --against}: one round, its result files written once for both targets by
   * the comparison; a single file's operations explained before measuring, as on a compared table.
   */
  public RunConfig onComparedTarget() {
    return new RunConfig(mix, threads, duration, ops, warmup, reportInterval, rate, modes, pools, poolSize,
        c3p0MaxStatements, prepareThreshold, queryMode, settings, transaction, distribution, zipfConstant,
        operationSettings, schema, table, seed, keySample, timeouts, null, workerThreads, inserts, application == null,
        null, metricsPort, hostSpreading, failures, workload, fleet, application, 1, vias, poolerConsole);
  }

  /** This run with fewer operations: those a check before measuring left in (their weights kept). */
  public RunConfig withMix(OperationMix kept) {
    return new RunConfig(kept, threads, duration, ops, warmup, reportInterval, rate, modes, pools, poolSize,
        c3p0MaxStatements, prepareThreshold, queryMode, settings, transaction, distribution, zipfConstant,
        operationSettings, schema, table, seed, keySample, timeouts, jsonFile, workerThreads, inserts, explain, outDir,
        metricsPort, hostSpreading, failures, workload, fleet, application, rounds, vias, poolerConsole);
  }

  /**
   * One step of a capacity search ({@code run --slo}): this run at {@code opsPerSecond} offered (never the logged
   * rate of {@code --rate log}, which only starts the search), one round, its result files written once for the whole
   * search, nothing explained.
   */
  public RunConfig forCapacityStep(double opsPerSecond) {
    return new RunConfig(mix, threads, duration, ops, warmup, reportInterval, opsPerSecond, modes, pools, poolSize,
        c3p0MaxStatements, prepareThreshold, queryMode, settings, transaction, distribution, zipfConstant,
        operationSettings, schema, table, seed, keySample, timeouts, null, workerThreads, inserts, false, null,
        metricsPort, hostSpreading, failures, workload, fleet, application == null ? null
        : new ApplicationRun(application.application(), application.skipMissing(), false), 1, vias, poolerConsole);
  }

  /**
   * One combination of this run's lists: one statement mode, pool, thread count and value of each {@code --set}, the
   * rest as given ({@code run --slo} searches each combination's capacity in turn).
   */
  public RunConfig onlyCombination(StatementMode mode, String pool, int threadCount,
                                   java.util.Map<String, String> sessionSettings) {
    return onlyCombination(mode, pool, null, threadCount, sessionSettings);
  }

  /** As above, on one road of {@code --via} ({@code via} null: the roads as given). */
  public RunConfig onlyCombination(StatementMode mode, String pool, ViaRoute via, int threadCount,
                                   java.util.Map<String, String> sessionSettings) {
    List<SettingChoice> one = sessionSettings.entrySet().stream()
        .map(e -> new SettingChoice(e.getKey(), List.of(e.getValue()))).toList();
    return new RunConfig(mix, List.of(threadCount), duration, ops, warmup, reportInterval, rate, List.of(mode),
        List.of(pool), poolSize, c3p0MaxStatements, prepareThreshold, queryMode, one, transaction, distribution,
        zipfConstant, operationSettings, schema, table, seed, keySample, timeouts, jsonFile, workerThreads, inserts,
        explain, outDir, metricsPort, hostSpreading, failures, workload, fleet, application, rounds,
        via == null ? vias : List.of(via), poolerConsole);
  }

  /** This run measured for {@code length} or {@code operations} (0: by time), e.g. a step made long enough. */
  public RunConfig withLength(Duration length, long operations) {
    return new RunConfig(mix, threads, length, operations, warmup, reportInterval, rate, modes, pools, poolSize,
        c3p0MaxStatements, prepareThreshold, queryMode, settings, transaction, distribution, zipfConstant,
        operationSettings, schema, table, seed, keySample, timeouts, jsonFile, workerThreads, inserts, explain, outDir,
        metricsPort, hostSpreading, failures, workload, fleet, application, rounds, vias, poolerConsole);
  }

  /** This run with another number of rounds. */
  public RunConfig withRounds(int n) {
    return new RunConfig(mix, threads, duration, ops, warmup, reportInterval, rate, modes, pools, poolSize,
        c3p0MaxStatements, prepareThreshold, queryMode, settings, transaction, distribution, zipfConstant,
        operationSettings, schema, table, seed, keySample, timeouts, jsonFile, workerThreads, inserts, explain, outDir,
        metricsPort, hostSpreading, failures, workload, fleet, application, n, vias, poolerConsole);
  }

  private static void duplicates(String option, List<?> values, List<String> problems) {
    if (new HashSet<>(values).size() != values.size()) {
      problems.add(option + " lists a value twice: " + values);
    }
  }
}
