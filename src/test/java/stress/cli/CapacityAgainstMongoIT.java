package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * {@code run --slo --against}: PostgreSQL's and the MongoDB server's capacity under the same objective, each searched
 * in its own steps, a round of each in turn, and the two compared. Steps are short (1.25 s, 250 operations at the
 * first rate); one client thread cannot keep up past some rate on either side, so each search ends. On the server of
 * {@code STRESS_MONGODB_URL} (CI starts FerretDB); skipped without one.
 */
class CapacityAgainstMongoIT {
  @TempDir
  Path dir;

  @Test
  void eachTargetsCapacityUnderTheSameObjectiveAndTheirComparison() throws Exception {
    String mongo = MongoTestServer.withSampleOrdersIn("capacity_against");
    String url = TestDatabase.newDatabaseUrl("capacity_against");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large").exitCode());
    Path out = dir.resolve("out");
    CliTester.Result run = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first", "--table",
        "stress_orders", "--against", mongo, "--collection", "capacity_against.orders", "--threads", "1", "--slo",
        "p99<=1s", "--slo-resolution", "50%", "--rate", "200", "--duration", "1250ms", "--warmup", "0",
        "--no-slo-check", "--out", out.toString());
    String text = run.out();
    assertEquals(text.contains("none vouched for") ? 4 : 0, run.exitCode(), run.all());
    assertTrue(text.contains("capacity search under p99<=1000ms of 2 combinations (postgresql; mongodb), a round of"
        + " each in turn, interleaved: from 200 ops/s"), text);
    assertTrue(text.contains("\npostgresql: step 1: 200 ops/s offered") && text.contains("\nmongodb: step 1: 200"
        + " ops/s offered"), "each target's own steps: " + text);
    for (String target : List.of("postgresql", "mongodb")) {
      assertTrue(text.lines().anyMatch(l -> l.startsWith(target + ": capacity under p99<=1000ms: ")), target + ": "
          + text);
    }
    String compared = text.substring(text.indexOf("capacities compared"));
    // either server may find no capacity on a busy host (its first step broken): then no ratio stands beside it
    boolean mongoFoundNone = compared.contains("mongodb: no capacity found");
    boolean anyNone = mongoFoundNone || compared.contains("postgresql: no capacity found");
    assertTrue(compared.contains("\n  postgresql: ") && compared.contains(" (baseline)\n  mongodb: ")
        && (anyNone ? compared.contains("not compared") && !compared.contains("; vs postgresql x")
        : compared.contains("; vs postgresql x")), compared);

    JsonNode result = new ObjectMapper().readTree(Files.readString(out.resolve("result.json")));
    JsonNode capacity = result.path("settings").path("capacity");
    assertEquals("postgresql", capacity.path("compared").get(0).path("combination").asText());
    assertEquals("mongodb", capacity.path("compared").get(1).path("combination").asText());
    assertTrue(mongoFoundNone || capacity.path("compared").get(1).path("capacity ops/s").asDouble() > 0,
        capacity.toString());
    assertTrue(result.path("settings").has("compared targets"), "the targets are named as in a closed-loop comparison");
    List<String> targets = result.path("phases").findValuesAsText("target");
    assertTrue(targets.contains("postgresql") && targets.contains("mongodb"), "each step's phase names its target");
    // PostgreSQL's own settings said once, never a label of a step: the statement mode and pool reach one target only
    assertTrue(text.contains("\nPostgreSQL's own settings: statement mode prepared, pool none"), text);
    assertTrue(result.path("settings").has("PostgreSQL's own settings"), result.path("settings").toString());
    for (JsonNode phase : result.path("phases")) {
      assertTrue(!phase.path("combination").has("mode") && !phase.path("combination").has("pool"), phase.toString());
    }
  }
}
