package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.JsonReport;
import stress.report.LayoutComparison;
import stress.report.RunResult;
import stress.testing.TestDatabase;

/**
 * {@code run --compare-tables}: one workload on a table laid out by {@code _id} and on one laid out by a key, each
 * explained and measured as its own phases, then one comparison in the text, the JSON result and report.html. On plain
 * PostgreSQL both tables run and neither is distributed.
 */
class CompareTablesTest {
  @TempDir
  Path dir;

  @Test
  void oneWorkloadOnTwoLayoutsIsComparedPerOperation() throws Exception {
    String url = TestDatabase.newDatabaseUrl("compare_tables");
    for (String[] init : new String[][] {{"--table", "orders_id"},
        {"--table", "orders_key", "--distribute-by", "customer.customerId"}}) {
      List<String> args = new java.util.ArrayList<>(List.of("--url", url, "-U", "postgres", "init", "--docs", "300",
          "--shape", "large"));
      args.addAll(List.of(init));
      CliTester.Result r = CliTester.run(args.toArray(String[]::new));
      assertEquals(0, r.exitCode(), r.all());
    }
    Path file = dir.resolve("orders.yaml");
    Files.writeString(file, """
        operations:
          by_customer:
            find: {filter: {customer.customerId: ":c"}, limit: 10}
            params: {c: {sample: customer.customerId, cap: 100}}
          shipped:
            countDocuments: {filter: {status: shipped}}
        """);
    Path json = dir.resolve("result.json");
    Path out = dir.resolve("out");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", file.toString(),
        "--compare-tables", "orders_id,orders_key", "--threads", "2", "--warmup", "0", "--ops", "60",
        "--mode", "prepared,plain", "--json", json.toString(), "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    String text = r.out();
    assertTrue(text.contains("table orders_id (1 of 2 compared):"), text);
    assertTrue(text.contains("table orders_key (2 of 2 compared):"), text);
    assertTrue(text.contains("Layouts compared:\n  orders_id: distributed by _id\n"
        + "  orders_key: distributed by customer.customerId (bigint)\n"), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("operation +route on orders_id +ops/s orders_id +p50 ms orders_id"
        + " +route on orders_key +ops/s orders_key +p50 ms orders_key +ops/s orders_key/orders_id"
        + " +p50 orders_key/orders_id +orders_key vs orders_id")), text);
    assertTrue(text.contains("1 round: no noise estimate, --rounds 5 gives one"), text);

    RunResult result = JsonReport.read(json);
    assertEquals(4, result.phases().size(), "two modes on two tables");
    assertEquals(List.of("orders_id", "orders_id", "orders_key", "orders_key"),
        result.phases().stream().map(p -> p.combination().get("table")).toList());
    List<LayoutComparison.Row> rows = result.layoutComparison();
    assertEquals(6, rows.size(), "per mode: two operations and the total");
    for (LayoutComparison.Row row : rows) {
      assertEquals(List.of("orders_id", "orders_key"), row.sides().stream().map(LayoutComparison.Side::table).toList());
      LayoutComparison.Side id = row.sides().get(0);
      LayoutComparison.Side key = row.sides().get(1);
      assertTrue(id.opsPerSecond() > 0 && key.opsPerSecond() > 0, row.toString());
      if (row.operation().equals("total")) {
        assertEquals(key.opsPerSecond() / id.opsPerSecond(), key.ratio(), 1e-9);
      } else {
        // a mix's operations are compared by latency: their ops/s only repeat the total's ratio
        assertEquals(null, key.ratio(), row.toString());
        assertEquals(key.p50Ms() / id.p50Ms(), key.p50Ratio(), 1e-9);
        assertEquals("not distributed", id.route(), row.toString());
        assertEquals("not distributed", key.route(), row.toString());
        // the key table's find also tests the key column; the count reads both tables the same way
        assertEquals(row.operation().equals("by_customer") ? "plan differs" : LayoutComparison.SAME_IN_MIX,
            key.reading(), row.toString());
      }
    }
    assertTrue(text.contains("  " + LayoutComparison.NOT_DISTRIBUTED + "\n"), text);
    assertTrue(text.lines().anyMatch(l -> l.startsWith("shipped ") && l.endsWith(LayoutComparison.SAME_IN_MIX)), text);
    assertEquals(LayoutComparison.NOT_DISTRIBUTED, result.layoutRouting());
    // each phase's operation counts are the measured ones: ops of every phase add up to --ops
    result.phases().forEach(p -> assertEquals(60, p.stats().total().count() + p.stats().total().errorCount()));
    assertEquals(JsonReport.read(out.resolve("result.json")).layoutComparison(), rows);
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("Layouts compared"), "a section of its own");
    assertTrue(html.contains("orders_key: distributed by customer.customerId (bigint)."), "the layouts said");
    assertTrue(html.contains("route on orders_key"), "the table of routes");
    assertTrue(html.contains(LayoutComparison.NOT_DISTRIBUTED), "said once in the section's sentences");
  }

  @Test
  void aComparisonNeedsTwoTablesOfItsOwn() throws Exception {
    String url = TestDatabase.newDatabaseUrl("compare_tables_bad");
    CliTester.Result one = CliTester.run("--url", url, "-U", "postgres", "run", "--compare-tables", "a", "--ops", "1");
    assertEquals(2, one.exitCode(), one.all());
    assertTrue(one.err().contains("--compare-tables needs two or more different tables, got [a]"), one.err());
    CliTester.Result withTable = CliTester.run("--url", url, "-U", "postgres", "run", "--compare-tables", "a,b",
        "--table", "c", "--ops", "1");
    assertEquals(2, withTable.exitCode(), withTable.all());
    assertTrue(withTable.err().contains("--compare-tables names the tables itself"), withTable.err());
  }

  @Test
  void everyTableIsCheckedBeforeTheFirstIsMeasured() throws Exception {
    String url = TestDatabase.newDatabaseUrl("compare_tables_check");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "100", "--table", "\"Orders_A\"")
        .exitCode());
    CliTester.Result wrongCase = CliTester.run("--url", url, "-U", "postgres", "run", "--compare-tables",
        "\"Orders_A\",Orders_A", "--ops", "10");
    assertEquals(2, wrongCase.exitCode(), wrongCase.all());
    assertTrue(wrongCase.err().contains("--compare-tables orders_a: table orders_a does not exist, but"), wrongCase.err());
    assertTrue(wrongCase.err().contains("name it in --compare-tables as"), wrongCase.err());
    assertTrue(!wrongCase.out().contains("phase 1/"), "nothing measured: " + wrongCase.out());
    CliTester.Result missing = CliTester.run("--url", url, "-U", "postgres", "run", "--compare-tables",
        "\"Orders_A\",nowhere", "--ops", "10");
    assertEquals(2, missing.exitCode(), missing.all());
    assertTrue(missing.err().contains("--compare-tables nowhere: table nowhere does not exist"), missing.err());
    assertTrue(missing.err().contains("--compare-tables/--schema"), missing.err());

    // a table of another collection: the path the workload samples holds nothing there
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "100", "--shape", "large",
        "--table", "orders_b").exitCode());
    try (java.sql.Connection c = stress.testing.TestDatabase.connect(url); java.sql.Statement st = c.createStatement()) {
      st.execute("CREATE TABLE customers (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO customers VALUES (1, '{\"_id\": 1, \"name\": \"a\"}')");
    }
    Path file = dir.resolve("orders.yaml");
    Files.writeString(file, """
        operations:
          by_customer:
            find: {filter: {customer.customerId: ":c"}, limit: 10}
            params: {c: {sample: customer.customerId, cap: 100}}
        """);
    CliTester.Result other = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", file.toString(),
        "--compare-tables", "orders_b,customers", "--ops", "10");
    assertEquals(2, other.exitCode(), other.all());
    assertTrue(other.err().startsWith("stress: --compare-tables customers: " + file + ":"), other.err());
    assertTrue(other.err().contains("samples customer.customerId, which has no value in customers; nothing was"
        + " measured"), other.err());
    assertTrue(!other.out().contains("phase 1/"), "nothing measured: " + other.out());
  }
}
