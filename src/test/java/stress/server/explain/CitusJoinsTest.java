package stress.server.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import stress.server.explain.CitusJoins.Join;
import stress.server.explain.CitusJoins.Kind;

/** How the captured Citus 13.2 plans join a statement's table to the tables its {@code $lookup} stages read. */
class CitusJoinsTest {
  private static List<String> plan(String fixture, int block) {
    return PlanTranscript.blocks("citus-13.2/" + fixture).get(block).plan();
  }

  @Test
  void stressLookupsReadTheForeignCollectionApartOnBothLayouts() {
    // pipeline_lookup.txt: the _id layout; $match on _id, then the same collection by customer.customerId: subplan 1_3
    // reads all 32 shards of stress_orders, joined over intermediate results
    assertEquals(List.of(new Join(Kind.PULLED, 32, "1_3")),
        CitusJoins.read(plan("pipeline_lookup.txt", 0), "stress_orders", List.of("stress_orders")));
    // pipeline_lookup_key.txt: the key layout (distributed by customer.customerId), the same $lookup by that key: the
    // $match reads the key's one shard (1_1), the foreign read is still a subplan of its own on all 32 (1_3)
    assertEquals(List.of(new Join(Kind.PULLED, 32, "1_3")),
        CitusJoins.read(plan("pipeline_lookup_key.txt", 0), "lk_orders", List.of("lk_orders")));
  }

  @Test
  void aJoinOnTheDistributionColumnsIsCoLocated() {
    // join_colocated.txt: lk_orders with itself on its key, pinned to one key (one task), then over every key (32)
    assertEquals(List.of(new Join(Kind.CO_LOCATED, 1, null)),
        CitusJoins.read(plan("join_colocated.txt", 0), "lk_orders", List.of("lk_orders")));
    assertEquals(List.of(new Join(Kind.CO_LOCATED, 32, null)),
        CitusJoins.read(plan("join_colocated.txt", 1), "lk_orders", List.of("lk_orders")));
    // with its co-located copy table: lk_orders_copy_104523 is not a shard of lk_orders
    assertEquals(List.of(new Join(Kind.CO_LOCATED, 1, null)),
        CitusJoins.read(plan("join_colocated.txt", 2), "lk_orders", List.of("lk_orders_copy")));
  }

  @Test
  void aTableNoTaskReadsIsSaidSo() {
    assertEquals(List.of(new Join(Kind.NOT_READ, null, null)),
        CitusJoins.read(plan("join_colocated.txt", 2), "lk_orders", List.of("lk_customers")));
    // a self-join's single read of the table is the table's own read, not a lookup's
    assertEquals(List.of(new Join(Kind.NOT_READ, null, null)),
        CitusJoins.read(plan("find_first.literal.txt", 0), "check_in", List.of("check_in")));
    // the second $lookup of the same table takes the next read of it: none here
    assertEquals(List.of(new Join(Kind.PULLED, 32, "1_3"), new Join(Kind.NOT_READ, null, null)),
        CitusJoins.read(plan("pipeline_lookup.txt", 0), "stress_orders", List.of("stress_orders", "stress_orders")));
  }
}
