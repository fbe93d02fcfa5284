package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.PgBouncerServer;
import stress.testing.TestDatabase;

/**
 * A run through PgBouncer names it in the header, result.json and report.html, with what its console says (version,
 * pool mode, pool size, max_client_conn, max_prepared_statements) to an admin user, without SHOW CONFIG's to a stats
 * user, in session and in transaction pooling; a login
 * the console refuses gets the pooler named and one line saying how to grant it; a run straight to the server names
 * no pooler.
 */
class PoolerDetectionIT {
  private static final DocumentTable TABLE = new DocumentTable(null, "docs", IdType.BIGINT);

  @TempDir
  Path dir;
  private static String database;

  @BeforeAll
  static void createTable() throws Exception {
    database = TestDatabase.databaseName(TestDatabase.newDatabaseWithDocuments("pooled", TABLE, 200));
  }

  private CliTester.Result runThrough(PgBouncerServer pooler, String user, Path out) {
    return CliTester.run("run", "--url", pooler.url(database) + "?password=" + pooler.password(), "-U", user,
        "--table", "docs", "--op", "find_first", "--mode", "plain", "--threads", "2", "--duration", "200ms",
        "--warmup", "0s", "--out", out.toString());
  }

  @Test
  void transactionPoolingIsNamedWithItsFigures() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "transaction", 3, PgBouncerServer.Console.ADMIN)) {
      Path out = dir.resolve("transaction");
      CliTester.Result run = runThrough(pooler, PgBouncerServer.USER, out);
      assertEquals(0, run.exitCode(), run.all() + pooler.log());
      String line = run.out().lines().filter(l -> l.startsWith("pooler: ")).findFirst().orElse("");
      // an admin user reads every figure; max_prepared_statements is there from 1.21 on
      assertTrue(line.startsWith("pooler: " + PgBouncerServer.version() + ", pool_mode transaction, pool size 3 for"
          + " this database and user, max_client_conn 2000, max_prepared_statements "), run.out());
      JsonNode settings = new ObjectMapper().readTree(out.resolve("result.json").toFile()).path("settings");
      assertEquals(line.substring("pooler: ".length()), settings.path("pooler").asText());
      assertTrue(Files.readString(out.resolve("report.html")).contains("PgBouncer"));
      assertFalse(run.all().contains(pooler.password()), "the password was printed");
    }
  }

  @Test
  void sessionPoolingIsNamed() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "session", 4, PgBouncerServer.Console.STATS)) {
      CliTester.Result run = runThrough(pooler, PgBouncerServer.USER, dir.resolve("session"));
      assertEquals(0, run.exitCode(), run.all() + pooler.log());
      // a stats user reads SHOW POOLS and SHOW DATABASES; 1.18 shows SHOW CONFIG to admin_users only
      String line = "pooler: " + PgBouncerServer.version() + ", pool_mode session, pool size 4 for this database and"
          + " user, max_client_conn";
      assertTrue(run.out().contains(line), run.out());
      // SHOW STATS and SHOW POOLS are a stats user's too: the phase's figures are read
      assertTrue(run.out().matches("(?s).*\npooler: [0-9,]+ transactions, [0-9,]+ queries; .* of 4 server connections"
          + " open, at most [0-9]+ active at once.*"), run.out());
      CliTester.Result detect = CliTester.run("detect", "--url", pooler.url(database) + "?password="
          + pooler.password(), "-U", PgBouncerServer.USER);
      assertEquals(0, detect.exitCode(), detect.all());
      assertTrue(detect.out().contains(line), detect.out());
    }
  }

  @Test
  void aConsoleThatRefusesTheLoginSaysHowToGrantIt() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "session", 4, PgBouncerServer.Console.NONE)) {
      CliTester.Result run = runThrough(pooler, PgBouncerServer.OTHER_USER, dir.resolve("refused"));
      assertEquals(0, run.exitCode(), run.all() + pooler.log());
      assertTrue(run.out().contains("pooler: PgBouncer (its console refused " + PgBouncerServer.OTHER_USER + ": add "
          + PgBouncerServer.OTHER_USER + " to stats_users in pgbouncer.ini"), run.out());
    }
  }

  @Test
  void aWrongPasswordThroughThePoolerSaysWhatItMeansAndLeavesNoEmptyOut() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "session", 2, PgBouncerServer.Console.ADMIN)) {
      Path out = dir.resolve("never-written");
      CliTester.Result run = CliTester.run("run", "--url", pooler.url(database) + "?password=Wrong-" + pooler.password(),
          "-U", PgBouncerServer.USER, "--table", "docs", "--op", "find_first", "--threads", "1", "--duration",
          "100ms", "--warmup", "0s", "--out", out.toString());
      assertEquals(1, run.exitCode(), run.all() + pooler.log());
      assertTrue(run.err().contains("authentication failed"), run.all());
      assertTrue(run.err().contains("; the pooler refused the login: the password for this user is wrong (the URL,"
          + " PGPASSWORD or the password file), or the pooler's auth_file (or auth_query) holds another one for it"),
          run.all());
      assertFalse(Files.exists(out), "an empty --out left behind");
      assertFalse(run.all().contains(pooler.password()), "the password was printed");
    }
  }

  @Test
  void aConsoleOfItsOwnIsReadWithItsLogin() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "session", 5, PgBouncerServer.Console.ADMIN)) {
      // the run's user may not read the console; --pooler-console names an admin user's login
      CliTester.Result run = CliTester.run("run", "--url", pooler.url(database) + "?password=" + pooler.password(),
          "-U", PgBouncerServer.OTHER_USER, "--table", "docs", "--op", "find_first", "--mode", "plain", "--threads",
          "1", "--duration", "100ms", "--warmup", "0s", "--pooler-console", pooler.url("pgbouncer") + "?user="
          + PgBouncerServer.USER + "&password=" + pooler.password());
      assertEquals(0, run.exitCode(), run.all() + pooler.log());
      assertTrue(run.out().contains("pooler console: " + pooler.url("pgbouncer") + " as " + PgBouncerServer.USER
          + ", password: --url"), run.out());
      assertTrue(run.out().contains("pooler: " + PgBouncerServer.version() + ", pool_mode session, pool size 5 for"
          + " this database and user, max_client_conn 2000"), run.out());
      assertFalse(run.all().contains(pooler.password()), "the password was printed");
    }
  }

  @Test
  void eachPhaseCarriesThePoolersOwnFigures() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "transaction", 2, PgBouncerServer.Console.ADMIN)) {
      Path out = dir.resolve("figures");
      CliTester.Result run = CliTester.run("run", "--url", pooler.url(database) + "?password=" + pooler.password(),
          "-U", PgBouncerServer.USER, "--table", "docs", "--op", "find_first", "--mode", "plain", "--threads", "4",
          "--ops", "300", "--warmup", "0s", "--report-interval", "50ms", "--out", out.toString());
      assertEquals(0, run.exitCode(), run.all() + pooler.log());
      // sampled at the phase's intervals; a phase that ends before its first says so, never a 0 it did not see
      java.util.regex.Matcher line = java.util.regex.Pattern.compile("pooler: ([0-9,]+) transactions, ([0-9,]+)"
          + " queries; clients waited avg [0-9.]+ ms(?:, max seen [0-9.]+ ms; ([0-9]+) of 2 server connections open, at"
          + " most [0-9]+ active at once, at most ([0-9]+) clients waiting \\([0-9]+ samples\\)|; ([0-9]+) of 2 server connections open; the longest"
          + " wait and the waiting clients not sampled \\(no interval ended while the phase ran\\)); client's mean"
          + " latency ([0-9.]+) ms: waiting at the pooler ([0-9.]+) ms \\([0-9.]+%(?:; ([0-9]+) of ([0-9]+) clients?"
          + " waiting at the peak seen)?\\), inside the server ([0-9.]+) ms"
          + " \\([0-9.]+%\\), the rest (?:([0-9.]+) ms \\([0-9.]+%\\)|not known: the two add up to ([0-9.]+) ms, more"
          + " than the client's mean)").matcher(run.out());
      assertTrue(line.find(), run.out());
      // the three parts, each rounded to the µs, add up to the client's mean; or, where the pooler's two means are more
      // than the client's (a loaded host, whose pooler reads the server's answers late), the rest is said not known
      double mean = Double.parseDouble(line.group(6));
      double twoParts = Double.parseDouble(line.group(7)) + Double.parseDouble(line.group(10));
      boolean restKnown = line.group(11) != null;
      if (restKnown) {
        assertEquals(mean, twoParts + Double.parseDouble(line.group(11)), 0.0015, run.out());
      } else {
        assertEquals(twoParts, Double.parseDouble(line.group(12)), 0.0015, run.out());
        assertTrue(twoParts > mean, run.out());
      }
      assertTrue(Double.parseDouble(line.group(10)) > 0, "the server's time of 300 lookups: " + run.out());
      // the clients waiting at the peak seen, beside the wait's share, only where the pool was sampled: the same count
      // as the line's maximum, of the pool's clients at that read (the run's 4 connections, the set-up's at most 1)
      assertEquals(line.group(4) != null, line.group(8) != null, run.out());
      if (line.group(8) != null) {
        int clients = Integer.parseInt(line.group(9));
        assertEquals(line.group(4), line.group(8), run.out());
        assertTrue(clients >= Integer.parseInt(line.group(8)) && clients >= 1 && clients <= 5, run.out());
      }
      long transactions = Long.parseLong(line.group(1).replace(",", ""));
      JsonNode phase = new ObjectMapper().readTree(out.resolve("result.json").toFile()).path("phases").get(0);
      long executed = phase.path("stats").path("total").path("count").asLong();
      assertEquals(300, executed, phase.toString());
      // every execution is one autocommit transaction through the pooler; the set-up's own go through it too
      assertTrue(transactions >= executed, transactions + " transactions through the pooler, " + executed
          + " executed: " + run.out());
      assertTrue(Long.parseLong(line.group(2).replace(",", "")) >= transactions, run.out());
      int servers = Integer.parseInt(line.group(3) != null ? line.group(3) : line.group(5));
      assertTrue(servers >= 1 && servers <= 2, "a pool of 2 used " + servers + ": " + run.out());
      JsonNode connection = phase.path("connection");
      assertEquals(transactions, connection.path("pooler transactions").asLong(), connection.toString());
      assertEquals(mean, connection.path("pooler client mean latency ms").asDouble(), 0.0005, connection.toString());
      if (restKnown) {
        assertEquals(mean, connection.path("pooler client wait avg ms").asDouble() + connection.path("pooler server"
            + " time avg ms").asDouble() + connection.path("pooler rest avg ms").asDouble(), 0.0015,
            connection.toString());
      }
      assertEquals(restKnown, connection.path("pooler rest avg ms").isNumber(), connection.toString());
      assertEquals(Integer.toString(servers), connection.path("pooler server connections open").asText());
      assertEquals(line.group(4) == null ? "" : line.group(4), connection.path("pooler clients waiting at most")
          .asText());
      assertEquals(line.group(9) == null ? "" : line.group(9), connection.path("pooler clients at the waiting peak")
          .asText());
      // report.html's table of phases shows each phase's connection, the pooler's figures with it
      assertTrue(Files.readString(out.resolve("report.html")).contains("pooler transactions=" + transactions),
          "report.html without the pooler's figures");
    }
  }

  @Test
  void aConsoleGivenOnAPlainServerNamesNoPooler() {
    String console = TestDatabase.url("pgbouncer");
    CliTester.Result run = CliTester.run("run", "--url", TestDatabase.url(database), "-U", "postgres", "--table",
        "docs", "--op", "find_first", "--mode", "plain", "--threads", "1", "--duration", "100ms", "--warmup", "0s",
        "--pooler-console", console + "?user=postgres");
    assertEquals(0, run.exitCode(), run.all());
    // PostgreSQL answered: no database pgbouncer there, so no pooler is named
    assertTrue(run.out().contains("pooler: none seen (--pooler-console " + console + " could not be"
        + " read: database \"pgbouncer\" does not exist; nothing there shows a pooler)"), run.out());
    assertFalse(run.out().contains("PgBouncer"), run.out());
  }

  @Test
  void aRunStraightToTheServerNamesNoPooler() {
    CliTester.Result run = CliTester.run("run", "--url", TestDatabase.url(database), "-U", "postgres", "--table",
        "docs", "--op", "find_first", "--mode", "plain", "--threads", "1", "--duration", "100ms", "--warmup", "0s");
    assertEquals(0, run.exitCode(), run.all());
    assertFalse(run.out().contains("pooler:"), run.out());
  }
}
