package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.testing.TestDatabase;

/** What pgjdbc really does with a server's error, a server's FATAL and a dead socket, against a real server. */
class ConnectionErrorsTest {
  private static String url;

  @BeforeAll
  static void database() {
    url = TestDatabase.newDatabaseUrl("connerrors");
  }

  private static SQLException failure(Connection c, String sql) {
    return assertThrows(SQLException.class, () -> {
      try (Statement s = c.createStatement()) {
        s.execute(sql);
      }
    });
  }

  private static int one(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  @Test
  void aConnectionClassStateTheServerReportsLeavesTheConnectionUsable() throws SQLException {
    try (Connection c = TestDatabase.connect(url)) {
      SQLException e = failure(c, "DO $$ BEGIN RAISE EXCEPTION 'connection to the remote node postgres@w2:5432 failed'"
          + " USING ERRCODE = '08006'; END $$");
      assertEquals("08006", e.getSQLState());
      assertFalse(ConnectionErrors.broken(e, c), "an ErrorResponse on a live session");
      assertEquals(1, one(c), "and it is usable");
    }
  }

  @Test
  void anAdminShutdownRelayedAsAnErrorLeavesTheConnectionUsable() throws SQLException {
    // what a Citus coordinator sends when the worker running the statement shuts down
    try (Connection c = TestDatabase.connect(url)) {
      SQLException e = failure(c, "DO $$ BEGIN RAISE EXCEPTION 'terminating connection due to administrator command'"
          + " USING ERRCODE = '57P01'; END $$");
      assertEquals("57P01", e.getSQLState());
      assertFalse(ConnectionErrors.broken(e, c), "an ERROR, not a FATAL: the session lives");
      assertEquals(1, one(c));
    }
  }

  @Test
  void aSessionTheServerEndedIsBroken() throws SQLException {
    try (Connection c = TestDatabase.connect(url)) {
      SQLException e = failure(c, "SELECT pg_terminate_backend(pg_backend_pid())");
      assertEquals("57P01", e.getSQLState(), e.toString());
      assertTrue(ConnectionErrors.broken(e, c));
      assertTrue(ConnectionErrors.endedSession(e), "FATAL, even without asking the connection");
    }
  }

  @Test
  void aConnectionKilledFromOutsideFailsItsNextStatementWithADriverError() throws SQLException {
    try (Connection c = TestDatabase.connect(url); Connection other = TestDatabase.connect(url)) {
      int pid;
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
        rs.next();
        pid = rs.getInt(1);
      }
      try (Statement s = other.createStatement()) {
        s.execute("SELECT pg_terminate_backend(" + pid + ")");
      }
      // the backend ends a moment after the signal: statements succeed until it has gone (within 60 s however
      // busy the machine)
      SQLException e = null;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (e == null && System.nanoTime() - deadline < 0) {
        try {
          one(c);
          Thread.sleep(20);
        } catch (SQLException failed) {
          e = failed;
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      assertTrue(e != null, "the terminated session failed within 60 s");
      assertTrue(ConnectionErrors.broken(e, c), e.toString());
      assertTrue(c.isClosed(), "pgjdbc closed it");
    }
  }

  @Test
  void anOrdinaryErrorIsNot() throws SQLException {
    try (Connection c = TestDatabase.connect(url)) {
      SQLException e = failure(c, "SELECT 1/0");
      assertFalse(ConnectionErrors.broken(e, c));
      assertTrue(ConnectionErrors.broken(e, null), "no connection at all");
    }
  }
}
