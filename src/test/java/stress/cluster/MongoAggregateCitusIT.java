package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Pipelines on a real Citus coordinator (STRESS_CITUS_URL), over the generated orders distributed by {@code _id}:
 * {@code stress explain} reports a {@code $group} on a non-distribution field ({@code status}) and a {@code $lookup}
 * into the same collection on {@code customer.customerId} as Citus plans them: the shards return the documents,
 * the grouping and the join run on the coordinator over those rows ("not pushed down"), as the plan's
 * {@code read_intermediate_result} steps show.
 */
class MongoAggregateCitusIT {
  private static String url;

  @BeforeAll
  static void orders() {
    url = ClusterUrls.citus();
    ClusterUrls.cli(url, 0, "import", "datasets/sample-large", "--drop-existing");
  }

  @AfterAll
  static void drop() throws Exception {
    if (url != null) {
      ClusterUrls.dropDocumentTables(url, "stress_orders");
    }
  }

  private static String explain(String op) {
    return ClusterUrls.cli(url, 0, "explain", "--verbose", "--workload", "config/workloads/orders-aggregate.yaml",
        "--table", "stress_orders", "--op", op);
  }

  @Test
  void aGroupOnANonDistributionFieldIsReportedAsNotPushedDown() {
    String out = explain("revenue_by_status");
    assertTrue(out.contains("read_intermediate_result("), "the real plan: " + out);
    assertTrue(out.contains("prepared, custom plan: broadcast: 32 of 32 shards (multi-shard, Task Count 32"), out);
    assertTrue(out.contains("the rest runs on one node over the rows the shards returned"
        + " (read_intermediate_result): not pushed down"), out);
  }

  @Test
  void aLookupOnANonDistributionFieldIsAJoinOnTheCoordinator() {
    String out = explain("same_customer_orders");
    assertTrue(out.contains("read_intermediate_result("), "the real plan: " + out);
    assertTrue(out.contains("not pushed down"), out);
    String run = ClusterUrls.cli(url, 0, "run", "--workload", "config/workloads/orders-aggregate.yaml", "--table",
        "stress_orders", "--op", "same_customer_orders", "--duration", "2s", "--warmup", "0s", "--threads", "2");
    assertTrue(run.contains("errors: none"), run);
  }
}
