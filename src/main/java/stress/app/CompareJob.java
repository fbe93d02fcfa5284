package stress.app;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import stress.app.capacity.CapacityJob;
import stress.app.output.ComparedRuns;
import stress.app.output.ResultFileClaim;
import stress.app.output.RunOutputs;
import stress.app.plan.RouteCheck;
import stress.app.process.ExitCode;
import stress.app.process.Interruption;
import stress.app.setup.ChosenDatabase;
import stress.config.RunConfig;
import stress.model.StatementMode;
import stress.model.TableName;
import stress.model.UsageException;
import stress.app.setup.PhaseGrid;
import stress.report.LayoutComparison;
import stress.report.PhaseCost;
import stress.report.PhaseResult;
import stress.report.RoundComparisonText;
import stress.report.RunResult;
import stress.runner.RoundSchedule;
import stress.server.explain.ModeRoute;
import stress.server.explain.PlanShape;
import stress.server.explain.Route;
import stress.server.explain.Verdict;

/**
 * {@code run --compare-tables A,B}: the same run (operations, phases, threads, duration) on each table in turn, each
 * explained before measuring, then one table of every operation's route and ops/s per table ({@link
 * LayoutComparison}) in the text, the JSON result and report.html. Made for one collection laid out twice, e.g. by
 * {@code _id} and by a shard key; the tables are used as they stand.
 */
final class CompareJob {
  private final RunConfig config;
  private final List<TableName> tables;
  private final ChosenDatabase database;
  private final PrintStream out;
  private final Interruption interruption;

  CompareJob(RunConfig config, List<TableName> tables, ChosenDatabase database, PrintStream out,
             Interruption interruption) {
    if (tables.size() < 2) {
      throw new UsageException("--compare-tables needs two or more different tables, got "
          + tables.stream().map(TableName::typed).toList());
    }
    for (int i = 0; i < tables.size(); i++) {
      int first = tables.indexOf(tables.get(i));
      if (first < i) {
        throw twice(tables.get(first), tables.get(i), tables.get(i).typed());
      }
    }
    this.config = config;
    this.tables = List.copyOf(tables);
    this.database = database;
    this.out = out;
    this.interruption = interruption;
  }

  ExitCode run() throws SQLException, InterruptedException, IOException {
    try (ResultFileClaim json = ResultFileClaim.claim("--json", config.jsonFile())) {
      return compare();
    }
  }

  /**
   * {@code --slo}: each table's capacity under the same objectives, a round of each table's search in turn, and the
   * capacities compared ({@link CapacityJob}).
   */
  ExitCode capacities(stress.config.CapacityRequest request) throws Exception {
    checkTables();
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("table", tables.stream().map(TableName::typed).collect(Collectors.joining(", ")));
    settings.put("compared tables", tables.stream().map(TableName::typed).toList());
    return new CapacityJob(config, request, CapacityContenders.ofTables(config, tables, database, interruption), out,
        interruption)
        .withSettings(settings).run();
  }

  /**
   * Every table is checked before the first one is measured: a missing one (or one named in another letter case)
   * would otherwise be found only after the whole run on the tables before it.
   */
  private void checkTables() throws SQLException {
    Map<String, TableName> resolved = new LinkedHashMap<>();
    try (java.sql.Connection c = stress.connect.PhysicalConnections.open(database.spec())) {
      for (TableName given : tables) {
        String name = given.typed();
        stress.table.DocumentTable table;
        try {
          table = stress.load.TableSetup.existing(c, given.schema(), given.name(), false);
        } catch (stress.load.LoadException e) {
          throw new UsageException("--compare-tables " + name + ": " + e.getMessage()
              .replace("use --table ", "name it in --compare-tables as ")
              .replace("--table/--schema", "--compare-tables/--schema") + "; nothing was measured", e);
        }
        String found = stress.load.TableSetup.resolvedName(c, given.schema(), given.name());
        TableName before = resolved.putIfAbsent(found, given);
        if (before != null) {
          throw twice(before, given, found);
        }
        checkSampledPaths(c, name, table);
      }
    }
  }

  /** Two spellings of one table: a comparison of a table with itself measures nothing but the noise. */
  private static UsageException twice(TableName first, TableName second, String found) {
    String both = first.typed().equals(second.typed()) ? first.typed() + " twice"
        : first.typed() + " and " + second.typed() + ", both " + found;
    return new UsageException("--compare-tables names the same table twice (" + both + "): a comparison needs two or"
        + " more different tables; nothing was measured");
  }

  /** A table of another collection holds none of the values the workload's parameters sample. */
  private void checkSampledPaths(java.sql.Connection c, String name, stress.table.DocumentTable table)
      throws SQLException {
    if (config.workload() == null) {
      return;
    }
    for (String op : config.mix().names()) {
      if (config.workload().operations().get(op) instanceof stress.ops.file.WorkloadOperation fromFile) {
        try {
          fromFile.forTable(c, table).readSamples(c, table);
        } catch (UsageException e) {
          throw new UsageException("--compare-tables " + name + ": " + e.getMessage() + "; nothing was measured", e);
        }
      }
    }
  }

  private ExitCode compare() throws SQLException, InterruptedException, IOException {
    checkTables();
    RunOutputs.prepare(config);
    Instant started = Instant.now();
    ExitCode worst = ExitCode.OK;
    List<PhaseResult> phases = new ArrayList<>();
    List<Instant> starts = new ArrayList<>();
    LayoutComparison.Table[] byTable = new LayoutComparison.Table[tables.size()];
    RunResult first = null;
    boolean interrupted = false;
    int rounds = config.rounds();
    List<List<Integer>> orders = RoundSchedule.orders(tables.size(), rounds, config.seed());
    PhaseCost.before(tables.size() * PhaseGrid.count(config), rounds, config.duration(), config.ops(), config.warmup(),
        "--compare-tables").forEach(out::println);
    rounds:
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < tables.size(); k++) {
        int i = orders.get(r).get(k);
        String name = tables.get(i).typed();
        out.println((r == 0 && k == 0 ? "" : "\n") + "table " + name + " (" + (i + 1) + " of " + tables.size()
            + " compared" + (rounds > 1 ? ", round " + (r + 1) + " of " + rounds : "") + "):");
        RunJob job = new RunJob(config.onComparedTable(tables.get(i).schema(), tables.get(i).name()), database, out,
            interruption).withoutPlan();
        ExitCode code = job.run();
        worst = code.code() > worst.code() ? code : worst;
        RunResult result = job.result();
        if (result == null) {
          return worst;
        }
        first = first == null ? result : first;
        int round = r + 1;
        result.phases().forEach(p -> phases.add(ComparedRuns.marked(p, LayoutComparison.TABLE, name, rounds > 1 ? round : null)));
        starts.addAll(job.measuredStarts());
        if (byTable[i] == null) {
          byTable[i] = new LayoutComparison.Table(name, job.table().layout().describe(), routes(job.routes()),
              plans(job.routes(), job.table().name()));
        }
        if (result.interrupted()) {
          interrupted = true;
          break rounds;
        }
      }
    }
    List<LayoutComparison.Table> compared = java.util.Arrays.stream(byTable).filter(java.util.Objects::nonNull)
        .toList();
    Map<String, Object> settings = new LinkedHashMap<>(first.settings());
    settings.put("table", compared.stream().map(LayoutComparison.Table::table).collect(Collectors.joining(", ")));
    if (rounds > 1) {
      settings.put("rounds", rounds + " (every table once per round, interleaved, the order changed between rounds;"
          + " each run with its own warm-up)");
    }
    settings.put("compared tables", compared.stream().collect(Collectors.toMap(LayoutComparison.Table::table,
        LayoutComparison.Table::layout, (a, b) -> a, LinkedHashMap::new)));
    RunResult merged = new RunResult(first.toolVersion(), started, settings, first.target(), phases, interrupted,
        List.of(), List.of(), List.of(), compared, Instant.now());
    out.println();
    out.print(LayoutComparison.text(merged));
    out.print(rounds > 1 ? RoundComparisonText.tables(merged.roundComparison())
        : "  " + RoundComparisonText.ONE_ROUND + "\n");
    RunOutputs.write(config, merged, starts, out);
    return worst;
  }

  /**
   * Per operation, per statement mode, where its statements go: the widest verdict over its statements and the plan
   * modes of that statement mode that the server did not refuse (a prepared statement may get either plan), else the
   * refusal. Plain PostgreSQL distributes nothing.
   */
  static Map<String, Map<String, String>> routes(RouteCheck.Result check) {
    Map<String, Map<String, String>> routes = new LinkedHashMap<>();
    if (check == null) {
      return routes;
    }
    for (StatementMode mode : StatementMode.values()) {
      Map<String, List<Verdict>> byOperation = new LinkedHashMap<>();
      for (RouteCheck.Explained e : check.statements()) {
        for (ModeRoute m : e.routes().modes()) {
          if (m.mode().prepared() == (mode == StatementMode.PREPARED)) {
            byOperation.computeIfAbsent(e.operation(), k -> new ArrayList<>()).add(m.verdict());
          }
        }
      }
      byOperation.forEach((op, verdicts) -> routes.computeIfAbsent(op, k -> new LinkedHashMap<>())
          .put(mode.label(), brief(widest(verdicts))));
    }
    return routes;
  }

  /**
   * Per operation, per statement mode, the shape of its plans ({@link PlanShape}): each statement's in each plan mode of
   * that statement mode, in order, a refusal as its SQLState. Two tables with the same shape and route run the
   * operation the same way.
   */
  static Map<String, Map<String, String>> plans(RouteCheck.Result check, String table) {
    Map<String, Map<String, String>> plans = new LinkedHashMap<>();
    if (check == null) {
      return plans;
    }
    for (StatementMode mode : StatementMode.values()) {
      for (RouteCheck.Explained e : check.statements()) {
        for (ModeRoute m : e.routes().modes()) {
          if (m.mode().prepared() == (mode == StatementMode.PREPARED)) {
            String shape = m.verdict().route() == Route.REFUSED ? "refused " + m.verdict().sqlState()
                : PlanShape.of(m.plan(), table);
            plans.computeIfAbsent(e.operation(), k -> new LinkedHashMap<>())
                .merge(mode.label(), m.mode().name() + ":\n" + shape, (a, b) -> a + "\n" + b);
          }
        }
      }
    }
    return plans;
  }

  private static Verdict widest(List<Verdict> verdicts) {
    return verdicts.stream().filter(v -> v.route() != Route.REFUSED)
        .max(Comparator.comparingInt((Verdict v) -> rank(v.route()))
            .thenComparingInt(v -> v.touched() == null ? 0 : v.touched()))
        .orElse(verdicts.get(0));
  }

  private static int rank(Route route) {
    return switch (route) {
      case ALL -> 4;
      case SEVERAL -> 3;
      case ONE -> 2;
      case SINGLE_NODE -> 1;
      case UNKNOWN, REFUSED -> 0;
    };
  }

  private static String brief(Verdict v) {
    return v.route() == Route.SINGLE_NODE ? "not distributed" : v.brief();
  }
}
