package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.PgBouncerServer;
import stress.testing.TestDatabase;

/**
 * Direct against pooled in one run ({@code --via}): every combination runs straight to the server and through
 * PgBouncer, interleaved in rounds and compared; each road is checked to reach the run's own database, and
 * prepared statements are tried through the pooler's road alone.
 */
class ViaRoadsIT {
  private static final DocumentTable TABLE = new DocumentTable(null, "docs", IdType.BIGINT);

  @TempDir
  Path dir;
  private static String url;
  private static String database;

  @BeforeAll
  static void createTable() throws Exception {
    url = TestDatabase.newDatabaseWithDocuments("via_roads", TABLE, 200);
    database = TestDatabase.databaseName(url);
  }

  @Test
  void directAndThroughPgBouncerAreComparedInRounds() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "transaction", 2, PgBouncerServer.Console.ADMIN)) {
      Path out = dir.resolve("roads");
      CliTester.Result run = CliTester.run("run", "--url", url, "-U", PgBouncerServer.USER, "--via",
          "pgbouncer=" + pooler.url(database) + "?password=" + pooler.password(), "--table", "docs", "--op",
          "find_first", "--mode", "prepared,plain", "--threads", "2", "--rounds", "2", "--duration", "300ms",
          "--warmup", "0s", "--out", out.toString());
      assertEquals(0, run.exitCode(), run.all() + pooler.log());
      assertFalse(run.all().contains(pooler.password()), "the password is never printed");
      assertTrue(run.out().contains("via direct: " + url), run.out());
      String road = run.out().lines().filter(l -> l.startsWith("via pgbouncer: ")).findFirst().orElse("");
      assertTrue(road.startsWith("via pgbouncer: " + pooler.url(database) + " as " + PgBouncerServer.USER
          + "; PgBouncer"), run.out());
      JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
      List<String> ran = new ArrayList<>();
      for (JsonNode phase : result.path("phases")) {
        JsonNode combination = phase.path("combination");
        ran.add(combination.path("via").asText() + " " + combination.path("mode").asText());
        long executions = phase.path("stats").path("total").path("count").asLong();
        assertTrue(executions > 0, "each phase measured: " + phase);
        // PgBouncer's own figures on its road's phases alone: at least a transaction per execution through it
        JsonNode transactions = phase.path("connection").path("pooler transactions");
        if (combination.path("via").asText().equals("pgbouncer")) {
          assertTrue(transactions.asLong() >= executions, phase.path("connection").toString());
        } else {
          assertTrue(transactions.isMissingNode(), "no pooler on the direct road: " + phase.path("connection"));
        }
      }
      boolean preparedThroughPooler = !road.contains("server-side prepared statements fail");
      List<String> expected = new ArrayList<>(List.of("direct prepared", "direct plain", "pgbouncer plain"));
      if (preparedThroughPooler) {
        expected.add("pgbouncer prepared");
      }
      for (String each : expected) {
        assertEquals(2, ran.stream().filter(each::equals).count(), "two rounds of " + each + ": " + ran);
      }
      assertEquals(expected.size() * 2, ran.size(), ran.toString());
      assertTrue(result.path("settings").path("via pgbouncer").asText().startsWith(pooler.url(database)),
          result.path("settings").toString());
    }
  }

  @Test
  void aRoadThatIsTheUrlItselfIsRefused() {
    CliTester.Result run = CliTester.run("run", "--url", url, "-U", "postgres", "--via", "pgbouncer=" + url,
        "--table", "docs", "--op", "find_first", "--duration", "200ms", "--warmup", "0s");
    assertEquals(2, run.exitCode(), run.all());
    assertTrue(run.err().contains("--via pgbouncer=" + url + " is the --url itself ("), run.all());
    assertTrue(run.err().contains("database " + database + "; no other pooler or server on it)"), run.all());
    assertEquals(1, run.err().lines().filter(l -> !l.isBlank()).count(), run.err());
    assertFalse(run.out().contains("comparison"), "nothing measured: " + run.out());
  }

  @Test
  void aRoadToThePoolersConsoleIsRefused() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "transaction", 2, PgBouncerServer.Console.ADMIN)) {
      CliTester.Result run = CliTester.run("run", "--url", url, "-U", PgBouncerServer.USER, "--via",
          "console=" + pooler.url("pgbouncer") + "?password=" + pooler.password(), "--table", "docs", "--op",
          "find_first", "--duration", "200ms", "--warmup", "0s");
      assertEquals(2, run.exitCode(), run.all() + pooler.log());
      assertTrue(run.err().contains("--via console=" + pooler.url("pgbouncer") + " is PgBouncer's console (database"
          + " pgbouncer), not a database to measure"), run.all());
      assertFalse(run.all().contains(pooler.password()), "the password is never printed");
    }
  }

  @Test
  void aRoadToAnotherDatabaseIsRefused() throws Exception {
    String other = TestDatabase.newDatabaseUrl("via_other");
    CliTester.Result run = CliTester.run("run", "--url", url, "-U", "postgres", "--via", "other=" + other,
        "--table", "docs", "--op", "find_first", "--duration", "200ms", "--warmup", "0s");
    assertEquals(2, run.exitCode(), run.all());
    assertTrue(run.err().contains("--via other reaches database " + TestDatabase.databaseName(other)
        + " of the server on port "), run.all());
    assertTrue(run.err().contains(", not the run's own database (database " + database), run.all());
  }
}
