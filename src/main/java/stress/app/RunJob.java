package stress.app;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import stress.config.Durations;
import stress.config.RunConfig;
import stress.config.SettingChoice;
import stress.connect.ConnectionSource;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.PhysicalConnections;
import stress.connect.PoolSettings;
import stress.load.TableSetup;
import stress.metrics.HostStats;
import stress.metrics.PhaseStats;
import stress.metrics.live.LiveMetrics;
import stress.ops.NewDocuments;
import stress.ops.Operation;
import stress.ops.Operations;
import stress.ops.StatementMode;
import stress.ops.WorkloadOperation;
import stress.report.ClientUsageText;
import stress.report.ComparisonRow;
import stress.report.JsonReport;
import stress.report.PhaseResult;
import stress.report.ResultFiles;
import stress.report.RunResult;
import stress.report.TextReport;
import stress.report.html.HtmlReport;
import stress.runner.PhaseOutcome;
import stress.runner.PhaseSpec;
import stress.runner.RunListener;
import stress.runner.RunPlan;
import stress.runner.RunProbe;
import stress.runner.Runner;
import stress.table.DocumentTable;
import stress.target.InvalidSettingsException;
import stress.target.SessionSetting;
import stress.target.SessionSettingsPlan;
import stress.target.KnownSetting;
import stress.target.ServerSettings;
import stress.target.SettingsCatalog;
import stress.target.TargetDetector;
import stress.target.TargetInfo;
import stress.workload.KeyChooser;
import stress.workload.KeySpace;
import stress.workload.KeySpaceReader;

/**
 * {@code stress run}: detects the target, checks the table and the requested settings, runs every
 * combination as a phase, and prints intervals, summaries and the comparison table.
 */
public final class RunJob {
  /** Exit code when some operations failed (the run itself completed). */
  public static final int EXIT_ERRORS = 1;
  /** Exit code after Ctrl-C / SIGTERM, as shells report a SIGINT death. */
  public static final int EXIT_INTERRUPTED = 130;

  /** The key of the explain verdicts in the report's settings. */
  static final String EXPLAIN_KEY = "explain";

  private final RunConfig config;
  private final Database database;
  private final PrintStream out;
  private final Interruption interruption;
  private Consumer<URI> beforeMetricsClose = url -> {};

  public RunJob(RunConfig config, Database database, PrintStream out, Interruption interruption) {
    this.config = config;
    this.database = database;
    this.out = out;
    this.interruption = interruption;
  }

  /**
   * With {@code --metrics-port}: called with the endpoint's URL after the summaries (and the JSON result)
   * are written, just before the endpoint closes, e.g. for a last scrape.
   *
   * @return this job
   */
  public RunJob beforeMetricsClose(Consumer<URI> hook) {
    this.beforeMetricsClose = Objects.requireNonNull(hook, "hook");
    return this;
  }

  /**
   * Runs and returns the exit code. With {@code --metrics-port} the endpoint listens from before the target is
   * contacted (a port in use fails the run at once) until the summaries are printed.
   */
  public int run() throws SQLException, InterruptedException, IOException {
    if (config.outDir() != null) {
      try {
        ResultFiles.prepare(config.outDir());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--out " + e.getMessage(), e);
      }
    }
    try (LiveMetrics live = config.metricsPort() == null ? null : LiveMetrics.start(config.metricsPort())) {
      int code = run(live);
      if (live != null) {
        beforeMetricsClose.accept(live.url());
      }
      return code;
    }
  }

  /** One line per sampled workload parameter: how many values were found (filled before measuring). */
  private final List<String> sampledValues = new ArrayList<>();

  /** An operation of the workload file, else a built-in or registered one. */
  private Operation operation(String name) {
    Operation fromFile = config.workload() == null ? null : config.workload().operations().get(name);
    return fromFile != null ? fromFile : Operations.byName(name);
  }

  private int run(LiveMetrics live) throws SQLException, InterruptedException, IOException {
    List<Operation> operations = config.mix().names().stream().map(this::operation).toList();
    config.pools().forEach(ConnectionSources::factory);
    Instant started = Instant.now();

    TargetInfo target;
    Map<String, String> serverSettings;
    DocumentTable table;
    KeySpace keys;
    NewDocuments newDocuments;
    List<Map<String, String>> settingCombos = SettingCombinations.of(config.settings());
    List<SessionSettingsPlan> settingPlans = new ArrayList<>();
    try (Connection control = PhysicalConnections.open(database.spec())) {
      sampledValues.clear();
      target = TargetDetector.detect(control);
      serverSettings = ServerSettings.read(control);
      settingPlans.addAll(planSettings(SettingsCatalog.read(control), settingCombos));
      table = TableSetup.existing(control, config.schema(), config.table(),
          operations.stream().anyMatch(Operation::usesCopyTable));
      for (Operation op : operations) {
        if (op instanceof WorkloadOperation fromFile) {
          fromFile.checkOnServer(control, table);
          sampledValues.addAll(fromFile.readSamples(control, table));
        }
      }
      keys = operations.stream().anyMatch(Operation::readsExistingKeys)
          ? KeySpaceReader.read(control, table, config.keySample()) : null;
      newDocuments = InsertSetup.prepare(control, target, table, config, operations);
    }
    SpreadHosts spread = config.hostSpreading().spread()
        ? SpreadHosts.check(database, config, table, operations.stream().anyMatch(Operation::usesCopyTable)) : null;
    KeyChooser chooser = keys == null ? null
        : new KeyChooser(keys, config.distribution().over(keys.size(), config.zipfConstant()));

    List<PhaseSpec> phases = phases(settingCombos, settingPlans);
    RunPlan plan = new RunPlan(phases, config.mix(), operations, table, chooser, config.operationSettings(),
        config.duration(), config.ops(), config.warmup(), config.reportInterval(), config.rate(),
        config.transaction(), config.seed(), config.virtualThreads(), newDocuments, config.failures().retries());
    Map<String, Object> settings = settingsForReport(table, chooser);
    InsertSetup.describe(newDocuments, settings);
    describeHosts(settings, spread);
    settings.put("server settings (read, not changed by this run)", serverSettings);
    // operations that insert new keys are not explained: explain's dry run has no new-key partition
    List<Operation> explained = operations.stream().filter(op -> !op.insertsNewKeys()).toList();
    RouteCheck.Result routes = config.explain() && chooser != null && !explained.isEmpty()
        ? explainRoutes(target, table, explained, chooser) : null;
    if (routes != null) {
      settings.put(EXPLAIN_KEY, RoutePrinter.forReport(routes));
    }
    printHeader(target, settings);
    if (live != null) {
      out.println("live metrics: " + live.url() + " (Prometheus text format, on every interface, until the summary)");
    }
    if (routes != null) {
      out.println("explain (where each statement goes, checked once before measuring; details: 'stress explain'):");
      RoutePrinter.summary(out, routes, "  ");
    }

    PhaseStartTimes startTimes = new PhaseStartTimes(Clock.systemUTC());
    RunListener listener = RunListener.both(new PrintingListener(out), startTimes);
    RunProbe probe = live == null ? RunProbe.NONE : live.probe();
    Runner runner = spread == null
        ? new Runner(plan, spec -> withPoolMeters(live, openSource(spec)), listener, probe)
        : Runner.acrossHosts(plan, spread.names(),
            (spec, host, threads) -> withPoolMeters(live, spread.open(spec, host, threads)), listener, probe);
    interruption.onSignal(runner::requestStop);
    Runner.Result result = runner.run();

    List<PhaseResult> phaseResults = new ArrayList<>();
    List<ComparisonRow> rows = new ArrayList<>();
    for (PhaseOutcome o : result.phases()) {
      Map<String, String> connection = new LinkedHashMap<>(o.source());
      if (o.distinctBackends() > 0) {
        connection.put("distinct server backends", Integer.toString(o.distinctBackends()));
      }
      phaseResults.add(new PhaseResult(o.spec().label(), o.spec().combination(), o.settingsReadBack(), connection,
          o.stats(), o.hosts(), o.client()));
      rows.add(new ComparisonRow(o.spec().combination(), o.stats()));
    }
    if (rows.size() > 1) {
      out.println();
      out.println("comparison (" + rows.size() + " phases; * = most ops/s, ratio to the first row):");
      out.print(TextReport.comparison(rows));
    }
    RunResult runResult = new RunResult(Version.current(), started, settings, target, phaseResults, result.interrupted());
    if (config.jsonFile() != null) {
      JsonReport.write(runResult, config.jsonFile());
      out.println("result: " + config.jsonFile());
    }
    if (config.outDir() != null) {
      List<Path> files = new ArrayList<>(ResultFiles.write(config.outDir(), runResult, startTimes.starts()));
      files.add(HtmlReport.writeInto(runResult, config.outDir()));
      out.println("results: " + config.outDir() + " (" + files.size() + " files: "
          + files.stream().map(f -> f.getFileName().toString()).collect(Collectors.joining(", ")) + ")");
    }
    return exitCode(result);
  }

  /** Binds the pool's own meters to the live registry when there is one. */
  private static ConnectionSource withPoolMeters(LiveMetrics live, ConnectionSource source) {
    return live == null ? source : live.bindPool(source);
  }

  private int exitCode(Runner.Result result) {
    if (result.interrupted()) {
      out.println("interrupted: the figures above cover what ran until the stop");
      return EXIT_INTERRUPTED;
    }
    long errors = result.phases().stream().mapToLong(p -> p.stats().total().errorCount()).sum();
    long successes = result.phases().stream().mapToLong(p -> p.stats().total().count()).sum();
    if (errors == 0) {
      return 0;
    }
    String share = errors + " of " + (errors + successes) + " executions failed ("
        + TextReport.percent(errors, errors + successes) + ", by SQLState in the summaries above)";
    double limit = config.failures().maxErrorRate();
    if (config.failures().tolerates(errors, successes)) {
      out.println("errors: " + share + ", within --max-error-rate " + limit + "; exit code 0");
      return 0;
    }
    out.println("errors: " + share + (limit > 0 ? ", above --max-error-rate " + limit : "") + "; exit code "
        + EXIT_ERRORS);
    return EXIT_ERRORS;
  }

  private List<SessionSettingsPlan> planSettings(SettingsCatalog catalog, List<Map<String, String>> combos) {
    List<SessionSettingsPlan> plans = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Map<String, String> combo : combos) {
      List<SessionSetting> requested = new ArrayList<>();
      combo.forEach((name, value) -> requested.add(new SessionSetting(name, value)));
      try {
        plans.add(catalog.plan(requested));
      } catch (InvalidSettingsException e) {
        e.problems().stream().filter(p -> !problems.contains(p)).forEach(problems::add);
      }
    }
    if (!problems.isEmpty()) {
      throw new InvalidSettingsException(problems);
    }
    return plans;
  }

  private List<PhaseSpec> phases(List<Map<String, String>> combos, List<SessionSettingsPlan> plans) {
    List<PhaseSpec> phases = new ArrayList<>();
    for (StatementMode mode : config.modes()) {
      for (String pool : config.pools()) {
        for (int threads : config.threads()) {
          for (int s = 0; s < combos.size(); s++) {
            Map<String, String> combination = new LinkedHashMap<>();
            combination.put("mode", mode.label());
            combination.put("pool", pool);
            combination.put("threads", Integer.toString(threads));
            combination.putAll(combos.get(s));
            int poolSize = config.poolSize() == null ? threads : config.poolSize();
            phases.add(new PhaseSpec(combination, mode, pool, new PoolSettings(poolSize, config.c3p0MaxStatements()),
                threads, phaseConnection(plans.get(s)), combos.get(s)));
          }
        }
      }
    }
    return phases;
  }

  /** The base connection plus this phase's session settings and the statement timeout. */
  private ConnectionSpec phaseConnection(SessionSettingsPlan plan) {
    ConnectionSpec base = database.spec();
    Map<String, String> props = new LinkedHashMap<>(base.driverProperties());
    if (!plan.startupOptions().isEmpty()) {
      String existing = props.get("options");
      props.put("options", existing == null ? plan.startupOptions() : existing + " " + plan.startupOptions());
    }
    List<String> init = new ArrayList<>();
    long timeoutMs = config.timeouts().statement().toMillis();
    init.add("SET statement_timeout = " + timeoutMs);
    init.addAll(plan.initStatements());
    return new ConnectionSpec(base.url(), base.user(), base.password(), props, init);
  }

  private ConnectionSource openSource(PhaseSpec spec) {
    return ConnectionSources.open(spec.poolKind(), spec.connection(), spec.pool());
  }

  /** Spread: each host, and the pool size per host; a multi-host URL not spread: that pgjdbc picks the host. */
  private void describeHosts(Map<String, Object> settings, SpreadHosts spread) {
    if (spread != null) {
      settings.put("hosts (thread i on host i mod " + spread.names().size() + ")", spread.describe());
      settings.put("pool size", spread.poolSizeWords());
      return;
    }
    List<String> hosts = database.spec().servers();
    if (hosts.size() > 1) {
      settings.put("hosts", SpreadHosts.notSpread(hosts));
    }
  }

  private Map<String, Object> settingsForReport(DocumentTable table, KeyChooser keys) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("operations", config.mix().toString());
    s.put("workload file", config.workload() == null ? null : config.workload().file().toString());
    s.put("sampled values", sampledValues.isEmpty() ? null : String.join("; ", sampledValues));
    s.put("table", table.displayName());
    s.put("id type", table.idType().sql());
    s.put("keys", keys == null ? "none read (the operations only insert new rows)" : keys.describe());
    s.put("threads", config.threads());
    s.put("jvm", JvmInfo.describe());
    s.put("statement modes", config.modes().stream().map(StatementMode::label).toList());
    s.put("pools", config.pools());
    s.put("pool size", config.poolSize() == null ? "= threads" : config.poolSize());
    s.put("c3p0 maxStatements", config.c3p0MaxStatements());
    if (config.pools().contains("c3p0")) {
      s.put("c3p0", PoolSettings.c3p0CheckoutCost(config.c3p0MaxStatements()));
    }
    s.put("duration", config.duration() == null ? null : Durations.format(config.duration()));
    s.put("ops per phase", config.ops() == 0 ? null : config.ops());
    s.put("warmup", Durations.format(config.warmup()));
    s.put("report interval", Durations.format(config.reportInterval()));
    s.put("rate", config.rate() == 0 ? "unlimited" : config.rate());
    s.put("transaction", config.transaction() ? "one per execution" : "autocommit");
    s.put("batch", config.operationSettings().batch());
    s.put("find limit", config.operationSettings().limitMin() + ".." + config.operationSettings().limitMax());
    s.put("fetch size", config.operationSettings().fetchSize());
    s.put("seed", config.seed());
    s.put("worker threads", (config.virtualThreads() ? "virtual" : "platform") + " (Java "
        + Runtime.version().feature() + ")");
    s.put("statement timeout", Durations.format(config.timeouts().statement()));
    s.put("retries", config.failures().retries() == 0 ? "none" : config.failures().retries()
        + " (after 40001/40P01, idempotent operations only)");
    double maxErrorRate = config.failures().maxErrorRate();
    s.put("max error rate", maxErrorRate == 0 ? "0 (any failed execution exits 1)"
        : maxErrorRate + " (exit 0 while failed / all executions stay at or below it)");
    s.put("server", database.embedded() ? "embedded PostgreSQL (started for this run)" : "given by the user");
    s.put("connection", new LinkedHashMap<>(withoutPassword(database.spec().describe())));
    List<Map<String, String>> sets = new ArrayList<>();
    for (SettingChoice c : config.settings()) {
      Map<String, String> set = new LinkedHashMap<>();
      set.put("name", c.name());
      set.put("values", String.join(",", c.values()));
      KnownSetting.byName(c.name()).ifPresent(k -> set.put("about", k.why()));
      sets.add(set);
    }
    s.put("session settings", sets);
    return s;
  }

  private static Map<String, String> withoutPassword(Map<String, String> described) {
    Map<String, String> m = new LinkedHashMap<>(described);
    m.keySet().removeIf(k -> k.toLowerCase(java.util.Locale.ROOT).contains("password"));
    return m;
  }

  /**
   * Where the run's statements go in the run's statement modes: prepared covers the generic and the custom
   * plan (which one a named statement gets is the server's choice), plain the literal SQL.
   */
  private RouteCheck.Result explainRoutes(TargetInfo target, DocumentTable table, List<Operation> operations,
                                          KeyChooser keys) throws SQLException {
    List<String> init = List.of("SET statement_timeout = " + config.timeouts().statement().toMillis());
    try (Connection c = PhysicalConnections.open(database.spec().withInitStatements(init))) {
      return RouteCheck.check(c, target, table, operations, config.operationSettings(), keys, config.seed(),
          mode -> config.modes().contains(mode.prepared() ? StatementMode.PREPARED : StatementMode.PLAIN), false);
    }
  }

  private void printHeader(TargetInfo target, Map<String, Object> settings) {
    for (String line : target.describeLines()) {
      out.println(line);
    }
    settings.forEach((k, v) -> {
      if (v != null && !k.equals(EXPLAIN_KEY) && !(v instanceof List<?> l && l.isEmpty())) {
        out.println(k + ": " + v);
      }
    });
  }

  /** Prints interval lines and each phase's summary as they happen. */
  private static final class PrintingListener implements RunListener {
    private final PrintStream out;

    PrintingListener(PrintStream out) {
      this.out = out;
    }

    @Override
    public void phaseStarted(PhaseSpec phase, int index, int count) {
      out.println();
      out.println("phase " + (index + 1) + "/" + count + ": " + phase.label());
    }

    @Override
    public void interval(PhaseSpec phase, stress.metrics.IntervalStats stats) {
      out.println(TextReport.intervalLine(stats));
    }

    @Override
    public void phaseFinished(PhaseSpec phase, PhaseStats stats) {
      out.print(TextReport.summary(null, stats)); // phaseStarted named the phase
    }

    @Override
    public void hostsFinished(PhaseSpec phase, PhaseStats total, List<HostStats> hosts) {
      out.print(TextReport.hostTable(hosts, total));
    }

    @Override
    public void clientFinished(PhaseSpec phase, stress.metrics.ClientUsage client) {
      out.print(ClientUsageText.lines(client));
    }
  }
}
