package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.dump.Corpus;
import stress.testing.TestDatabase;
import stress.workload.WorkloadFile;
import stress.model.TableName;

/**
 * Every shipped MongoDB-style example, its data imported into PostgreSQL and into a MongoDB server (STRESS_MONGODB_URL;
 * .ci/ferretdb.sh starts FerretDB), compared in one command ({@code run --against}): no failed execution on either
 * target, and every operation of the file either measured on both or left out with the server's own refusal or the
 * first difference of its answers.
 */
class ExamplesAgainstMongoIT {
  @TempDir
  Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "orders-mongo, stress_orders, stress.orders, datasets/sample-large",
      "orders-aggregate, stress_orders, stress.orders, datasets/sample-large",
      "check-in-mongo, stress_check_in, stress.check_in, generate",
      "sample-analytics-accounts, sample_analytics_accounts, sample_analytics.accounts,"
          + " corpus:atlas-sample-mcampo2/sample_analytics/accounts.bson",
      "sample-geospatial-shipwrecks, sample_geospatial_shipwrecks, sample_geospatial.shipwrecks,"
          + " corpus:atlas-sample-mcampo2/sample_geospatial/shipwrecks.bson",
      "sample-analytics-aggregate, sample_analytics_accounts, sample_analytics.accounts,"
          + " corpus:atlas-sample-mcampo2/sample_analytics",
      "northwind-orders-aggregate, sample_Northwind_Orders, sample_Northwind.Orders, corpus:northwind/sample_Northwind",
      "sample-training-zips-aggregate, sample_training_zips, sample_training.zips,"
          + " corpus:atlas-sample-mcampo2/sample_training/zips.bson",
  })
  void theExampleIsComparedWithoutFailedExecutions(String workload, String table, String namespace, String data)
      throws Exception {
    String mongo = System.getenv("STRESS_MONGODB_URL");
    assumeTrue(mongo != null && !mongo.isBlank(),
        "MongoDB-target tests SKIPPED: STRESS_MONGODB_URL is not set (.ci/ferretdb.sh starts FerretDB)");
    Path source = Path.of(data);
    if (data.equals("generate")) {
      source = dir.resolve("dump");
      CliTester.Result generated = CliTester.run("generate", "--docs", "5000", "--out", source.toString());
      assertEquals(0, generated.exitCode(), generated.all());
    } else if (data.startsWith("corpus:")) {
      assumeTrue(Corpus.find().isPresent(), Corpus.whereLooked() + "; " + workload + " skipped");
      source = Corpus.find().get().resolve(data.substring("corpus:".length()));
    }
    String database = "ex_" + workload.replace('-', '_');
    String url = TestDatabase.newDatabaseUrl(database);
    CliTester.Result imported = CliTester.run("--url", url, "-U", "postgres", "import", source.toString());
    assertEquals(0, imported.exitCode(), imported.all());
    // the dump's own namespace on the server (each example loads it afresh); its own database on PostgreSQL
    CliTester.Result loaded = CliTester.run("import", source.toString(), "--to", mongo, "--drop-existing");
    assertEquals(0, loaded.exitCode(), loaded.all());
    assertTrue(loaded.out().contains(namespace + ": "), loaded.out());

    Path json = dir.resolve("result.json");
    String file = "config/workloads/" + workload + ".yaml";
    CliTester.Result both = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", file, "--table", TableName.typed(table),
        "--against", mongo, "--collection", namespace, "--duration", "2s", "--warmup", "0", "--threads", "2",
        "--statement-timeout", "15s", "--json", json.toString());
    java.util.List<String> operations = new java.util.ArrayList<>(WorkloadFile.load(Path.of(file)).operations().keySet());
    if (both.err().contains("--against: nothing is left to compare")) {
      assertEquals(1, both.exitCode(), both.all()); // nothing measured: each is named with the server's error or
      // the first difference of its answers
      operations.forEach(op -> assertTrue(both.out().contains("\n  " + op + ": refused by MongoDB: error ")
          || both.out().contains("\n  " + op + ": did not finish on MongoDB within")
          || both.out().contains("\n  " + op + ": different at draw "), op + ": " + both.out()));
      return;
    }
    if (both.exitCode() == 1 && both.all().contains("no execution ended within the measured time of any phase")) {
      // a slow server (FerretDB's pipelines on a busy host) may finish no execution in a 2-s phase: the run says so
      // and fails none; what the example checks is then the answers before measuring, compared above
      assertTrue(both.out().contains("errors: none") || !both.out().contains("errors:"), both.out());
      return;
    }
    assertEquals(0, both.exitCode(), both.all());
    assertTrue(both.out().contains("PostgreSQL and MongoDB compared"), both.out());
    java.nio.file.Files.writeString(Path.of("target", "examples-against-" + workload + ".txt"), both.out());
    JsonNode result = new ObjectMapper().readTree(json.toFile());
    Set<String> measured = new TreeSet<>();
    for (JsonNode phase : result.get("phases")) {
      assertEquals(0, phase.get("stats").get("total").get("errorCount").asLong(), workload + ": " + phase);
      phase.get("stats").get("operations").forEach(op -> measured.add(op.get("name").asText()));
    }
    JsonNode leftOut = result.get("settings").get("left out on every target (they cannot be compared)");
    for (String op : operations) {
      boolean refused = leftOut != null && leftOut.has(op);
      assertTrue(measured.contains(op) != refused, workload + ": " + op + " is measured on both or left out: "
          + both.out());
      if (refused) {
        String why = leftOut.get(op).asText();
        assertTrue(why.startsWith(op + ": refused by MongoDB: error ") || why.startsWith(op + ": different at draw ")
            || why.startsWith(op + ": did not finish on MongoDB within 15000 ms"), leftOut.toString());
      }
    }
  }
}
