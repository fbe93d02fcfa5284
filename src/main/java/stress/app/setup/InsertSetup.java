package stress.app.setup;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import stress.config.InsertSettings;
import stress.config.RunConfig;
import stress.dump.generate.DocumentGenerator;
import stress.model.DataStateException;
import stress.model.UsageException;
import stress.ops.NewDocuments;
import stress.model.ExistingTablePolicy;
import stress.load.TableSetup;
import stress.ops.Operation;
import stress.table.DocumentTable;
import stress.server.dialect.CitusShardNames;
import stress.server.dialect.Dialect;
import stress.server.dialect.Dialects;
import stress.server.ShardLookup;
import stress.server.SqlLiterals;
import stress.server.ShardLookups;
import stress.server.TargetInfo;
import stress.model.Instance;
import stress.keys.NewKeys;

/**
 * What the insert operations of a run need, prepared once before the first phase: new keys above the table's
 * largest {@code _id}, the document generator, and the shard lookup for {@code --group-by-shard}.
 */
public final class InsertSetup {
  /** The operations that can write to a table per worker. */
  static final List<String> OWN_TABLE_OPERATIONS = List.of("insert", "insert_batch", "copy");
  /** The start of the comment on a table of --table-per-thread, followed by the run's table. */
  static final String MARK = "stress --table-per-thread of ";

  private InsertSetup() {}

  /**
   * The new documents of the run, or null when no operation inserts.
   *
   * @throws IllegalArgumentException for insert options without an insert operation, a key type that has no
   *     next key, or --group-by-shard on a target without shards
   */
  public static NewDocuments prepare(Connection control, TargetInfo target, DocumentTable table, RunConfig config,
                                     List<Operation> operations) throws SQLException {
    InsertSettings settings = config.inserts();
    if (settings.anyTablePerThread()) {
      List<String> others = operations.stream().map(Operation::name).filter(n -> !OWN_TABLE_OPERATIONS.contains(n))
          .toList();
      if (!others.isEmpty()) {
        throw new UsageException("--table-per-thread applies to " + String.join(", ", OWN_TABLE_OPERATIONS)
            + " (each worker inserts into its own table); --op " + config.mix() + " also has " + String.join(", ", others));
      }
      if (settings.groupByShard()) {
        throw new UsageException("--group-by-shard groups keys by the shards of " + table.displayName()
            + "; with --table-per-thread the rows go to other tables: use one of the two");
      }
    } else if (settings.unlogged()) {
      throw new UsageException("--unlogged makes the tables of --table-per-thread unlogged, and this run has"
          + " none; the run's own table is made unlogged by 'stress init --unlogged'");
    }
    if (operations.stream().noneMatch(Operation::insertsNewKeys)) {
      if (settings.groupByShard()) {
        throw new UsageException("--group-by-shard applies to operations that insert new rows (insert_batch,"
            + " copy); --op " + config.mix() + " has none");
      }
      // an instance of a run of several (--run-id) has an index whatever it runs
      if (!settings.instance().equals(Instance.SOLE) && config.fleet() == null) {
        throw new UsageException("--instance " + settings.instance() + " shares out the new keys of insert,"
            + " insert_batch and copy; --op " + config.mix() + " inserts none (find operations use existing keys)."
            + " To run it as one of several processes whose results merge, give --run-id NAME --instance "
            + settings.instance() + " (every process the same NAME), then 'stress merge --run NAME' or 'stress"
            + " merge' of their --json files");
      }
      return null;
    }
    // a workload file's new_key draws fresh ObjectIds on a table of ObjectId keys; the built-ins need whole numbers
    boolean builtIn = operations.stream().anyMatch(op -> op instanceof stress.ops.builtin.Insert
        || op instanceof stress.ops.builtin.InsertBatch || op instanceof stress.ops.builtin.Copy);
    NewKeys keys = builtIn ? NewKeys.above(control, table, settings.instance())
        : NewKeys.forNewKeyParameters(control, table, settings.instance());
    ShardLookup shards = settings.groupByShard() ? ShardLookups.forTarget(target, control, table) : null;
    return new NewDocuments(keys, new DocumentGenerator(settings.shape(), config.seed()), shards);
  }

  /**
   * The tables of --table-per-thread, one per worker of the phase with the most threads: {@code <table>_t1},
   * {@code _t2}, ... (each with its empty {@code _copy} table, as init makes them), created through the target's
   * dialect, UNLOGGED with --unlogged. A table of that name left by an earlier run (it carries {@link #MARK} as its
   * comment) is dropped and created again empty; any other table of that name is refused, never dropped.
   * None when no phase has a table per thread.
   */
  public static List<DocumentTable> workerTables(Connection control, TargetInfo target, DocumentTable table, RunConfig config)
      throws SQLException {
    if (!config.inserts().anyTablePerThread()) {
      return List.of();
    }
    int count = config.threads().stream().mapToInt(Integer::intValue).max().orElse(1);
    Dialect dialect = Dialects.forTarget(target);
    String mark = MARK + table.displayName();
    List<DocumentTable> tables = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      DocumentTable own = new DocumentTable(table.schema(), table.name() + "_t" + i, table.idType());
      int bytes = own.copyTable().name().getBytes(StandardCharsets.UTF_8).length;
      if (bytes > CitusShardNames.MAX_IDENTIFIER_BYTES) {
        throw new UsageException("--table-per-thread: " + own.copyTable().displayName() + " would be "
            + bytes + " bytes, over PostgreSQL's 63; use a shorter --table");
      }
      String comment = comment(control, own);
      boolean earlier = comment != null && comment.equals(mark);
      if (comment != null && !earlier) {
        throw new DataStateException("--table-per-thread: table " + own.displayName() + " already exists and"
            + " was not made by --table-per-thread for " + table.displayName() + "; drop or rename it, or use another"
            + " --table");
      }
      TableSetup.prepare(control, dialect, own, earlier ? ExistingTablePolicy.DROP_EXISTING
          : ExistingTablePolicy.FAIL_IF_EXISTS, config.inserts().unlogged());
      try (Statement s = control.createStatement()) {
        s.execute("COMMENT ON TABLE " + own.qualifiedName() + " IS " + SqlLiterals.quote(mark));
      }
      tables.add(own);
    }
    return List.copyOf(tables);
  }

  /** The table's comment; "" when it has none; null when there is no such table. */
  private static String comment(Connection control, DocumentTable own) throws SQLException {
    try (PreparedStatement ps = control.prepareStatement(
        "SELECT coalesce(obj_description(c, 'pg_class'), '') FROM to_regclass(?) AS c WHERE c IS NOT NULL")) {
      ps.setString(1, own.qualifiedName());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  /** The report line of --table-per-thread. */
  public static void describeWorkerTables(List<DocumentTable> tables, boolean unlogged, Map<String, Object> report) {
    if (tables.isEmpty()) {
      return;
    }
    report.put("table per thread", tables.size() + " tables " + tables.get(0).displayName() + " .. "
        + tables.get(tables.size() - 1).displayName() + (unlogged ? ", UNLOGGED" : ", logged")
        + ", created empty before the first phase; kept after the run (the next run empties them)");
  }

  /** The report lines of the insert settings, when the run inserts. */
  public static void describe(NewDocuments documents, Map<String, Object> report) {
    if (documents == null) {
      return;
    }
    report.put("new keys", documents.keys().describe());
    report.put("new documents", documents.documents().shape().label());
    report.put("group by shard", documents.shards() == null ? "no" : documents.shards().describe());
  }
}
