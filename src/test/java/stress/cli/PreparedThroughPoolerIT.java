package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * Server-side prepared statements through PgBouncer are tried before measuring: in transaction pooling without
 * prepared statements kept per server connection (before 1.21, or {@code max_prepared_statements = 0}) the trial fails,
 * one line names the pooler, the cause and both fixes, and the prepared combinations are left out (or the run refused
 * when nothing else was asked) instead of a phase of raw errors; in session pooling they run, and in transaction pooling
 * from 1.21 on with {@code max_prepared_statements} above 0 too. Debian 12's PgBouncer is 1.18; {@code
 * STRESS_PGBOUNCER=PATH} runs these against another binary, e.g. one built from source.
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

  /** Transaction pooling that keeps no prepared statements: any version before 1.21, or 1.21 on with the setting 0. */
  private static PgBouncerServer transactionPoolingWithoutPrepared() throws Exception {
    List<String> settings = PgBouncerServer.binary().isPresent() && PgBouncerServer.minorVersion() >= 21
        ? List.of("max_prepared_statements = 0") : List.of();
    return PgBouncerServer.start(database, "transaction", 2, PgBouncerServer.Console.ADMIN, settings);
  }

  @Test
  void transactionPoolingWithoutPreparedStatementsLeavesThePreparedCombinationsOut() throws Exception {
    try (PgBouncerServer pooler = transactionPoolingWithoutPrepared()) {
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
    try (PgBouncerServer pooler = transactionPoolingWithoutPrepared()) {
      CliTester.Result run = run(pooler, "prepared", dir.resolve("refused"));
      assertEquals(ExitCode.PREPARED_REFUSED.code(), run.exitCode(), run.all());
      assertTrue(run.out().contains("only prepared combinations were asked, none is run. " + FIXES), run.out());
    }
  }

  @Test
  void eventLoopsAreAdvisedWhatTurnsTheirPreparedStatementsOff() throws Exception {
    try (PgBouncerServer pooler = transactionPoolingWithoutPrepared()) {
      List<String> args = new java.util.ArrayList<>(List.of("run", "--url", pooler.url(database) + "?password="
          + pooler.password(), "-U", PgBouncerServer.USER, "--table", "docs", "--op", "find_first", "--event-loops",
          "1", "--threads", "4", "--ops", "200", "--warmup", "0s", "--mode", "prepared"));
      CliTester.Result refused = CliTester.run(args.toArray(String[]::new));
      assertEquals(ExitCode.PREPARED_REFUSED.code(), refused.exitCode(), refused.all());
      java.util.regex.Matcher fix = Pattern.compile("Fixes: (--[a-z-]+ [a-z0-9]+) \\(").matcher(refused.out());
      assertTrue(fix.find(), refused.out());
      assertFalse(refused.out().contains("--prepare-threshold"), "pgjdbc's knob advised to event loops: "
          + refused.out());
      // the advice followed: the run measures, through the same pooler, with no error
      args.subList(args.size() - 2, args.size()).clear();
      args.addAll(List.of(fix.group(1).split(" ")));
      CliTester.Result followed = CliTester.run(args.toArray(String[]::new));
      assertEquals(0, followed.exitCode(), fix.group(1) + ": " + followed.all() + pooler.log());
      assertFalse(followed.all().contains("server-side prepared statements fail"), followed.all());
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

  /** 1.21 on keeps prepared statements per server connection: the trial passes and both modes are measured. */
  @Test
  void transactionPoolingWithMaxPreparedStatementsRunsPreparedStatements() throws Exception {
    assumeTrue(PgBouncerServer.binary().isPresent() && PgBouncerServer.minorVersion() >= 21,
        "prepared statements in transaction pooling need PgBouncer 1.21 or later (Debian 12's is 1.18;"
            + " STRESS_PGBOUNCER=PATH names another binary)");
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "transaction", 2, PgBouncerServer.Console.ADMIN,
        List.of("max_prepared_statements = 50"))) {
      Path out = dir.resolve("kept");
      CliTester.Result run = run(pooler, "prepared,plain", out);
      assertEquals(0, run.exitCode(), run.all() + pooler.log());
      assertTrue(run.out().contains("max_prepared_statements 50"), run.out());
      assertFalse(run.all().contains("server-side prepared statements fail"), run.all());
      JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
      List<String> modes = new ArrayList<>();
      for (JsonNode phase : result.path("phases")) {
        modes.add(phase.path("combination").path("mode").asText());
        JsonNode total = phase.path("stats").path("total");
        assertTrue(total.path("count").asLong() > 0, "measured: " + phase.path("label"));
        assertEquals(0, total.path("errorCount").asLong(), "errors in " + phase.path("label"));
      }
      assertTrue(modes.contains("prepared") && modes.contains("plain"), "both modes measured: " + modes);
    }
  }
}
