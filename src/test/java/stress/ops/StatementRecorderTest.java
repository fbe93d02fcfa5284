package stress.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import stress.model.OperationSettings;
import stress.ops.builtin.Operations;
import stress.ops.sql.SentStatement;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;
import stress.keys.DenseIntegerKeys;
import stress.keys.KeyChooser;
import stress.keys.UniformDistribution;

/** Dry runs of the built-in operations on a real PostgreSQL: the statements they send, and no write reaching the data. */
class StatementRecorderTest {
  private static final int DOCS = 300;
  private static final DocumentTable TABLE = new DocumentTable(null, "recorded \"docs\"", IdType.INTEGER);
  private static final OperationSettings SETTINGS = new OperationSettings(40, 100, 300, 50);
  private static Connection connection;

  @BeforeAll
  static void createTables() throws SQLException {
    connection = TestDatabase.connect(TestDatabase.newDatabaseUrl("recorder"));
    try (Statement s = connection.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(TABLE)) {
        s.execute(ddl);
      }
    }
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  @BeforeEach
  void fill() throws SQLException {
    try (Statement s = connection.createStatement()) {
      for (DocumentTable t : new DocumentTable[] {TABLE, TABLE.copyTable()}) {
        s.execute("TRUNCATE " + t.qualifiedName());
        s.execute("INSERT INTO " + t.qualifiedName() + " SELECT i, jsonb_build_object('uid', i, 'note', 'it''s ' || i)"
            + " FROM generate_series(1, " + DOCS + ") i");
      }
    }
  }

  private static List<SentStatement> record(Operation op) throws SQLException {
    KeyChooser keys = new KeyChooser(new DenseIntegerKeys(1, DOCS, true), new UniformDistribution(DOCS));
    return StatementRecorder.record(op.bind(new OperationContext(TABLE, SETTINGS)), connection, keys,
        new SplittableRandom(7), SETTINGS.fetchSize());
  }

  private static long scalar(String sql) throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void findFirstSendsOneLookupOfAnExistingKey() throws SQLException {
    List<SentStatement> sent = record(Operations.byName("find_first"));
    assertEquals(1, sent.size());
    SentStatement lookup = sent.get(0);
    assertFalse(lookup.writes());
    assertEquals("SELECT _id, data FROM " + TABLE.qualifiedName() + " WHERE _id = $1", lookup.preparedText());
    int key = (Integer) lookup.parameters().get(0);
    assertTrue(key >= 1 && key <= DOCS);
    assertEquals("SELECT _id, data FROM " + TABLE.qualifiedName() + " WHERE _id = " + key,
        lookup.literalText(connection));
    assertTrue(connection.getAutoCommit(), "autocommit as it came in");
  }

  @Test
  void findInBindsTheBatchAndFindItsKeyAndLimit() throws SQLException {
    SentStatement in = record(Operations.byName("find_in")).get(0);
    assertEquals(40, in.parameters().size());
    assertTrue(in.preparedText().endsWith("IN ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,"
        + " $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37,"
        + " $38, $39, $40)"), in.preparedText());
    SentStatement range = record(Operations.byName("find")).get(0);
    assertTrue(range.preparedText().endsWith("WHERE _id > $1 ORDER BY _id LIMIT $2"));
    int limit = (Integer) range.parameters().get(1);
    assertTrue(limit >= 100 && limit <= 300, "limit " + limit);
  }

  @Test
  void findUpdateRecordsItsWriteWithoutSendingIt() throws SQLException {
    List<SentStatement> sent = record(Operations.byName("find_update"));
    assertEquals(2, sent.size());
    assertFalse(sent.get(0).writes());
    SentStatement update = sent.get(1);
    assertTrue(update.writes());
    Object key = sent.get(0).parameters().get(0);
    assertEquals(key, update.parameters().get(1));
    String doc = (String) update.parameters().get(0);
    assertTrue(doc.contains("it's"), doc);
    // the document as an escaped literal, typed by the CAST the statement carries
    assertEquals(List.of("'" + doc.replace("'", "''") + "'", String.valueOf(key)), update.parameterLiterals(connection));
    assertEquals("UPDATE " + TABLE.qualifiedName() + " SET data = CAST($1 AS jsonb) WHERE _id = $2",
        update.preparedText());
    assertEquals(0, scalar("SELECT count(*) FROM " + TABLE.qualifiedName() + " WHERE xmin::text::bigint"
        + " <> (SELECT min(xmin::text::bigint) FROM " + TABLE.qualifiedName() + ")"), "no row was rewritten");
  }

  @Test
  void findDeleteAndFindInsertLeaveTheCopyTableAlone() throws SQLException {
    List<SentStatement> delete = record(Operations.byName("find_delete"));
    assertTrue(delete.get(1).writes());
    assertEquals(DOCS, scalar("SELECT count(*) FROM " + TABLE.copyTable().qualifiedName()));

    Object key = record(Operations.byName("find_first")).get(0).parameters().get(0);
    try (Statement s = connection.createStatement()) {
      s.execute("DELETE FROM " + TABLE.copyTable().qualifiedName());
    }
    List<SentStatement> insert = record(Operations.byName("find_insert"));
    assertEquals(key, insert.get(0).parameters().get(0), "the same seed picks the same key");
    assertTrue(insert.get(1).preparedText().startsWith("INSERT INTO " + TABLE.copyTable().qualifiedName()));
    assertEquals(0, scalar("SELECT count(*) FROM " + TABLE.copyTable().qualifiedName()));
  }

  @Test
  void aWriteThroughTheConnectionItselfIsRolledBack() throws SQLException {
    Operation direct = new Operation() {
      @Override
      public String name() {
        return "direct_write";
      }

      @Override
      public String description() {
        return "writes through the session's connection, around the executor";
      }

      @Override
      public Bound bind(OperationContext context) {
        return session -> {
          try (Statement s = session.connection().createStatement()) {
            return s.executeUpdate("DELETE FROM " + context.table().qualifiedName());
          }
        };
      }
    };
    assertEquals(List.of(), record(direct));
    assertEquals(DOCS, scalar("SELECT count(*) FROM " + TABLE.qualifiedName()));
    assertTrue(connection.getAutoCommit());
  }
}
