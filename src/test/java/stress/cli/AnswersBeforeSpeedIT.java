package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * {@code run --against} compares answers before it measures anything, so that it never reports a speed for a
 * question the two sides answer differently: a missing (wrong-case) or empty collection is refused on {@code run},
 * {@code check} and {@code explain}; an aggregation the server answers differently is left out, or measured and
 * marked with {@code --measure-different}; a built-in on a collection holding a tenth of the table's keys is a
 * difference; an index on one side only is named with the command that builds it on the other. The sample orders in
 * PostgreSQL and in the MongoDB server of {@code STRESS_MONGODB_URL} (CI starts
 * FerretDB); skipped without one.
 */
class AnswersBeforeSpeedIT {
  /** The database on the MongoDB server, this test's own. */
  private static final String DB = "answers_first";

  private static String mongo;
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void bothSides() {
    mongo = MongoTestServer.withSampleOrdersIn(DB);
    url = TestDatabase.newDatabaseUrl("answers_first");
    CliTester.Result imported = CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large");
    assertEquals(0, imported.exitCode(), imported.all());
  }

  private static CliTester.Result stress(String... args) {
    String[] all = new String[args.length + 4];
    System.arraycopy(new String[] {"--url", url, "-U", "postgres"}, 0, all, 0, 4);
    System.arraycopy(args, 0, all, 4, args.length);
    return CliTester.run(all);
  }

  @Test
  void aWrongCaseMissingOrEmptyCollectionIsRefusedBeforeAnything() {
    String wrongCase = "Answers_First.orders";
    CliTester.Result run = stress("run", "--op", "find_first", "--table", "stress_orders", "--against", mongo,
        "--collection", wrongCase, "--duration", "1s", "--warmup", "0");
    assertEquals(1, run.exitCode(), "what the database holds, not the input: " + run.all());
    assertTrue(run.out().contains("  collection " + wrongCase + " does not exist on "), run.out());
    assertTrue(run.out().contains(": not compared, which takes out find_first\n"), run.out());
    assertTrue(run.out().contains(" (names that differ only in case: " + DB + ".orders; MongoDB's names are"
        + " case-sensitive)"), run.out());
    assertTrue(run.err().contains("nothing is left to compare"), run.err());
    assertFalse(run.err().contains("does not exist"), "named once, above: " + run.err());
    assertFalse(run.out().contains("phase 1/"), "nothing measured: " + run.out());

    CliTester.Result check = stress("check", "--workload", "config/workloads/orders-mongo.yaml", "--table",
        "stress_orders", "--against", mongo, "--collection", wrongCase);
    assertEquals(1, check.exitCode(), check.all());
    assertTrue(check.err().contains("--collection: collection " + wrongCase + " does not exist on "), check.err());

    CliTester.Result explain = stress("explain", "--workload", "config/workloads/orders-mongo.yaml", "--table",
        "stress_orders", "--against", mongo, "--collection", DB + ".no_such_collection");
    assertEquals(1, explain.exitCode(), explain.all());
    assertTrue(explain.err().contains("does not exist on ") && explain.err().contains("nothing explained"),
        explain.err());

    try (MongoClient client = MongoClients.create(mongo)) {
      client.getDatabase(DB).getCollection("empty").drop();
      client.getDatabase(DB).createCollection("empty");
    }
    CliTester.Result empty = stress("run", "--workload", "config/workloads/orders-mongo.yaml", "--op",
        "customer_since", "--table", "stress_orders", "--against", mongo, "--collection", DB + ".empty",
        "--duration", "1s", "--warmup", "0");
    assertEquals(1, empty.exitCode(), empty.all());
    assertTrue(empty.out().contains("  collection " + DB + ".empty on "), empty.out());
    assertTrue(empty.out().contains(" is empty: every read would answer nothing"), empty.out());
    // five operations, one empty collection: named once, with the operations it takes out
    CliTester.Result five = stress("run", "--workload", "config/workloads/orders-mongo.yaml", "--table",
        "stress_orders", "--against", mongo, "--collection", DB + ".empty", "--duration", "1s", "--warmup", "0");
    assertEquals(1, five.out().lines().filter(l -> l.contains(DB + ".empty")).count(), five.out());
    assertTrue(five.out().lines().anyMatch(l -> l.contains(DB + ".empty") && l.contains("which takes out ")
        && l.contains("customer_since")), five.out());
    assertFalse(five.err().contains(DB + ".empty"), five.err());
  }

  @Test
  void anAggregationAnsweredDifferentlyIsLeftOutOrMeasuredAndMarked() throws Exception {
    Path file = dir.resolve("aggregations.yaml");
    Files.writeString(file, """
        operations:
          totals_by_status:
            weight: 50
            aggregate:
              pipeline:
                - {$group: {_id: "$status", n: {$sum: 1}, total: {$sum: "$totals.grandTotal"}}}
                - {$sort: {_id: 1}}
          count_status:
            weight: 50
            countDocuments: {filter: {status: {$in: ["paid", "shipped"]}, priority: true}}
        """);
    CliTester.Result checked = stress("check", "--workload", file.toString(), "--table", "stress_orders",
        "--against", mongo, "--collection", DB + ".orders", "--samples", "1");
    Assumptions.assumeTrue(checked.out().contains("totals_by_status: different"),
        "this server answers the two-accumulator $group as PostgreSQL does (FerretDB 1.24 does not): " + checked.out());

    Path json = dir.resolve("left-out.json");
    CliTester.Result leftOut = stress("run", "--workload", file.toString(), "--table", "stress_orders", "--against",
        mongo, "--collection", DB + ".orders", "--threads", "1", "--duration", "1s", "--warmup", "0", "--json",
        json.toString());
    assertEquals(0, leftOut.exitCode(), leftOut.all());
    assertTrue(leftOut.out().contains("\n  totals_by_status: different at draw 1 of 5: "), leftOut.out());
    assertTrue(leftOut.out().contains("\n  count_status: same in 5 of 5 draws"), leftOut.out());
    assertTrue(leftOut.out().contains("left out on all targets, as they cannot be compared: totals_by_status"
        + " (answers differ); --measure-different measures those whose answers differ anyway, marked"), leftOut.out());
    JsonNode result = new ObjectMapper().readTree(json.toFile());
    for (JsonNode phase : result.get("phases")) {
      assertEquals(1, phase.get("stats").get("operations").size(), "count_status alone is measured: " + phase);
      assertEquals("count_status", phase.get("stats").get("operations").get(0).get("name").asText());
    }

    Path out = dir.resolve("marked");
    CliTester.Result marked = stress("run", "--workload", file.toString(), "--table", "stress_orders", "--against",
        mongo, "--collection", DB + ".orders", "--threads", "1", "--duration", "1s", "--warmup", "0", "--rounds", "2",
        "--measure-different", "--out", out.toString());
    assertEquals(0, marked.exitCode(), marked.all());
    assertTrue(marked.out().contains("measured although their answers differ (--measure-different), marked \"answers"
        + " differ\" wherever their figures are shown: totals_by_status"), marked.out());
    // under every phase's summary, above the comparison, and in its per-operation table
    assertEquals(4, marked.out().lines().filter(l -> l.startsWith("answers differ: totals_by_status (measured with"
        + " --measure-different: these figures")).count(), marked.out());
    assertTrue(marked.out().contains("\nanswers differ: totals_by_status (measured with --measure-different: their"
        + " figures, and the totals of a mix that holds them, compare different answers)\ncomparison ("),
        marked.out());
    assertTrue(marked.out().lines().anyMatch(l -> l.contains("totals_by_status (answers differ)")), marked.out());
    JsonNode measured = new ObjectMapper().readTree(out.resolve("result.json").toFile());
    JsonNode differ = measured.get("settings").get(stress.report.AnswersDiffer.KEY);
    assertTrue(differ != null && differ.get("totals_by_status").asText().startsWith("totals_by_status: different"),
        measured.get("settings").toString());
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("Answers differ between the targets for totals_by_status"), "report.html headline");
  }

  /** Index parity: a path indexed on one side only is named with the command that builds it there. */
  /** A table written since the import is found so: the hint that answers differ because of it, to reload both. */
  @Test
  void aTableWrittenSinceTheImportIsFoundAndReloadingSuggested() throws Exception {
    String written = TestDatabase.newDatabaseUrl("answers_written");
    assertEquals(0, CliTester.run("--url", written, "-U", "postgres", "import", "datasets/sample-large").exitCode());
    try (java.sql.Connection c = TestDatabase.connect(written);
         stress.mongodb.MongoTarget target = stress.mongodb.MongoTarget.connect("--against", mongo, null);
         java.sql.Statement s = c.createStatement()) {
      assertEquals(null, stress.app.against.WritesSinceLoad.of(c, null, "stress_orders", target, DB + ".orders"),
          "as imported: the same documents on both sides");
      s.execute("UPDATE stress_orders SET data = data || '{\"written\": true}'");
      // the statistics of another backend's writes are flushed within a second: wait for them, not for a time
      String found = null;
      for (int i = 0; i < 100 && found == null; i++) {
        found = stress.app.against.WritesSinceLoad.of(c, null, "stress_orders", target, DB + ".orders");
        if (found == null) {
          s.execute("SELECT pg_stat_force_next_flush()");
        }
      }
      assertTrue(found != null && found.startsWith("the table or the collection was written since the import (table"
          + " stress_orders had ") && found.contains("reload both"), String.valueOf(found));
    }
  }

  /**
   * As a user would meet it (the README's tour runs a workload that writes, then compares): a run that wrote to the
   * table alone, then run --against finds the answers differ, says the table was written since the import and to
   * reload both, and does not offer --measure-different as the way out.
   */
  @Test
  void aRunThatWroteFirstGetsTheReloadHintNotMeasureDifferent() throws Exception {
    String written = TestDatabase.newDatabaseUrl("answers_wrote");
    assertEquals(0, CliTester.run("--url", written, "-U", "postgres", "import", "datasets/sample-large").exitCode());
    Path file = dir.resolve("paid.yaml");
    Files.writeString(file, """
        operations:
          mark_paid:
            weight: 1
            updateOne:
              filter: {_id: ":id"}
              update: {$set: {status: "paid", priority: true}}
            params:
              id: key
          count_paid:
            weight: 1
            countDocuments: {filter: {status: "paid", priority: true}}
        """);
    CliTester.Result wrote = CliTester.run("--url", written, "-U", "postgres", "run", "--workload", file.toString(),
        "--op", "mark_paid", "--table", "stress_orders", "--threads", "1", "--ops", "200", "--warmup", "0");
    assertEquals(0, wrote.exitCode(), wrote.all());
    // the run's sessions report their writes to the statistics as they end: wait for that, not for a time
    for (int i = 0; i < 200 && TestDatabase.count(written, "SELECT n_tup_upd FROM pg_stat_user_tables WHERE relname"
        + " = 'stress_orders'") == 0; i++) {
      Thread.onSpinWait();
    }
    CliTester.Result compared = CliTester.run("--url", written, "-U", "postgres", "run", "--workload",
        file.toString(), "--op", "count_paid", "--table", "stress_orders", "--against", mongo, "--collection",
        DB + ".orders", "--duration", "1s", "--warmup", "0");
    assertEquals(1, compared.exitCode(), "nothing left to compare: " + compared.all());
    assertTrue(compared.out().contains("  count_paid: different "), compared.out());
    assertTrue(compared.err().contains("the table or the collection was written since the import (table stress_orders"
        + " had ") && compared.err().contains("reload both"), compared.err());
    assertFalse(compared.all().contains("--measure-different"), "not the fix here: " + compared.all());
    assertFalse(compared.out().contains("phase 1/"), "nothing measured: " + compared.out());

    // check finds the same difference, and says why as the run does
    CliTester.Result checked = CliTester.run("--url", written, "-U", "postgres", "check", "--workload",
        file.toString(), "--op", "count_paid", "--table", "stress_orders", "--against", mongo, "--collection",
        DB + ".orders");
    assertEquals(1, checked.exitCode(), checked.all());
    assertTrue(checked.out().contains("\ncount_paid: different "), checked.out());
    assertTrue(checked.out().contains("\nthe table or the collection was written since the import (table"
        + " stress_orders had ") && checked.out().contains("reload both"), checked.out());
  }

  /**
   * {@code --table} forgotten: the default table, generated, set beside the imported collection. The difference is
   * said to come from that table, which no import made, and the import's own is named: not a write since the import.
   */
  @Test
  void theDefaultTableBesideAnImportedCollectionNamesTheImportsTable() throws Exception {
    String both = TestDatabase.newDatabaseUrl("answers_default_table");
    assertEquals(0, CliTester.run("--url", both, "-U", "postgres", "import", "datasets/sample-large").exitCode());
    CliTester.Result generated = CliTester.run("--url", both, "-U", "postgres", "init", "--docs", "200");
    assertEquals(0, generated.exitCode(), generated.all());
    Path file = dir.resolve("count.yaml");
    Files.writeString(file, """
        operations:
          count_all:
            countDocuments: {filter: {}}
        """);
    String hint = "table check_in is the default one (--table not given), not an import of collection stress.orders:"
        + " the import made another (--table stress_orders)";
    CliTester.Result run = CliTester.run("--url", both, "-U", "postgres", "run", "--workload", file.toString(),
        "--against", mongo, "--collection", "stress.orders", "--duration", "1s", "--warmup", "0");
    assertEquals(1, run.exitCode(), "nothing left to compare: " + run.all());
    assertTrue(run.err().contains(hint), run.all());
    assertFalse(run.all().contains("written since the import"), run.all());
    CliTester.Result checked = CliTester.run("--url", both, "-U", "postgres", "check", "--workload", file.toString(),
        "--against", mongo, "--collection", "stress.orders");
    assertEquals(1, checked.exitCode(), checked.all());
    assertTrue(checked.out().contains("\n" + hint + "\n"), checked.out());
  }

  @Test
  void anIndexOnOneSideOnlyIsNamedWithTheCommandThatBuildsIt() {
    String namespace = DB + ".orders_indexed";
    try (MongoClient client = MongoClients.create(mongo)) {
      MongoCollection<BsonDocument> copy = client.getDatabase(DB).getCollection("orders_indexed", BsonDocument.class);
      copy.drop();
      copy.insertMany(client.getDatabase(DB).getCollection("orders", BsonDocument.class).find()
          .into(new java.util.ArrayList<>()));
    }
    String[] run = {"run", "--workload", "config/workloads/orders-mongo.yaml", "--op", "customer_since", "--table",
        "stress_orders", "--against", mongo, "--collection", namespace, "--threads", "1", "--duration", "1s",
        "--warmup", "0"};
    CliTester.Result neither = stress(run);
    assertEquals(0, neither.exitCode(), neither.all());
    assertTrue(neither.out().contains("\nindex parity: each index an operation's filter and sort are served by is on"
        + " both sides, or on neither\n"), neither.out());

    CliTester.Result onMongo = CliTester.run("index", "--workload", "bench/ferretdb-orders.yaml", "--against", mongo,
        "--collection", namespace, "--table", "stress_orders");
    assertEquals(0, onMongo.exitCode(), onMongo.all());
    CliTester.Result mongoOnly = stress(run);
    assertEquals(0, mongoOnly.exitCode(), mongoOnly.all());
    assertTrue(mongoOnly.out().contains("\n  customer_since: {path: [customer.customerId, createdAt], type: [number,"
        + " date]} is indexed on MongoDB ({\"customer.customerId\": 1, \"createdAt\": 1}), not on PostgreSQL: the ratio"
        + " measures the missing index; build it there with stress index --suggest --workload"
        + " config/workloads/orders-mongo.yaml --table stress_orders\n"), mongoOnly.out());

    CliTester.Result onPostgres = stress("index", "--suggest", "--workload", "config/workloads/orders-mongo.yaml",
        "--table", "stress_orders");
    assertEquals(0, onPostgres.exitCode(), onPostgres.all());
    try (MongoClient client = MongoClients.create(mongo)) {
      client.getDatabase(DB).getCollection("orders_indexed").dropIndexes();
    }
    CliTester.Result postgresOnly = stress(run);
    assertEquals(0, postgresOnly.exitCode(), postgresOnly.all());
    assertTrue(postgresOnly.out().contains("\n  customer_since: {path: [customer.customerId, createdAt], type:"
        + " [number, date]} is indexed on PostgreSQL, not on MongoDB: the ratio measures the missing index; build it"
        + " there with db.orders_indexed.createIndex({\"customer.customerId\": 1, \"createdAt\": 1})\n"),
        postgresOnly.out());
  }

  @Test
  void aBuiltInOnACollectionHoldingPartOfTheKeysIsADifference() {
    try (MongoClient client = MongoClients.create(mongo)) {
      MongoCollection<BsonDocument> all = client.getDatabase(DB).getCollection("orders", BsonDocument.class);
      MongoCollection<BsonDocument> tenth = client.getDatabase(DB).getCollection("orders_tenth", BsonDocument.class);
      tenth.drop();
      int i = 0;
      for (BsonDocument d : all.find()) {
        if (i++ % 10 == 0) {
          tenth.insertOne(d);
        }
      }
    }
    CliTester.Result run = stress("run", "--op", "find_first", "--table", "stress_orders", "--against", mongo,
        "--collection", DB + ".orders_tenth", "--duration", "1s", "--warmup", "0");
    assertEquals(1, run.exitCode(), run.all());
    assertTrue(run.out().matches("(?s).*\n  find_first: different: keys found: PostgreSQL 200 \\(100%\\), MongoDB"
        + " \\d+ \\(\\d+%\\) of 200 drawn from the table.*"), run.out());
    assertTrue(run.err().contains("find_first (answers differ)"), run.err());

    CliTester.Result whole = stress("run", "--op", "find_first,find", "--table", "stress_orders", "--against", mongo,
        "--collection", DB + ".orders", "--duration", "1s", "--warmup", "0", "--threads", "1");
    assertEquals(0, whole.exitCode(), whole.all());
    assertTrue(whole.out().contains("\n  find_first: same in 5 of 5 draws (5 documents by _id); keys found:"
        + " PostgreSQL 200 (100%), MongoDB 200 (100%) of 200 drawn from the table"), whole.out());
  }
}
