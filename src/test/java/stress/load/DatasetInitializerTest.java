package stress.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import stress.dump.generate.DocumentGenerator;
import stress.model.Shape;
import stress.model.ExistingTablePolicy;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;

class DatasetInitializerTest {
  private static final DocumentTable CHECK_IN = new DocumentTable(null, "check_in", IdType.INTEGER);
  private static final DocumentTable ORDERS = new DocumentTable("public", "orders", IdType.BIGINT);

  private String url;
  private final AtomicInteger connectionsGiven = new AtomicInteger();
  private final List<double[]> progress = new ArrayList<>();
  private final List<double[]> completions = new ArrayList<>();
  private final InitProgressListener recorder = new InitProgressListener() {
    @Override
    public void onProgress(long docs, long bytes, double seconds) {
      progress.add(new double[] {docs, bytes, seconds});
    }

    @Override
    public void onComplete(long docs, long bytes, double seconds) {
      completions.add(new double[] {docs, bytes, seconds});
    }
  };

  @BeforeEach
  void newDatabase() {
    url = TestDatabase.newDatabaseUrl("init");
  }

  @Test
  void loadsSmallDocumentsIntoBothTables() throws Exception {
    InitRequest request = InitRequest.of(CHECK_IN, 5_000, Shape.SMALL).withSeed(17)
        .withBatching(new CopyBatching(700, Long.MAX_VALUE));
    InitResult result = initializer().initialize(request, recorder);

    assertEquals(CHECK_IN, result.table());
    assertEquals(PreparedTable.Action.CREATED, result.tableAction());
    assertEquals(5_000, result.documents());
    assertFalse(result.keptExistingRows());
    assertTrue(result.bytes() > 5_000 * 40, "bytes " + result.bytes());
    assertEquals(5_000, count("check_in"));
    assertEquals(5_000, count("check_in_copy"));
    assertEquals(5_000, scalar("SELECT max(_id) FROM check_in"), "keys are dense 1..N");
    assertEquals(1, scalar("SELECT min(_id) FROM check_in_copy"));
    assertStoredAsGenerated(Shape.SMALL, 17, "check_in", 1, 2, 700, 701, 2_500, 2_501, 4_999, 5_000);
    assertStoredAsGenerated(Shape.SMALL, 17, "check_in_copy", 1, 2_501, 5_000);
    assertEquals(2 + InitRequest.DEFAULT_STREAMS, connectionsGiven.get(), "setup, one per stream, analyze");
    // pg_stats is written by ANALYZE itself; pg_stat_user_tables.last_analyze arrives late or not at all under load
    assertEquals(2, scalar("SELECT count(DISTINCT tablename) FROM pg_stats WHERE tablename IN ('check_in', 'check_in_copy')"),
        "both tables analyzed");

    assertEquals(1, completions.size());
    assertEquals(5_000, completions.get(0)[0]);
    assertEquals(result.bytes(), completions.get(0)[1]);
    double[] last = progress.get(progress.size() - 1);
    assertEquals(5_000, last[0], "final progress shows everything");
    for (int i = 1; i < progress.size(); i++) {
      assertTrue(progress.get(i)[0] >= progress.get(i - 1)[0], "progress never goes back");
    }
  }

  @Test
  void loadsLargeDocumentsWithThreeStreams() throws Exception {
    InitRequest request = InitRequest.of(ORDERS, 500, Shape.LARGE).withStreams(3)
        .withBatching(new CopyBatching(Long.MAX_VALUE, 100_000));
    InitResult result = initializer().initialize(request, InitProgressListener.NONE);
    assertEquals(500, result.documents());
    assertEquals(500, count("orders"));
    assertEquals(500, count("orders_copy"));
    assertEquals(5, connectionsGiven.get());
    assertStoredAsGenerated(Shape.LARGE, InitRequest.DEFAULT_SEED, "orders", 1, 167, 168, 334, 335, 500);
    assertStoredAsGenerated(Shape.LARGE, InitRequest.DEFAULT_SEED, "orders_copy", 1, 250, 500);
  }

  @Test
  void secondInitFailsByDefaultThenReuseKeepsRowsAndDropExistingReplaces() throws Exception {
    initializer().initialize(InitRequest.of(CHECK_IN, 300, Shape.SMALL), InitProgressListener.NONE);

    LoadException exists = assertThrows(LoadException.class,
        () -> initializer().initialize(InitRequest.of(CHECK_IN, 300, Shape.SMALL), InitProgressListener.NONE));
    assertEquals("table public.check_in already exists; use --reuse to run on it or --drop-existing to replace it",
        exists.getMessage());

    InitResult reused = initializer().initialize(InitRequest.of(CHECK_IN, 900, Shape.SMALL)
        .withPolicy(ExistingTablePolicy.REUSE), recorder);
    assertEquals(PreparedTable.Action.REUSED, reused.tableAction());
    assertTrue(reused.keptExistingRows());
    assertEquals(0, reused.documents());
    assertEquals(300, count("check_in"));
    assertEquals(300, count("check_in_copy"));
    assertStoredAsGenerated(Shape.SMALL, InitRequest.DEFAULT_SEED, "check_in", 1, 300);

    InitResult replaced = initializer().initialize(InitRequest.of(CHECK_IN, 200, Shape.SMALL).withSeed(99)
        .withPolicy(ExistingTablePolicy.DROP_EXISTING), InitProgressListener.NONE);
    assertEquals(PreparedTable.Action.REPLACED, replaced.tableAction());
    assertEquals(200, count("check_in"));
    assertEquals(200, count("check_in_copy"));
    assertStoredAsGenerated(Shape.SMALL, 99, "check_in", 1, 200);
  }

  @Test
  void reuseLoadsEmptyTablesCreatedBeforehandWithTheirOwnKeyType() throws Exception {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE check_in (_id bigint primary key, data jsonb not null default '{}')");
      s.execute("CREATE TABLE check_in_copy (_id bigint primary key, data jsonb not null default '{}')");
    }
    InitResult result = initializer().initialize(InitRequest.of(CHECK_IN, 100, Shape.SMALL)
        .withPolicy(ExistingTablePolicy.REUSE), InitProgressListener.NONE);
    assertEquals(IdType.BIGINT, result.table().idType());
    assertFalse(result.keptExistingRows());
    assertEquals(100, count("check_in"));
    assertEquals(100, count("check_in_copy"));
  }

  @Test
  void reuseRefusesAnEmptyTableWhoseCopyTableHasRows() throws Exception {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE check_in (_id int primary key, data jsonb not null default '{}')");
      s.execute("CREATE TABLE check_in_copy (_id int primary key, data jsonb not null default '{}')");
      s.execute("INSERT INTO check_in_copy VALUES (1, '{}')");
    }
    LoadException e = assertThrows(LoadException.class, () -> initializer().initialize(
        InitRequest.of(CHECK_IN, 10, Shape.SMALL).withPolicy(ExistingTablePolicy.REUSE), InitProgressListener.NONE));
    assertEquals("table check_in is empty but check_in_copy has rows; empty it or use --drop-existing to replace both",
        e.getMessage());
  }

  @Test
  void aFailingStreamStopsTheLoadAndItsErrorIsThrown() throws Exception {
    // The third connection (the second stream's) is read-only, so its COPY fails on the server.
    ConnectionSupplier faulty = () -> {
      Connection c = TestDatabase.connect(url);
      if (connectionsGiven.incrementAndGet() == 3) {
        try (Statement s = c.createStatement()) {
          s.execute("SET default_transaction_read_only = on");
        }
      }
      return c;
    };
    SQLException e = assertThrows(SQLException.class, () -> new DatasetInitializer(faulty, new PostgresDialect())
        .initialize(InitRequest.of(CHECK_IN, 100_000, Shape.SMALL).withBatching(new CopyBatching(500, Long.MAX_VALUE)),
            InitProgressListener.NONE));
    assertEquals("25006", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().startsWith("COPY into check_in failed in batch 1"), e.getMessage());
    // The first stream (keys 1..50000) needs 100 batches; it stops long before, when the second one fails.
    assertTrue(count("check_in") < 50_000, "the other stream stopped early: " + count("check_in"));
    assertEquals(count("check_in"), count("check_in_copy"), "committed batches are in both tables");
  }

  @Test
  void zeroDocumentsCreatesEmptyTables() throws Exception {
    InitResult result = initializer().initialize(InitRequest.of(CHECK_IN, 0, Shape.SMALL), recorder);
    assertEquals(0, result.documents());
    assertEquals(0, count("check_in"));
    assertEquals(0, count("check_in_copy"));
    assertEquals(1, completions.size());
  }

  @Test
  void requestReportsEveryProblemAtOnce() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new InitRequest(CHECK_IN,
        Integer.MAX_VALUE + 1L, Shape.SMALL, 1, ExistingTablePolicy.FAIL_IF_EXISTS, 0, CopyBatching.DEFAULT));
    assertEquals("load streams must be at least 1, got 0; table check_in has _id integer, which cannot hold keys up to"
        + " 2147483648; use bigint", e.getMessage());
    assertEquals("document count must be at least 0, got -1; table t has _id uuid, but init generates integer keys;"
        + " use integer or bigint", assertThrows(IllegalArgumentException.class, () -> InitRequest.of(
            new DocumentTable(null, "t", IdType.UUID), -1, Shape.SMALL)).getMessage());
  }

  @Test
  void reusedIntegerTableTooSmallForTheDocumentCountIsRefusedBeforeLoading() throws Exception {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE big (_id int primary key, data jsonb not null default '{}')");
      s.execute("CREATE TABLE big_copy (_id int primary key, data jsonb not null default '{}')");
    }
    LoadException e = assertThrows(LoadException.class, () -> initializer().initialize(
        InitRequest.of(new DocumentTable(null, "big", IdType.BIGINT), 3_000_000_000L, Shape.SMALL)
            .withPolicy(ExistingTablePolicy.REUSE), InitProgressListener.NONE));
    assertEquals("table big has _id integer, which cannot hold keys up to 3000000000; use bigint", e.getMessage());
  }

  @Test
  void keyRangesAreContiguousDisjointAndBalanced() {
    assertEquals(List.of(new DatasetInitializer.KeyRange(1, 4), new DatasetInitializer.KeyRange(5, 7),
        new DatasetInitializer.KeyRange(8, 10)), DatasetInitializer.KeyRange.split(10, 3));
    assertEquals(List.of(new DatasetInitializer.KeyRange(1, 1), new DatasetInitializer.KeyRange(2, 2)),
        DatasetInitializer.KeyRange.split(2, 4));
    assertEquals(List.of(), DatasetInitializer.KeyRange.split(0, 2));
  }

  @Test
  void aDeadlockRetriedWhileCreatingTheTablesIsToldInTheResult() throws Exception {
    InitResult plain = initializer().initialize(InitRequest.of(ORDERS, 10, Shape.SMALL), InitProgressListener.NONE);
    assertNull(plain.tableNote());
    InitResult result = new DatasetInitializer(() -> TestDatabase.connect(url),
        TableSetupTest.deadlockingDialect("cured")).initialize(InitRequest.of(CHECK_IN, 100, Shape.SMALL),
        InitProgressListener.NONE);
    assertEquals("creating check_in and check_in_copy ended in a deadlock (ERROR: deadlock detected (SQLState 40P01));"
        + " tried once more with SET LOCAL stress_test.retry TO 'cured': created", result.tableNote());
    assertEquals(100, count("check_in"));
    assertEquals(100, count("check_in_copy"));
  }

  private DatasetInitializer initializer() {
    return new DatasetInitializer(() -> {
      connectionsGiven.incrementAndGet();
      return TestDatabase.connect(url);
    }, new PostgresDialect());
  }

  /** The stored jsonb equals, as jsonb, the generator's JSON for each id. */
  private void assertStoredAsGenerated(Shape shape, long seed, String table, long... ids) throws SQLException {
    DocumentGenerator generator = new DocumentGenerator(shape, seed);
    try (Connection c = TestDatabase.connect(url);
        PreparedStatement ps = c.prepareStatement("SELECT data = ?::jsonb FROM " + table + " WHERE _id = ?")) {
      for (long id : ids) {
        ps.setString(1, generator.generate(id).json());
        ps.setLong(2, id);
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next(), table + " has _id " + id);
          assertTrue(rs.getBoolean(1), table + " _id " + id + " holds the generated document");
        }
      }
    }
  }

  private long count(String table) throws SQLException {
    return scalar("SELECT count(*) FROM " + table);
  }

  private long scalar(String sql) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
