package stress.server.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.testing.TestDatabase;

/**
 * The shard total of a Citus verdict comes from the shard relation the task's query reads, not from the first
 * {@code _<digits>} after a FROM: a MongoDB-style sort over an array puts a subquery with its own FROM and a
 * {@code worker_column_3} alias before the shard, which read as shard 3 and printed "multi: 32 of ? shards". The
 * catalog is a stand-in {@code pg_dist_shard} on the embedded PostgreSQL (an unqualified name Citus's catalog would
 * answer), so the look-up runs as on a coordinator.
 */
class CitusShardTotalTest {
  private static final List<String> SORT_OVER_ARRAY_PLAN = List.of(
      " Limit  (cost=1000.00..1000.05 rows=20 width=68)",
      "   Output: remote_scan._id, remote_scan.data, remote_scan.worker_column_3",
      "   ->  Sort  (cost=1000.00..1250.00 rows=100000 width=68)",
      "         Output: remote_scan._id, remote_scan.data, remote_scan.worker_column_3",
      "         Sort Key: remote_scan.worker_column_3",
      "         ->  Custom Scan (Citus Adaptive)  (cost=0.00..0.00 rows=100000 width=68)",
      "               Output: remote_scan._id, remote_scan.data, remote_scan.worker_column_3",
      "               Task Count: 32",
      "               Tasks Shown: One of 32",
      "               ->  Task",
      "                     Query: SELECT _id, data, (SELECT s.c FROM jsonb_path_query(stress_orders.data,"
          + " '$.\"items\"[*]'::jsonpath) s(c) ORDER BY s.c LIMIT 1) AS worker_column_3 FROM"
          + " public.stress_orders_102040 stress_orders WHERE true ORDER BY (SELECT s.c FROM"
          + " jsonb_path_query(stress_orders.data, '$.\"items\"[*]'::jsonpath) s(c) ORDER BY s.c LIMIT 1) LIMIT '20'::bigint",
      "                     Node: host=127.0.0.1 port=9701 dbname=postgres",
      "                     ->  Limit  (cost=90.00..90.05 rows=20 width=68)",
      "                           Output: _id, data, ((SubPlan 1))",
      "                           ->  Seq Scan on public.stress_orders_102040 stress_orders  (cost=0.00..89.00 rows=6000 width=68)",
      "                                 Output: _id, data, (SubPlan 1)");

  @Test
  void aSortOverAnArrayOnAllShardsIsABroadcastToAllOfThem() throws Exception {
    String url = TestDatabase.newDatabaseUrl("citus_shards");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE stress_orders (_id int PRIMARY KEY, data jsonb)");
      s.execute("CREATE TABLE other (_id int PRIMARY KEY)");
      s.execute("CREATE TABLE pg_dist_shard (logicalrelid regclass, shardid bigint)");
      s.execute("INSERT INTO pg_dist_shard SELECT 'stress_orders', 102040 + i FROM generate_series(0, 31) AS i");
      s.execute("INSERT INTO pg_dist_shard SELECT 'other', i FROM generate_series(1, 2) AS i");
      Verdict verdict = new CitusRouting().verdict(SORT_OVER_ARRAY_PLAN, c);
      assertEquals("broadcast: 32 of 32 shards (multi-shard, Task Count 32)", verdict.line());
      assertEquals("broadcast: 32 of 32 shards", verdict.brief());
    }
    assertEquals(102040L, CitusPlan.parse(SORT_OVER_ARRAY_PLAN).shardId());
  }
}
