package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.testing.TestDatabase;

/** pg_stat_statements read on a real server that preloads it (the embedded binaries ship it), and on one that does not. */
class StatementStatisticsTest {
  private static EmbeddedPostgres server;

  @BeforeAll
  static void start() throws Exception {
    server = EmbeddedPostgres.builder().setServerConfig("shared_preload_libraries", "pg_stat_statements").start();
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void theStatementsThatRanBetweenTwoSnapshotsAreTheDeltaWithTheirTextsAndWithoutTheSnapshotsOwn() throws Exception {
    try (Connection c = server.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
      s.execute("DROP EXTENSION IF EXISTS pg_stat_statements");
      assertEquals("the extension pg_stat_statements is not created in database postgres: CREATE EXTENSION"
          + " pg_stat_statements there (it is loaded)", StatementStatistics.absence(c));
      s.execute("CREATE EXTENSION pg_stat_statements");
      assertNull(StatementStatistics.absence(c));
      s.execute("CREATE TABLE t (i int)");
      StatementStatistics.Snapshot before = StatementStatistics.read(c);
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?)")) {
        for (int i = 0; i < 7; i++) {
          ps.setInt(1, i);
          ps.executeUpdate();
        }
      }
      List<StatementStatistics.Row> delta = StatementStatistics.withTexts(c,
          StatementStatistics.read(c).since(before));
      StatementStatistics.Row insert = delta.stream().filter(r -> r.query().startsWith("INSERT INTO t")).findFirst()
          .orElseThrow(() -> new AssertionError("no INSERT in " + delta));
      assertEquals(7, insert.calls());
      assertEquals("INSERT INTO t VALUES ($1)", insert.query());
      assertTrue(insert.toplevel());
      assertTrue(insert.totalExecMs() > 0);
      assertEquals(StatementStatistics.databaseOid(c), insert.dbid());
      assertTrue(delta.stream().noneMatch(r -> r.query().contains(StatementStatistics.OWN)), delta.toString());
    }
  }

  @Test
  void aServerThatDoesNotLoadItIsToldHowTo() throws Exception {
    try (Connection c = DriverManager.getConnection(TestDatabase.newDatabaseUrl("pgss"), "postgres", "")) {
      String absence = StatementStatistics.absence(c);
      assertTrue(absence.startsWith("pg_stat_statements is not loaded (shared_preload_libraries = '"), absence);
      assertTrue(absence.endsWith("add it to shared_preload_libraries, restart the server, then CREATE EXTENSION"
          + " pg_stat_statements"), absence);
    }
  }
}
