package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.Corpus;
import stress.testing.TestDatabase;
import stress.model.TableName;

/**
 * A synthetic 8.0 log over the shared dev corpus's namespaces: its workloads, derived, run on the corpus imported
 * with no error, and every run shows MongoDB's figures beside the measured ones in the text, the JSON and the report.
 */
class DevCorpusLogRunTest {
  private static final String LOG = "src/test/resources/mongolog/dev-corpus-mongod.log";
  /** Each derived file (named as import names the collection's table) and its operations. */
  private static final Map<String, Integer> FILES = Map.of("sample_analytics_customers", 5,
      "sample_analytics_accounts", 5, "sample_training_zips", 5, "sample_Northwind_Orders", 5,
      "sample_geospatial_shipwrecks", 2, "sample_examples_bios", 2);

  @TempDir
  Path dir;

  @Test
  void everyEntryIsAccountedFor() {
    CliTester.Result derived = CliTester.run("workload", "--from-log", LOG, "--out", dir.toString());
    assertEquals(0, derived.exitCode(), derived.all());
    assertTrue(derived.out().contains("entries: 411 = 381 used + 1 getMore folded into the find or aggregate they"
        + " continue + 29 skipped"), derived.out());
    assertTrue(derived.out().contains(LOG + ":208: not a JSON object"), "the damaged line is named: " + derived.out());
    FILES.forEach((table, operations) -> assertTrue(Files.exists(dir.resolve(table + ".yaml")), table));
  }

  @Test
  void theDerivedWorkloadsRunOnTheImportedCorpusShowingBothSides() throws Exception {
    CliTester.Result derived = CliTester.run("workload", "--from-log", LOG, "--out", dir.toString());
    assertEquals(0, derived.exitCode(), derived.all());
    String url = importedCorpus();
    for (Map.Entry<String, Integer> file : FILES.entrySet()) {
      String table = file.getKey();
      Path json = dir.resolve(table + ".json");
      Path out = dir.resolve(table + "-out");
      // the rarest operation has weight 2 of 71 (zips): 600 executions run it but for a chance of 3e-8
      CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload",
          dir.resolve(table + ".yaml").toString(), "--table", TableName.typed(table), "--warmup", "0", "--threads", "2", "--ops", "600",
          "--mode", "prepared,plain", "--json", json.toString(), "--out", out.toString());
      assertEquals(0, r.exitCode(), table + ": " + r.all());
      assertTrue(r.out().contains("\nMongoDB recorded vs measured here:\n"), table + ": " + r.out());
      JsonNode result = new ObjectMapper().readTree(Files.readString(json));
      for (JsonNode phase : result.get("phases")) {
        assertEquals(0, phase.get("stats").get("total").get("errorCount").asLong(), table + ": " + phase);
      }
      assertEquals(file.getValue(), result.get("recorded").size(), table);
      assertEquals(2 * file.getValue(), result.get("mongodbComparison").size(), table + ": both phases");
      for (JsonNode row : result.get("mongodbComparison")) {
        assertTrue(row.get("count").asLong() > 0 && row.get("mongoEntries").asLong() > 0, table + ": " + row);
        assertTrue(row.get("mongoPlan").asText().matches("(EXPRESS_IDHACK|IXSCAN \\{ .* }|COLLSCAN)"), row.toString());
      }
      String page = Files.readString(out.resolve("report.html"));
      assertTrue(page.contains("<section id=\"mongodb\">"), table);
    }
  }

  /** The six collections as one application: one phase each mode, every operation run, a line per collection. */
  @Test
  void theDerivedDirectoryRunsAsOneApplication() throws Exception {
    CliTester.Result derived = CliTester.run("workload", "--from-log", LOG, "--out", dir.toString());
    assertEquals(0, derived.exitCode(), derived.all());
    String url = importedCorpus();
    Path json = dir.resolve("application.json");
    // 24 operations of 381 statements, the rarest of weight 2: 3000 executions run it but for a chance of 1e-7
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", dir.toString(), "--warmup",
        "0", "--threads", "2", "--ops", "3000", "--mode", "prepared,plain", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    JsonNode result = new ObjectMapper().readTree(Files.readString(json));
    assertEquals(2, result.get("phases").size());
    int operations = FILES.values().stream().mapToInt(Integer::intValue).sum();
    for (JsonNode phase : result.get("phases")) {
      assertEquals(0, phase.get("stats").get("total").get("errorCount").asLong(), phase.toString());
      assertEquals(operations, phase.get("stats").get("operations").size(), "every operation ran");
    }
    assertEquals(2 * operations, result.get("mongodbComparison").size());
    assertEquals(2 * FILES.size(), result.get("mongodbCollections").size());
    for (JsonNode row : result.get("mongodbCollections")) {
      assertTrue(FILES.containsKey(row.get("collection").asText()) && row.get("count").asLong() > 0
          && row.get("mongoEntries").asLong() > 0, row.toString());
    }
    FILES.keySet().forEach(table -> assertTrue(r.out().lines().anyMatch(l -> l.startsWith(table + " ")), table
        + ": a line per collection: " + r.out()));
  }

  private static String url;

  /** The dev corpus's collections the log names, imported once for the tests of this class. */
  private static synchronized String importedCorpus() {
    if (url == null) {
      Path corpus = Corpus.root();
      String fresh = TestDatabase.newDatabaseUrl("devcorpuslog");
      for (String[] dump : new String[][] {{"atlas-sample-mcampo2",
          "sample_analytics,sample_training,sample_geospatial"}, {"northwind", "sample_Northwind"},
          {"mongo-mongoose", "sample_examples"}}) {
        CliTester.Result imported = CliTester.run("--url", fresh, "-U", "postgres", "import",
            corpus.resolve(dump[0]).toString(), "--db", dump[1]);
        assertEquals(0, imported.exitCode(), imported.all());
      }
      url = fresh;
    }
    return url;
  }
}
