package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import stress.dump.Corpus;
import stress.testing.TestDatabase;
import stress.model.TableName;
import stress.workload.WorkloadFile;

/**
 * Every workload example in config/workloads runs on the embedded PostgreSQL, over the data it is written for, in
 * both statement modes, without an error and with every operation executed; where it writes, the change on the
 * server is exactly what the operations say. Each example's data is set up (init or import) once, in the class's one
 * instance, and both modes run on it; every check is taken around its own run.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkloadExamplesTest {
  /** Example file → what it runs on: "init" (stress init), a repository dump, or a file of the shared corpus. */
  private static final Map<String, String> DATA = Map.of(
      "own-workload.yaml", "init",
      "check-in-by-user.yaml", "init",
      "check-in-mongo.yaml", "init",
      "orders-mongo.yaml", "datasets/sample-large",
      "sample-analytics-accounts.yaml", "corpus:atlas-sample-mcampo2/sample_analytics/accounts.bson",
      "sample-geospatial-shipwrecks.yaml", "corpus:atlas-sample-mcampo2/sample_geospatial/shipwrecks.bson",
      "orders-aggregate.yaml", "datasets/sample-large",
      "sample-analytics-aggregate.yaml", "corpus:atlas-sample-mcampo2/sample_analytics",
      "northwind-orders-aggregate.yaml", "corpus:northwind/sample_Northwind",
      "sample-training-zips-aggregate.yaml", "corpus:atlas-sample-mcampo2/sample_training/zips.bson");
  private static final Map<String, String> TABLE = Map.of(
      "orders-mongo.yaml", "stress_orders",
      "sample-analytics-accounts.yaml", "sample_analytics_accounts",
      "sample-geospatial-shipwrecks.yaml", "sample_geospatial_shipwrecks",
      "orders-aggregate.yaml", "stress_orders",
      "sample-analytics-aggregate.yaml", "sample_analytics_accounts",
      "northwind-orders-aggregate.yaml", "sample_Northwind_Orders",
      "sample-training-zips-aggregate.yaml", "sample_training_zips");

  @TempDir
  Path dir;

  @Test
  void everyExampleIsCovered() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("config/workloads"))) {
      TreeSet<String> names = new TreeSet<>(files.map(p -> p.getFileName().toString()).toList());
      assertEquals(new TreeSet<>(DATA.keySet()), names, "each example in config/workloads needs its data here");
    }
  }

  static Stream<String[]> examples() {
    return DATA.keySet().stream().sorted().flatMap(f -> Stream.of(new String[] {f, "prepared"}, new String[] {f, "plain"}));
  }

  /**
   * The executions of an example's run: the fewest, in tens and at least 50, that run each of its operations but for
   * a chance of 3e-8 in all (an operation of share p of the weight is left out of N executions with chance
   * (1 - p)^N). The pipelines over whole collections (zips, shipwrecks, Northwind) take seconds each on a busy
   * machine: 600 executions of them, as every example once had, took minutes and checked nothing more.
   */
  static int executions(String example) {
    Map<String, Integer> weights = WorkloadFile.load(Path.of("config/workloads", example)).weights();
    double total = weights.values().stream().mapToInt(Integer::intValue).sum();
    for (int executions = 50; ; executions += 10) {
      double missed = 0;
      for (int weight : weights.values()) {
        missed += Math.pow(1 - weight / total, executions);
      }
      if (missed <= 3e-8) {
        return executions;
      }
    }
  }

  /** The database of the key layout's table (init --distribute-by u), set up by the first of its two runs. */
  private String keyLayout;

  /** Each example's database, set up by whichever of its two runs comes first. */
  private final Map<String, String> databases = new HashMap<>();

  private String database(String example) {
    String url = databases.get(example);
    if (url != null) {
      return url;
    }
    url = TestDatabase.newDatabaseUrl("examples");
    String data = DATA.get(example);
    CliTester.Result setup;
    if (data.equals("init")) {
      setup = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "3000");
    } else if (data.startsWith("corpus:")) {
      Path corpus = Corpus.find().orElse(null);
      assumeTrue(corpus != null, Corpus.whereLooked() + "; " + example + " needs that dump");
      setup = CliTester.run("--url", url, "-U", "postgres", "import", corpus.resolve(data.substring(7)).toString());
    } else {
      setup = CliTester.run("--url", url, "-U", "postgres", "import", data);
    }
    assertEquals(0, setup.exitCode(), setup.all());
    databases.put(example, url);
    return url;
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("examples")
  void runsWithoutErrorsAndChangesWhatItSays(String example, String mode) throws IOException, SQLException {
    String url = database(example);
    String table = TABLE.getOrDefault(example, "check_in");
    // what the run may change, read just before it: the other mode's run may have written to the same data
    long before = TestDatabase.count(url, "SELECT count(*) FROM \"" + table + "\"");
    String limits = "SELECT coalesce(sum((data->>'limit')::bigint), 0) FROM " + table;
    long limitsBefore = example.equals("sample-analytics-accounts.yaml") ? TestDatabase.count(url, limits) : 0;
    String visits = "SELECT coalesce(sum((data->>'visits')::int), 0) FROM check_in";
    long visitsBefore = example.equals("check-in-mongo.yaml") ? TestDatabase.count(url, visits) : 0;
    String statusChanges = "SELECT coalesce(sum((data->>'statusChanges')::int), 0) FROM stress_orders";
    long statusChangesBefore = example.equals("orders-mongo.yaml") ? TestDatabase.count(url, statusChanges) : 0;
    Path json = dir.resolve(example + "-" + mode + ".json");
    List<String> args = new ArrayList<>(List.of("--url", url, "-U", "postgres", "run", "--json", json.toString(),
        "--warmup", "0", "--workload", "config/workloads/" + example, "--table", TableName.typed(table), "--mode", mode,
        "--threads", "2", "--ops", Integer.toString(executions(example))));
    CliTester.Result r = CliTester.run(args.toArray(String[]::new));
    assertEquals(0, r.exitCode(), r.all());
    if (example.endsWith("-aggregate.yaml")) {
      assertTrue(r.all().contains(" jit=off"), "a run of pipelines turns PostgreSQL's JIT off, and says so: " + r.all());
    }
    JsonNode stats = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0).get("stats");
    assertEquals(0, stats.get("total").get("errorCount").asLong(), stats.toString());
    Map<String, Long> counts = new HashMap<>();
    for (JsonNode op : stats.get("operations")) {
      counts.put(op.get("name").asText(), op.get("count").asLong());
      assertTrue(op.get("count").asLong() > 0, op.get("name").asText() + " ran");
    }
    switch (example) {
      case "check-in-mongo.yaml" -> {
        assertEquals(counts.get("visit"), TestDatabase.count(url, visits) - visitsBefore,
            "each visit added exactly 1 to one document's visits");
        assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM check_in WHERE data ?? 'visits' AND NOT"
            + " (data->'last_visit'->>'$date')::timestamptz BETWEEN '2024-01-01Z' AND '2025-01-01Z'"));
      }
      case "orders-mongo.yaml" -> {
        assertEquals(counts.get("change_status"), TestDatabase.count(url, statusChanges) - statusChangesBefore,
            "each change_status added exactly 1 to one order's statusChanges");
        assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM stress_orders WHERE data ?? 'statusChanges' AND"
            + " NOT (data->>'status' IN ('paid', 'shipped', 'delivered') AND (data->'updatedAt'->>'$date') >= '2024')"));
      }
      case "sample-analytics-accounts.yaml" -> assertEquals(counts.get("raise_limit") * 500,
          TestDatabase.count(url, limits) - limitsBefore, "each raise_limit added exactly 500 to one account");
      default -> { }
    }
    assertEquals(before, TestDatabase.count(url, "SELECT count(*) FROM \"" + table + "\""), "no document added or lost");
  }

  /**
   * own-workload.yaml on a table laid out by a key (init --distribute-by u): its copy writes the key column too, so
   * on a cluster the row is placed and its NOT NULL key holds; here each copied row's key equals its document's.
   */
  @ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.ValueSource(strings = {"prepared", "plain"})
  void ownWorkloadCopiesTheKeyColumnOfAKeyLayout(String mode) throws SQLException {
    if (keyLayout == null) { // one table laid out by u for both modes
      String url = TestDatabase.newDatabaseUrl("examples_key");
      CliTester.Result setup = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "3000",
          "--distribute-by", "u");
      assertEquals(0, setup.exitCode(), setup.all());
      keyLayout = url;
    }
    String url = keyLayout;
    // only this run's copies are checked: the other mode's run may have copied rows already
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("TRUNCATE check_in_copy");
    }
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--warmup", "0", "--workload",
        "config/workloads/own-workload.yaml", "--op", "copy_one", "--mode", mode, "--threads", "2", "--ops", "200");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(TestDatabase.count(url, "SELECT count(*) FROM check_in_copy") > 0, r.all());
    assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM check_in_copy WHERE u IS DISTINCT FROM"
        + " CAST(data ->> 'u' AS bigint)"), "every copied row keeps its document's key");
  }
}
