package stress.app;

import java.io.PrintStream;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import stress.config.Durations;
import stress.connect.PhysicalConnections;
import stress.load.TableSetup;
import stress.model.UsageException;
import stress.table.DocumentTable;
import stress.target.TargetDetector;
import stress.workloadfile.IndexSpec;
import stress.workloadfile.WorkloadFile;

/**
 * {@code stress index --workload FILE}: creates the indexes of the file's {@code indexes:} section on the run's
 * table, one statement each in autocommit, and says per index whether it was created or already there. A
 * distributed table needs nothing special: Citus propagates CREATE INDEX to every shard, Postgres-XL to every
 * datanode, Greenplum to every segment. Nothing is built before every entry is checked: a name another relation
 * holds is refused (exit 1), and so is a {@code type: numeric} entry whose path holds a non-number in some document
 * ({@link NumericIndexCheck}, exit 2), since the cast would fail the build.
 *
 * <p>A build takes as long as it takes: the tool sets no statement_timeout, and the client waits for the server
 * as long as the socket timeout it is given allows (none by default). A statement_timeout the server, database or
 * role sets is said before the first build, since it cancels a longer build.
 */
public final class IndexJob {
  /** The index of that name in the table's schema: its definition, and whether it belongs to the table. */
  private static final String FIND = "SELECT pg_get_indexdef(c.oid), i.indrelid = CAST(? AS regclass) FROM pg_class c"
      + " LEFT JOIN pg_index i ON i.indexrelid = c.oid WHERE c.relname = ?"
      + " AND c.relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = CAST(? AS regclass))";

  private final WorkloadFile workload;
  private final String schema;
  private final String table;
  private final Database database;
  private final Duration socketTimeout;
  private final PrintStream out;

  /**
   * @param socketTimeout the socket timeout {@code database}'s connections carry, zero for none (named when a
   *                      build fails by it)
   */
  public IndexJob(WorkloadFile workload, String schema, String table, Database database, Duration socketTimeout,
                  PrintStream out) {
    this.workload = workload;
    this.schema = schema;
    this.table = table;
    this.database = database;
    this.socketTimeout = socketTimeout;
    this.out = out;
  }

  /** Creates what is missing; returns the exit code. */
  public ExitCode run() throws SQLException {
    if (workload.indexes().isEmpty()) {
      throw new UsageException("--workload " + workload.file() + ": the file has no 'indexes:' section"
          + " (a list such as - {gin: data} or - {path: address.city, type: text})");
    }
    try (Connection c = PhysicalConnections.open(database.spec())) {
      for (String line : TargetDetector.detect(c).describeLines()) {
        out.println(line);
      }
      DocumentTable documents = TableSetup.existing(c, schema, table, false);
      out.println("indexes of " + workload.file() + " on " + documents.displayName() + ":");
      List<Entry> entries = new ArrayList<>();
      for (IndexSpec spec : workload.indexes()) {
        entries.add(entry(c, documents, spec));
      }
      List<IndexSpec> missing = entries.stream().filter(e -> e.existing() == null).map(Entry::spec).toList();
      if (!missing.isEmpty()) {
        noteStatementTimeout(c);
        checkNumericPaths(c, documents, missing);
      }
      for (Entry entry : entries) {
        out.println(entry.existing() != null ? entry.where() + ": already there: " + entry.existing()
            : create(c, documents, entry));
      }
    }
    return ExitCode.OK;
  }

  /**
   * One entry of the file on this table: its index name, where it is written ({@code file:line: entry}), and the
   * server's definition of the index when it is already there (null when not).
   */
  private record Entry(IndexSpec spec, String name, String where, String existing) {}

  /** The entry as it stands on the server; a name taken by another relation is refused before anything is built. */
  private Entry entry(Connection c, DocumentTable documents, IndexSpec spec) throws SQLException {
    String name = spec.name(documents);
    String where = workload.file() + ":" + spec.line() + ": " + spec.describe();
    return new Entry(spec, name, where, existing(c, documents, name, where));
  }

  /** Refuses, before any index is built, every numeric entry whose path holds a non-number (one scan for all). */
  private void checkNumericPaths(Connection c, DocumentTable documents, List<IndexSpec> missing) throws SQLException {
    List<NumericIndexCheck.Column> columns = NumericIndexCheck.columns(missing);
    if (columns.isEmpty()) {
      return;
    }
    String paths = NumericIndexCheck.distinctPaths(columns).stream().map(p -> String.join(".", p))
        .collect(Collectors.joining(", "));
    out.println("reading " + paths + " in " + documents.displayName() + ": a numeric index needs numbers there");
    List<String> refusals = NumericIndexCheck.refusals(c, documents, columns, workload.file().toString());
    if (!refusals.isEmpty()) {
      throw new UsageException(String.join("; ", refusals));
    }
  }

  /** A statement_timeout the connection has without this tool (server, database, role, startup options). */
  private void noteStatementTimeout(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW statement_timeout")) {
      String value = rs.next() ? rs.getString(1) : "0";
      if (!"0".equals(value)) {
        out.println("note: statement_timeout is " + value + " on this connection (set by the server, database or"
            + " role, not by this tool); the server cancels a build that takes longer");
      }
    }
  }

  private String create(Connection c, DocumentTable documents, Entry entry) throws SQLException {
    String where = entry.where();
    String ddl = entry.spec().ddl(documents);
    long start = System.nanoTime();
    try (Statement s = c.createStatement()) {
      s.execute(ddl);
    } catch (SQLException e) {
      if (socketTimedOut(e)) {
        throw new IllegalStateException(where + ": no reply from the server within --socket-timeout "
            + Durations.format(socketTimeout) + " while running " + ddl + "; the client closed the connection (the"
            + " server may go on building until it notices); raise --socket-timeout or leave it out for no limit", e);
      }
      throw new IllegalStateException(where + ": the server refused " + ddl + ": "
          + e.getMessage().lines().findFirst().orElse(""), e);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    return where + ": created in " + String.format(Locale.ROOT, "%.2f", seconds) + " s: " + ddl;
  }

  private static boolean socketTimedOut(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SocketTimeoutException) {
        return true;
      }
    }
    return false;
  }

  /** The definition of the index already named so on this table, null when none; another relation of that name is refused. */
  private static String existing(Connection c, DocumentTable documents, String name, String where) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(FIND)) {
      ps.setString(1, documents.qualifiedName());
      ps.setString(2, name);
      ps.setString(3, documents.qualifiedName());
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return null;
        }
        if (!rs.getBoolean(2)) {
          throw new IllegalStateException(where + ": \"" + name + "\" already names another relation or another table's"
              + " index in the schema of " + documents.displayName() + "; rename or drop it");
        }
        return rs.getString(1);
      }
    }
  }
}
