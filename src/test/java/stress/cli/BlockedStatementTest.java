package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/** Statements blocked by another session's row locks end by --statement-timeout, and the run ends on time. */
class BlockedStatementTest {
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("blocked");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "200");
    assertEquals(0, r.exitCode(), r.all());
  }

  @Test
  void rowLocksHeldElsewhereEndInStatementTimeoutsCountedAs57014() throws Exception {
    Path json = dir.resolve("blocked.json");
    CliTester.Result r;
    try (Connection locker = TestDatabase.connect(url); Statement s = locker.createStatement()) {
      locker.setAutoCommit(false);
      s.executeQuery("SELECT _id FROM check_in FOR UPDATE").close();
      // the run returns while the locks are still held: only the statement timeout can have freed its workers
      r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_update", "--threads", "2",
          "--duration", "2s", "--warmup", "0", "--report-interval", "500ms", "--statement-timeout", "300ms",
          "--json", json.toString());
      locker.rollback();
    }
    assertEquals(1, r.exitCode(), r.all());
    JsonNode stats = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0).get("stats");
    JsonNode total = stats.get("total");
    assertEquals(0, total.get("count").asLong(), "every update waited on a lock");
    // two threads, each statement ended by the 300 ms timeout: at least the one each worker had in flight at the
    // stop, at most one per worker per 300 ms of the phase as measured (however long a loaded machine made it)
    long errors = total.get("errorCount").asLong();
    double measured = stats.get("durationSeconds").asDouble();
    assertTrue(errors >= 2 && errors <= 2 * ((long) Math.ceil(measured / 0.3) + 1), "timeouts: " + errors
        + " in " + measured + " s");
    assertEquals(1, total.get("errors").size(), total.get("errors").toString());
    assertEquals("57014", total.get("errors").get(0).get("sqlState").asText());
    assertTrue(r.out().contains("errors: 57014="), r.out());
    assertEquals(0, stats.get("reconnects").asLong(), "a timeout keeps the connection");
    // nothing succeeded from the first timeout on: that is an outage (of this table), never ended, all 57014
    JsonNode outages = stats.get("outages");
    assertEquals(1, outages.size(), outages.toString());
    JsonNode outage = outages.get(0);
    assertTrue(outage.get("endSeconds").isNull(), outage.toString());
    assertEquals("57014", outage.get("firstSqlState").asText());
    assertEquals(outage.get("failed").asLong(), outage.get("errorsBySqlState").get("57014").asLong(), outage.toString());
    assertTrue(stats.get("degraded") == null, "nothing succeeded, so nothing was merely degraded");
  }
}
