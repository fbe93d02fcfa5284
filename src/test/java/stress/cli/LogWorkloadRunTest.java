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
  void aDirectoryWithFilesIsRefusedUnlessForceClearsIt() throws Exception {
    String log = "src/test/resources/mongolog/stress-orders-mongod.log";
    Path out = dir.resolve("wl");
    Files.createDirectories(out);
    Files.writeString(out.resolve("old_collection.yaml"), "operations: []\n");
    CliTester.Result refused = CliTester.run("workload", "--from-log", log, "--out", out.toString());
    assertEquals(2, refused.exitCode(), refused.all());
    assertEquals("stress: --out " + out + " holds 1 entry (old_collection.yaml), from an earlier derivation or not:"
        + " give a new or empty directory, or --force to clear it first", refused.err().strip());
    CliTester.Result forced = CliTester.run("workload", "--from-log", log, "--out", out.toString(), "--force");
    assertEquals(0, forced.exitCode(), forced.all());
    assertTrue(Files.exists(out.resolve("stress_orders.yaml")), forced.all());
    assertTrue(Files.notExists(out.resolve("old_collection.yaml")), "the earlier file is gone");
  }

  @Test
  void theDerivedWorkloadRunsOnTheImportedCollection() throws Exception {
    CliTester.Result derived = CliTester.run("workload", "--from-log", "src/test/resources/mongolog/stress-orders-mongod.log",
        "--out", dir.resolve("wl").toString(), "--dump", "datasets/sample-large");
    assertEquals(0, derived.exitCode(), derived.all());
    assertTrue(derived.all().contains("entries: 105 = 90 used + 1 getMore folded into the find or aggregate they"
        + " continue + 14 skipped"), "the insert writes the collection's first document: " + derived.all());
    Path file = dir.resolve("wl/stress_orders.yaml");
    String url = TestDatabase.newDatabaseUrl("fromlog");
    CliTester.Result setup = CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large");
    assertEquals(0, setup.exitCode(), setup.all());
    Path json = dir.resolve("result.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", file.toString(),
        "--table", "stress_orders", "--warmup", "0", "--threads", "2", "--ops", "2000", "--mode", "prepared,plain",
        "--json", json.toString(), "--out", dir.resolve("out").toString());
    assertEquals(0, r.exitCode(), r.all());
    String text = r.out();
    assertTrue(text.contains("\nMongoDB recorded vs measured here:\n"), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("find_status_createdAt_gte +20 +3 +6 +[0-9]+ .* x[0-9.]+ +x[0-9.]+ +IXSCAN"
        + " \\{ status: 1, createdAt: -1 } +index: none; whole table read: public.stress_orders \\((Parallel )?Seq"
        + " Scan\\)")), "MongoDB's figures and plan beside the measured ones and this plan: " + text);
    assertTrue(text.contains("find_status_createdAt_gte: MongoDB read an index (IXSCAN { status: 1, createdAt: -1 }),"
        + " this reads the whole table: it lacks {gin: data}, {path: createdAt, type: date}, {path: [status, createdAt],"
        + " type: [string, date]}; 'stress index --suggest --workload " + file + " --table stress_orders' builds them"),
        "the missing indexes named, with the command that builds them: " + text);
    JsonNode result = new ObjectMapper().readTree(Files.readString(json));
    assertEquals(8, result.get("recorded").size());
    assertEquals(16, result.get("mongodbComparison").size(), "8 operations in 2 phases");
    for (JsonNode row : result.get("mongodbComparison")) {
      assertTrue(row.get("count").asLong() > 0 && row.get("mongoEntries").asLong() > 0, row.toString());
    }
    String page = Files.readString(dir.resolve("out").resolve("report.html"));
    assertTrue(page.contains("<section id=\"mongodb\">") && page.contains("IXSCAN { status: 1, createdAt: -1 }"));
    for (JsonNode phase : result.get("phases")) {
      JsonNode stats = phase.get("stats");
      assertEquals(0, stats.get("total").get("errorCount").asLong(), stats.toString());
      // the rarest operations have weight 1 of 90: 2000 executions run each with certainty (p of none ~ 2e-10)
      assertEquals(8, stats.get("operations").size(), "every derived operation ran, the insert too: " + stats);
    }
  }
}
