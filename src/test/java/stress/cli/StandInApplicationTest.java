package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.testing.TestDatabase;

/**
 * A log's application run where its data is not at hand: {@code workload --from-log --stand-in} writes stand-in
 * collections built from the log, {@code import} makes their tables, and {@code run --workload DIR} runs every
 * collection in one phase, in both statement modes, with no error, MongoDB's figures beside the measured ones and a
 * line per collection. On the test log of three collections, then on each real log of
 * {@code ../shared/datasets/mongod-logs} (skipped where they are absent: they are not part of the project).
 */
class StandInApplicationTest {
  private static final Path SHARED = Path.of("").toAbsolutePath().resolve("../shared/datasets/mongod-logs").normalize();

  @TempDir
  Path dir;

  @Test
  void theTestLogsApplicationRunsOnItsStandInCollections() throws IOException {
    Path wl = dir.resolve("wl");
    CliTester.Result derived = CliTester.run("workload", "--from-log", "src/test/resources/mongolog/application-mongod.log",
        "--out", wl.toString(), "--stand-in");
    assertEquals(0, derived.exitCode(), derived.all());
    assertTrue(derived.out().contains("stand-in collections (") && derived.out().contains("not the application's data"),
        derived.out());
    assertTrue(derived.out().contains("make their tables: stress import " + wl.resolve("stand-in")), derived.out());
    assertTrue(Files.readString(wl.resolve("application.yaml")).contains("# Stand-in collections built from the log's"
        + " own values (--stand-in, seed 42) are in " + wl.resolve("stand-in")), "the listing says what its tables are");
    JsonNode result = runApplication(wl, "standin");
    for (JsonNode phase : result.get("phases")) {
      for (JsonNode op : phase.get("stats").get("operations")) {
        if (op.get("name").asText().equals("stress_orders.find_id")) { // _id drawn from the table's own keys
          assertTrue(op.get("count").asLong() > 0 && op.get("rows").asLong() == op.get("count").asLong(), op.toString());
        }
      }
    }
    assertTrue(rowsRead(result) > 0, "the finds found documents");
  }

  /**
   * Each real log's application, derived and run on its stand-in collections. The keyhole log's reads find nothing,
   * as MongoDB's did for 20 of its 22 finds: its application deletes every document ({@code deleteMany({})}, 12 of
   * its 81 statements run).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"hatchet-sample-6.0, true", "hatchet-replica-6.0, true", "atlas-8.0-mongo-log-parser, true",
      "keyhole-4.0-text, false", "docdb-compat-3.6-text, true"})
  void eachSharedLogsApplicationRunsOnItsStandInCollections(String logs, boolean readsFind) throws IOException {
    assumeTrue(Files.isDirectory(SHARED.resolve(logs)), "no real mongod logs at " + SHARED.resolve(logs)
        + " (they are not part of the project)");
    Path wl = dir.resolve("wl");
    List<String> args = new ArrayList<>(List.of("workload", "--from-log"));
    try (Stream<Path> files = Files.list(SHARED.resolve(logs))) {
      files.sorted().forEach(f -> args.add(f.toString()));
    }
    args.addAll(List.of("--out", wl.toString(), "--stand-in"));
    CliTester.Result derived = CliTester.run(args.toArray(String[]::new));
    assertEquals(0, derived.exitCode(), derived.all());
    derived.out().lines().forEach(l -> assertTrue(l.length() <= 200, "a summary line of " + l.length() + " characters: "
        + l)); // the stand-in part of the summary too
    JsonNode result = runApplication(wl, logs.replaceAll("[^a-z0-9]", ""));
    if (readsFind) {
      assertTrue(rowsRead(result) > 0, logs + ": the reads found documents");
    }
    if (logs.equals("hatchet-sample-6.0")) { // 7,185 logged inserts of 1,000 documents each: 37% of the weight
      for (JsonNode phase : result.get("phases")) {
        JsonNode insert = operation(phase, "testdb___examples.insert_many");
        assertTrue(insert.get("count").asLong() > 0 && insert.get("errorCount").asLong() == 0, insert.toString());
        assertEquals(1000 * insert.get("count").asLong(), insert.get("rows").asLong(), "1,000 rows an insertMany");
      }
    }
  }

  private static JsonNode operation(JsonNode phase, String name) {
    for (JsonNode op : phase.get("stats").get("operations")) {
      if (op.get("name").asText().equals(name)) {
        return op;
      }
    }
    throw new AssertionError(name + " not in " + phase.get("stats").get("operations"));
  }

  @Test
  void aSeedWithoutStandInIsRefused() {
    CliTester.Result r = CliTester.run("workload", "--from-log", "src/test/resources/mongolog/application-mongod.log",
        "--out", dir.resolve("wl").toString(), "--seed", "7");
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains("--seed 7: only with --stand-in"), r.all());
  }

  /** The percona profiler documents are all of {@code admin.*}: nothing of an application to run. */
  @Test
  void theProfilerDocumentsHoldNoApplication() throws IOException {
    Path percona = SHARED.resolve("percona-profile-3.6-4.4");
    assumeTrue(Files.isDirectory(percona), "no profiler documents at " + percona + " (not part of the project)");
    List<String> args = new ArrayList<>(List.of("workload", "--from-log"));
    try (Stream<Path> files = Files.list(percona)) {
      files.sorted().forEach(f -> args.add(f.toString()));
    }
    args.addAll(List.of("--out", dir.resolve("wl").toString(), "--stand-in"));
    CliTester.Result derived = CliTester.run(args.toArray(String[]::new));
    assertEquals(1, derived.exitCode(), derived.all());
    assertTrue(derived.out().contains("entries: 72 = 0 used") && derived.out().contains("MongoDB's own namespaces")
        && derived.out().contains("no operation derived"), derived.out());
  }

  /**
   * Imports the stand-in collections into a new database and runs the application in both modes: no error, every
   * collection listed with a line of its own, MongoDB's figures beside the measured ones.
   */
  private JsonNode runApplication(Path wl, String name) throws IOException {
    String url = TestDatabase.newDatabaseUrl(name);
    CliTester.Result imported = CliTester.run("--url", url, "-U", "postgres", "import", wl.resolve("stand-in").toString());
    assertEquals(0, imported.exitCode(), imported.all());
    Path json = dir.resolve(name + ".json");
    // 300 executions a phase: the rarest reads checked (hatchet-replica's, 5% of its weight) run in the two phases
    // but for a chance of 2e-14; hatchet-sample's inserts of 1,000 documents each (37%) made 800 take minutes
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", wl.toString(), "--warmup",
        "0", "--threads", "2", "--ops", "300", "--mode", "prepared,plain", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("\nMongoDB recorded vs measured here:\n"), r.out());
    JsonNode result = new ObjectMapper().readTree(Files.readString(json));
    assertEquals(2, result.get("phases").size(), "prepared and plain");
    for (JsonNode phase : result.get("phases")) {
      assertEquals(0, phase.get("stats").get("total").get("errorCount").asLong(), phase.get("stats").toString());
    }
    int collections = result.get("collections").size();
    assertTrue(collections > 0, result.toString());
    assertEquals(2 * collections, result.get("mongodbCollections").size(), "a line per collection in each phase");
    for (JsonNode row : result.get("mongodbCollections")) {
      String table = row.get("collection").asText();
      assertTrue(row.get("mongoEntries").asLong() > 0 && row.get("skipped").isNull(), row.toString());
      assertTrue(r.out().lines().anyMatch(l -> l.startsWith(table + " ")), table + ": a line per collection");
    }
    assertTrue(result.get("mongodbComparison").size() > 0, "MongoDB's figures beside the measured ones");
    return result;
  }

  /** The rows the reads (finds, counts, aggregates) returned, over both phases. */
  private static long rowsRead(JsonNode result) {
    long rows = 0;
    for (JsonNode phase : result.get("phases")) {
      for (JsonNode op : phase.get("stats").get("operations")) {
        String name = op.get("name").asText();
        if (name.matches(".*\\.(find|count|aggregate)_.*")) {
          rows += op.get("rows").asLong();
        }
      }
    }
    return rows;
  }
}
