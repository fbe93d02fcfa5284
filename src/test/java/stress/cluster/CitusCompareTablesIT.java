package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.JsonReport;
import stress.report.LayoutComparison;

/**
 * {@code run --compare-tables} on a real Citus coordinator: generated orders in a table distributed by {@code _id} and
 * in one distributed by {@code customer.customerId}; a find pinning the customer reaches 1 of 32 shards on the key
 * layout and all 32 on the {@code _id} layout, in both statement modes, and both tables are measured; a {@code $lookup}
 * joining the key table to itself on the key is a co-located join and gives the documents of the {@code _id} layout.
 */
class CitusCompareTablesIT {
  /** The tables, after the prefix of system property {@code stress.it.prefix} (for a cluster shared with others). */
  private static final String PREFIX = System.getProperty("stress.it.prefix", "");
  private static final List<String> TABLES = List.of(PREFIX + "cmpid_orders", PREFIX + "cmpkey_orders");
  private String url;

  @TempDir
  Path dir;

  @BeforeEach
  void cluster() {
    url = ClusterUrls.citus();
  }

  @AfterEach
  void dropTables() throws Exception {
    if (url != null) {
      ClusterCleanup.dropImported(url, TABLES);
    }
  }

  @Test
  void aKeyPinnedFindReachesOneShardOnTheKeyLayoutAndEveryShardOnTheIdLayoutAndALookupOnTheKeysIsCoLocated() throws Exception {
    Path file = CitusOrderLayouts.create(url, TABLES, dir);
    Path json = dir.resolve("result.json");
    String text = ClusterUrls.cli(url, 0, "run", "--workload", file.toString(), "--compare-tables",
        String.join(",", TABLES), "--threads", "2", "--warmup", "0", "--ops", "100", "--mode", "prepared,plain",
        "--json", json.toString());
    System.out.println(text);
    assertTrue(text.contains(TABLES.get(1) + ": distributed by customer.customerId (bigint)"), text);
    List<LayoutComparison.Row> rows = JsonReport.read(json).layoutComparison();
    assertEquals(2, rows.size(), "one operation in two modes: " + rows);
    for (LayoutComparison.Row row : rows) {
      assertEquals("broadcast: 32 of 32 shards", row.sides().get(0).route(), row.phase());
      assertEquals("one: 1 of 32 shards", row.sides().get(1).route(), row.phase());
      assertTrue(row.sides().get(0).opsPerSecond() > 0 && row.sides().get(1).opsPerSecond() > 0, row.toString());
      assertEquals(0, row.sides().get(0).errors() + row.sides().get(1).errors(), row.toString());
    }

    Files.writeString(file, """
        operations:
          same_customer:
            aggregate:
              pipeline:
                - {$match: {customer.customerId: ":c"}}
                - {$lookup: {from: orders, localField: customer.customerId, foreignField: customer.customerId, as: same}}
            params: {c: {sample: customer.customerId, cap: 200}}
          every_customer:
            aggregate:
              pipeline:
                - {$lookup: {from: orders, localField: customer.customerId, foreignField: customer.customerId, as: same}}
                - {$project: {n: {$size: "$same"}}}
          after_a_stage:
            aggregate:
              pipeline:
                - {$match: {customer.customerId: ":c"}}
                - {$project: {customer: 1}}
                - {$lookup: {from: orders, localField: customer.customerId, foreignField: customer.customerId, as: same}}
            params: {c: {sample: customer.customerId, cap: 200}}
        """);
    String onKey = ClusterUrls.cli(url, 0, "explain", "--verbose", "--table", TABLES.get(1), "--workload", file.toString());
    System.out.println(onKey);
    // the $lookup joined on the two key columns: Citus joins a shard of both tables in each task
    assertTrue(onKey.contains("  same_customer $lookup from orders (" + TABLES.get(1) + "): co-located join on"
        + " customer.customerId: one task joins the shards of one key on one worker"), onKey);
    assertTrue(onKey.contains("  every_customer $lookup from orders (" + TABLES.get(1) + "): co-located join on"
        + " customer.customerId: each of 32 tasks joins a shard of both tables on its worker"), onKey);
    assertTrue(onKey.contains("  after_a_stage $lookup from orders (" + TABLES.get(1) + "): not co-located: " + TABLES.get(1) + " is"
        + " read from 32 of 32 shards into an intermediate result"), onKey);
    assertTrue(onKey.contains("but a stage before the $lookup other than $match changes the documents"), onKey);
    // (the unpinned join on values over the whole _id table is left out: it outlasts the statement timeout)
    String onId = ClusterUrls.cli(url, 0, "explain", "--verbose", "--table", TABLES.get(0), "--workload", file.toString(), "--op",
        "same_customer");
    assertTrue(onId.contains("  same_customer $lookup from orders (" + TABLES.get(0) + "): not co-located: " + TABLES.get(0) + " is"
        + " read from 32 of 32 shards"), onId);
    assertTrue(onId.contains("; " + TABLES.get(0) + " is distributed by _id, not by localField customer.customerId; "
        + TABLES.get(0) + " is distributed by _id, not by foreignField customer.customerId"), onId);

    // the co-located join gives the documents the join on values gives on the _id layout (the same generated orders)
    List<Long> customers = new java.util.ArrayList<>();
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url); java.sql.Statement s = c.createStatement();
         java.sql.ResultSet rs = s.executeQuery("SELECT DISTINCT \"customer.customerId\" FROM " + TABLES.get(1)
             + " ORDER BY 1 LIMIT 6")) {
      while (rs.next()) {
        customers.add(rs.getLong(1));
      }
    }
    assertEquals(CitusLookupRows.of(url, TABLES.get(0), "customer.customerId", customers),
        CitusLookupRows.of(url, TABLES.get(1), "customer.customerId", customers));
    // and both statement modes run it with no error, past the executions after which a generic plan is considered
    String ran = ClusterUrls.cli(url, 0, "run", "--table", TABLES.get(1), "--workload", file.toString(), "--op",
        "same_customer", "--mode", "prepared,plain", "--threads", "1", "--ops", "30", "--warmup", "0");
    assertTrue(ran.contains("errors: none"), ran);

    // a $group of the rows a leading $match pins by the key is one SELECT, which Citus routes to one shard in the
    // generic plan too (it refuses the nested form there with 0A000)
    Files.writeString(file, """
        operations:
          per_status:
            aggregate:
              pipeline:
                - {$match: {customer.customerId: ":c"}}
                - {$group: {_id: "$status", n: {$sum: 1}}}
            params: {c: {sample: customer.customerId, cap: 200}}
        """);
    String grouped = ClusterUrls.cli(url, 0, "explain", "--verbose", "--table", TABLES.get(1), "--workload", file.toString());
    for (Map.Entry<String, String> v : ExplainVerdicts.of(grouped).get("per_status SELECT").entrySet()) {
      assertTrue(v.getValue().startsWith("single-node route: 1 of 32 shards"), v.getKey() + ": " + v.getValue());
    }
    assertEquals(3, ExplainVerdicts.of(grouped).get("per_status SELECT").size(), grouped);
  }
}
