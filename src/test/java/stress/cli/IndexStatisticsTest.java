package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * An expression index has no statistics until the table is analysed after it was built: {@code stress index} analyses
 * the table after its builds, and {@code explain} and {@code run} name an index built since the last ANALYZE.
 */
class IndexStatisticsTest {
  private static final String WORKLOAD = """
      indexes:
        - {path: u, type: text}
      operations:
        by_user:
          find: {filter: {u: ":u"}}
          params:
            u: {choice: [user1, user2]}
      """;

  @Test
  void indexAnalysesAfterItBuildsAndExplainNamesAnIndexBuiltSinceTheLastAnalyze(@TempDir Path dir) throws Exception {
    String url = TestDatabase.newDatabaseUrl("indexstats");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "300").exitCode());
    Path file = Files.writeString(dir.resolve("w.yaml"), WORKLOAD);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("ANALYZE check_in");
      s.execute("CREATE INDEX by_hand ON check_in ((data ->> 'l'))");
    }
    CliTester.Result explain = CliTester.run("--url", url, "-U", "postgres", "explain", "--workload", file.toString());
    assertEquals(0, explain.exitCode(), explain.all());
    assertTrue(explain.out().contains("note: index by_hand of check_in has no statistics yet (built since the table"
        + " was last analysed)"), explain.out());

    CliTester.Result index = CliTester.run("--url", url, "-U", "postgres", "index", "--workload", file.toString());
    assertEquals(0, index.exitCode(), index.all());
    assertTrue(index.out().lines().anyMatch(l -> l.matches("analysed check_in in [0-9.]+ s: the planner knows the new"
        + " indexes' expressions now.*")), index.out());
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_index i WHERE i.indrelid = 'check_in'::regclass"
             + " AND i.indexprs IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_statistic WHERE starelid = i.indexrelid)")) {
      rs.next();
      assertEquals(0, rs.getInt(1), "every expression index has statistics after stress index");
    }
    CliTester.Result again = CliTester.run("--url", url, "-U", "postgres", "explain", "--workload", file.toString());
    assertFalse(again.out().contains("no statistics yet"), again.out());
  }
}
