package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * {@code stress analyze}: the path facts of a workload's paths found with one scan and kept; run again without the
 * file, the kept paths are found again, so a change made outside stress (an array where numbers were) shows.
 */
class AnalyzeCommandTest {
  @Test
  void findsKeepsAndRefreshesThePathFacts(@TempDir Path dir) throws Exception {
    String url = TestDatabase.newDatabaseUrl("analyze");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE docs (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO docs SELECT i, jsonb_build_object('_id', i, 'n', i, 'a', jsonb_build_object('s', 'x'))"
          + " FROM generate_series(1, 100) i");
      st.execute("CREATE TABLE other (_id integer PRIMARY KEY, data jsonb NOT NULL)");
    }
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, "operations:\n  big:\n    find: {filter: {n: {$gt: 5}}, sort: {a.s: 1}}\n");
    CliTester.Result first = CliTester.run("--url", url, "-U", "postgres", "analyze", "--table", "docs",
        "--workload", file.toString());
    assertEquals(0, first.exitCode(), first.all());
    assertTrue(first.out().contains("path facts of docs: 2 paths in one scan"), first.all());
    assertTrue(first.out().contains("  n: no arrays, number"), first.all());
    assertTrue(first.out().contains("  a.s: no arrays, string"), first.all());

    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("UPDATE docs SET data = jsonb_set(data, '{n}', '[7, \"seven\"]') WHERE _id = 3");
    }
    CliTester.Result again = CliTester.run("--url", url, "-U", "postgres", "analyze", "--table", "docs");
    assertEquals(0, again.exitCode(), again.all());
    assertTrue(again.out().contains("  n: arrays, array number"), again.all());

    CliTester.Result none = CliTester.run("--url", url, "-U", "postgres", "analyze", "--table", "other");
    assertEquals(2, none.exitCode(), none.all());
    assertTrue(none.all().contains("no path facts are kept for other and no --workload names paths"), none.all());
  }
}
