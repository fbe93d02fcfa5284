package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * {@code stress analyze --shard-key} on the 500 generated orders of datasets/sample-large: the share of a workload's
 * weight that goes to one shard is exactly the weight of the operations whose filters pin the path, form by form;
 * the figures equal counts the test asks the server for in its own words; nothing is written to the target.
 */
class ShardKeyAnalysisTest {
  /** Each operation's weight is a different prime, so every sum below names exactly the operations it adds. */
  private static final String WORKLOAD = """
      operations:
        by_customer:
          weight: 3
          find: {filter: {customer.customerId: ":c"}}
          params:
            c: {choice: [1, 2]}
        by_customer_in_and:
          weight: 5
          find: {filter: {$and: [{status: paid}, {customer.customerId: {$in: [10000000001]}}]}}
        two_customers:
          weight: 7
          countDocuments: {filter: {customer.customerId: {$in: [10000000001, 10000000002]}}}
        customer_pipeline:
          weight: 11
          aggregate:
            pipeline:
              - {$match: {customer.customerId: 10000000001}}
              - {$group: {_id: "$status", n: {$sum: 1}}}
        late_match:
          weight: 13
          aggregate:
            pipeline:
              - {$sort: {createdAt: -1}}
              - {$match: {customer.customerId: 10000000001}}
        either:
          weight: 17
          find: {filter: {$or: [{customer.customerId: 1}, {customer.customerId: 2}]}}
        move_customer:
          weight: 19
          updateOne: {filter: {customer.customerId: 10000000001}, update: {$set: {customer.customerId: 10000000002}}}
        replace_customer:
          weight: 23
          updateMany: {filter: {status: placed}, update: {$set: {customer: {customerId: 1}}}}
        drop_one:
          weight: 29
          deleteOne: {filter: {_id: 5}}
        add_one:
          weight: 31
          insertOne: {document: {_id: ":id", status: placed}}
          params:
            id: new_key
        by_sql:
          weight: 37
          sql: SELECT count(*) FROM {table}
      """;
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void importOrders() {
    url = TestDatabase.newDatabaseUrl("shardkey");
    CliTester.Result imported = CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large");
    assertEquals(0, imported.exitCode(), imported.all());
  }

  @Test
  void theSharesAreTheWeightsOfTheOperationsThatPinThePath() throws Exception {
    Path file = dir.resolve("forms.yaml");
    Files.writeString(file, WORKLOAD);
    JsonNode json = analyze(file, "--shard-key", "customer.customerId,status");
    JsonNode customer = json.get("candidates").get(0);
    assertEquals("customer.customerId", customer.get("path").asText());
    JsonNode reads = customer.get("readDistribution");
    assertEquals(3 + 5 + 7 + 11 + 13 + 17, reads.get("weight").asLong());
    assertBucket(reads.get("singleShard"), 3 + 5 + 11, "by_customer", "by_customer_in_and", "customer_pipeline");
    assertBucket(reads.get("multiShard"), 7, "two_customers");
    assertBucket(reads.get("scatterGather"), 13 + 17, "late_match", "either");
    JsonNode writes = customer.get("writeDistribution");
    assertEquals(19 + 23 + 29, writes.get("weight").asLong());
    assertBucket(writes.get("singleShard"), 19, "move_customer");
    assertBucket(writes.get("scatterGather"), 23 + 29, "replace_customer", "drop_one");
    assertBucket(writes.get("shardKeyUpdates"), 19 + 23, "move_customer", "replace_customer");
    JsonNode both = customer.get("readsAndWrites");
    assertEquals((double) (3 + 5 + 11 + 19) / (56 + 71), both.get("singleShard").get("share").asDouble(), 1e-12);
    assertBucket(customer.get("inserts"), 31, "add_one");
    assertBucket(customer.get("notRead"), 37, "by_sql");

    JsonNode status = json.get("candidates").get(1);
    assertBucket(status.get("readDistribution").get("singleShard"), 5, "by_customer_in_and");
    assertBucket(status.get("writeDistribution").get("singleShard"), 23, "replace_customer");
    assertBucket(status.get("writeDistribution").get("shardKeyUpdates"), 0);
    assertEquals("customer.customerId", json.get("best").asText());
  }

  @Test
  void withoutCandidatesThePinnedPathsAreRankedWithTheirReasons() throws Exception {
    Path file = dir.resolve("forms.yaml");
    Files.writeString(file, WORKLOAD);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "analyze", "--table", "stress_orders",
        "--workload", file.toString(), "--shard-key");
    assertEquals(0, r.exitCode(), r.all());
    // one shard for 38, 29 and 28 of the 127 weight of reads and writes
    assertTrue(r.out().contains("  1. customer.customerId: one shard for 29.9% of the reads' and writes' weight"), r.all());
    assertTrue(r.out().contains("  2. _id: one shard for 22.8%"), r.all());
    assertTrue(r.out().contains("; below customer.customerId: one shard for 22.8% of the weight against 29.9%"), r.all());
    assertTrue(r.out().contains("  3. status: one shard for 22.0%"), r.all());
    assertTrue(r.out().contains("best candidate: customer.customerId"), r.all());
    assertTrue(r.out().contains("read only: nothing is written"), r.all());
  }

  @Test
  void theShippedOrdersWorkloadSendsItsCustomerFindsToOneShard() throws Exception {
    JsonNode json = analyze(Path.of("config/workloads/orders-mongo.yaml"), "--shard-key", "customer.customerId");
    JsonNode both = json.get("candidates").get(0).get("readsAndWrites");
    // customer_since (weight 40 of 100) pins customer.customerId; the others filter by status or _id
    assertBucket(both.get("singleShard"), 40, "customer_since");
    assertEquals(0.4, both.get("singleShard").get("share").asDouble(), 0);
    assertEquals(100, both.get("weight").asLong());
  }

  @Test
  void theFiguresAreTheServersOwnCounts() throws Exception {
    JsonNode json = analyze(Path.of("config/workloads/orders-mongo.yaml"), "--shard-key",
        "customer.customerId,status,items.category,payment.card.brand,customer,_id", "--top", "3");
    JsonNode customer = characteristics(json, 0);
    assertEquals(sql("SELECT count(DISTINCT data -> 'customer' -> 'customerId') FROM stress_orders"),
        customer.get("numDistinctValues").asLong());
    assertEquals("not monotonic", customer.get("monotonicity").get("type").asText());
    JsonNode status = characteristics(json, 1);
    assertEquals(sql("SELECT count(DISTINCT data ->> 'status') FROM stress_orders"),
        status.get("numDistinctValues").asLong());
    List<String> expected = rows("SELECT data ->> 'status', count(*) FROM stress_orders GROUP BY 1"
        + " ORDER BY 2 DESC, 1 LIMIT 3");
    List<String> found = new ArrayList<>();
    for (JsonNode v : status.get("mostCommonValues")) {
      found.add(v.get("value").asText() + "=" + v.get("frequency").asLong());
    }
    assertEquals(expected, found);
    JsonNode items = characteristics(json, 2);
    assertEquals(sql("SELECT count(*) FROM stress_orders WHERE jsonb_typeof(data -> 'items') = 'array'"),
        items.get("numDocsWithArrays").asLong());
    assertEquals(500, items.get("numDocsWithArrays").asLong());
    JsonNode brand = characteristics(json, 3);
    long withoutBrand = sql("SELECT count(*) FROM stress_orders WHERE NOT jsonb_path_exists(data, '$.payment.card.brand')");
    assertTrue(withoutBrand > 0 && withoutBrand < 500, "some orders have no card: " + withoutBrand);
    assertEquals(withoutBrand, brand.get("numDocsMissingPath").asLong());
    assertEquals(500, characteristics(json, 4).get("numDocsWithDocuments").asLong());
    JsonNode id = characteristics(json, 5);
    assertEquals(500, id.get("numDistinctValues").asLong());
    assertEquals(1.0, id.get("monotonicity").get("idOrderCorrelationCoefficient").asDouble(), 1e-9);
    assertEquals("monotonic", id.get("monotonicity").get("type").asText());
    JsonNode ranking = json.get("ranking");
    assertTrue(ranking.get(5).get("unfit").asText().contains("hold an array"), ranking.toString());
  }

  @Test
  void withoutAWorkloadTheDataAloneRanksThePaths() {
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "analyze", "--table", "stress_orders",
        "--shard-key", "items.category,status");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("ranking (by the data alone: no --workload):"), r.all());
    assertTrue(r.out().contains("  2. items.category: cannot be a key: 500 of 500 documents hold an array at or above"
        + " the path (MongoDB refuses an array in a shard key); 0 distinct values"), r.all());
    assertTrue(r.out().contains("best candidate: status"), r.all());
  }

  @Test
  void nothingIsWrittenToTheTarget() throws Exception {
    String catalog = "SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace";
    long relations = sql(catalog);
    long written = sql("SELECT n_tup_ins + n_tup_upd + n_tup_del FROM pg_stat_user_tables WHERE relname = 'stress_orders'");
    analyze(Path.of("config/workloads/orders-mongo.yaml"), "--shard-key");
    assertEquals(relations, sql(catalog), "no table made (the path facts of plain analyze are not kept)");
    assertEquals(written, sql("SELECT n_tup_ins + n_tup_upd + n_tup_del FROM pg_stat_user_tables"
        + " WHERE relname = 'stress_orders'"));
  }

  @Test
  void badInputIsOneLineAndExitCode2() {
    CliTester.Result noWorkload = CliTester.run("--url", url, "-U", "postgres", "analyze", "--table", "stress_orders",
        "--shard-key");
    assertEquals(2, noWorkload.exitCode(), noWorkload.all());
    assertTrue(noWorkload.err().contains("give the candidate paths"), noWorkload.all());
    CliTester.Result badPath = CliTester.run("--url", url, "-U", "postgres", "analyze", "--table", "stress_orders",
        "--shard-key", "customer..customerId");
    assertEquals(2, badPath.exitCode(), badPath.all());
    assertTrue(badPath.err().contains("--shard-key customer..customerId: field path 'customer..customerId' has an"
        + " empty part"), badPath.all());
    CliTester.Result json = CliTester.run("--url", url, "-U", "postgres", "analyze", "--table", "stress_orders",
        "--json", "x.json");
    assertEquals(2, json.exitCode(), json.all());
    assertTrue(json.err().contains("--json applies to analyze --shard-key only"), json.all());
  }

  private JsonNode analyze(Path workload, String... options) throws Exception {
    Path out = dir.resolve("analysis.json");
    List<String> args = new ArrayList<>(List.of("--url", url, "-U", "postgres", "analyze", "--table", "stress_orders",
        "--workload", workload.toString(), "--json", out.toString()));
    args.addAll(List.of(options));
    CliTester.Result r = CliTester.run(args.toArray(String[]::new));
    assertEquals(0, r.exitCode(), r.all());
    return new ObjectMapper().readTree(Files.readString(out));
  }

  private static JsonNode characteristics(JsonNode json, int candidate) {
    return json.get("candidates").get(candidate).get("keyCharacteristics");
  }

  private static void assertBucket(JsonNode bucket, long weight, String... operations) {
    assertEquals(weight, bucket.get("weight").asLong(), bucket.toString());
    List<String> names = new ArrayList<>();
    bucket.get("operations").forEach(n -> names.add(n.asText()));
    assertEquals(List.of(operations), names, bucket.toString());
  }

  private static long sql(String query) throws Exception {
    return TestDatabase.count(url, query);
  }

  private static List<String> rows(String query) throws Exception {
    List<String> rows = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(query)) {
      while (rs.next()) {
        rows.add(rs.getString(1) + "=" + rs.getLong(2));
      }
    }
    return rows;
  }
}
