package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.Corpus;
import stress.testing.TestDatabase;
import stress.workload.Application;

/**
 * The application derived from the dev-corpus log ({@code workload --from-log}), its collections imported into
 * PostgreSQL and into a MongoDB server under the log's namespaces, compared in one command ({@code run --workload DIR
 * --against URL}): no failed execution on either target; each operation measured on both, or left out with the
 * server's own refusal.
 */
class ApplicationAgainstMongoIT {
  private static final String LOG = "src/test/resources/mongolog/dev-corpus-mongod.log";

  @TempDir
  Path dir;

  @Test
  void theDerivedApplicationRunsOnBothTargetsInOneCommand() throws Exception {
    String mongo = System.getenv("STRESS_MONGODB_URL");
    assumeTrue(mongo != null && !mongo.isBlank(),
        "MongoDB-target tests SKIPPED: STRESS_MONGODB_URL is not set (.ci/ferretdb.sh starts FerretDB)");
    assumeTrue(Corpus.find().isPresent(), Corpus.whereLooked() + "; the dev-corpus application skipped");
    Path corpus = Corpus.root();
    String url = TestDatabase.newDatabaseUrl("app_against");
    for (String[] dump : new String[][] {{"atlas-sample-mcampo2", "sample_analytics,sample_training,sample_geospatial"},
        {"northwind", "sample_Northwind"}, {"mongo-mongoose", "sample_examples"}}) {
      CliTester.Result imported = CliTester.run("--url", url, "-U", "postgres", "import",
          corpus.resolve(dump[0]).toString(), "--db", dump[1]);
      assertEquals(0, imported.exitCode(), imported.all());
      CliTester.Result loaded = CliTester.run("import", corpus.resolve(dump[0]).toString(), "--db", dump[1], "--to",
          mongo, "--drop-existing");
      assertEquals(0, loaded.exitCode(), loaded.all());
    }
    Path workloads = dir.resolve("wl");
    // with the dump, the inserts of sample_analytics.customers (ObjectId keys) are derived too
    CliTester.Result derived = CliTester.run("workload", "--from-log", LOG, "--out", workloads.toString(), "--dump",
        corpus.resolve("atlas-sample-mcampo2").toString());
    assertEquals(0, derived.exitCode(), derived.all());

    Path json = dir.resolve("both.json");
    CliTester.Result both = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", workloads.toString(),
        "--against", mongo, "--threads", "2", "--duration", "2s", "--warmup", "0", "--json", json.toString());
    assertEquals(0, both.exitCode(), both.all());
    assertTrue(both.out().contains("PostgreSQL and MongoDB compared"), both.out());
    JsonNode result = new ObjectMapper().readTree(json.toFile());
    assertTrue(result.get("settings").get("compared targets").asText().contains("collections sample_Northwind.Orders,"
        + " sample_analytics.accounts, sample_analytics.customers"), result.get("settings").toString());
    Set<String> measured = new TreeSet<>();
    Set<String> targets = new TreeSet<>();
    for (JsonNode phase : result.get("phases")) {
      assertEquals(0, phase.get("stats").get("total").get("errorCount").asLong(), phase.toString());
      phase.get("stats").get("operations").forEach(op -> measured.add(op.get("name").asText()));
      targets.add(phase.get("combination").get("target").asText());
    }
    assertEquals(Set.of("mongodb", "postgresql"), targets);
    JsonNode leftOut = result.get("settings").get("left out on every target (they cannot be compared)");
    Application application = Application.load(workloads);
    int operations = 0;
    for (String op : application.merged().operations().keySet()) {
      operations++;
      boolean refused = leftOut != null && leftOut.has(op);
      assertTrue(measured.contains(op) != refused, op + " is measured on both or left out: " + both.out());
      if (refused) {
        assertTrue(leftOut.get(op).asText().matches(".*: (refused by MongoDB: error \\d+ \\(\\w+\\)|different at draw"
            + " \\d+ of \\d+|did not finish on MongoDB within \\d+ ms).*"), leftOut.toString());
      }
    }
    assertEquals(25, operations, "every operation of the application was accounted for");
    assertTrue(measured.size() >= 20, "most of the application ran on both: " + measured);
    assertTrue(leftOut == null || !leftOut.has("sample_analytics_customers.insert_one"), leftOut + "");

    // its inserts on both targets, beside a lookup by key, in two rounds, on the customers loaded afresh on both (the
    // run above inserted a different number on each): new ObjectIds collide with nothing, and the lookups find on
    // MongoDB every key drawn though the table gains documents the collection does not hold
    Path customers = corpus.resolve("atlas-sample-mcampo2/sample_analytics/customers.bson");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "import", customers.toString(), "--db",
        "sample_analytics", "--drop-existing").exitCode());
    assertEquals(0, CliTester.run("import", customers.toString(), "--db", "sample_analytics", "--to", mongo,
        "--drop-existing").exitCode());
    Path inserts = dir.resolve("inserts.json");
    CliTester.Result written = CliTester.run("--url", url, "-U", "postgres", "run", "--workload",
        workloads.resolve("sample_analytics_customers.yaml").toString(), "--op", "insert_one,find_id", "--table",
        "sample_analytics_customers", "--against", mongo, "--collection", "sample_analytics.customers", "--threads",
        "2", "--duration", "1s", "--warmup", "0", "--rounds", "2", "--json", inserts.toString());
    assertEquals(0, written.exitCode(), written.all());
    assertTrue(written.out().contains("new keys: fresh ObjectIds"), written.out());
    for (JsonNode phase : new ObjectMapper().readTree(inserts.toFile()).get("phases")) {
      String target = phase.get("combination").get("target").asText();
      for (JsonNode op : phase.get("stats").get("operations")) {
        assertTrue(op.get("count").asLong() > 0 && op.get("errorCount").asLong() == 0, target + ": " + op);
        assertEquals(op.get("count").asLong(), op.get("rows").asLong(), target + ": every insert wrote one document"
            + " and every lookup found one: " + op);
      }
    }
  }
}
