package stress.app.setup;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import stress.app.index.IndexStatistics;
import stress.app.index.SuggestedIndexes;
import stress.app.plan.RecordedPlans;
import stress.app.plan.RouteCheck;
import stress.config.RunConfig;
import stress.dump.generate.DocumentGenerator;
import stress.keys.KeyChooser;
import stress.keys.KeyDistribution;
import stress.keys.KeySpace;
import stress.keys.NewKeys;
import stress.load.TableSetup;
import stress.model.MongoRecorded;
import stress.model.OperationMix;
import stress.model.StatementMode;
import stress.ops.NewDocuments;
import stress.ops.Operation;
import stress.ops.TableOperation;
import stress.ops.file.WorkloadOperation;
import stress.report.RecordedCollection;
import stress.report.RecordedOperation;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.TargetInfo;
import stress.workload.Application;

/**
 * {@code run --workload DIR}: before any load, every collection's table is checked (a missing one refuses the run,
 * naming the collection and the table, or is skipped with {@code --skip-missing}); then each collection's operations
 * are written for its table and checked there, with the table's keys and new keys, and this target's plan is read for
 * the comparison with what MongoDB recorded, as for one file.
 */
public final class ApplicationSetup {
  private ApplicationSetup() {}

  /**
   * The application ready to run.
   *
   * @param operations    the operations of the collections that run, in the mix's order, each bound to its table
   * @param mix           their mix: the run's, without the collections skipped
   * @param rate          the run's rate: with --rate log and a collection skipped, the logged rate of the others
   * @param table         the first collection's table, which stands for the run's table where one is named
   * @param recorded      MongoDB's figures per operation with this target's plan
   * @param collections   every collection of the listing, with MongoDB's figures and why it was skipped
   * @param sampledValues one line per sampled parameter
   * @param settings      what the header and the result add: the tables, their keys, the collections skipped
   */
  public record Prepared(List<Operation> operations, OperationMix mix, double rate, DocumentTable table,
                         List<RecordedOperation> recorded, List<RecordedCollection> collections, List<String> sampledValues,
                         Map<String, Object> settings) {
    /**
     * A run's settings made the application's: its tables, keys and collections instead of the one table's, and the
     * mix and rate it runs at.
     */
    public void describe(Map<String, Object> runSettings, String runMix, double runRate) {
      runSettings.remove("table");
      runSettings.remove("id type");
      runSettings.remove("keys");
      runSettings.putAll(settings);
      runSettings.put("operations", runMix);
      runSettings.put("rate", runRate == 0 ? "unlimited" : runRate);
    }
  }

  /** The settings' key of the logged rate of the collections run, when some were skipped. */
  public static final String LOGGED_RATE_RUN = "logged rate of the collections run (ops/s)";

  public static Prepared prepare(Connection control, TargetInfo target, RunConfig config, ChosenDatabase database,
                                 PrintStream out) throws SQLException {
    return prepare(control, target, config, database, out, new stress.keys.KeySpaces());
  }

  /**
   * As {@link #prepare(Connection, TargetInfo, RunConfig, ChosenDatabase, PrintStream)}, each table's keys from
   * {@code keySpaces} (read there once, for runs that must draw from the same keys).
   */
  public static Prepared prepare(Connection control, TargetInfo target, RunConfig config, ChosenDatabase database,
                                 PrintStream out, stress.keys.KeySpaces keySpaces) throws SQLException {
    Application application = config.application().application();
    Map<String, Integer> weights = new LinkedHashMap<>();
    for (int i = 0; i < config.mix().names().size(); i++) {
      weights.put(config.mix().names().get(i), config.mix().weight(i));
    }
    Map<Application.Collection, String> skipped = missingTables(control, config, application, weights.keySet());
    List<RecordedCollection> collections = new ArrayList<>();
    Map<String, Operation> bound = new LinkedHashMap<>();
    List<RecordedOperation> recorded = new ArrayList<>();
    List<String> sampled = new ArrayList<>();
    Map<String, String> tables = new LinkedHashMap<>();
    DocumentTable first = null;
    for (Application.Collection c : application.collections()) {
      List<String> names = c.operationNames().stream().filter(weights::containsKey).toList();
      collections.add(new RecordedCollection(c.table(), c.namespace(), names, c.recorded(), skipped.get(c)));
      if (names.isEmpty() || skipped.containsKey(c)) {
        continue;
      }
      DocumentTable table = TableSetup.existing(control, config.schema(), c.table(), false);
      first = first == null ? table : first;
      tables.put(c.namespace(), table.displayName() + ": " + bind(control, target, config, database, keySpaces, c, table,
          names, bound, recorded, sampled));
      IndexStatistics.warnings(control, table).forEach(out::println);
    }
    Map<String, Integer> running = new LinkedHashMap<>();
    weights.forEach((name, w) -> {
      if (bound.containsKey(name)) {
        running.put(name, w);
      }
    });
    double rate = config.application().logRate() && !skipped.isEmpty()
        ? application.merged().loggedRate(running.keySet()) : config.rate();
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("application", application.listing() + ": " + tables.size() + " of "
        + application.collections().size() + " collections in one phase, each operation named table.operation");
    settings.put("tables", tables);
    if (!skipped.isEmpty()) {
      settings.put("collections skipped (--skip-missing)", skipped.entrySet().stream()
          .map(e -> e.getKey().namespace() + ": " + e.getValue()).toList());
    }
    if (!skipped.isEmpty() && !running.isEmpty()) {
      try { // what --rate log would pace the collections run at; a capacity search states its multiple of it
        settings.put(LOGGED_RATE_RUN, application.merged().loggedRate(running.keySet()));
      } catch (stress.model.UsageException e) {
        // the log gives no times: no logged rate to state
      }
    }
    return new Prepared(List.copyOf(bound.values()), OperationMix.of(running), rate, first, recorded, collections,
        sampled, settings);
  }

  /**
   * The collections whose table is missing, with why; none when --skip-missing is not given (the run is refused, every
   * missing table named) or when every table is there. With --skip-missing a table that holds no document is skipped
   * too: its reads would have no key to draw, and an import that rejected every document leaves one so.
   */
  private static Map<Application.Collection, String> missingTables(Connection control, RunConfig config,
      Application application, Set<String> names) throws SQLException {
    Map<Application.Collection, String> missing = new LinkedHashMap<>();
    for (Application.Collection c : application.collections()) {
      DocumentTable table = new DocumentTable(config.schema(), c.table(), IdType.INTEGER);
      if (c.operationNames().stream().anyMatch(names::contains)) {
        if (!TableSetup.exists(control, config.schema(), c.table())) {
          missing.put(c, "table " + table.displayName() + " does not exist");
        } else if (config.application().skipMissing() && !TableSetup.hasRows(control, table)) {
          missing.put(c, "table " + table.displayName() + " holds no document");
        }
      }
    }
    if (!missing.isEmpty() && !config.application().skipMissing()) {
      throw new stress.model.DataStateException("--workload " + application.listing() + ": " + missing.entrySet().stream()
          .map(e -> "collection " + e.getKey().namespace() + ": " + e.getValue()).collect(Collectors.joining("; "))
          + " (import it with 'stress import', or give --skip-missing to run the other collections)");
    }
    if (missing.size() == application.collections().stream()
        .filter(c -> c.operationNames().stream().anyMatch(names::contains)).count()) {
      throw new stress.model.DataStateException("--workload " + application.listing() + ": no collection's table"
          + " exists and holds documents: " + String.join("; ", missing.values()));
    }
    return missing;
  }

  /**
   * Writes the collection's operations for its table and checks them there, reads its keys and new keys, and the plan
   * of each operation MongoDB recorded; returns what the header says of the table.
   */
  private static String bind(Connection control, TargetInfo target, RunConfig config, ChosenDatabase database,
                             stress.keys.KeySpaces keySpaces, Application.Collection c, DocumentTable table, List<String> names,
                             Map<String, Operation> bound, List<RecordedOperation> recorded, List<String> sampled)
      throws SQLException {
    List<WorkloadOperation> forTable = new ArrayList<>();
    Map<String, MongoRecorded> figures = new LinkedHashMap<>();
    Map<String, List<String>> missingIndexes = new LinkedHashMap<>();
    for (String name : names) {
      String own = c.ownName(name);
      WorkloadOperation written = (WorkloadOperation) c.workload().operations().get(own);
      WorkloadOperation op = written.forTable(control, table);
      op.checkOnServer(control, table, config.modes().contains(StatementMode.PREPARED));
      sampled.addAll(op.readSamples(control, table).stream().map(line -> c.table() + "." + line).toList());
      MongoRecorded r = c.workload().recorded().get(own);
      if (r != null) {
        figures.put(own, r);
        if (written.translation() != null) {
          missingIndexes.put(own, SuggestedIndexes.missing(control, table, op));
        }
      }
      forTable.add(op);
    }
    KeySpace keySpace = forTable.stream().anyMatch(Operation::readsExistingKeys)
        ? keySpaces.read(control, table, config.keySample()) : null;
    KeyChooser keys = keySpace == null ? null : new KeyChooser(keySpace,
        KeyDistribution.of(config.distribution(), keySpace.size(), config.zipfConstant()));
    NewDocuments newDocuments = forTable.stream().noneMatch(Operation::insertsNewKeys) ? null
        : new NewDocuments(NewKeys.forNewKeyParameters(control, table, config.inserts().instance()),
            new DocumentGenerator(config.inserts().shape(), config.seed()), null);
    for (WorkloadOperation op : forTable) {
      bound.put(c.operationName(op.name()), new TableOperation(c.operationName(op.name()), op, table,
          op.readsExistingKeys() ? keys : null, op.insertsNewKeys() ? newDocuments : null));
    }
    recorded.addAll(plans(target, config, database, c, table, forTable, keys, figures, missingIndexes));
    return names.size() + " operations; keys: " + (keys == null ? "none read" : keys.describe())
        + (newDocuments == null ? "" : "; new keys: " + newDocuments.keys().describe());
  }

  /** This target's plan for each operation MongoDB recorded, named as in the run. */
  private static List<RecordedOperation> plans(TargetInfo target, RunConfig config, ChosenDatabase database,
                                               Application.Collection c, DocumentTable table,
                                               List<WorkloadOperation> ops, KeyChooser keys,
                                               Map<String, MongoRecorded> figures,
                                               Map<String, List<String>> missingIndexes) {
    if (figures.isEmpty()) {
      return List.of();
    }
    List<Operation> explained = ops.stream().filter(op -> !op.insertsNewKeys()).map(op -> (Operation) op).toList();
    RouteCheck.Result routes = null;
    String notExplained = "no operation to explain with the keys read";
    if (!explained.isEmpty() && (keys != null || explained.stream().noneMatch(Operation::readsExistingKeys))) {
      try {
        routes = RouteCheck.forRun(config, database.spec(), target, table, explained, keys);
      } catch (SQLException e) {
        notExplained = "EXPLAIN failed: " + e.getMessage();
      }
    }
    Set<String> inserting = ops.stream().filter(Operation::insertsNewKeys).map(Operation::name)
        .collect(Collectors.toSet());
    return RecordedPlans.of(figures, routes, notExplained, inserting, missingIndexes, "stress index --suggest"
        + " --workload " + c.workload().file() + " " + stress.model.TableName.option(config.schema(), c.table()))
        .stream().map(r -> new RecordedOperation(c.operationName(r.operation()),
        r.mongodb(), r.plan(), r.readsIndex(), r.wholeTable(), r.route(), r.note())).toList();
  }
}
