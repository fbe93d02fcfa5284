package stress.app;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import stress.app.index.DeclaredIndexCheck;
import stress.app.index.IndexStatistics;
import stress.app.index.SuggestedIndexes;
import stress.app.plan.LookupJoins;
import stress.app.plan.RouteCheck;
import stress.app.plan.RoutePrinter;
import stress.app.process.ExitCode;
import stress.app.setup.ChosenDatabase;
import stress.connect.PhysicalConnections;
import stress.load.TableSetup;
import stress.dump.generate.DocumentGenerator;
import stress.model.Shape;
import stress.ops.NewDocuments;
import stress.ops.Operation;
import stress.ops.builtin.Operations;
import stress.ops.file.WorkloadOperation;
import stress.table.DocumentTable;
import stress.server.TargetDetector;
import stress.server.TargetInfo;
import stress.server.explain.PlanMode;
import stress.model.Instance;
import stress.keys.KeyChooser;
import stress.keys.KeySpace;
import stress.keys.KeySpaceReader;
import stress.keys.NewKeys;
import stress.keys.UniformDistribution;

/**
 * {@code stress explain}: detects the target, runs each operation once without writing to learn its statements
 * and real keys, and prints per plan mode the plan the server chose and a one-line verdict: how many shards,
 * datanodes or segments it reaches out of how many, flagged where another mode reaches only one.
 */
public final class ExplainJob {
  private final ExplainRequest request;
  private final ChosenDatabase database;
  private final PrintStream out;
  /** What the last run explained, which its summary printed; null before a run got that far. */
  private RouteCheck.Result result;

  public ExplainJob(ExplainRequest request, ChosenDatabase database, PrintStream out) {
    this.request = request;
    this.database = database;
    this.out = out;
  }

  /** Explains and returns the exit code (0: every statement explained, refusals included). */
  public ExitCode run() throws SQLException {
    List<Operation> operations = new ArrayList<>(request.operations().stream().map(this::operation).toList());
    List<String> init = List.of("SET statement_timeout = " + request.statementTimeout().toMillis());
    try (Connection c = PhysicalConnections.open(database.spec().withInitStatements(init))) {
      TargetInfo target = TargetDetector.detect(c);
      DocumentTable table = TableSetup.existing(c, request.schema(), request.table(),
          operations.stream().anyMatch(Operation::usesCopyTable));
      if (request.mongodb() != null) {
        MongoPlans.checkCollection(request.mongodb());
      }
      List<String> sampled = new ArrayList<>();
      List<String> forms = new ArrayList<>();
      for (int i = 0; i < operations.size(); i++) {
        if (operations.get(i) instanceof WorkloadOperation fromFile) {
          fromFile = fromFile.forTable(c, table);
          forms.addAll(SuggestedIndexes.lines(c, table, fromFile));
          operations.set(i, fromFile);
          fromFile.checkOnServer(c, table);
          sampled.addAll(fromFile.readSamples(c, table));
        }
      }
      // a file's new_key operation explains its write with keys above the table's largest, as a run would choose
      NewDocuments newDocuments = operations.stream().anyMatch(Operation::insertsNewKeys)
          ? new NewDocuments(NewKeys.above(c, table, Instance.SOLE), new DocumentGenerator(Shape.SMALL, request.seed()),
              null) : null;
      KeySpace keys = KeySpaceReader.read(c, table, request.keySample());
      KeyChooser chooser = new KeyChooser(keys, new UniformDistribution(keys.size()));
      for (String line : target.describeLines()) {
        out.println(line);
      }
      out.println("table: " + table.displayName() + ", keys: " + keys.describe() + ", seed " + request.seed());
      if (request.workload() != null) {
        out.println("workload file: " + request.workload().file() + " (parameters drawn from their generators once"
            + " per operation)");
      }
      for (String line : sampled) {
        out.println("sampled " + line);
      }
      forms.forEach(out::println);
      if (request.workload() != null && !request.workload().indexes().isEmpty()) {
        for (DeclaredIndexCheck.Finding f : DeclaredIndexCheck.findings(c, table, request.workload(),
            SuggestedIndexes.written(c, table, request.workload()))) {
          out.println("note: " + f.line());
        }
      }
      IndexStatistics.warnings(c, table).forEach(out::println);
      out.println("explain: each operation ran once without writing (its reads ran, its writes were only recorded);"
          + " each statement explained with EXPLAIN (" + (request.analyze() ? "ANALYZE, " : "") + "VERBOSE)"
          + (request.analyze() ? ", every one in a transaction that was rolled back" : ", which executes nothing"));
      RouteCheck.Result result = RouteCheck.check(c, target, table, operations, request.operationSettings(), newDocuments,
          chooser, request.seed(), mode -> true, request.analyze(), new RouteCheck.Limits(request.statementTimeout(),
              request.socketTimeout(), () -> PhysicalConnections.open(database.spec().withInitStatements(init))));
      this.result = result;
      out.println("plan modes: " + String.join("; ", result.modes().stream().map(ExplainJob::describe).toList()));
      // the summary first and, by default, alone: each statement's SQL and plans are a page per operation
      out.println();
      out.println("summary (route, index or scan, per operation and plan mode):");
      RoutePrinter.summary(out, result, "  ", true);
      for (String line : LookupJoins.lines(c, target, table, request.workload(), result)) {
        out.println("  " + line);
      }
      if (request.verbose()) {
        RoutePrinter.statements(out, result);
      } else if (!result.statements().isEmpty()) {
        out.println("  each statement's SQL, values and plan per mode: explain --verbose");
      }
      RoutePrinter.notExplained(out, result);
      if (request.mongodb() != null) {
        MongoPlans.print(request, operations, keysOf(operations, chooser), out);
      }
      if (!result.unfinished().isEmpty()) {
        out.println(stress.model.Plural.of(result.unfinished().size(), "operation") + " not explained, each named above with what ended it: "
            + String.join(", ", result.unfinished().stream().map(RouteCheck.Unfinished::operation).toList()));
        return ExitCode.FAILURE;
      }
    }
    return ExitCode.OK;
  }

  /** The routes and plans of the last run, as its summary printed them (null when it explained nothing). */
  public RouteCheck.Result result() {
    return result;
  }

  /** The table's keys where a MongoDB-style operation draws them, else null. */
  private static stress.keys.KeyChooser keysOf(List<Operation> operations, stress.keys.KeyChooser chooser) {
    return operations.stream().anyMatch(o -> o instanceof WorkloadOperation w && w.usesKeys()) ? chooser : null;
  }

  /** An operation of the workload file, else a built-in or registered one. */
  private Operation operation(String name) {
    Operation fromFile = request.workload() == null ? null : request.workload().operations().get(name);
    return fromFile != null ? fromFile : Operations.byName(name);
  }

  private static String describe(PlanMode mode) {
    return switch (mode) {
      case GENERIC, CUSTOM -> mode.label() + " (SET plan_cache_mode = " + mode.planCacheMode()
          + ", PREPARE, EXPLAIN EXECUTE)";
      case PREPARED -> mode.label() + " (this server has no plan_cache_mode: PREPARE, EXPLAIN EXECUTE, four EXECUTEs,"
          + " EXPLAIN EXECUTE again in a transaction that is rolled back; the plan shown is the one the server keeps from"
          + " the 6th execution on)";
      case PLAIN -> mode.label() + " (EXPLAIN of the SQL with the values written in)";
    };
  }
}
