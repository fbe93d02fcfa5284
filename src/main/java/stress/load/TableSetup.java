package stress.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import stress.model.ExistingTablePolicy;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.Dialect;
import stress.server.TableLayouts;
import stress.table.Layout;
import stress.model.UsageException;

/**
 * Makes sure a document table and its copy table exist before loading, following an
 * {@link ExistingTablePolicy}: creates them with the target's {@link Dialect#createDocumentTables DDL},
 * refuses to touch existing ones, reuses them (reading the {@code _id} type they really have), or drops and
 * recreates them.
 */
public final class TableSetup {
  /** deadlock_detected; Citus reports its distributed deadlocks with it too. */
  private static final String DEADLOCK = "40P01";

  private TableSetup() {}

  /**
   * Prepares {@code table} and {@code table.copyTable()} on {@code connection}.
   *
   * @return the table to load, with the {@code _id} type of the existing table when reused
   * @throws LoadException when a table exists and the policy is {@link ExistingTablePolicy#FAIL_IF_EXISTS},
   *     or a reused table is missing its copy table or does not have the document-table shape
   */
  public static PreparedTable prepare(Connection connection, Dialect dialect, DocumentTable table,
      ExistingTablePolicy policy) throws SQLException {
    return prepare(connection, dialect, table, policy, false);
  }

  /** As {@link #prepare(Connection, Dialect, DocumentTable, ExistingTablePolicy)}; tables it creates are UNLOGGED when asked. */
  public static PreparedTable prepare(Connection connection, Dialect dialect, DocumentTable table,
      ExistingTablePolicy policy, boolean unlogged) throws SQLException {
    return prepare(connection, dialect, table, policy, unlogged, false);
  }

  /**
   * As {@link #prepare(Connection, Dialect, DocumentTable, ExistingTablePolicy, boolean)}, creating new tables with
   * {@code table}'s layout (with the target's primary key). A reused table keeps the layout its catalog says; when
   * {@code layoutGiven}, a reused table laid out otherwise is refused.
   *
   * @throws UsageException when {@code layoutGiven} and a table to reuse has another layout
   */
  public static PreparedTable prepare(Connection connection, Dialect dialect, DocumentTable table,
      ExistingTablePolicy policy, boolean unlogged, boolean layoutGiven) throws SQLException {
    table = table.withLayout(dialect.placed(table.layout()));
    Relation main = find(connection, table);
    Relation copy = find(connection, table.copyTable());
    if (main != null && layoutGiven && policy != ExistingTablePolicy.DROP_EXISTING) {
      checkLayout(connection, dialect, main, table.layout());
    }
    if (main == null && copy == null) {
      String note = create(connection, dialect, table, false, unlogged);
      return new PreparedTable(table, PreparedTable.Action.CREATED, note);
    }
    switch (policy) {
      case FAIL_IF_EXISTS -> throw new LoadException("table " + (main != null ? main : copy).displayName()
          + " already exists; use --reuse to run on it or --drop-existing to replace it");
      case DROP_EXISTING -> {
        String note = create(connection, dialect, table, true, unlogged);
        return new PreparedTable(table, PreparedTable.Action.REPLACED, note);
      }
      case REUSE -> {
        if (main == null) {
          throw new LoadException("table " + copy.displayName() + " exists but " + table.displayName() + " does not;"
              + " drop " + copy.displayName() + ", or use --drop-existing to replace both");
        }
        Shape shape = shapeOf(connection, main);
        IdType idType = shape.idType();
        if (copy == null) {
          // the copy table belongs beside the table, in the schema it was found in, with its _id type and layout
          DocumentTable found = new DocumentTable(main.schema(), main.name(), idType, shape.layout());
          String note = createCopyTable(connection, dialect, found);
          return new PreparedTable(new DocumentTable(table.schema(), table.name(), idType, shape.layout()),
              PreparedTable.Action.REUSED, note, true);
        }
        IdType copyIdType = idTypeOf(connection, copy);
        if (idType != copyIdType) {
          throw new LoadException("table " + main.displayName() + " has _id " + idType.sql() + " but " + copy.displayName()
              + " has _id " + copyIdType.sql() + "; both must have the same _id type");
        }
        return new PreparedTable(new DocumentTable(table.schema(), table.name(), idType, shape.layout()),
            PreparedTable.Action.REUSED);
      }
      default -> throw new IllegalStateException("unhandled policy " + policy);
    }
  }

  /**
   * The existing document table a run works on, with its {@code _id} type read from the catalog.
   *
   * @param schema        schema, or null for the search path
   * @param needCopyTable whether the run's operations write to {@code <name>_copy}
   * @throws LoadException when a table is missing (pointing to init and import) or has the wrong shape
   */
  public static DocumentTable existing(Connection connection, String schema, String name, boolean needCopyTable)
      throws SQLException {
    DocumentTable wanted = new DocumentTable(schema, name, IdType.INTEGER);
    Relation main = find(connection, wanted);
    if (main == null) {
      throw MissingTable.refusal(connection, schema, name);
    }
    Shape shape = shapeOf(connection, main);
    IdType idType = shape.idType();
    if (needCopyTable) {
      Relation copy = find(connection, wanted.copyTable());
      if (copy == null) {
        throw new LoadException("table " + wanted.copyTable().displayName() + " does not exist, and find_insert and"
            + " find_delete write to it; this creates it (empty, same shape and distribution) and leaves "
            + main.displayName() + " as it is: stress init " + tableOptions(schema, name) + " --reuse");
      }
      IdType copyType = idTypeOf(connection, copy);
      if (copyType != idType) {
        throw new LoadException("table " + main.displayName() + " has _id " + idType.sql() + " but " + copy.displayName()
            + " has _id " + copyType.sql() + "; both must have the same _id type");
      }
    }
    return new DocumentTable(schema, name, idType, shape.layout());
  }

  /**
   * Refuses to reuse {@code main} for a layout other than its own: the rows there were placed by the other one. On a
   * target that distributes nothing, a reference table and one by {@code _id} are the same table.
   */
  private static void checkLayout(Connection connection, Dialect dialect, Relation main, Layout wanted)
      throws SQLException {
    Layout found = shapeOf(connection, main).layout();
    if (!sameLayout(dialect, found, wanted)) {
      throw new UsageException("table " + main.displayName() + " exists " + found.describe() + ", not "
          + wanted.describe() + " as asked; a table keeps the layout it was made with: use --drop-existing to make it"
          + " again, another --table/--table-prefix, or leave the layout option out to use it as it is");
    }
  }

  /** Whether a table laid out {@code found} serves {@code wanted}; where nothing is distributed, replication is moot. */
  public static boolean sameLayout(Dialect dialect, Layout found, Layout wanted) {
    return dialect.distributes() ? found.sameAs(wanted)
        : found.keyed() == wanted.keyed() && (!found.keyed() || found.sameAs(wanted));
  }

  /** The layout of an existing document table as its catalog says, or null when there is no such table. */
  public static Layout layoutOf(Connection connection, String schema, String name) throws SQLException {
    Relation main = find(connection, new DocumentTable(schema, name, IdType.INTEGER));
    return main == null ? null : shapeOf(connection, main).layout();
  }

  /** The --schema/--table options that name this table again, quoted for a POSIX shell where needed. */
  private static String tableOptions(String schema, String name) {
    return stress.model.TableName.option(schema, name);
  }

  /**
   * The relation {@code schema.name} resolves to (schema null: the first on the search path) as {@code schema.name}
   * from the catalog, or null when there is none: two spellings of one table resolve to the same.
   */
  public static String resolvedName(Connection connection, String schema, String name) throws SQLException {
    Relation found = find(connection, new DocumentTable(schema, name, IdType.INTEGER));
    return found == null ? null : found.displayName();
  }

  /** Whether a relation of that name exists (schema null: on the search path). */
  public static boolean exists(Connection connection, String schema, String name) throws SQLException {
    return find(connection, new DocumentTable(schema, name, IdType.INTEGER)) != null;
  }

  /** Whether the table holds at least one row. */
  public static boolean hasRows(Connection connection, DocumentTable table) throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT EXISTS (SELECT 1 FROM " + table.qualifiedName() + ")")) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  private static Relation find(Connection connection, DocumentTable table) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(
        "SELECT n.nspname, c.relname, c.relkind FROM pg_catalog.pg_class c"
            + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = to_regclass(?)")) {
      // Untyped so the server picks to_regclass(text) or, before PostgreSQL 9.6, to_regclass(cstring).
      ps.setObject(1, table.qualifiedName(), Types.OTHER);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? new Relation(rs.getString(1), rs.getString(2), rs.getString(3), table.qualifiedName()) : null;
      }
    }
  }

  /** Drops {@code table} and its copy table, where they exist (autocommit). */
  public static void drop(Connection connection, DocumentTable table) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(dropBoth(table));
    }
  }

  private static String dropBoth(DocumentTable table) {
    return "DROP TABLE IF EXISTS " + table.qualifiedName() + ", " + table.copyTable().qualifiedName();
  }

  /**
   * Creates both tables in one transaction, so a failure leaves neither half-made (nor half-dropped), or, where the
   * target makes new tables faster so, statement by statement ({@link TablesOneByOne}: a failure drops what was made).
   * A deadlock (40P01) is tried once more, in one transaction, with the dialect's {@link Dialect#deadlockRetrySettings
   * retry settings}, if it has any; the returned note says so (null when the first attempt succeeded).
   */
  private static String create(Connection connection, Dialect dialect, DocumentTable table, boolean dropFirst,
                               boolean unlogged) throws SQLException {
    List<String> ddl = new ArrayList<>();
    if (dropFirst) {
      ddl.add(dropBoth(table));
    }
    ddl.addAll(dialect.createDocumentTables(table, unlogged));
    String what = "creating " + table.displayName() + " and " + table.copyTable().displayName();
    List<List<String>> oneByOne = dialect.createDocumentTablesOneByOne(table, unlogged);
    // a replacement stays one transaction, so that a failure leaves the old tables
    if (dropFirst || oneByOne.isEmpty() || !dialect.tableDdlSettings(table).isEmpty()) {
      return runDdl(connection, dialect, table, ddl, what);
    }
    try {
      TablesOneByOne.create(connection, List.of(table, table.copyTable()), oneByOne);
      return null;
    } catch (SQLException e) {
      if (!retriedAfterDeadlock(dialect, e)) {
        throw e;
      }
      return retryAfterDeadlock(connection, dialect, ddl, what, e);
    }
  }

  /** Creates the missing copy table of the existing {@code table} (Citus: distributed, colocated with it). */
  private static String createCopyTable(Connection connection, Dialect dialect, DocumentTable table)
      throws SQLException {
    return runDdl(connection, dialect, table, dialect.createCopyTable(table),
        "creating " + table.copyTable().displayName());
  }

  /** Runs the DDL in one transaction, once more with the dialect's retry settings after a deadlock. */
  private static String runDdl(Connection connection, Dialect dialect, DocumentTable table, List<String> ddl,
      String what) throws SQLException {
    try {
      runOnce(connection, dialect.tableDdlSettings(table), ddl);
      return null;
    } catch (SQLException e) {
      if (!retriedAfterDeadlock(dialect, e)) {
        throw e;
      }
      return retryAfterDeadlock(connection, dialect, ddl, what, e);
    }
  }

  /** Whether {@code e} is a deadlock that the dialect has settings for another attempt at. */
  private static boolean retriedAfterDeadlock(Dialect dialect, SQLException e) {
    return DEADLOCK.equals(e.getSQLState()) && !dialect.deadlockRetrySettings().isEmpty();
  }

  /** Runs the DDL once more in one transaction with the dialect's retry settings; the note says so. */
  private static String retryAfterDeadlock(Connection connection, Dialect dialect, List<String> ddl, String what,
      SQLException deadlock) throws SQLException {
    List<String> retry = dialect.deadlockRetrySettings();
    String first = what + " ended in a deadlock (" + firstLine(deadlock) + "); tried once more with "
        + String.join("; ", retry);
    try {
      runOnce(connection, retry, ddl);
    } catch (SQLException again) {
      throw new LoadException(first + ", which failed too: " + firstLine(again), again);
    }
    return first + ": created";
  }

  private static void runOnce(Connection connection, List<String> settings, List<String> ddl) throws SQLException {
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(false);
    try (Statement s = connection.createStatement()) {
      for (String statement : settings) {
        s.execute(statement);
      }
      for (String statement : ddl) {
        s.execute(statement);
      }
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(autoCommit);
    }
  }

  private static String firstLine(SQLException e) {
    String message = String.valueOf(e.getMessage());
    int end = message.indexOf('\n');
    return (end < 0 ? message : message.substring(0, end)) + " (SQLState " + e.getSQLState() + ")";
  }

  /** What a document table is: its {@code _id} type and its layout. */
  private record Shape(IdType idType, Layout layout) {}

  private static IdType idTypeOf(Connection connection, Relation relation) throws SQLException {
    return shapeOf(connection, relation).idType();
  }

  /**
   * Reads the {@code _id} type and the layout, checking the relation is a table with {@code _id}, {@code data jsonb}
   * and at most one key column.
   */
  private static Shape shapeOf(Connection connection, Relation relation) throws SQLException {
    if (!relation.kind().equals("r") && !relation.kind().equals("p")) {
      throw new LoadException(relation.displayName() + " is not a table (pg_class.relkind '" + relation.kind()
          + "'); a document table is (_id <type> primary key, data jsonb)");
    }
    Map<String, String> columns = TableLayouts.columns(connection, relation.quotedName());
    if (columns.size() < 2 || columns.size() > 3 || !columns.containsKey("_id")
        || !"jsonb".equals(columns.get("data"))) {
      List<String> found = new ArrayList<>();
      columns.forEach((name, type) -> found.add(name + " " + type));
      throw new LoadException("table " + relation.displayName() + " does not have the document-table shape"
          + " (_id <type> primary key, data jsonb, and at most one key column); it has (" + String.join(", ", found)
          + ")");
    }
    Layout layout;
    try {
      layout = TableLayouts.read(connection, relation.quotedName(), columns);
    } catch (IllegalArgumentException e) {
      throw new LoadException(e.getMessage(), e);
    }
    String type = columns.get("_id");
    try {
      // character varying(24) is still text to us
      return new Shape(IdType.parse(type.replaceFirst("\\(.*\\)$", "")), layout);
    } catch (IllegalArgumentException e) {
      throw new LoadException("table " + relation.displayName() + " has _id of type " + type + ", which cannot be used;"
          + " supported: " + Arrays.stream(IdType.values()).map(IdType::sql).collect(Collectors.joining(", ")), e);
    }
  }

  /** A relation found in the catalog. */
  private record Relation(String schema, String name, String kind, String quotedName) {
    String displayName() {
      return schema + "." + name;
    }
  }
}
