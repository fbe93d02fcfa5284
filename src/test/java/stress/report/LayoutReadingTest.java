package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import stress.metrics.PhaseRecorder;
import stress.metrics.PhaseStats;
import stress.metrics.WorkerRecorder;
import stress.report.html.HtmlReport;
import stress.report.html.NamedResult;
import stress.server.explain.PlanShape;

/**
 * {@code run --compare-tables orders_id,orders_key --rounds 5} on plain PostgreSQL, recorded: an update by {@code _id}
 * has the same route and plan on both tables (the plan plain PostgreSQL 15 printed for it) and still runs at ×0.63 the
 * p50 on the key table, where the other operation, a find whose plan differs, is lighter; the comparison says that
 * difference comes from the mix, not the layout, in the text, the JSON result and report.html, and says once that no
 * statement is distributed on this server.
 */
class LayoutReadingTest {
  private static final List<String> UPDATE_PLAN = List.of(
      "Update on public.TABLE  (cost=0.42..8.44 rows=0 width=0)",
      "  ->  Index Scan using TABLE_pkey on public.TABLE  (cost=0.42..8.44 rows=1 width=38)",
      "        Output: $2, ctid",
      "        Index Cond: (TABLE._id = $1)");
  private static final List<String> FIND_PLAN = List.of(
      "Limit  (cost=0.00..45.00 rows=10 width=36)",
      "  ->  Seq Scan on public.TABLE  (cost=0.00..450.00 rows=100 width=36)",
      "        Filter: ((TABLE.data -> 'customer'::text) -> 'customerId'::text) = '17'::jsonb)");
  private static final List<String> KEYED_FIND_PLAN = List.of(
      "Limit  (cost=0.29..8.31 rows=10 width=36)",
      "  ->  Index Scan using TABLE_customer_customerId_idx on public.TABLE  (cost=0.29..8.31 rows=1 width=36)",
      "        Index Cond: (TABLE.\"customer.customerId\" = 17)");

  private static List<String> on(List<String> plan, String table) {
    return plan.stream().map(l -> l.replace("TABLE", table)).toList();
  }

  private static LayoutComparison.Table table(String name, String layout, String route, List<String> findPlan) {
    Map<String, Map<String, String>> routes = new LinkedHashMap<>();
    Map<String, Map<String, String>> plans = new LinkedHashMap<>();
    routes.put("update_by_id", Map.of("prepared", route));
    routes.put("by_customer", Map.of("prepared", route));
    plans.put("update_by_id", Map.of("prepared", PlanShape.of(on(UPDATE_PLAN, name), name)));
    plans.put("by_customer", Map.of("prepared", PlanShape.of(on(findPlan, name), name)));
    return new LayoutComparison.Table(name, layout, routes, plans);
  }

  /** 10 s: the update 1000 times at {@code updateMicros}, the find 100 times at {@code findMicros}. */
  private static PhaseStats mix(long updateMicros, long findMicros) {
    PhaseRecorder phase = new PhaseRecorder(List.of("update_by_id", "by_customer"), 1, TimeUnit.HOURS.toNanos(1),
        List.of(), Fixtures.STOPPED_CLOCK);
    WorkerRecorder worker = phase.worker(0);
    for (int i = 0; i < 1000; i++) {
      worker.success(0, (updateMicros + i % 5) * Fixtures.MICROS, 1);
    }
    for (int i = 0; i < 100; i++) {
      worker.success(1, (findMicros + i % 5) * Fixtures.MICROS, 10);
    }
    return phase.finish(0, 10 * Fixtures.SECOND);
  }

  private static RunResult run(String keyRoute) {
    List<PhaseResult> phases = new ArrayList<>();
    for (int r = 1; r <= 5; r++) {
      for (String name : r % 2 == 1 ? List.of("orders_id", "orders_key") : List.of("orders_key", "orders_id")) {
        Map<String, String> c = new LinkedHashMap<>();
        c.put(LayoutComparison.TABLE, name);
        c.put("mode", "prepared");
        c.put("threads", "2");
        boolean key = name.equals("orders_key");
        phases.add(new PhaseResult(RoundComparison.label(c, null), c, Map.of(), Map.of(),
            key ? mix(630, 2000) : mix(1000, 5000), List.of(), null, r));
      }
    }
    List<LayoutComparison.Table> tables = List.of(
        table("orders_id", "distributed by _id", "not distributed", FIND_PLAN),
        table("orders_key", "distributed by customer.customerId (bigint)", keyRoute, KEYED_FIND_PLAN));
    return new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), phases, false, List.of(), List.of(), List.of(),
        tables);
  }

  private static LayoutComparison.Side keySide(List<LayoutComparison.Row> rows, String operation) {
    return rows.stream().filter(r -> r.operation().equals(operation)).findFirst().orElseThrow().sides().get(1);
  }

  @Test
  void theSameRouteAndPlanSaysTheDifferenceComesFromTheMix() {
    RunResult result = run("not distributed");
    List<LayoutComparison.Row> rows = result.layoutComparison();
    assertEquals(0.63, keySide(rows, "update_by_id").p50Ratio(), 0.01, "the update is faster on the key table");
    assertEquals(LayoutComparison.SAME_IN_MIX, keySide(rows, "update_by_id").reading());
    assertEquals("plan differs", keySide(rows, "by_customer").reading());
    assertEquals("route or plan differs for by_customer", keySide(rows, "total").reading());
    assertNull(rows.get(0).sides().get(0).reading(), "the first table is what the others are read against");

    String text = LayoutComparison.text(result);
    assertEquals(1, text.split(java.util.regex.Pattern.quote(LayoutComparison.NOT_DISTRIBUTED), -1).length - 1, text);
    assertTrue(text.lines().anyMatch(l -> l.matches("update_by_id +not distributed .* x0\\.63 +"
        + java.util.regex.Pattern.quote(LayoutComparison.SAME_IN_MIX))), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("by_customer +not distributed .* +plan differs")), text);

    // with rounds, the verdict of a difference beyond the noise says where it comes from
    RoundComparison.Row key = result.roundComparison().rows().stream()
        .filter(r -> r.combination().get(LayoutComparison.TABLE).equals("orders_key")).findFirst().orElseThrow();
    for (RoundComparison.Figure f : key.figures()) {
      String expected = f.operation().equals("update_by_id") ? "faster; " + LayoutComparison.SAME_IN_MIX : "faster";
      if (!f.operation().equals("total")) {
        assertEquals(expected, f.vsBaseline().verdict(), f.operation() + " " + f.figure());
      }
    }

    RunResult read = JsonReport.fromJson(JsonReport.toJson(result));
    assertEquals(rows, read.layoutComparison(), "the plans are kept in the JSON result, so the reading is too");
    assertTrue(JsonReport.toJson(result).contains("\"layoutRouting\" : \"" + LayoutComparison.NOT_DISTRIBUTED + "\""),
        JsonReport.toJson(result));
    String html = HtmlReport.render(List.of(new NamedResult("run", result)));
    assertTrue(html.contains(LayoutComparison.NOT_DISTRIBUTED), "said once above the table");
    assertTrue(html.contains(LayoutComparison.SAME_IN_MIX), "the table's last column");
  }

  @Test
  void aDistributedTableSaysItsRouteDiffersAndNothingOfTheServer() {
    RunResult result = run("one: 1 of 32 shards");
    List<LayoutComparison.Row> rows = result.layoutComparison();
    assertEquals("route differs", keySide(rows, "update_by_id").reading());
    assertEquals("route or plan differs for update_by_id, by_customer", keySide(rows, "total").reading());
    assertNull(result.layoutRouting());
    assertTrue(!LayoutComparison.text(result).contains(LayoutComparison.NOT_DISTRIBUTED));
    RoundComparison.Row key = result.roundComparison().rows().stream()
        .filter(r -> r.combination().get(LayoutComparison.TABLE).equals("orders_key")).findFirst().orElseThrow();
    key.figures().stream().filter(f -> !f.operation().equals("total"))
        .forEach(f -> assertEquals("faster", f.vsBaseline().verdict(), f.operation()));
  }

  @Test
  void aResultWrittenBeforePlansWereKeptSaysNothingOfThem() {
    RunResult result = run("not distributed");
    List<LayoutComparison.Table> withoutPlans = result.tables().stream()
        .map(t -> new LayoutComparison.Table(t.table(), t.layout(), t.routes())).toList();
    RunResult old = new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), result.phases(), false, List.of(),
        List.of(), List.of(), withoutPlans);
    assertNull(keySide(old.layoutComparison(), "update_by_id").reading());
    assertNull(keySide(old.layoutComparison(), "total").reading());
  }
}
