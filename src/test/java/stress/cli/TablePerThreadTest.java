package stress.cli;

import stress.app.process.ExitCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * Seed 002's layout against a real PostgreSQL: {@code init --unlogged}, and {@code run --table-per-thread
 * [--unlogged]}, where each worker inserts into its own table; checked on the server (rows per table,
 * relpersistence).
 */
class TablePerThreadTest {
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("perthread");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "300");
    assertEquals(0, r.exitCode(), r.all());
  }

  private static long count(String sql) throws SQLException {
    return TestDatabase.count(url, sql);
  }

  private static String persistence(String table) throws SQLException {
    return count("SELECT count(*) FROM pg_class WHERE relname = '" + table + "' AND relpersistence = 'u'") == 1
        ? "unlogged" : count("SELECT count(*) FROM pg_class WHERE relname = '" + table + "'") == 1 ? "logged" : "none";
  }

  private CliTester.Result run(Path json, String... args) {
    List<String> all = new ArrayList<>(List.of("--url", url, "-U", "postgres", "run", "--json", json.toString(),
        "--warmup", "0", "--op", "insert_batch", "--batch", "100"));
    all.addAll(List.of(args));
    return CliTester.run(all.toArray(String[]::new));
  }

  @Test
  void initUnloggedCreatesBothTablesUnloggedAndRefusesReuse() throws SQLException {
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "50", "--table", "raw",
        "--unlogged");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("init: PostgreSQL, created raw and raw_copy (UNLOGGED), loading 50 small documents"),
        r.out());
    assertEquals("unlogged", persistence("raw"));
    assertEquals("unlogged", persistence("raw_copy"));
    assertEquals(50, count("SELECT count(*) FROM raw"));
    assertEquals("logged", persistence("check_in"));

    CliTester.Result reuse = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "50", "--table",
        "check_in", "--unlogged", "--reuse");
    assertEquals(ExitCode.USAGE.code(), reuse.exitCode(), reuse.all());
    assertTrue(reuse.err().contains("--unlogged applies to the tables init creates"), reuse.err());
    assertEquals("logged", persistence("check_in"));
  }

  @Test
  void sharedLoggedTableAgainstOwnUnloggedTablesInOneRun() throws IOException, SQLException {
    long before = count("SELECT count(*) FROM check_in");
    Path json = dir.resolve("r.json");
    CliTester.Result r = run(json, "--threads", "3", "--duration", "1s", "--table-per-thread", "no,yes", "--unlogged");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("3 tables check_in_t1 .. check_in_t3, UNLOGGED"), r.out());
    JsonNode phases = new ObjectMapper().readTree(Files.readString(json)).get("phases");
    assertEquals(2, phases.size());
    assertEquals("no", phases.get(0).get("combination").get("table-per-thread").asText());
    assertEquals("yes", phases.get(1).get("combination").get("table-per-thread").asText());
    long shared = phases.get(0).get("stats").get("total").get("rows").asLong();
    long own = phases.get(1).get("stats").get("total").get("rows").asLong();
    assertTrue(shared > 0 && own > 0, shared + " / " + own);
    assertEquals(before + shared, count("SELECT count(*) FROM check_in"), "the shared phase wrote to check_in only");
    long inOwn = 0;
    for (int i = 1; i <= 3; i++) {
      String table = "check_in_t" + i;
      assertEquals("unlogged", persistence(table));
      long rows = count("SELECT count(*) FROM " + table);
      assertTrue(rows > 0 && rows % 100 == 0, table + ": " + rows + " rows, in statements of 100");
      inOwn += rows;
    }
    assertEquals(own, inOwn, "the own-table phase wrote exactly its rows, spread over the three tables");
    assertEquals("none", persistence("check_in_t4"));

    // the next run empties them: a logged run with two threads keeps only its own rows
    Path again = dir.resolve("again.json");
    CliTester.Result second = run(again, "--threads", "2", "--ops", "10", "--table-per-thread");
    assertEquals(0, second.exitCode(), second.all());
    assertEquals("logged", persistence("check_in_t1"));
    assertEquals(1000, count("SELECT (SELECT count(*) FROM check_in_t1) + (SELECT count(*) FROM check_in_t2)"));
  }

  @Test
  void aTableOfThatNameNotMadeByTheRunIsRefusedAndKept() throws IOException, SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE mine (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')");
      s.execute("CREATE TABLE mine_t2 (x int)");
      s.execute("INSERT INTO mine_t2 VALUES (7)");
    }
    CliTester.Result r = run(dir.resolve("x.json"), "--table", "mine", "--threads", "2", "--ops", "4",
        "--table-per-thread");
    assertEquals(ExitCode.FAILURE.code(), r.exitCode(), "an existing table is what the database holds: " + r.all());
    assertTrue(r.err().contains("table mine_t2 already exists and was not made by --table-per-thread for mine"),
        r.err());
    assertEquals(1, count("SELECT count(*) FROM mine_t2"));
  }

  @Test
  void optionsThatCannotApplyAreRefused() {
    CliTester.Result find = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first,insert",
        "--ops", "4", "--table-per-thread");
    assertEquals(ExitCode.USAGE.code(), find.exitCode(), find.all());
    assertTrue(find.err().contains("--table-per-thread applies to insert, insert_batch, copy"), find.err());
    CliTester.Result unlogged = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "insert", "--ops", "4",
        "--unlogged");
    assertEquals(ExitCode.USAGE.code(), unlogged.exitCode(), unlogged.all());
    assertTrue(unlogged.err().contains("--unlogged makes the tables of --table-per-thread unlogged"), unlogged.err());
    CliTester.Result bad = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "insert", "--ops", "4",
        "--table-per-thread", "maybe");
    assertEquals(ExitCode.USAGE.code(), bad.exitCode(), bad.all());
    assertTrue(bad.err().contains("--table-per-thread must be no, yes or no,yes"), bad.err());
  }

  @Test
  void theSeed002ScenarioRunsBothLayoutsAsPhases() throws IOException, SQLException {
    Path json = dir.resolve("seed.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--config",
        "config/seed002-table-per-thread.yaml", "--threads", "2", "--duration", "1s", "--warmup", "0",
        "--report-interval", "1s", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    JsonNode phases = new ObjectMapper().readTree(Files.readString(json)).get("phases");
    assertEquals(List.of("no", "yes"), List.of(phases.get(0).get("combination").get("table-per-thread").asText(),
        phases.get(1).get("combination").get("table-per-thread").asText()));
    assertEquals("unlogged", persistence("check_in_t2"));
    assertEquals(phases.get(1).get("stats").get("total").get("rows").asLong(),
        count("SELECT (SELECT count(*) FROM check_in_t1) + (SELECT count(*) FROM check_in_t2)"));
  }
}
