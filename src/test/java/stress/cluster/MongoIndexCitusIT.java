package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.ops.file.WorkloadOperation;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.workload.WorkloadFile;

/**
 * On a real Citus coordinator: {@code stress index} builds a workload's typed index on every shard, and a MongoDB-style
 * range on a path that is not the distribution column, translated for the table, is an index scan on every shard.
 */
class MongoIndexCitusIT {
  private static final String TABLE = "stress_it_mongo_range";
  private static String url;

  @BeforeEach
  void cluster() {
    url = ClusterUrls.citus();
  }

  @Test
  void aRangeOnAnotherPathIsAnIndexScanOnEveryShard(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, """
        operations:
          recent:
            find: {filter: {t: {$gte: 1600000000, $lt: 1600000100}}, sort: {t: -1}, limit: 10}
        indexes:
          - {path: t, type: number}
        """);
    assertEquals(0, cli("init", "--table", TABLE, "--docs", "200000", "--drop-existing"));
    try {
      assertEquals(0, cli("index", "--workload", file.toString(), "--table", TABLE));
      try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
        st.execute("ANALYZE " + TABLE);
        DocumentTable table = new DocumentTable(null, TABLE, IdType.INTEGER);
        WorkloadOperation op = ((WorkloadOperation) WorkloadFile.load(file).operations().get("recent"))
            .forTable(c, table);
        String sql = op.textFor(0, table);
        assertTrue(sql.contains("CASE WHEN jsonb_typeof(data -> 't') = 'number'"), sql);
        int shards;
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_dist_shard WHERE logicalrelid = '" + TABLE
            + "'::regclass")) {
          rs.next();
          shards = rs.getInt(1);
        }
        st.execute("SET citus.explain_all_tasks = on");
        StringBuilder plan = new StringBuilder();
        try (ResultSet rs = st.executeQuery("EXPLAIN " + sql)) {
          while (rs.next()) {
            plan.append(rs.getString(1)).append('\n');
          }
        }
        long indexScans = plan.toString().lines().filter(l -> l.contains("Index Scan") && l.contains("t_n_idx"))
            .count();
        assertTrue(shards > 1, plan.toString());
        assertEquals(shards, indexScans, plan.toString());
        assertTrue(!plan.toString().contains("Seq Scan"), plan.toString());
      }
    } finally {
      ClusterUrls.dropDocumentTables(url, TABLE);
    }
  }

  /**
   * The shapes of bench/mongo-shapes.yaml that an index serves, on large orders, with {@code stress index --suggest}
   * as the only index step (the file declares {@code {gin: data}}): each is an index scan on every shard, none reads a
   * shard whole. The multi-field equality is one containment (GIN), the equality + range + sort on a low-cardinality
   * field reads the compound typed index, the count right after {@code stress index} its date index.
   */
  @Test
  void theBenchShapesAreIndexScansOnEveryShardAfterIndexSuggest(@TempDir Path dir) throws Exception {
    String table = "stress_it_forms_orders";
    Path file = dir.resolve("shapes.yaml");
    Files.writeString(file, """
        operations:
          num_range:
            find: {filter: {totals.grandTotal: {$gt: 9900}}}
          range_sort_limit:
            find: {filter: {totals.grandTotal: {$gt: 9000}}, sort: {totals.grandTotal: -1}, limit: 10}
          nested_range:
            find: {filter: {customer.lifetimeOrders: {$gte: 50, $lt: 51}}, limit: 20}
          date_range:
            find: {filter: {createdAt: {$gte: {$date: "2021-03-01T00:00:00Z"}, $lt: {$date: "2021-03-02T00:00:00Z"}}}}
          date_sort_limit:
            find: {sort: {createdAt: -1}, limit: 10}
          eq_sort_limit:
            find: {filter: {status: "shipped"}, sort: {createdAt: -1}, limit: 10}
          eq_multi:
            find: {filter: {status: "paid", channel: "web"}}
          in_numbers:
            find: {filter: {customer.lifetimeOrders: {$in: [17, 99, 211]}}}
          eq_range_sort:
            find: {filter: {status: "shipped", createdAt: {$gte: {$date: "2021-03-01T00:00:00Z"},
                                                           $lt: {$date: "2021-06-01T00:00:00Z"}}},
                   sort: {createdAt: -1}, limit: 10}
          count_after_index:
            countDocuments: {filter: {createdAt: {$gte: {$date: "2021-03-01T00:00:00Z"},
                                                  $lt: {$date: "2021-03-08T00:00:00Z"}}}}
          eq_string:
            find: {filter: {orderNo: "SO-2022-000000001"}}
        indexes:
          - {gin: data}
        """);
    assertEquals(0, cli("init", "--table", table, "--docs", "50000", "--shape", "large", "--drop-existing"));
    try {
      assertEquals(0, cli("index", "--suggest", "--workload", file.toString(), "--table", table));
      WorkloadFile workload = WorkloadFile.load(file);
      try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
        DocumentTable documents = new DocumentTable(null, table, IdType.INTEGER);
        int shards;
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_dist_shard WHERE logicalrelid = '" + table
            + "'::regclass")) {
          rs.next();
          shards = rs.getInt(1);
        }
        assertTrue(shards > 1, "shards: " + shards);
        st.execute("SET citus.explain_all_tasks = on");
        for (String name : workload.operations().keySet()) {
          String sql = ((WorkloadOperation) workload.operations().get(name)).forTable(c, documents)
              .textFor(0, documents);
          StringBuilder plan = new StringBuilder();
          try (ResultSet rs = st.executeQuery("EXPLAIN " + sql)) {
            while (rs.next()) {
              plan.append(rs.getString(1)).append('\n');
            }
          }
          String text = name + ": " + sql + "\n" + plan;
          long indexScans = plan.toString().lines().filter(l -> l.contains("Index Scan")).count();
          assertTrue(indexScans >= shards, text);
          assertTrue(!plan.toString().contains("Seq Scan"), text);
        }
      }
    } finally {
      ClusterUrls.dropDocumentTables(url, table);
    }
  }

  private static int cli(String... args) {
    List<String> all = new java.util.ArrayList<>(List.of("--url", url));
    all.addAll(List.of(args));
    return new stress.cli.Cli(System.out, System.err).execute(all.toArray(String[]::new));
  }
}
