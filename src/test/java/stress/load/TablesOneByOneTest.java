package stress.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import stress.model.ExistingTablePolicy;
import stress.server.dialect.Dialect;
import stress.server.dialect.PostgresDialect;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;

/** New tables made statement by statement, as on Citus, on the real embedded server. */
class TablesOneByOneTest {
  private static final DocumentTable ORDERS = new DocumentTable(null, "orders", IdType.INTEGER);
  /** Records the transaction each step's second statement runs in. */
  private static final String RECORD_XACT = "INSERT INTO xacts VALUES (txid_current())";
  private Connection connection;

  @BeforeEach
  void connect() throws SQLException {
    connection = TestDatabase.connect(TestDatabase.newDatabaseUrl("onebyone"));
    execute("CREATE TABLE xacts (xact bigint)");
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  /** PostgreSQL's tables, made one by one: each table's CREATE TABLE, then {@code then} (its own statements). */
  private static Dialect oneByOne(String mainThen, String copyThen, List<String> retry) {
    PostgresDialect postgres = new PostgresDialect();
    return new Dialect() {
      @Override
      public List<String> createDocumentTables(DocumentTable table) {
        return postgres.createDocumentTables(table);
      }

      @Override
      public List<List<String>> createDocumentTablesOneByOne(DocumentTable table, boolean unlogged) {
        List<String> both = postgres.createDocumentTables(table);
        return List.of(List.of(both.get(0), mainThen), List.of(both.get(1), copyThen));
      }

      @Override
      public List<String> createCopyTable(DocumentTable table) {
        return postgres.createCopyTable(table);
      }

      @Override
      public List<String> deadlockRetrySettings() {
        return retry;
      }
    };
  }

  @Test
  void eachStatementIsItsOwnTransaction() throws SQLException {
    PreparedTable prepared = TableSetup.prepare(connection, oneByOne(RECORD_XACT, RECORD_XACT, List.of()), ORDERS,
        ExistingTablePolicy.FAIL_IF_EXISTS);
    assertEquals(PreparedTable.Action.CREATED, prepared.action());
    assertNull(prepared.note());
    assertTrue(exists("orders") && exists("orders_copy"));
    assertEquals(2, query("SELECT count(DISTINCT xact) FROM xacts"), "two transactions, not one");
    assertTrue(connection.getAutoCommit(), "autocommit restored");
  }

  @Test
  void aFailurePartWayDropsWhatWasMade() throws SQLException {
    SQLException e = assertThrows(SQLException.class, () -> TableSetup.prepare(connection,
        oneByOne(RECORD_XACT, "SELECT 1 / 0", List.of()), ORDERS, ExistingTablePolicy.FAIL_IF_EXISTS));
    assertEquals("22012", e.getSQLState());
    assertFalse(exists("orders"), "the document table was made, then dropped");
    assertFalse(exists("orders_copy"), "the copy table was made, then dropped");
  }

  @Test
  void aTableSomeoneElseMadeMeanwhileIsLeftAsItIs() throws SQLException {
    execute("CREATE TABLE orders_copy (_id integer PRIMARY KEY, data jsonb)");
    execute("INSERT INTO orders_copy VALUES (1, '{}')");
    List<List<String>> steps = oneByOne(RECORD_XACT, RECORD_XACT, List.of()).createDocumentTablesOneByOne(ORDERS, false);
    SQLException e = assertThrows(SQLException.class,
        () -> TablesOneByOne.create(connection, List.of(ORDERS, ORDERS.copyTable()), steps));
    assertEquals("42P07", e.getSQLState(), "the copy table exists");
    assertFalse(exists("orders"), "the one it made is dropped");
    assertEquals(1, query("SELECT count(*) FROM orders_copy"), "the other one keeps its row");
    assertTrue(connection.getAutoCommit());
  }

  @Test
  void aDeadlockIsTriedOnceMoreInOneTransactionWithTheRetrySettings() throws SQLException {
    String deadlock = "DO $$ BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END $$";
    PreparedTable prepared = TableSetup.prepare(connection, oneByOne(RECORD_XACT, deadlock,
        List.of("SET LOCAL lock_timeout TO '5s'")), ORDERS, ExistingTablePolicy.FAIL_IF_EXISTS);
    assertEquals(PreparedTable.Action.CREATED, prepared.action());
    assertEquals("creating orders and orders_copy ended in a deadlock (ERROR: deadlock detected (SQLState 40P01));"
        + " tried once more with SET LOCAL lock_timeout TO '5s': created", prepared.note());
    assertTrue(exists("orders") && exists("orders_copy"));
  }

  @Test
  void aReplacementStaysOneTransaction() throws SQLException {
    TableSetup.prepare(connection, new PostgresDialect(), ORDERS, ExistingTablePolicy.FAIL_IF_EXISTS);
    execute("INSERT INTO orders VALUES (1, '{}')");
    // the one-by-one statements would fail: a replacement does not use them
    PreparedTable prepared = TableSetup.prepare(connection, oneByOne("SELECT 1 / 0", "SELECT 1 / 0", List.of()),
        ORDERS, ExistingTablePolicy.DROP_EXISTING);
    assertEquals(PreparedTable.Action.REPLACED, prepared.action());
    assertEquals(0, query("SELECT count(*) FROM orders"));
  }

  private boolean exists(String table) throws SQLException {
    return query("SELECT count(*) FROM pg_class WHERE oid = to_regclass('" + table + "')") == 1;
  }

  private long query(String sql) throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private void execute(String sql) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }
}
