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
    CliTester.Result derived = CliTester.run("workload", "--from-log", LOG, "--out", workloads.toString());
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
    assertEquals(24, operations, "every operation of the application was accounted for");
    assertTrue(measured.size() >= 20, "most of the application ran on both: " + measured);
  }
}
