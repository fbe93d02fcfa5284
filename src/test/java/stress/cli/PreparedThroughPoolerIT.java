package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.app.process.ExitCode;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.PgBouncerServer;
import stress.testing.TestDatabase;

/**
 * Server-side prepared statements through PgBouncer are tried before measuring: in transaction pooling before 1.21
 * the trial fails, one line names the pooler, the cause and both fixes, and the prepared combinations are left out
 * (or the run refused when nothing else was asked) instead of a phase of raw errors; in session pooling they run.
 */
class PreparedThroughPoolerIT {
  private static final DocumentTable TABLE = new DocumentTable(null, "docs", IdType.BIGINT);
  private static final String FIXES = "Fixes: --prepare-threshold 0 (pgjdbc then never prepares on the server), or"
      + " PgBouncer 1.21 or later with max_prepared_statements above 0";

  @TempDir
  Path dir;
  private static String database;

  @BeforeAll
  static void createTable() throws Exception {
    database = TestDatabase.databaseName(TestDatabase.newDatabaseWithDocuments("prepared_pooled", TABLE, 200));
  }

  private static CliTester.Result run(PgBouncerServer pooler, String modes, Path out) {
    return CliTester.run("run", "--url", pooler.url(database) + "?password=" + pooler.password(), "-U",
        PgBouncerServer.USER, "--table", "docs", "--op", "find_first", "--mode", modes, "--threads", "4",
        "--duration", "300ms", "--warmup", "0s", "--out", out.toString());
  }

  /** Debian's 1.18 keeps no prepared statements in transaction pooling; 1.21 on may, by its settings. */
  private static void assumeBefore121(PgBouncerServer pooler) throws Exception {
    Matcher version = Pattern.compile("PgBouncer 1\\.(\\d+)").matcher(PgBouncerServer.version());
    assumeTrue(version.find() && Integer.parseInt(version.group(1)) < 21,
        "the failing trial needs PgBouncer before 1.21; this one is " + PgBouncerServer.version());
  }

  @Test
  void transactionPoolingBefore121LeavesThePreparedCombinationsOut() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "transaction", 2, PgBouncerServer.Console.ADMIN)) {
      assumeBefore121(pooler);
      Path out = dir.resolve("left-out");
      CliTester.Result run = run(pooler, "prepared,plain", out);
      assertEquals(0, run.exitCode(), run.all() + pooler.log());
      String line = run.out().lines().filter(l -> l.startsWith("prepared statements through the pooler: "))
          .findFirst().orElse("");
      assertTrue(line.matches("prepared statements through the pooler: server-side prepared statements fail through"
          + " PgBouncer 1\\.[0-9.]+ in transaction pooling \\((42P05|08P01|26000): .*\\): .* the prepared"
          + " combinations are left out\\. " + Pattern.quote(FIXES)), run.out());
      assertEquals(1, run.all().split("server-side prepared statements fail", -1).length - 1, "said once: " + run.all());
      assertFalse(run.all().contains("already exists\n"), "raw errors printed: " + run.all());
      JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
      assertEquals(line.substring(line.indexOf(": ") + 2),
          result.path("settings").path("prepared statements through the pooler").asText());
      for (JsonNode phase : result.path("phases")) {
        assertFalse(phase.toString().contains("\"prepared\""), "a prepared phase ran: " + phase);
      }
    }
  }

  @Test
  void onlyPreparedCombinationsAreRefused() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "transaction", 2, PgBouncerServer.Console.ADMIN)) {
      assumeBefore121(pooler);
      CliTester.Result run = run(pooler, "prepared", dir.resolve("refused"));
      assertEquals(ExitCode.PREPARED_REFUSED.code(), run.exitCode(), run.all());
      assertTrue(run.out().contains("only prepared combinations were asked, none is run. " + FIXES), run.out());
    }
  }

  @Test
  void sessionPoolingRunsPreparedStatements() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "session", 8, PgBouncerServer.Console.STATS)) {
      CliTester.Result run = run(pooler, "prepared", dir.resolve("session"));
      assertEquals(0, run.exitCode(), run.all() + pooler.log());
      assertFalse(run.all().contains("server-side prepared statements fail"), run.all());
    }
  }
}
