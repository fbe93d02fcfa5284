package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/** Whole runs through the command line against a real PostgreSQL, checked through the JSON result. */
class RunCommandTest {
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("runcmd");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "3000");
    assertEquals(0, r.exitCode(), r.all());
  }

  private JsonNode run(String... args) throws IOException {
    Path json = dir.resolve("result-" + System.nanoTime() + ".json");
    List<String> all = new ArrayList<>(List.of("--url", url, "-U", "postgres", "run", "--json", json.toString(),
        "--warmup", "0", "--report-interval", "500ms"));
    all.addAll(List.of(args));
    CliTester.Result r = CliTester.run(all.toArray(String[]::new));
    assertEquals(0, r.exitCode(), r.all());
    return new ObjectMapper().readTree(Files.readString(json));
  }

  @Test
  void eachThreadHoldsItsOwnServerBackend() throws IOException {
    // each worker opens and holds its connection before the phase starts, whatever the phase's length
    JsonNode result = run("--threads", "6", "--ops", "600");
    JsonNode phase = result.get("phases").get(0);
    assertEquals("6", phase.get("connection").get("distinct server backends").asText());
    assertTrue(phase.get("stats").get("total").get("count").asLong() > 0);
  }

  @Test
  void eachPhaseIsAnnouncedOnce() {
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--warmup", "0", "--ops", "200",
        "--threads", "1,2");
    assertEquals(0, r.exitCode(), r.all());
    for (String label : List.of("phase 1/2: mode=prepared pool=none threads=1\n", "phase 2/2: mode=prepared pool=none threads=2\n")) {
      assertTrue(r.out().contains(label), r.out());
    }
    String labels = r.out().substring(0, r.out().indexOf("\ncomparison ("));
    assertEquals(2, labels.split("threads=", -1).length - 1, "one line per phase: " + r.out());
  }

  @Test
  void theHeaderShowsWhatAC3p0CheckoutCosts() {
    CliTester.Result c3p0 = CliTester.run("--url", url, "-U", "postgres", "run", "--warmup", "0", "--ops", "50",
        "--pool", "c3p0");
    assertEquals(0, c3p0.exitCode(), c3p0.all());
    assertTrue(c3p0.out().contains("\nc3p0: checkins on the worker thread (forceSynchronousCheckins), no connection"
        + " tests (testConnectionOnCheckout/Checkin false, idleConnectionTestPeriod 0), 3 helper threads, statement"
        + " cache off (maxStatements 0; pgjdbc still keeps its own per connection)\n"), c3p0.out());
    CliTester.Result hikari = CliTester.run("--url", url, "-U", "postgres", "run", "--warmup", "0", "--ops", "50",
        "--pool", "hikari");
    assertEquals(0, hikari.exitCode(), hikari.all());
    assertTrue(!hikari.out().contains("\nc3p0: "), "only when c3p0 runs: " + hikari.out());
  }

  @Test
  void opsEndsThePhaseAfterExactlyThatManyExecutions() throws IOException {
    JsonNode result = run("--threads", "4", "--ops", "777");
    assertEquals(777, result.get("phases").get(0).get("stats").get("total").get("count").asLong());
  }

  @Test
  void opsAfterAWarmUpCountsExactlyThatManyExecutions() throws IOException {
    Path json = dir.resolve("ops-after-warmup.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--json", json.toString(), "--warmup",
        "1s", "--report-interval", "300ms", "--threads", "4", "--ops", "777");
    assertEquals(0, r.exitCode(), r.all());
    JsonNode phase = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0);
    assertEquals(777, phase.get("stats").get("total").get("count").asLong(), r.out());
    long measuredInIntervals = 0;
    for (JsonNode interval : phase.get("stats").get("intervals")) {
      if (!interval.get("warmup").asBoolean()) {
        measuredInIntervals += interval.get("count").asLong();
      }
    }
    assertEquals(777, measuredInIntervals, "the measured intervals add up to the total: " + r.out());
  }

  @Test
  void everyModeAndPoolCombinationRunsAsAPhase() throws IOException {
    Path json = dir.resolve("matrix.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--json", json.toString(), "--warmup",
        "0", "--duration", "1s", "--threads", "2", "--mode", "prepared,plain", "--pool", "none,hikari,c3p0");
    assertEquals(0, r.exitCode(), r.all());
    JsonNode phases = new ObjectMapper().readTree(Files.readString(json)).get("phases");
    assertEquals(6, phases.size());
    List<String> labels = new ArrayList<>();
    for (JsonNode p : phases) {
      labels.add(p.get("label").asText());
      assertTrue(p.get("stats").get("total").get("count").asLong() > 0, p.get("label").asText());
      assertEquals(0, p.get("stats").get("total").get("errorCount").asLong());
    }
    assertEquals(List.of("mode=prepared pool=none threads=2", "mode=prepared pool=hikari threads=2",
        "mode=prepared pool=c3p0 threads=2", "mode=plain pool=none threads=2", "mode=plain pool=hikari threads=2",
        "mode=plain pool=c3p0 threads=2"), labels);
    assertTrue(r.out().contains("comparison (6 phases"), r.out());
    assertEquals(1, r.out().lines().filter(l -> l.contains("threads=2") || l.contains(" 2 ")).filter(l -> l.contains("*"))
        .count(), "exactly one best row:\n" + r.out());
  }

  @Test
  void sessionSettingsAreAppliedAndReadBackPerPhase() throws IOException {
    JsonNode phases = run("--ops", "200", "--threads", "2", "--set", "work_mem=7MB,9MB",
        "--pool", "hikari").get("phases");
    assertEquals(2, phases.size());
    assertEquals("7MB", phases.get(0).get("settingsReadBack").get("work_mem").asText());
    assertEquals("9MB", phases.get(1).get("settingsReadBack").get("work_mem").asText());
    assertEquals("7MB", phases.get(0).get("combination").get("work_mem").asText());
  }

  @Test
  void aWeightedMixOfAllOperationsRunsWithoutErrors() throws IOException {
    JsonNode stats = run("--op", "find_first=3,find_in=1,find=1,find_update=1,find_insert=1,find_delete=1",
        "--threads", "3", "--duration", "2s", "--limit-max", "500", "--transaction").get("phases").get(0).get("stats");
    assertEquals(0, stats.get("total").get("errorCount").asLong());
    assertEquals(6, stats.get("operations").size());
    for (JsonNode op : stats.get("operations")) {
      assertTrue(op.get("count").asLong() > 0, op.get("name").asText());
    }
    long first = stats.get("operations").get(0).get("count").asLong();
    long in = stats.get("operations").get(1).get("count").asLong();
    assertTrue(first > 2 * in, "weights are respected: " + first + " vs " + in);
  }

  @Test
  void rateLimitsTheExecutions() throws IOException {
    long count = run("--rate", "200", "--threads", "4", "--duration", "2s").get("phases").get(0).get("stats")
        .get("total").get("count").asLong();
    assertTrue(count >= 340 && count <= 440, "about 400 executions at 200/s for 2s, got " + count);
  }

  @Test
  void theResultRecordsTheDriverSettingsAndTarget() throws IOException {
    JsonNode result = run("--ops", "200", "--threads", "1", "--prepare-threshold", "1",
        "--query-mode", "extendedForPrepared");
    JsonNode connection = result.get("settings").get("connection");
    assertEquals("1", connection.get("prepareThreshold").asText());
    assertEquals("extendedForPrepared", connection.get("preferQueryMode").asText());
    assertEquals("POSTGRESQL", result.get("target").get("kind").asText());
    assertTrue(result.toString().toLowerCase().indexOf("password") < 0, "no password key at all");
  }

  @Test
  void intervalLinesAndASummaryArePrinted() {
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--duration", "1s", "--warmup",
        "500ms", "--report-interval", "250ms", "--threads", "2");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().lines().anyMatch(l -> l.matches("\\[ warmup [0-9.]+m?s \\] thds: 2 ops/s: .*")), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.matches(
        "\\[ [0-9.]+m?s \\] thds: 2 ops/s: [0-9.]+ lat\\(ms\\) avg/p95/p99: \\S+ err/s: 0\\.0 reconn/s: 0\\.0")), r.out());
    assertTrue(r.out().contains("find_first"), r.out());
  }

  @Test
  void initRefusesToTouchExistingTablesUnlessAsked() {
    CliTester.Result again = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "10");
    assertEquals(1, again.exitCode(), again.all());
    assertTrue(again.err().contains("already exists; use --reuse to run on it or --drop-existing to replace it"),
        again.err());
  }
}
