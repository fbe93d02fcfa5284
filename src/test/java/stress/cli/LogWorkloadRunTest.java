package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/** A workload derived from a log of the generated orders runs on them, imported, with no error. */
class LogWorkloadRunTest {
  @TempDir
  Path dir;

  @Test
  void theDerivedWorkloadRunsOnTheImportedCollection() throws Exception {
    CliTester.Result derived = CliTester.run("workload", "--from-log", "src/test/resources/mongolog/stress-orders-mongod.log",
        "--out", dir.toString());
    assertEquals(0, derived.exitCode(), derived.all());
    assertTrue(derived.all().contains("entries: 105 = 89 used + 1 getMore folded into the find or aggregate they"
        + " continue + 15 skipped"), derived.all());
    Path file = dir.resolve("stress_orders.yaml");
    String url = TestDatabase.newDatabaseUrl("fromlog");
    CliTester.Result setup = CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large");
    assertEquals(0, setup.exitCode(), setup.all());
    Path json = dir.resolve("result.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", file.toString(),
        "--table", "stress_orders", "--warmup", "0", "--threads", "2", "--ops", "2000", "--mode", "prepared,plain",
        "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    for (JsonNode phase : new ObjectMapper().readTree(Files.readString(json)).get("phases")) {
      JsonNode stats = phase.get("stats");
      assertEquals(0, stats.get("total").get("errorCount").asLong(), stats.toString());
      // the rarest operation has weight 1 of 89: 2000 executions run it with certainty (p of none ~ 2e-10)
      assertEquals(7, stats.get("operations").size(), "every derived operation ran: " + stats);
    }
  }
}
