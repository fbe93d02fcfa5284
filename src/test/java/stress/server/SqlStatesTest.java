package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.EOFException;
import java.net.SocketTimeoutException;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.testing.TestDatabase;

/** SQLState classification, from state codes and from real errors of the embedded server. */
class SqlStatesTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "08000, CONNECTION", "08001, CONNECTION", "08003, CONNECTION", "08006, CONNECTION", "08P01, CONNECTION",
      "57P01, CONNECTION", "57P02, CONNECTION", "57P03, CONNECTION",
      "40001, SERIALIZATION", "40P01, SERIALIZATION",
      "57014, TIMEOUT",
      "42P01, UNDEFINED_TABLE",
      "40002, OTHER", "57P04, OTHER", "42703, OTHER", "23505, OTHER", "0A000, OTHER", "XX000, OTHER",
  })
  void classifiesStates(String state, ErrorClass expected) {
    assertEquals(expected, SqlStates.classify(state));
    assertEquals(expected, SqlStates.classify(new SQLException("x", state)));
  }

  @Test
  void noStateIsOtherUnlessTheCauseIsIo() {
    assertEquals(ErrorClass.OTHER, SqlStates.classify((String) null));
    assertEquals(ErrorClass.OTHER, SqlStates.classify(new SQLException("no state")));
    assertEquals(ErrorClass.OTHER, SqlStates.classify(new SQLException("no state", null, new IllegalStateException())));
    assertEquals(ErrorClass.CONNECTION, SqlStates.classify(new SQLException("io", null, new EOFException())));
    assertEquals(ErrorClass.CONNECTION, SqlStates.classify(
        new SQLException("wrapped", null, new RuntimeException(new SocketTimeoutException("read timed out")))));
  }

  @Test
  void aWrapperWithoutStateUsesTheStateInsideIt() {
    SQLException inner = new SQLException("could not serialize access", "40001");
    assertEquals(ErrorClass.SERIALIZATION, SqlStates.classify(new SQLException("wrapper", null, inner)));
    BatchUpdateException batch = new BatchUpdateException("batch", null, 0, new int[0], null);
    batch.setNextException(new SQLException("deadlock detected", "40P01"));
    assertEquals(ErrorClass.SERIALIZATION, SqlStates.classify(batch));
  }

  @Test
  void realServerErrors() throws SQLException {
    String url = TestDatabase.newDatabaseUrl("sqlstates");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      assertEquals(ErrorClass.UNDEFINED_TABLE,
          SqlStates.classify(assertThrows(SQLException.class, () -> st.executeQuery("SELECT * FROM no_such_table"))));
      st.execute("SET statement_timeout = '50ms'");
      assertEquals(ErrorClass.TIMEOUT,
          SqlStates.classify(assertThrows(SQLException.class, () -> st.execute("SELECT pg_sleep(5)"))));
      st.execute("RESET statement_timeout");
      assertEquals(ErrorClass.OTHER,
          SqlStates.classify(assertThrows(SQLException.class, () -> st.execute("SELECT 1/0"))));
    }
  }

  @Test
  void terminatedAndUnreachableServersAreConnectionErrors() throws SQLException {
    String url = TestDatabase.newDatabaseUrl("sqlstates");
    try (Connection victim = TestDatabase.connect(url); Connection admin = TestDatabase.connect(url);
         Statement st = admin.createStatement()) {
      int pid;
      try (Statement v = victim.createStatement(); ResultSet rs = v.executeQuery("SELECT pg_backend_pid()")) {
        rs.next();
        pid = rs.getInt(1);
      }
      st.execute("SELECT pg_terminate_backend(" + pid + ")");
      SQLException e = assertThrows(SQLException.class, () -> victim.createStatement().execute("SELECT 1"));
      assertEquals(ErrorClass.CONNECTION, SqlStates.classify(e), e.getSQLState() + " " + e.getMessage());
    }
    Properties props = new Properties();
    props.setProperty("user", "postgres");
    props.setProperty("connectTimeout", "2");
    SQLException refused = assertThrows(SQLException.class,
        () -> DriverManager.getConnection("jdbc:postgresql://127.0.0.1:1/postgres", props));
    assertEquals(ErrorClass.CONNECTION, SqlStates.classify(refused), refused.getSQLState() + " " + refused.getMessage());
  }
}
