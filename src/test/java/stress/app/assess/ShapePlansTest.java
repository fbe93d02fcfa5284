package stress.app.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import stress.app.plan.RouteCheck;
import stress.ops.sql.Sql;
import stress.ops.sql.SentStatement;
import stress.report.assess.IndexesSection;
import stress.server.explain.ModeRoute;
import stress.server.explain.PlanMode;
import stress.server.explain.StatementRoutes;
import stress.server.explain.Verdict;

/**
 * Shapes read from what {@code stress explain} found, with the plans of a real Citus 13.2 cluster
 * (src/test/resources/fixtures/citus-13.2): a key lookup routed to one shard through its shard's index, a range
 * broadcast to all 32 shards, and a plain PostgreSQL scan.
 */
class ShapePlansTest {
  private static List<String> plan(String fixture) throws Exception {
    List<String> lines = Files.readAllLines(Path.of("src/test/resources/fixtures/" + fixture));
    // the QUERY PLAN rows: after the dashes, before "(N rows)"
    int start = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("---")) {
        start = i + 1;
        break;
      }
    }
    int end = start;
    while (end < lines.size() && !lines.get(end).startsWith("(")) {
      end++;
    }
    return lines.subList(start, end);
  }

  private static RouteCheck.Explained explained(String op, List<String> plan, Verdict verdict) {
    SentStatement sent = new SentStatement(new Sql("SELECT _id, data FROM check_in WHERE _id = ?"), List.of(1), false);
    return new RouteCheck.Explained(op, "SELECT", sent, new StatementRoutes(List.of(
        new ModeRoute(PlanMode.GENERIC, plan, verdict, null), new ModeRoute(PlanMode.CUSTOM, plan, verdict, null)),
        List.of()));
  }

  @Test
  void citusShapesReadTheirShardsIndexAndRoute() throws Exception {
    RouteCheck.Result result = new RouteCheck.Result(List.of(PlanMode.GENERIC, PlanMode.CUSTOM), List.of(), List.of(
        explained("by_id", plan("citus-13.2/find_first.custom.txt"), Verdict.counted(1, 32, "shard",
            List.of("127.0.0.1:9702"), "router")),
        explained("range", plan("citus-13.2/find.custom.txt"), Verdict.counted(32, 32, "shard", List.of(), null))),
        List.of("silent"), List.of());
    Map<String, Integer> weights = new LinkedHashMap<>();
    weights.put("by_id", 40);
    weights.put("range", 10);
    weights.put("silent", 1);
    List<IndexesSection.Shape> shapes = ShapePlans.of("app.check_in", weights, result, Set.of("check_in_pkey"));
    IndexesSection.Shape byId = shapes.get(0);
    assertEquals("prepared, custom plan", byId.mode());
    assertTrue(byId.served());
    assertEquals("check_in_pkey_102023", byId.index());
    assertTrue(byId.bySuggested(), "a shard's index is the index built on the distributed table");
    assertEquals("single", byId.route());
    assertEquals(40, byId.weight());
    assertEquals("all", shapes.get(1).route());
    assertFalse(shapes.get(2).served());
    assertEquals("not explained", shapes.get(2).index());
  }

  @Test
  void aPlainScanIsNotServed() throws Exception {
    RouteCheck.Result result = new RouteCheck.Result(List.of(PlanMode.CUSTOM), List.of(), List.of(
        explained("all_docs", List.of("Seq Scan on public.check_in  (cost=0.00..3.00 rows=100 width=36)"),
            Verdict.singleNode("plain PostgreSQL"))), List.of(), List.of());
    IndexesSection.Shape s = ShapePlans.of("app.check_in", Map.of("all_docs", 3), result, Set.of()).get(0);
    assertFalse(s.served());
    assertEquals("seq scan", s.index());
    assertEquals("NA", s.route());
  }
}
