package stress.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import stress.model.ExistingTablePolicy;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.Dialect;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;

class TableSetupTest {
  private static final DocumentTable CHECK_IN = new DocumentTable(null, "check_in", IdType.INTEGER);
  private final PostgresDialect dialect = new PostgresDialect();
  private Connection connection;

  @BeforeEach
  void connect() throws SQLException {
    connection = TestDatabase.connect(TestDatabase.newDatabaseUrl("tablesetup"));
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void createsBothTablesWhenNeitherExists() throws SQLException {
    PreparedTable prepared = TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.FAIL_IF_EXISTS);
    assertEquals(new PreparedTable(CHECK_IN, PreparedTable.Action.CREATED), prepared);
    assertEquals("integer", columnType("check_in", "_id"));
    assertEquals("jsonb", columnType("check_in_copy", "data"));
    assertTrue(connection.getAutoCommit(), "autocommit restored");
  }

  @Test
  void refusesExistingTablesByDefaultNamingTheSchemaAndTheWayOut() throws SQLException {
    TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.FAIL_IF_EXISTS);
    execute("INSERT INTO check_in VALUES (1, '{}')");
    LoadException e = assertThrows(LoadException.class,
        () -> TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.FAIL_IF_EXISTS));
    assertEquals("table public.check_in already exists; use --reuse to run on it or --drop-existing to replace it",
        e.getMessage());
    assertEquals(1, count("check_in"), "nothing changed");
  }

  @Test
  void refusesWhenOnlyTheCopyTableExists() throws SQLException {
    execute("CREATE TABLE check_in_copy (_id int primary key, data jsonb not null default '{}')");
    LoadException e = assertThrows(LoadException.class,
        () -> TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.FAIL_IF_EXISTS));
    assertEquals("table public.check_in_copy already exists; use --reuse to run on it or --drop-existing to replace it",
        e.getMessage());
  }

  @Test
  void reuseKeepsRowsAndReportsTheRealIdType() throws SQLException {
    execute("CREATE TABLE check_in (_id bigint primary key, data jsonb not null default '{}')");
    execute("CREATE TABLE check_in_copy (_id bigint primary key, data jsonb not null default '{}')");
    execute("INSERT INTO check_in VALUES (1, '{}'), (2, '{}')");
    PreparedTable prepared = TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.REUSE);
    assertEquals(new PreparedTable(new DocumentTable(null, "check_in", IdType.BIGINT), PreparedTable.Action.REUSED),
        prepared);
    assertEquals(2, count("check_in"));
  }

  @Test
  void reuseReadsVarcharKeysAsText() throws SQLException {
    execute("CREATE SCHEMA app");
    execute("CREATE TABLE app.users (_id varchar(24) primary key, data jsonb not null default '{}')");
    execute("CREATE TABLE app.users_copy (_id varchar(24) primary key, data jsonb not null default '{}')");
    PreparedTable prepared = TableSetup.prepare(connection, dialect, new DocumentTable("app", "users", IdType.INTEGER),
        ExistingTablePolicy.REUSE);
    assertEquals(IdType.TEXT, prepared.table().idType());
    assertEquals("app", prepared.table().schema());
  }

  @Test
  void reuseRefusesTablesWithoutTheDocumentShape() throws SQLException {
    execute("CREATE TABLE check_in (id int primary key, data json)");
    execute("CREATE TABLE check_in_copy (_id int primary key, data jsonb not null default '{}')");
    LoadException e = assertThrows(LoadException.class,
        () -> TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.REUSE));
    assertEquals("table public.check_in does not have the document-table shape (_id <type> primary key, data jsonb,"
        + " and at most one key column); it has (id integer, data json)", e.getMessage());
  }

  @Test
  void reuseRefusesUnsupportedIdTypesAndMismatchedCopyTables() throws SQLException {
    execute("CREATE TABLE check_in (_id numeric(10,0) primary key, data jsonb)");
    execute("CREATE TABLE check_in_copy (_id int primary key, data jsonb)");
    LoadException numeric = assertThrows(LoadException.class,
        () -> TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.REUSE));
    assertEquals("table public.check_in has _id of type numeric(10,0), which cannot be used; supported: integer,"
        + " bigint, double precision, text, uuid", numeric.getMessage());
    execute("ALTER TABLE check_in ALTER COLUMN _id TYPE bigint");
    LoadException mismatch = assertThrows(LoadException.class,
        () -> TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.REUSE));
    assertEquals("table public.check_in has _id bigint but public.check_in_copy has _id integer; both must have the"
        + " same _id type", mismatch.getMessage());
  }

  @Test
  void reuseCreatesAMissingCopyTableEmptyAndLeavesTheTableAlone() throws SQLException {
    execute("CREATE SCHEMA app");
    execute("CREATE TABLE app.check_in (_id text primary key, data jsonb not null default '{}')");
    execute("INSERT INTO app.check_in VALUES ('a', '{\"x\": 1}')");
    execute("SET search_path = app");
    PreparedTable prepared = TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.REUSE);
    assertEquals(new PreparedTable(new DocumentTable(null, "check_in", IdType.TEXT), PreparedTable.Action.REUSED, null,
        true), prepared);
    assertEquals("text", columnType("check_in_copy", "_id"), "with the table's _id type");
    assertEquals(0, count("check_in_copy"));
    assertEquals(1, count("check_in"));
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT to_regclass('app.check_in_copy') IS NOT NULL")) {
      assertTrue(rs.next() && rs.getBoolean(1), "beside the table, in its schema");
    }
    assertTrue(connection.getAutoCommit(), "autocommit restored");
  }

  @Test
  void reuseRefusesAMissingTableBesideItsCopyAndViews() throws SQLException {
    execute("CREATE TABLE check_in_copy (_id int primary key, data jsonb)");
    LoadException missing = assertThrows(LoadException.class,
        () -> TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.REUSE));
    assertEquals("table public.check_in_copy exists but check_in does not; drop public.check_in_copy, or use"
        + " --drop-existing to replace both", missing.getMessage());
    execute("DROP TABLE check_in_copy");
    execute("CREATE TABLE check_in (_id int primary key, data jsonb)");
    execute("CREATE VIEW check_in_copy AS SELECT * FROM check_in");
    LoadException view = assertThrows(LoadException.class,
        () -> TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.REUSE));
    assertEquals("public.check_in_copy is not a table (pg_class.relkind 'v'); a document table is (_id <type> primary"
        + " key, data jsonb)", view.getMessage());
  }

  @Test
  void dropExistingReplacesBothTables() throws SQLException {
    execute("CREATE TABLE check_in (_id text primary key, data jsonb not null default '{}', extra int)");
    execute("INSERT INTO check_in VALUES ('a', '{}', 1)");
    PreparedTable prepared = TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.DROP_EXISTING);
    assertEquals(PreparedTable.Action.REPLACED, prepared.action());
    assertEquals(0, count("check_in"));
    assertEquals(0, count("check_in_copy"));
    assertEquals("integer", columnType("check_in", "_id"));
    assertFalse(columnExists("check_in", "extra"));
  }

  @Test
  void quotedNamesAreResolvedExactly() throws SQLException {
    DocumentTable odd = new DocumentTable(null, "Check \"In\"", IdType.BIGINT);
    TableSetup.prepare(connection, dialect, odd, ExistingTablePolicy.FAIL_IF_EXISTS);
    assertEquals("bigint", columnType("Check \"In\"_copy", "_id"));
    LoadException e = assertThrows(LoadException.class,
        () -> TableSetup.prepare(connection, dialect, odd, ExistingTablePolicy.FAIL_IF_EXISTS));
    assertTrue(e.getMessage().startsWith("table public.Check \"In\" already exists"), e.getMessage());
    // A table of the lower-case name is a different table.
    TableSetup.prepare(connection, dialect, new DocumentTable(null, "check \"in\"", IdType.BIGINT),
        ExistingTablePolicy.FAIL_IF_EXISTS);
  }

  /**
   * A dialect whose DDL ends in a deadlock raised by the server (SQLState 40P01, after both CREATE TABLEs, so a
   * rollback is needed) unless its retry setting says otherwise; {@code retry} is that setting, null for none.
   */
  static Dialect deadlockingDialect(String retry) {
    return new Dialect() {
      @Override
      public List<String> createDocumentTables(DocumentTable table) {
        List<String> ddl = new ArrayList<>(new PostgresDialect().createDocumentTables(table));
        ddl.add("DO $$ BEGIN IF coalesce(current_setting('stress_test.retry', true), '') <> 'cured' THEN"
            + " RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END IF; END $$");
        return ddl;
      }

      @Override
      public List<String> createCopyTable(DocumentTable table) {
        return new PostgresDialect().createCopyTable(table);
      }

      @Override
      public List<String> deadlockRetrySettings() {
        return retry == null ? List.of() : List.of("SET LOCAL stress_test.retry TO '" + retry + "'");
      }
    };
  }

  @Test
  void aDeadlockIsTriedOnceMoreWithTheRetrySettingsAndSaidSo() throws SQLException {
    PreparedTable prepared = TableSetup.prepare(connection, deadlockingDialect("cured"), CHECK_IN,
        ExistingTablePolicy.FAIL_IF_EXISTS);
    assertEquals(PreparedTable.Action.CREATED, prepared.action());
    assertEquals("creating check_in and check_in_copy ended in a deadlock (ERROR: deadlock detected"
        + " (SQLState 40P01)); tried once more with SET LOCAL stress_test.retry TO 'cured': created", prepared.note());
    assertEquals(0, count("check_in"));
    assertEquals(0, count("check_in_copy"));
    assertTrue(connection.getAutoCommit(), "autocommit restored");
  }

  @Test
  void aDeadlockWhileReplacingIsRetriedFromTheDrop() throws SQLException {
    TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.FAIL_IF_EXISTS);
    execute("INSERT INTO check_in VALUES (1, '{}')");
    PreparedTable prepared = TableSetup.prepare(connection, deadlockingDialect("cured"), CHECK_IN,
        ExistingTablePolicy.DROP_EXISTING);
    assertEquals(PreparedTable.Action.REPLACED, prepared.action());
    assertTrue(prepared.note().endsWith(": created"), prepared.note());
    assertEquals(0, count("check_in"), "replaced");
  }

  @Test
  void aSecondDeadlockFailsNamingBothAttemptsAndLeavesTheOldTables() throws SQLException {
    TableSetup.prepare(connection, dialect, CHECK_IN, ExistingTablePolicy.FAIL_IF_EXISTS);
    execute("INSERT INTO check_in VALUES (1, '{}')");
    LoadException e = assertThrows(LoadException.class, () -> TableSetup.prepare(connection,
        deadlockingDialect("still ill"), CHECK_IN, ExistingTablePolicy.DROP_EXISTING));
    assertEquals("creating check_in and check_in_copy ended in a deadlock (ERROR: deadlock detected"
        + " (SQLState 40P01)); tried once more with SET LOCAL stress_test.retry TO 'still ill', which failed too:"
        + " ERROR: deadlock detected (SQLState 40P01)", e.getMessage());
    assertEquals(1, count("check_in"), "both attempts rolled back");
    assertTrue(connection.getAutoCommit(), "autocommit restored");
  }

  @Test
  void aDeadlockIsReportedAsItIsWhenTheTargetHasNoOtherWay() throws SQLException {
    SQLException e = assertThrows(SQLException.class, () -> TableSetup.prepare(connection, deadlockingDialect(null),
        CHECK_IN, ExistingTablePolicy.FAIL_IF_EXISTS));
    assertEquals("40P01", e.getSQLState());
    assertFalse(exists("check_in") || exists("check_in_copy"), "rolled back");
  }

  private boolean exists(String table) throws SQLException {
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery("SELECT to_regclass('" + table + "') IS NOT NULL")) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  private void execute(String sql) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }

  private long count(String table) throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM \"" + table + "\"")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private String columnType(String table, String column) throws SQLException {
    try (var ps = connection.prepareStatement("SELECT format_type(atttypid, atttypmod) FROM pg_attribute"
        + " WHERE attrelid = ?::regclass AND attname = ?")) {
      ps.setString(1, "\"" + table.replace("\"", "\"\"") + "\"");
      ps.setString(2, column);
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next(), table + "." + column);
        return rs.getString(1);
      }
    }
  }

  private boolean columnExists(String table, String column) throws SQLException {
    try (var ps = connection.prepareStatement("SELECT 1 FROM pg_attribute WHERE attrelid = ?::regclass AND attname = ?"
        + " AND NOT attisdropped")) {
      ps.setString(1, table);
      ps.setString(2, column);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }
}
