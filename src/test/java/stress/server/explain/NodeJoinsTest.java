package stress.server.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where a Postgres-XL or Greenplum plan joins a {@code $lookup}'s foreign table, read from plans captured on the two
 * clusters (src/test/resources/fixtures/node-joins): joined where the rows are stored, or moved first, and by what.
 */
class NodeJoinsTest {
  private static List<String> plan(String file) throws IOException {
    try (InputStream in = NodeJoinsTest.class.getResourceAsStream("/fixtures/node-joins/" + file)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
  }

  @Test
  void aJoinOnTheDistributionColumnsOfEveryKeyIsCoLocatedOnBothServers() throws IOException {
    assertTrue(NodeJoins.read(plan("greenplum-lookup-every-key.txt"), "acc_stress_orders").colocated());
    assertTrue(NodeJoins.read(plan("pgxl-lookup-every-key.txt"), "acc_stress_orders").colocated());
    assertTrue(NodeJoins.read(plan("pgxl-lookup-key-pinned.txt"), "acc_stress_orders").colocated());
  }

  @Test
  void theFormsThatKeepAPinnedOrReplicatedJoinOnOneNodeAreCoLocated() throws IOException {
    // Greenplum: the table's rows fenced, the foreign pin as an array; Postgres-XL: the replicated table joined
    assertTrue(NodeJoins.read(plan("greenplum-lookup-key-pinned-fenced.txt"), "acc_check_in").colocated());
    assertTrue(plan("greenplum-lookup-key-pinned-fenced.txt").get(0).contains("segments: 1"));
    assertTrue(NodeJoins.read(plan("pgxl-lookup-replicated-join.txt"), "acc_sample_analytics_customers").colocated());
    assertTrue(plan("pgxl-lookup-replicated-join.txt").get(0).startsWith("Remote Subquery Scan on all (dn1) "));
  }

  @Test
  void rowsMovedToTheJoinAreNamedByTheNodeThatMovesThem() throws IOException {
    NodeJoins.Join pinned = NodeJoins.read(plan("greenplum-lookup-key-pinned.txt"), "acc_stress_orders");
    assertFalse(pinned.colocated());
    assertEquals("Redistribute Motion 1:2  (slice2; segments: 1)", pinned.moved());
    NodeJoins.Join general = NodeJoins.read(plan("pgxl-lookup-general-form.txt"), "acc_sample_analytics_customers");
    assertFalse(general.colocated());
    assertEquals("Remote Subquery Scan on all (dn2)", general.moved());
  }

  @Test
  void aTableThePlanDoesNotScanIsNotRead() throws IOException {
    NodeJoins.Join none = NodeJoins.read(plan("pgxl-lookup-every-key.txt"), "acc_sample_analytics_customers");
    assertFalse(none.read());
    assertFalse(none.colocated());
  }
}
