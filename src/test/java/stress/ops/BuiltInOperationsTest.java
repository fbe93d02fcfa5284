package stress.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import stress.model.OperationSettings;
import stress.model.StatementMode;
import stress.ops.builtin.FindFirst;
import stress.ops.builtin.Operations;
import stress.ops.sql.Sql;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;
import stress.keys.DenseIntegerKeys;
import stress.keys.KeyChooser;
import stress.keys.UniformDistribution;

/** Each built-in operation against a real PostgreSQL, with its effect checked on the server. */
class BuiltInOperationsTest {
  private static final int DOCS = 500;
  private static final DocumentTable TABLE = new DocumentTable(null, "check in \"ops\"", IdType.INTEGER);
  private static final OperationSettings SETTINGS = new OperationSettings(40, 100, 300, 50);
  private static String url;
  private static Connection admin;

  @BeforeAll
  static void createTables() throws SQLException {
    url = TestDatabase.newDatabaseUrl("ops");
    admin = TestDatabase.connect(url);
    try (Statement s = admin.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(TABLE)) {
        s.execute(ddl);
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
      for (DocumentTable t : new DocumentTable[] {TABLE, TABLE.copyTable()}) {
        s.execute("TRUNCATE " + t.qualifiedName());
        s.execute("INSERT INTO " + t.qualifiedName() + " SELECT i, jsonb_build_object('uid', i, 'loc', 'it''s \\\\ \"q\" ' || i,"
            + " 'nested', jsonb_build_object('a', array[i, i + 1], 'f', i / 3.0)) FROM generate_series(1, " + DOCS + ") i");
      }
    }
  }

  private OperationSession session(StatementMode mode, Connection c, long seed) {
    KeyChooser keys = new KeyChooser(new DenseIntegerKeys(1, DOCS, true), new UniformDistribution(DOCS));
    OperationSession s = new OperationSession(mode, true, keys, new SplittableRandom(seed), SETTINGS.fetchSize());
    s.attach(c);
    return s;
  }

  private long run(String op, StatementMode mode, int times) throws SQLException {
    Operation.Bound bound = Operations.byName(op).bind(new OperationContext(TABLE, SETTINGS));
    long rows = 0;
    try (Connection c = TestDatabase.connect(url); OperationSession s = session(mode, c, 99)) {
      for (int i = 0; i < times; i++) {
        rows += bound.execute(s);
      }
    }
    return rows;
  }

  private long scalar(String sql) throws SQLException {
    try (Statement s = admin.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private String checksum(DocumentTable t) throws SQLException {
    try (Statement s = admin.createStatement();
         ResultSet rs = s.executeQuery("SELECT md5(string_agg(_id || ':' || data::text, ',' ORDER BY _id)) FROM "
             + t.qualifiedName())) {
      rs.next();
      return rs.getString(1);
    }
  }

  @ParameterizedTest
  @EnumSource(StatementMode.class)
  void findFirstReadsOneExistingDocumentEachTime(StatementMode mode) throws SQLException {
    assertEquals(50, run("find_first", mode, 50));
  }

  @ParameterizedTest
  @EnumSource(StatementMode.class)
  void findInReadsTheDistinctKeysOfEachBatch(StatementMode mode) throws SQLException {
    long rows = run("find_in", mode, 10);
    // 40 random keys out of 500 repeat now and then; IN returns each row once
    assertTrue(rows > 10 * 30 && rows <= 10 * 40, "rows: " + rows);
  }

  @ParameterizedTest
  @EnumSource(StatementMode.class)
  void findStreamsAtMostTheLimitAboveTheKey(StatementMode mode) throws SQLException {
    long rows = run("find", mode, 20);
    assertTrue(rows > 0 && rows <= 20 * 300, "rows: " + rows);
  }

  @ParameterizedTest
  @EnumSource(StatementMode.class)
  void findUpdateLeavesEveryDocumentIdentical(StatementMode mode) throws SQLException {
    String before = checksum(TABLE);
    long rows = run("find_update", mode, 200);
    assertEquals(400, rows, "one read and one row updated per execution");
    assertEquals(before, checksum(TABLE));
  }

  @ParameterizedTest
  @EnumSource(StatementMode.class)
  void findInsertWritesTheSameDocumentIntoTheCopyTable(StatementMode mode) throws SQLException {
    try (Statement s = admin.createStatement()) {
      s.execute("TRUNCATE " + TABLE.copyTable().qualifiedName());
    }
    long rows = run("find_insert", mode, 100);
    assertEquals(200, rows, "one read and one row written per execution, even for keys inserted before");
    long copied = scalar("SELECT count(*) FROM " + TABLE.copyTable().qualifiedName());
    assertTrue(copied > 50 && copied <= 100, "distinct keys copied: " + copied);
    assertEquals(0, scalar("SELECT count(*) FROM " + TABLE.copyTable().qualifiedName() + " c JOIN "
        + TABLE.qualifiedName() + " t USING (_id) WHERE c.data <> t.data"));
  }

  @ParameterizedTest
  @EnumSource(StatementMode.class)
  void findDeleteRemovesKeysFromTheCopyTableAsReported(StatementMode mode) throws SQLException {
    long rows = run("find_delete", mode, 100);
    long remaining = scalar("SELECT count(*) FROM " + TABLE.copyTable().qualifiedName());
    long deleted = DOCS - remaining;
    assertEquals(100 + deleted, rows, "100 reads plus the rows really deleted");
    assertTrue(deleted > 50 && deleted <= 100, "deleted: " + deleted);
    assertEquals(DOCS, scalar("SELECT count(*) FROM " + TABLE.qualifiedName()), "the main table is untouched");
  }

  @Test
  void plainModeEscapesLiteralsWithTheDriver() throws SQLException {
    Sql sql = new Sql("SELECT ?::text AS _id, ?::text AS data");
    try (Connection c = TestDatabase.connect(url); OperationSession s = session(StatementMode.PLAIN, c, 1)) {
      String hostile = "x'); DROP TABLE t; -- \\ \" ' \u00e9";
      assertEquals(hostile, s.sql().queryDocument(sql, "k", hostile));
      assertNull(s.sql().queryDocument(new Sql("SELECT 1, 'a' WHERE false AND ? = 1"), 5));
    }
  }

  @Test
  void unknownOperationListsTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Operations.byName("find_last"));
    assertEquals("unknown operation 'find_last'; known: find_first, find_in, find, find_update, find_insert,"
        + " find_delete, insert, insert_batch, copy (or the class name of an implementation of stress.ops.Operation)", e.getMessage());
  }

  @Test
  void anOperationCanBeNamedByClass() {
    assertEquals("find_first", Operations.byName(FindFirst.class.getName()).name());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Operations.byName("java.lang.String"));
    assertEquals("class java.lang.String does not implement stress.ops.Operation", e.getMessage());
  }
}
