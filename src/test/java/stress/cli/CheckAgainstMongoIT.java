package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.mongodb.ServerIdentity;
import stress.testing.OwnFerretDb;
import stress.testing.TcpRelay;
import stress.testing.TestDatabase;

/**
 * One dump in PostgreSQL ({@code import}) and in a MongoDB-compatible server ({@code import --to}); {@code check}
 * runs the shipped orders workload's reads on both with the same drawn values and finds the same answers, and names
 * the aggregations the server answers differently (FerretDB 1.24: a second {@code $sum} of a {@code $group} is 0, a
 * {@code $project} of a field path returns the path as a string; FerretDB 2 on DocumentDB: a {@code $sum} of doubles
 * in double arithmetic, its last digits off the exact sum; it explains no write) with the first differing document.
 * Runs on the server of {@code STRESS_MONGODB_URL} (CI starts FerretDB); skipped without one.
 */
class CheckAgainstMongoIT {
  @TempDir
  Path dir;

  /** The MongoDB server's URL, the sample orders loaded into it afresh (the test is skipped without a server). */
  private static String serverWithSampleOrders() {
    String mongo = MongoTestServer.url();
    CliTester.Result loaded = CliTester.run("import", "datasets/sample-large", "--to", mongo, "--db", "stress",
        "--drop-existing");
    assertEquals(0, loaded.exitCode(), loaded.all());
    assertTrue(loaded.out().contains("stress.orders: 500 documents inserted"), loaded.out());
    return mongo;
  }

  @Test
  void theSameDumpAnswersTheSameOnBothAndADifferenceIsNamed() throws Exception {
    String mongo = serverWithSampleOrders();
    String url = TestDatabase.newDatabaseUrl("check_mongo");
    CliTester.Result imported = CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large");
    assertEquals(0, imported.exitCode(), imported.all());

    CliTester.Result checked = CliTester.run("--url", url, "-U", "postgres", "check", "--workload",
        "config/workloads/orders-mongo.yaml", "--table", "stress_orders", "--against", mongo, "--collection",
        "stress.orders");
    assertEquals(0, checked.exitCode(), checked.all());
    String out = checked.out();
    assertTrue(out.contains("customer_since: same in 20 of 20 draws ("), out);
    assertTrue(out.contains("count_status: same in 20 of 20 draws (counts adding up to "), out);
    assertTrue(out.contains("change_status: not checked: updateOne writes"), out);
    assertTrue(out.contains("checked: 3 same, 0 different, 0 refused by one side, 1 not checked\n"), out);
    assertTrue(!out.contains("(0 documents)"), "the reads found documents to compare: " + out);

    // a check of writes only compares nothing, and does not pass
    CliTester.Result writes = CliTester.run("--url", url, "-U", "postgres", "check", "--workload",
        "config/workloads/orders-mongo.yaml", "--table", "stress_orders", "--against", mongo, "--collection",
        "stress.orders", "--op", "change_status");
    assertEquals(1, writes.exitCode(), writes.all());
    assertTrue(writes.out().contains("checked: 0 same, 0 different, 0 refused by one side, 1 not checked\nnothing"
        + " compared: no read of config/workloads/orders-mongo.yaml was answered by both servers"), writes.out());

    CliTester.Result plans = CliTester.run("--url", url, "-U", "postgres", "explain", "--workload",
        "config/workloads/orders-mongo.yaml", "--table", "stress_orders", "--against", mongo, "--collection",
        "stress.orders");
    assertEquals(0, plans.exitCode(), plans.all());
    assertTrue(plans.out().contains("\non MongoDB (mongodb://"), plans.out());
    boolean documentDb = MongoTestServer.identity(mongo).kind() == ServerIdentity.Kind.FERRETDB_2;
    for (String op : new String[] {"customer_since", "by_status_in_range", "count_status", "change_status"}) {
      if (documentDb && op.equals("change_status")) { // FerretDB 2 explains finds and aggregations only
        assertTrue(plans.out().contains("\n  change_status: refused: MongoDB mongodb://") && plans.out().contains(
            "explain failed: error 238 (NotImplemented): explain for update command is not supported\n"), plans.out());
        continue;
      }
      assertTrue(plans.out().matches("(?s).*\n  " + op + ": (PostgreSQL [A-Z][A-Za-z ]+|[A-Z_]+( > [A-Z_]+)*).*"),
          op + "'s plan on the server: " + plans.out());
    }
    if (documentDb) { // DocumentDB's plans say what its indexes serve, never 1.24's "pushed down" flags
      assertTrue(plans.out().contains("\n  by_status_in_range: PostgreSQL "), plans.out());
      assertTrue(!plans.out().contains("pushed down"), plans.out());
    }

    Path file = dir.resolve("aggregations.yaml");
    Files.writeString(file, """
        operations:
          totals_by_status:
            aggregate:
              pipeline:
                - {$group: {_id: "$status", n: {$sum: 1}, total: {$sum: "$totals.grandTotal"}}}
                - {$sort: {_id: 1}}
          customer_of_paid:
            aggregate:
              pipeline:
                - {$match: {status: paid}}
                - {$project: {_id: 1, customer: "$customer.customerId"}}
        """);
    CliTester.Result aggregations = CliTester.run("--url", url, "-U", "postgres", "check", "--workload",
        file.toString(), "--table", "stress_orders", "--against", mongo, "--collection", "stress.orders",
        "--samples", "2");
    String text = aggregations.out();
    if (text.contains("FerretDB v1.24")) {
      assertEquals(1, aggregations.exitCode(), aggregations.all());
      assertTrue(text.contains("totals_by_status: different at draw 1 of 2: the same sort keys; at position 1:"
          + " document _id \"cancelled\" differs at total: PostgreSQL 169967.87, MongoDB 0; PostgreSQL's: {"), text);
      // which paid order is named first follows the table's row order, which the import's streams decide
      assertTrue(text.matches("(?s).*customer_of_paid: different at draw 1 of 2: the same number of documents \\(46\\);"
          + " document _id (\\d+) differs at customer: PostgreSQL (\\d+), MongoDB \"\\$customer\\.customerId\"; PostgreSQL's:"
          + " \\{\"_id\": \\1, \"customer\": \\2\\}.*"), text);
    } else if (documentDb) { // DocumentDB adds doubles in double arithmetic; the translation's sum is exact
      assertEquals(1, aggregations.exitCode(), aggregations.all());
      assertTrue(text.matches("(?s).*totals_by_status: different at draw 1 of 2: the same sort keys; at position"
          + " \\d: document _id \"\\w+\" differs at total: PostgreSQL \\d+\\.\\d{1,2}, MongoDB \\d+\\.\\d{8,};.*"),
          text);
      assertTrue(text.contains("customer_of_paid: same in 2 of 2 draws"), text);
    } else {
      assertEquals(0, aggregations.exitCode(), "a server that answers these as MongoDB does: " + text);
    }
    CliTester.Result indexes = CliTester.run("index", "--workload", "bench/ferretdb-orders.yaml", "--against", mongo,
        "--collection", "stress.orders", "--table", "stress_orders");
    assertEquals(0, indexes.exitCode(), indexes.all());
    assertTrue(indexes.out().contains("{path: [customer.customerId, createdAt], type: [number, date]}: MongoDB index"
        + " customer.customerId_1_createdAt_1 {\"customer.customerId\": 1, \"createdAt\": 1} on stress.orders"),
        indexes.out());

    // a table named as PostgreSQL reads names: schema-qualified, quoted in mixed case
    try (java.sql.Connection c = TestDatabase.connect(url); java.sql.Statement s = c.createStatement()) {
      s.execute("ALTER TABLE stress_orders RENAME TO \"Stress_Orders\"");
    }
    CliTester.Result quoted = CliTester.run("--url", url, "-U", "postgres", "check", "--workload",
        "config/workloads/orders-mongo.yaml", "--op", "customer_since", "--samples", "2", "--table",
        "public.\"Stress_Orders\"", "--against", mongo, "--collection", "stress.orders");
    assertEquals(0, quoted.exitCode(), quoted.all());
    assertTrue(quoted.out().contains("PostgreSQL: table public.Stress_Orders; MongoDB: "), quoted.out());
    assertTrue(quoted.out().contains("checked: 1 same, 0 different, 0 refused by one side"), quoted.out());
    try (java.sql.Connection c = TestDatabase.connect(url); java.sql.Statement s = c.createStatement()) {
      s.execute("ALTER TABLE \"Stress_Orders\" RENAME TO stress_orders");
    }

    // last, as its update changes both sides (a different number of times): the same workload measured on both, by
    // the same runner, in interleaved rounds, compared with its noise
    Path json = dir.resolve("targets.json");
    CliTester.Result both = CliTester.run("--url", url, "-U", "postgres", "run", "--workload",
        "config/workloads/orders-mongo.yaml", "--table", "stress_orders", "--against", mongo, "--collection",
        "stress.orders", "--threads", "2", "--duration", "1s", "--warmup", "0", "--rounds", "2", "--json",
        json.toString());
    assertEquals(0, both.exitCode(), both.all());
    assertTrue(both.out().contains("\ntarget mongodb (mongodb://"), both.out());
    assertTrue(both.out().contains("PostgreSQL and MongoDB compared"), both.out());
    // one group, of the settings both share; within it only the target tells the rows apart
    assertTrue(both.out().contains("\nthreads=2:\n"), both.out());
    assertTrue(both.out().lines().anyMatch(l -> l.matches("\\*? +mongodb +ops/s .*")), both.out());
    com.fasterxml.jackson.databind.JsonNode result = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(json.toFile());
    java.util.Set<String> targets = new java.util.TreeSet<>();
    result.get("phases").forEach(p -> targets.add(p.get("combination").get("target").asText()));
    assertEquals(java.util.Set.of("mongodb", "postgresql"), targets);
    assertEquals(4, result.get("phases").size(), "two targets, two rounds");
    assertTrue(result.get("settings").get("sent to") == null, "the merged result names both targets instead");
    assertTrue(result.get("settings").get("compared targets").asText().contains("collection stress.orders"),
        result.get("settings").toString());
    assertTrue(result.has("roundComparison"), "ratios with their noise");

  }

  /** Several servers beside PostgreSQL in one command: each a target of its own, in the order given. */
  @Test
  void severalServersAreEachATarget() throws Exception {
    String mongo = serverWithSampleOrders();
    String url = TestDatabase.newDatabaseUrl("two_targets");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large").exitCode());
    Path json = dir.resolve("three.json");
    try (OwnFerretDb second = OwnFerretDb.start(dir.resolve("second"))) { // another process: another server
      CliTester.Result loaded = CliTester.run("import", "datasets/sample-large", "--to", second.url());
      assertEquals(0, loaded.exitCode(), loaded.all());
      CliTester.Result three = CliTester.run("--url", url, "-U", "postgres", "run", "--workload",
          "config/workloads/orders-mongo.yaml", "--table", "stress_orders", "--against", mongo, "--against",
          second.url(), "--collection", "stress.orders", "--op", "customer_since,count_status", "--threads", "1",
          "--duration", "1s", "--warmup", "0", "--json", json.toString());
      assertEquals(0, three.exitCode(), three.all());
      assertTrue(three.out().contains("PostgreSQL and mongodb-1, mongodb-2 compared"), three.out());
      assertTrue(three.out().contains("\n  mongodb-2: count_status: same in 5 of 5 draws"), three.out());
      com.fasterxml.jackson.databind.JsonNode result = new com.fasterxml.jackson.databind.ObjectMapper()
          .readTree(json.toFile());
      java.util.List<String> targets = new java.util.ArrayList<>();
      result.get("phases").forEach(p -> targets.add(p.get("combination").get("target").asText()));
      assertEquals(java.util.List.of("postgresql", "mongodb-1", "mongodb-2"), targets);

      CliTester.Result explainTwo = CliTester.run("--url", url, "-U", "postgres", "explain", "--workload",
          "config/workloads/orders-mongo.yaml", "--table", "stress_orders", "--against", mongo, "--against",
          second.url(), "--collection", "stress.orders");
      assertEquals(2, explainTwo.exitCode(), explainTwo.all());
      assertTrue(explainTwo.err().contains("--against is given 2 times; this command compares with one server"),
          explainTwo.err());
    }
  }

  /**
   * One server under two addresses that resolve apart (its own port and a relay's, as a proxy or tunnel gives): the
   * server says it is one process, and the run is refused before anything is measured.
   */
  @Test
  void oneServerUnderTwoAddressesIsRefused() throws Exception {
    String mongo = serverWithSampleOrders();
    com.mongodb.ConnectionString parsed = new com.mongodb.ConnectionString(mongo);
    String host = parsed.getHosts().get(0);
    Assumptions.assumeTrue(parsed.getHosts().size() == 1 && host.matches("(127\\.0\\.0\\.1|localhost):\\d+"),
        "a relay to " + mongo + " needs one host on 127.0.0.1");
    String url = TestDatabase.newDatabaseUrl("one_server_twice");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large").exitCode());
    try (TcpRelay relay = TcpRelay.to(Integer.parseInt(host.substring(host.indexOf(':') + 1)))) {
      String relayed = "mongodb://127.0.0.1:" + relay.port() + "/";
      CliTester.Result twice = CliTester.run("--url", url, "-U", "postgres", "run", "--workload",
          "config/workloads/orders-mongo.yaml", "--table", "stress_orders", "--against", mongo, "--against",
          relayed, "--collection", "stress.orders", "--op", "customer_since", "--threads", "1", "--ops", "10");
      assertEquals(2, twice.exitCode(), twice.all());
      assertTrue(twice.err().strip().matches("stress: --against mongodb://\\S+ and mongodb://127\\.0\\.0\\.1:"
          + relay.port() + "/ reach one server \\(the same (process: \\S+ pid \\d+ on host \\S+|replica set .*)\\):"
          + " each server is a target of its own, measured once per round; give it once"), twice.err());
      assertFalse(twice.out().contains("\nphase "), "nothing measured: " + twice.out());
    }
  }

  /** {@code mongodb://host:port/} with the database {@code db} in its path. */
  private static String withDatabase(String url, String db) {
    int query = url.indexOf('?');
    String base = query < 0 ? url : url.substring(0, query);
    Assumptions.assumeTrue(base.indexOf('/', "mongodb://".length()) < 0 || base.endsWith("/"),
        url + " names a database already");
    return base + (base.endsWith("/") ? "" : "/") + db + (query < 0 ? "" : url.substring(query));
  }

  /**
   * {@code --threads 1,2} beside a server: each thread count a group of its own whose baseline is PostgreSQL at that
   * count, in the text, result.json and report.html; the database the URL names is the collection's and the import's.
   */
  @Test
  void eachThreadCountIsComparedWithPostgresqlAtThatCount() throws Exception {
    String stress = withDatabase(serverWithSampleOrders(), "stress");
    CliTester.Result loaded = CliTester.run("import", "datasets/sample-large", "--to", stress, "--drop-existing");
    assertEquals(0, loaded.exitCode(), loaded.all());
    assertTrue(loaded.out().contains("stress.orders: 500 documents inserted"), "the URL's database: " + loaded.out());
    String url = TestDatabase.newDatabaseUrl("like_with_like");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large").exitCode());
    Path out = dir.resolve("out");
    CliTester.Result run = CliTester.run("--url", url, "-U", "postgres", "run", "--workload",
        "config/workloads/orders-mongo.yaml", "--table", "stress_orders", "--against", stress, "--collection",
        "orders", "--op", "customer_since,count_status", "--threads", "1,2", "--duration", "1s", "--warmup", "0",
        "--rounds", "2", "--pool", "hikari", "--out", out.toString());
    assertEquals(0, run.exitCode(), run.all());
    String text = run.out();
    assertTrue(text.contains("collection stress.orders"), "the URL's database with --collection orders: " + text);
    assertTrue(text.contains("ratios to postgresql with the same settings"), text);
    for (String threads : new String[] {"1", "2"}) {
      String group = text.substring(text.indexOf("\nthreads=" + threads + ":\n") + 1);
      List<String> rows = group.lines().skip(3).limit(7).toList();
      assertTrue(rows.get(0).matches("\\*? +postgresql +ops/s .* baseline"), threads + " threads: " + text);
      assertTrue(rows.stream().anyMatch(l -> l.matches("\\*? +mongodb +ops/s .* x[0-9.]+ .*")), threads + ": " + text);
    }

    com.fasterxml.jackson.databind.JsonNode result = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(out.resolve("result.json").toFile());
    assertEquals(8, result.get("phases").size(), "two targets, two thread counts, two rounds");
    com.fasterxml.jackson.databind.JsonNode rows = result.get("roundComparison").get("rows");
    assertEquals(4, rows.size(), rows.toString());
    for (com.fasterxml.jackson.databind.JsonNode row : rows) {
      String threads = row.get("combination").get("threads").asText();
      assertTrue(row.get("group").asText().endsWith("threads=" + threads), row.toString());
      boolean postgresql = row.get("combination").get("target").asText().equals("postgresql");
      assertEquals(postgresql, row.get("baseline").asBoolean(), "postgresql at " + threads + " threads: " + row);
    }
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(java.util.regex.Pattern.compile("threads=2: (mongodb vs postgresql|postgresql vs mongodb):"
        + " ops/s x").matcher(html).find(), "the rounds headline per group, the faster first");
    assertTrue(html.contains("vs baseline"), "the comparison's column names its baseline");

    // PostgreSQL's own settings (--pool hikari, the statement mode) are said once and label no row of either target
    assertEquals(1, text.lines().filter(l -> l.startsWith("PostgreSQL's own settings: statement mode prepared, pool"
        + " hikari, ")).count(), text);
    for (com.fasterxml.jackson.databind.JsonNode phase : result.get("phases")) {
      assertFalse(phase.get("combination").has("mode") || phase.get("combination").has("pool")
          || phase.get("label").asText().contains("pool="), phase.get("label").asText());
    }
    assertTrue(result.get("settings").get("PostgreSQL's own settings").asText().contains("pool hikari"),
        result.get("settings").toString());
    String comparison = text.substring(text.indexOf("PostgreSQL and MongoDB compared"),
        text.indexOf("\nwhere the time goes"));
    assertFalse(comparison.contains("hikari") || comparison.contains("prepared"), comparison);
    assertFalse(html.contains("pool=hikari") || html.contains("pool=none") || html.contains("mode=prepared"),
        "report.html labels the phases by target and threads alone");
    // nor a MongoDB target's own table under its run: its rows read by threads alone
    for (String section : text.split("\ntarget ")) {
      if (section.startsWith("mongodb (") && section.contains("\ncomparison (")) {
        String own = section.substring(section.indexOf("\ncomparison ("));
        assertFalse(own.contains("hikari") || own.contains("prepared"), own);
        assertTrue(own.lines().anyMatch(l -> l.matches(" +threads +ops/s .*")), own);
      }
    }
    assertTrue(text.contains("\ntarget mongodb (") && text.split("\ntarget mongodb \\(")[1].contains("\ncomparison ("),
        "MongoDB's own table under its run: " + text);
  }
}
