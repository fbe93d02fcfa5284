package stress.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;

class CopyLoaderTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "docs", IdType.BIGINT);

  /** Strings that break naive COPY text or JSON handling, as the value of "s" in each document. */
  private static final List<String> AWKWARD = List.of(
      "tab\there", "new\nline", "carriage\rreturn", "crlf\r\n", "back\\slash", "\\.", "\\N", "ends with \\",
      "\"double\" and 'single' quotes", "unicode é ß € 北京 😀 𝄞", "\\u0041 as text", "\u0001\u001f controls",
      "\u2028\u2029 separators", "", "   ");

  private Connection connection;

  @BeforeEach
  void createTable() throws SQLException {
    connection = TestDatabase.connect(TestDatabase.newDatabaseUrl("copyloader"));
    try (Statement s = connection.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(TABLE)) {
        s.execute(ddl);
      }
    }
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void awkwardStringsArriveUnchanged() throws Exception {
    List<DocumentRow> rows = new ArrayList<>();
    for (int i = 0; i < AWKWARD.size(); i++) {
      rows.add(new DocumentRow(Integer.toString(i + 1), "{\"s\": " + jsonString(AWKWARD.get(i)) + "}"));
    }
    // Raw whitespace between JSON tokens must survive too.
    rows.add(new DocumentRow("100", "{\n\t\"s\":\r\n \"pretty\"\n}"));
    CopyResult result = new CopyLoader(CopyBatching.DEFAULT).load(connection, TABLE, rows.iterator());
    assertEquals(rows.size(), result.rows());
    assertEquals(1, result.batches());

    try (PreparedStatement ps = connection.prepareStatement("SELECT data ->> 's', data = ?::jsonb FROM docs WHERE _id = ?")) {
      for (DocumentRow row : rows) {
        ps.setString(1, row.json());
        ps.setLong(2, Long.parseLong(row.id()));
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next(), "row " + row.id());
          String expected = row.id().equals("100") ? "pretty" : AWKWARD.get(Integer.parseInt(row.id()) - 1);
          assertEquals(expected, rs.getString(1), "row " + row.id());
          assertTrue(rs.getBoolean(2), "jsonb equality for row " + row.id());
        }
      }
    }
  }

  @Test
  void commitsInBatchesAndCountsRowsAndBytes() throws Exception {
    List<DocumentRow> rows = rows(1, 10);
    List<long[]> batches = new ArrayList<>();
    CopyResult result = new CopyLoader(new CopyBatching(3, Long.MAX_VALUE))
        .load(connection, TABLE, rows.iterator(), (r, b) -> batches.add(new long[] {r, b, count()}));
    assertEquals(10, result.rows());
    assertEquals(4, result.batches());
    assertEquals(List.of(3L, 3L, 3L, 1L), batches.stream().map(b -> b[0]).collect(Collectors.toList()));
    // Each batch is committed (visible to this connection's next statement) before the listener hears of it.
    assertEquals(List.of(3L, 6L, 9L, 10L), batches.stream().map(b -> b[2]).collect(Collectors.toList()));
    long expectedBytes = rows.stream().mapToLong(r -> (r.id() + "\t" + r.json() + "\n").getBytes(StandardCharsets.UTF_8).length).sum();
    assertEquals(expectedBytes, result.bytes());
    assertEquals(expectedBytes, batches.stream().mapToLong(b -> b[1]).sum());
  }

  @Test
  void byteLimitEndsABatchAfterTheRowThatReachesIt() throws Exception {
    CopyResult result = new CopyLoader(new CopyBatching(1000, 1)).load(connection, TABLE, rows(1, 5).iterator());
    assertEquals(5, result.batches());
    assertEquals(5, count());
  }

  @Test
  void commitsItselfWhenTheConnectionIsNotInAutocommitMode() throws Exception {
    connection.setAutoCommit(false);
    new CopyLoader(new CopyBatching(4, Long.MAX_VALUE)).load(connection, TABLE, rows(1, 10).iterator());
    try (Connection other = TestDatabase.connect(connection.getMetaData().getURL())) {
      try (Statement s = other.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM docs")) {
        rs.next();
        assertEquals(10, rs.getLong(1), "rows visible to another session");
      }
    }
  }

  @Test
  void refusesNulWithAClearMessageKeepsEarlierBatchesAndLeavesTheConnectionUsable() throws Exception {
    for (boolean autoCommit : new boolean[] {true, false}) {
      connection.setAutoCommit(true);
      try (Statement s = connection.createStatement()) {
        s.execute("TRUNCATE docs");
      }
      connection.setAutoCommit(autoCommit);
      List<DocumentRow> rows = new ArrayList<>(rows(1, 5));
      rows.add(new DocumentRow("6", "{\"s\": \"before\\u0000after\"}"));
      rows.addAll(rows(7, 8));
      LoadException e = assertThrows(LoadException.class,
          () -> new CopyLoader(new CopyBatching(2, Long.MAX_VALUE)).load(connection, TABLE, rows.iterator()));
      assertEquals("document _id 6 for docs cannot be loaded: it contains the JSON escape \\u0000 (a NUL character),"
          + " which jsonb cannot store; its batch was not committed (4 rows before it were)", e.getMessage());
      assertEquals(4, count(), "autocommit " + autoCommit);
    }
  }

  @Test
  void serverErrorsNameTheTableAndBatchKeepTheSqlStateAndLeaveTheConnectionUsable() throws Exception {
    new CopyLoader(CopyBatching.DEFAULT).load(connection, TABLE, rows(5, 5).iterator());
    SQLException e = assertThrows(SQLException.class,
        () -> new CopyLoader(new CopyBatching(3, Long.MAX_VALUE)).load(connection, TABLE, rows(1, 9).iterator()));
    assertTrue(e.getMessage().startsWith("COPY into docs failed in batch 2 (after 3 committed rows): "), e.getMessage());
    assertEquals("23505", e.getSQLState(), "unique violation");
    assertEquals(4, count(), "batch 1 and the earlier row stay");
  }

  @Test
  void invalidJsonIsTheServersToRefuse() {
    SQLException e = assertThrows(SQLException.class, () -> new CopyLoader(CopyBatching.DEFAULT)
        .load(connection, TABLE, List.of(new DocumentRow("1", "{not json")).iterator()));
    assertEquals("22P02", e.getSQLState());
  }

  @Test
  void batchingRejectsNonPositiveLimits() {
    assertEquals("COPY batch rows must be at least 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> new CopyBatching(0, 1)).getMessage());
    assertEquals("COPY batch bytes must be at least 1, got -1",
        assertThrows(IllegalArgumentException.class, () -> new CopyBatching(1, -1)).getMessage());
  }

  @Test
  void copyWithoutCommitLeavesTheTransactionToTheCaller() throws Exception {
    CopyLoader loader = new CopyLoader(CopyBatching.DEFAULT);
    connection.setAutoCommit(false);
    // enough rows for several sends of the buffer
    assertEquals(5000, loader.copyWithoutCommit(connection, TABLE, rows(1, 5000).iterator()));
    assertEquals(5000, count(), "visible inside the transaction");
    connection.rollback();
    assertEquals(0, count(), "nothing committed by the COPY itself");

    assertEquals(3, loader.copyWithoutCommit(connection, TABLE, rows(1, 3).iterator()));
    try (Statement s = connection.createStatement()) {
      s.execute("INSERT INTO docs (_id, data) VALUES (99, '{}')"); // more work in the same transaction
    }
    connection.commit();
    assertEquals(4, count());
  }

  @Test
  void copyWithoutCommitCancelsTheCopyWhenTheRowsFail() throws Exception {
    CopyLoader loader = new CopyLoader(CopyBatching.DEFAULT);
    connection.setAutoCommit(false);
    java.util.Iterator<DocumentRow> good = rows(1, 10).iterator();
    java.util.Iterator<DocumentRow> failing = new java.util.Iterator<>() {
      @Override
      public boolean hasNext() {
        if (!good.hasNext()) {
          throw new IllegalStateException("no more rows can be made");
        }
        return true;
      }

      @Override
      public DocumentRow next() {
        return good.next();
      }
    };
    assertEquals("no more rows can be made",
        assertThrows(IllegalStateException.class, () -> loader.copyWithoutCommit(connection, TABLE, failing)).getMessage());
    connection.rollback();
    assertEquals(0, count(), "the connection is usable again and holds nothing");
    assertThrows(LoadException.class, () -> loader.copyWithoutCommit(connection, TABLE,
        List.of(new DocumentRow("1", "{\"s\": \"nul \\u0000\"}")).iterator()));
    connection.rollback();
    assertEquals(0, count());
  }

  private static List<DocumentRow> rows(long first, long last) {
    return LongStream.rangeClosed(first, last)
        .mapToObj(id -> new DocumentRow(Long.toString(id), "{\"_id\": " + id + ", \"n\": \"é" + id + "\"}"))
        .collect(Collectors.toList());
  }

  private long count() throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM docs")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static String jsonString(String value) throws Exception {
    return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(value);
  }
}
