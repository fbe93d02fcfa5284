package stress.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.dump.generate.DocumentGenerator;
import stress.model.Shape;
import stress.model.OperationSettings;
import stress.model.StatementMode;
import stress.ops.builtin.InsertBatch;
import stress.ops.builtin.Operations;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;
import stress.model.Instance;
import stress.keys.NewKeys;

/** insert, insert_batch and copy against a real PostgreSQL: what they report is what the table holds. */
class InsertOperationsTest {
  private static final int EXISTING = 100;
  private static final long SEED = 7;
  private static final DocumentTable TABLE = new DocumentTable(null, "new \"docs\"", IdType.INTEGER);
  private static final DocumentTable BIG = new DocumentTable(null, "new_big", IdType.BIGINT);
  private static String url;
  private static Connection admin;

  @BeforeAll
  static void createTables() throws SQLException {
    url = TestDatabase.newDatabaseUrl("inserts");
    admin = TestDatabase.connect(url);
    try (Statement s = admin.createStatement()) {
      for (DocumentTable t : List.of(TABLE, BIG)) {
        for (String ddl : new PostgresDialect().createDocumentTables(t)) {
          s.execute(ddl);
        }
      }
    }
  }

  @AfterAll
  static void close() throws SQLException {
    admin.close();
  }

  @BeforeEach
  void fill() throws SQLException {
    try (Statement s = admin.createStatement()) {
      for (DocumentTable t : List.of(TABLE, BIG)) {
        s.execute("TRUNCATE " + t.qualifiedName());
        s.execute("INSERT INTO " + t.qualifiedName() + " SELECT i, jsonb_build_object('old', i) FROM generate_series(1, "
            + EXISTING + ") i");
      }
    }
  }

  private static OperationSettings batchOf(int batch) {
    return new OperationSettings(batch, 1, 2, 10);
  }

  private static NewDocuments newDocuments(DocumentTable table, Instance instance, Shape shape) throws SQLException {
    return new NewDocuments(NewKeys.above(admin, table, instance), new DocumentGenerator(shape, SEED), null);
  }

  private static OperationSession session(StatementMode mode, Connection c) {
    OperationSession s = new OperationSession(mode, true, null, new SplittableRandom(1), 10);
    s.attach(c);
    return s;
  }

  /** Runs a bound operation {@code times} times on its own connection; returns the rows it reported. */
  private static long run(Operation.Bound bound, StatementMode mode, int times) throws SQLException {
    long rows = 0;
    try (Connection c = TestDatabase.connect(url); OperationSession s = session(mode, c)) {
      for (int i = 0; i < times; i++) {
        rows += bound.execute(s);
      }
    }
    return rows;
  }

  private static long scalar(String sql) throws SQLException {
    try (Statement s = admin.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Each new row holds exactly the generated document of its key. */
  private static void assertGeneratedDocuments(DocumentTable table, Shape shape) throws SQLException {
    DocumentGenerator generator = new DocumentGenerator(shape, SEED);
    List<Long> keys = new ArrayList<>();
    try (Statement s = admin.createStatement();
         ResultSet rs = s.executeQuery("SELECT _id FROM " + table.qualifiedName() + " WHERE _id > " + EXISTING)) {
      while (rs.next()) {
        keys.add(rs.getLong(1));
      }
    }
    try (PreparedStatement ps = admin.prepareStatement("SELECT data = CAST(? AS jsonb) FROM " + table.qualifiedName()
        + " WHERE _id = ?")) {
      for (long k : keys) {
        ps.setString(1, generator.generate(k).json());
        ps.setLong(2, k);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          assertTrue(rs.getBoolean(1), "document of key " + k);
        }
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"insert, PREPARED", "insert, PLAIN", "insert_batch, PREPARED", "insert_batch, PLAIN", "copy, PREPARED",
      "copy, PLAIN"})
  void rowsReportedAreTheRowsInsertedAboveTheLargestKey(String op, StatementMode mode) throws SQLException {
    Operation operation = Operations.byName(op);
    assertTrue(operation.insertsNewKeys() && !operation.readsExistingKeys());
    Operation.Bound bound = operation.bind(new OperationContext(TABLE, batchOf(25),
        newDocuments(TABLE, Instance.SOLE, Shape.SMALL)));
    long rows = run(bound, mode, 12);
    long perExecution = op.equals("insert") ? 1 : 25;
    assertEquals(12 * perExecution, rows);
    assertEquals(EXISTING + rows, scalar("SELECT count(*) FROM " + TABLE.qualifiedName()));
    assertEquals(EXISTING + rows, scalar("SELECT max(_id) FROM " + TABLE.qualifiedName()), "keys follow on, no gap");
    assertGeneratedDocuments(TABLE, Shape.SMALL);
  }

  @Test
  void largeDocumentsIntoABigintTable() throws SQLException {
    Operation.Bound bound = Operations.byName("insert_batch").bind(new OperationContext(BIG, batchOf(10),
        newDocuments(BIG, Instance.SOLE, Shape.LARGE)));
    assertEquals(30, run(bound, StatementMode.PREPARED, 3));
    assertEquals(30, scalar("SELECT count(*) FROM " + BIG.qualifiedName() + " WHERE length(data::text) > 1500"));
    assertGeneratedDocuments(BIG, Shape.LARGE);
  }

  @Test
  void threadsSharingOneBoundOperationNeverInsertTheSameKey() throws Exception {
    NewDocuments documents = newDocuments(TABLE, Instance.SOLE, Shape.SMALL);
    OperationContext context = new OperationContext(TABLE, batchOf(20), documents);
    List<Operation.Bound> ops = List.of(Operations.byName("insert").bind(context),
        Operations.byName("insert_batch").bind(context), Operations.byName("copy").bind(context));
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    long[] reported = new long[6];
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < reported.length; t++) {
      int worker = t;
      Thread thread = new Thread(() -> {
        try {
          // every thread runs all three operations, in both modes, on the same shared key space
          StatementMode mode = worker % 2 == 0 ? StatementMode.PREPARED : StatementMode.PLAIN;
          try (Connection c = TestDatabase.connect(url); OperationSession s = session(mode, c)) {
            for (int i = 0; i < 30; i++) {
              reported[worker] += ops.get(i % 3).execute(s);
            }
          }
        } catch (Throwable e) {
          failures.add(e);
        }
      });
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals(List.of(), List.copyOf(failures));
    long total = 0;
    for (long r : reported) {
      assertEquals(10 * (1 + 20 + 20), r);
      total += r;
    }
    assertEquals(EXISTING + total, scalar("SELECT count(*) FROM " + TABLE.qualifiedName()));
  }

  @Test
  void twoInstancesStartedAtDifferentTimesShareTheKeysWithoutCollisions() throws SQLException {
    OperationSettings settings = batchOf(15);
    Operation.Bound first = Operations.byName("insert_batch").bind(new OperationContext(TABLE, settings,
        newDocuments(TABLE, Instance.parse("1/2"), Shape.SMALL)));
    long rows = run(first, StatementMode.PREPARED, 4);
    // the second instance starts later: it reads a larger max(_id), and still never meets the first
    Operation.Bound second = Operations.byName("copy").bind(new OperationContext(TABLE, settings,
        newDocuments(TABLE, Instance.parse("2/2"), Shape.SMALL)));
    rows += run(second, StatementMode.PLAIN, 4);
    rows += run(first, StatementMode.PLAIN, 4);
    rows += run(second, StatementMode.PREPARED, 4);
    assertEquals(16 * 15, rows);
    String table = TABLE.qualifiedName();
    assertEquals(EXISTING + rows, scalar("SELECT count(*) FROM " + table));
    assertEquals(8 * 15, scalar("SELECT count(*) FROM " + table + " WHERE _id > " + EXISTING + " AND _id % 2 = 1"));
    assertEquals(8 * 15, scalar("SELECT count(*) FROM " + table + " WHERE _id > " + EXISTING + " AND _id % 2 = 0"));
  }

  @Test
  void anIntegerKeyFailsCleanlyWhenItsRangeIsUsedUp() throws SQLException {
    try (Statement s = admin.createStatement()) {
      s.execute("INSERT INTO " + TABLE.qualifiedName() + " VALUES (2147483637, '{}')");
    }
    // ten keys are left: 2147483638..2147483647
    Operation.Bound bound = Operations.byName("insert_batch").bind(new OperationContext(TABLE, batchOf(4),
        newDocuments(TABLE, Instance.SOLE, Shape.SMALL)));
    try (Connection c = TestDatabase.connect(url); OperationSession s = session(StatementMode.PREPARED, c)) {
      assertEquals(4, bound.execute(s));
      assertEquals(4, bound.execute(s));
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> bound.execute(s));
      assertTrue(e.getMessage().startsWith("new keys for table new \"docs\" are used up: the next one would pass"
          + " 2147483647"), e.getMessage());
    }
    assertEquals(2147483645, scalar("SELECT max(_id) FROM " + TABLE.qualifiedName()), "nothing past the range");
  }

  @Test
  void aBatchBeyondTheParameterLimitIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Operations.byName("insert_batch").bind(new OperationContext(TABLE, batchOf(40_000),
            newDocuments(TABLE, Instance.SOLE, Shape.SMALL))));
    assertEquals("--batch for insert_batch must be at most 32767 (two parameters per row, and a PostgreSQL statement"
        + " takes at most 65535), got 40000", e.getMessage());
  }

  @Test
  void theLargestBatchRunsInBothModes() throws SQLException {
    Operation.Bound bound = Operations.byName("insert_batch").bind(new OperationContext(TABLE,
        batchOf(InsertBatch.MAX_ROWS), newDocuments(TABLE, Instance.SOLE, Shape.SMALL)));
    assertEquals(InsertBatch.MAX_ROWS, run(bound, StatementMode.PREPARED, 1));
    assertEquals(InsertBatch.MAX_ROWS, run(bound, StatementMode.PLAIN, 1));
  }

  @Test
  void withoutNewDocumentsTheOperationSaysWhatIsMissing() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> Operations.byName("copy").bind(new OperationContext(TABLE, batchOf(5))));
    assertEquals("copy inserts new rows, but the run prepared no new keys for new \"docs\"", e.getMessage());
  }
}
