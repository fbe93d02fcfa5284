package stress.server.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Plans of one statement on two tables, as the servers printed them (the plain PostgreSQL 15 and Citus 13.2 fixtures),
 * with the second table's names, shard numbers, node and values in place of the first's.
 */
class PlanShapeTest {
  /** find_update on plain PostgreSQL 15.20 (baseline-plain-pg15/find_update.auto.txt). */
  private static final List<String> UPDATE = List.of(
      "Update on public.check_in  (cost=0.42..8.44 rows=0 width=0)",
      "  ->  Index Scan using check_in_pkey on public.check_in  (cost=0.42..8.44 rows=1 width=38)",
      "        Output: $2, ctid",
      "        Index Cond: (check_in._id = $1)");
  /** find on Citus 13.2 (find.custom.txt), one task of 32 shown. */
  private static final List<String> CITUS_FIND = List.of(
      "Limit  (cost=3821.93..3822.18 rows=100 width=36)",
      "  Output: remote_scan._id, remote_scan.data",
      "  ->  Sort  (cost=3821.93..4071.93 rows=100000 width=36)",
      "        Output: remote_scan._id, remote_scan.data",
      "        Sort Key: remote_scan._id",
      "        ->  Custom Scan (Citus Adaptive)  (cost=0.00..0.00 rows=100000 width=36)",
      "              Output: remote_scan._id, remote_scan.data",
      "              Task Count: 32",
      "              Tasks Shown: One of 32",
      "              ->  Task",
      "                    Query: SELECT _id, data FROM public.check_in_102008 check_in WHERE (_id OPERATOR(pg_catalog.>)"
          + " 5000) ORDER BY _id LIMIT '100'::bigint",
      "                    Node: host=127.0.0.1 port=9701 dbname=postgres",
      "                    ->  Limit  (cost=0.28..4.59 rows=100 width=70)",
      "                          Output: _id, data",
      "                          ->  Index Scan using check_in_pkey_102008 on public.check_in_102008 check_in"
          + "  (cost=0.28..261.32 rows=6059 width=70)",
      "                                Output: _id, data",
      "                                Index Cond: (check_in._id > 5000)");

  private static List<String> on(List<String> plan, String table) {
    return plan.stream().map(l -> l.replace("check_in", table).replace("102008", "102040").replace("9701", "9702")
        .replace("5000", "731").replace("cost=0.42..8.44", "cost=0.29..8.31")).toList();
  }

  @Test
  void theSameStatementOnAnotherTableHasTheSameShape() {
    assertEquals(PlanShape.of(UPDATE, "check_in"), PlanShape.of(on(UPDATE, "orders_by_key"), "orders_by_key"));
    assertEquals(PlanShape.of(CITUS_FIND, "check_in"), PlanShape.of(on(CITUS_FIND, "Orders"), "Orders"));
    assertEquals("""
        Update on T
          ->  Index Scan using T_pkey on T
                Index Cond: (T._id = $1)""", PlanShape.of(UPDATE, "check_in"));
  }

  @Test
  void anotherNodeOrConditionIsAnotherShape() {
    List<String> seq = List.of("Update on public.orders  (cost=0.00..30.00 rows=0 width=0)",
        "  ->  Seq Scan on public.orders  (cost=0.00..30.00 rows=1 width=38)",
        "        Filter: (orders._id = $1)");
    assertNotEquals(PlanShape.of(UPDATE, "check_in"), PlanShape.of(seq, "orders"));
    List<String> keyed = UPDATE.stream().map(l -> l.replace("(check_in._id = $1)",
        "((check_in._id = $1) AND (check_in.\"customer.customerId\" = $3))")).toList();
    assertNotEquals(PlanShape.of(UPDATE, "check_in"), PlanShape.of(keyed, "check_in"));
  }
}
