package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * Two imports of one table: the second stops before reading any document, naming the one that holds the table, and
 * the table is left as the first has it. The first import is played by a session holding stress's lock of the table.
 */
class ConcurrentImportTest {
  @Test
  void aSecondImportOfATableStopsNamingTheFirst(@TempDir Path dir) throws Exception {
    String url = TestDatabase.newDatabaseUrl("concurrent_import");
    Path dump = dir.resolve("dump");
    assertEquals(0, CliTester.run("generate", "--out", dump.toString(), "--docs", "200", "--db", "shop",
        "--collection", "orders").exitCode());
    try (Connection first = TestDatabase.connect(url); Statement s = first.createStatement()) {
      s.execute("SET application_name = 'the first import'");
      s.execute("SELECT pg_advisory_lock(" + 0x5354494d + ", hashtext(current_schema() || '.shop_orders'))");
      CliTester.Result second = CliTester.run("--url", url, "-U", "postgres", "import", dump.toString());
      assertEquals(1, second.exitCode(), second.all());
      assertTrue(second.err().matches("stress: import: another import is loading table shop_orders \\(started \\S+ by"
          + " the first import from \\S+, server pid [0-9]+\\); wait for it to end, or import into other tables"
          + " \\(--table-prefix\\)\\n"), second.err());
      try (ResultSet rs = s.executeQuery("SELECT to_regclass('shop_orders') IS NULL")) {
        rs.next();
        assertTrue(rs.getBoolean(1), "no table was made: nothing was read");
      }
    }
    // the first one ended: its session, and the lock, are gone
    CliTester.Result again = CliTester.run("--url", url, "-U", "postgres", "import", dump.toString());
    assertEquals(0, again.exitCode(), again.all());
  }
}
