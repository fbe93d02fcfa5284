package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.JsonReport;
import stress.report.LayoutComparison;

/**
 * {@code run --compare-tables} on a real Citus coordinator: generated orders in a table distributed by {@code _id} and
 * in one distributed by {@code customer.customerId}; a find pinning the customer reaches 1 of 32 shards on the key
 * layout and all 32 on the {@code _id} layout, in both statement modes, and both tables are measured.
 */
class CitusCompareTablesIT {
  private static final List<String> TABLES = List.of("cmpid_orders", "cmpkey_orders");
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
  void aKeyPinnedFindReachesOneShardOnTheKeyLayoutAndEveryShardOnTheIdLayoutAndNoLookupIsCoLocated() throws Exception {
    ClusterUrls.cli(url, 0, "init", "--table", TABLES.get(0), "--docs", "2000", "--shape", "large",
        "--drop-existing");
    ClusterUrls.cli(url, 0, "init", "--table", TABLES.get(1), "--docs", "2000", "--shape", "large",
        "--distribute-by", "customer.customerId", "--drop-existing");
    Path file = dir.resolve("orders.yaml");
    Files.writeString(file, """
        operations:
          by_customer:
            find: {filter: {customer.customerId: ":c"}, limit: 10}
            params: {c: {sample: customer.customerId, cap: 200}}
        """);
    Path json = dir.resolve("result.json");
    String text = ClusterUrls.cli(url, 0, "run", "--workload", file.toString(), "--compare-tables",
        String.join(",", TABLES), "--threads", "2", "--warmup", "0", "--ops", "100", "--mode", "prepared,plain",
        "--json", json.toString());
    System.out.println(text);
    assertTrue(text.contains("cmpkey_orders: distributed by customer.customerId (bigint)"), text);
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
        """);
    String onKey = ClusterUrls.cli(url, 0, "explain", "--table", TABLES.get(1), "--workload", file.toString());
    System.out.println(onKey);
    assertTrue(onKey.contains("  same_customer $lookup from orders (cmpkey_orders): not co-located: cmpkey_orders is"
        + " read from 32 of 32 shards into an intermediate result (Distributed Subplan "), onKey);
    assertTrue(onKey.contains(" and joined on one node; both tables are distributed by the joined paths in one"
        + " co-location group, but the $lookup's SQL compares the documents' values"), onKey);
    String onId = ClusterUrls.cli(url, 0, "explain", "--table", TABLES.get(0), "--workload", file.toString());
    assertTrue(onId.contains("  same_customer $lookup from orders (cmpid_orders): not co-located: cmpid_orders is"
        + " read from 32 of 32 shards"), onId);
    assertTrue(onId.contains("; cmpid_orders is distributed by _id, not by localField customer.customerId;"
        + " cmpid_orders is distributed by _id, not by foreignField customer.customerId"), onId);
  }
}
