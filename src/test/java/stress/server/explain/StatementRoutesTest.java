package stress.server.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.server.CitusNode;
import stress.server.GreenplumSegments;
import stress.server.ServerVersion;
import stress.server.TargetInfo;
import stress.server.TargetKind;
import stress.server.XlNodes;

/** The flags and advice per target, on plans from the captured fixtures. */
class StatementRoutesTest {
  private static final ServerVersion PG = ServerVersion.parse("15.20");
  private static final TargetRouting XL = TargetRouting.forTarget(new TargetInfo(TargetKind.XL_COORDINATOR, "XL",
      ServerVersion.parse("10.6"), "10r1.1", null, new XlNodes("coord1", List.of("coord1", "coord2"),
      List.of("dn1", "dn2")), null));
  private static final TargetRouting GP = TargetRouting.forTarget(new TargetInfo(TargetKind.GREENPLUM, "GP",
      ServerVersion.parse("12"), "7.0.0", null, null, new GreenplumSegments(2)));
  private static final TargetRouting CITUS = TargetRouting.forTarget(new TargetInfo(TargetKind.CITUS_COORDINATOR,
      "Citus", PG, "13.2.2", new CitusNode(2, 32), null, null));
  private static final TargetRouting POSTGRES = TargetRouting.forTarget(TargetInfo.postgres("PostgreSQL 15", PG));

  /** A mode's route as read from a fixture block; Citus plans are counted against 32 shards. */
  private static ModeRoute route(PlanMode mode, String file, int block) {
    PlanTranscript.Block b = PlanTranscript.blocks(file).get(block);
    return new ModeRoute(mode, b.isPlan() ? b.plan() : List.of(), PlanFixturesTest.read(file, b), null);
  }

  @Test
  void xlPreparedBroadcastIsFlaggedWithTheLiteralAdvice() {
    String f = "pgxl-10r1.1/explain_pk_lookup.txt";
    StatementRoutes routes = StatementRoutes.of(List.of(route(PlanMode.PREPARED, f, 2), route(PlanMode.PLAIN, f, 0)), XL);
    assertEquals(1, routes.flags().size());
    Flag flag = routes.flags().get(0);
    assertEquals(PlanMode.PREPARED, flag.mode());
    assertEquals("broadcast to 2 of 2 datanodes where plain reaches one", flag.finding());
    assertTrue(flag.advice().contains("use --mode plain or --query-mode simple"), flag.advice());
  }

  @Test
  void xlNeverAnalyzesPreparedStatementsAndSaysWhy() {
    assertNotNull(XL.analyzeRefusal(PlanMode.PREPARED));
    assertTrue(XL.analyzeRefusal(PlanMode.PREPARED).contains("crashed the coordinator backend"));
    assertNull(XL.analyzeRefusal(PlanMode.PLAIN), "the literal EXPLAIN ANALYZE ran fine in the fixture");
    assertTrue(XL.notes().get(0).contains("never run on prepared statements"));
    for (TargetRouting other : List.of(GP, CITUS, POSTGRES)) {
      for (PlanMode mode : PlanMode.values()) {
        assertNull(other.analyzeRefusal(mode));
      }
    }
  }

  @Test
  void greenplumGenericPlanToAllSegmentsIsFlagged() {
    String g = "greenplum7-matrixdb5/";
    StatementRoutes routes = StatementRoutes.of(List.of(
        route(PlanMode.GENERIC, g + "explain_prepared_force_generic_plan.txt", 0),
        route(PlanMode.CUSTOM, g + "explain_prepared_force_custom_plan.txt", 0),
        route(PlanMode.PLAIN, g + "explain_pk_lookup.txt", 0)), GP);
    assertEquals(1, routes.flags().size());
    Flag flag = routes.flags().get(0);
    assertEquals(PlanMode.GENERIC, flag.mode());
    assertEquals("broadcast to 2 of 2 segments where prepared, custom plan reaches one", flag.finding());
    assertTrue(flag.advice().contains("use --mode plain or --query-mode simple"), flag.advice());
    assertTrue(flag.line().startsWith("prepared, generic plan: broadcast to 2 of 2 segments"), flag.line());
  }

  @Test
  void greenplumGenericUpdateIsFlaggedToo() {
    String g = "greenplum7-matrixdb5/";
    StatementRoutes routes = StatementRoutes.of(List.of(
        route(PlanMode.GENERIC, g + "explain_prepared_force_generic_plan.txt", 1),
        route(PlanMode.PLAIN, g + "explain_update_by_id.txt", 0)), GP);
    assertEquals(List.of(PlanMode.GENERIC), routes.flags().stream().map(Flag::mode).toList());
  }

  @Test
  void citusRefusalOfTheGenericPlanIsFlaggedWithPlanCacheAdvice() {
    StatementRoutes routes = StatementRoutes.of(List.of(
        route(PlanMode.GENERIC, "citus-13.2/find_in.generic.txt", 0),
        route(PlanMode.CUSTOM, "citus-13.2/find_in.custom.txt", 0),
        route(PlanMode.PLAIN, "citus-13.2/find_in.literal.txt", 0)), CITUS);
    assertEquals(1, routes.flags().size(), "23 of 32 shards is no broadcast a single-node route could replace");
    Flag flag = routes.flags().get(0);
    assertEquals(PlanMode.GENERIC, flag.mode());
    assertEquals("refused (0A000) where prepared, custom plan runs", flag.finding());
    assertTrue(flag.advice().contains("plan_cache_mode=force_generic_plan"), flag.advice());
  }

  @Test
  void routedEverywhereMeansNoFlags() {
    List<ModeRoute> citus = new ArrayList<>();
    List<ModeRoute> baseline = new ArrayList<>();
    for (PlanMode mode : List.of(PlanMode.GENERIC, PlanMode.CUSTOM, PlanMode.PLAIN)) {
      String form = mode == PlanMode.PLAIN ? "literal" : mode == PlanMode.GENERIC ? "generic" : "custom";
      citus.add(route(mode, "citus-13.2/find_first." + form + ".txt", 0));
      baseline.add(route(mode, "citus-13.2/baseline-plain-pg15/find_in." + form + ".txt", 0));
    }
    assertEquals(List.of(), StatementRoutes.of(citus, CITUS).flags());
    assertEquals(List.of(), StatementRoutes.of(baseline, POSTGRES).flags());
  }

  @Test
  void aRefusalWithNoWorkingModeIsAVerdictNotAFlag() {
    StatementRoutes routes = StatementRoutes.of(List.of(route(PlanMode.GENERIC, "citus-13.2/find.generic.txt", 0)),
        CITUS);
    assertEquals(Route.REFUSED, routes.in(PlanMode.GENERIC).orElseThrow().verdict().route());
    assertEquals(List.of(), routes.flags());
  }
}
