package stress.server.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import stress.server.explain.PlanTranscript.Block;

/**
 * Every EXPLAIN in the captured fixtures (src/test/resources/fixtures, real output of real clusters) read by
 * its target's reader, against the verdicts the fixture READMEs describe.
 */
class PlanFixturesTest {
  /** citus-13.2/README.md: citus.shard_count 32, every table has 32 shards. */
  private static final int CITUS_SHARDS = 32;
  /** pgxl-10r1.1/README.md: datanodes dn1 and dn2. */
  private static final int XL_DATANODES = 2;
  /** greenplum7-matrixdb5/README.md: 2 primary segments. */
  private static final int GP_SEGMENTS = 2;
  private static final String WORKER_2 = "127.0.0.1:9702";

  /** What one block of a transcript must read as. */
  record Expect(Route route, Integer touched, Integer total, List<String> nodes, String detail, String sqlState) {}

  private static final Map<String, List<Expect>> EXPECTED = new LinkedHashMap<>();

  static {
    // README observation 1: single-shard statements are routed to one shard on worker 9702 in every form
    for (String op : List.of("find_first", "find_update", "find_insert", "find_delete")) {
      for (String form : List.of("literal", "generic", "custom", "auto")) {
        EXPECTED.put("citus-13.2/" + op + "." + form + ".txt", List.of(router()));
      }
    }
    // observations 2 and 4: find_in hits 23 of 32 shards (IN list and = ANY), refused under force_generic_plan
    Expect inList = new Expect(Route.SEVERAL, 23, CITUS_SHARDS, List.of(), "Task Count 23", null);
    EXPECTED.put("citus-13.2/find_in.literal.txt", List.of(inList, inList));
    EXPECTED.put("citus-13.2/find_in.custom.txt", List.of(inList, inList));
    EXPECTED.put("citus-13.2/find_in.auto.txt", List.of(inList, inList));
    EXPECTED.put("citus-13.2/find_in.generic.txt", List.of(refused("0A000"), refused("0A000")));
    // observation 5: find reaches all 32 shards
    Expect range = new Expect(Route.ALL, 32, CITUS_SHARDS, List.of(), "multi-shard, Task Count 32", null);
    EXPECTED.put("citus-13.2/find.literal.txt", List.of(range));
    EXPECTED.put("citus-13.2/find.custom.txt", List.of(range, range));
    EXPECTED.put("citus-13.2/find.auto.txt", List.of(range, range));
    EXPECTED.put("citus-13.2/find.generic.txt", List.of(refused("0A000"), refused("0A000")));
    // an aggregation pipeline's $group on a non-distribution field, as written for a distributed table: the shards
    // return the documents, four more steps run on the coordinator over them
    EXPECTED.put("citus-13.2/pipeline_group.txt", List.of(new Expect(Route.ALL, 32, CITUS_SHARDS, List.of(),
        "multi-shard, Task Count 32, 5 distributed steps: 32 of 32, 1 task over intermediate results (4 steps); the"
            + " rest runs on one node over the rows the shards returned (read_intermediate_result): not pushed down",
        null)));
    // a $match on _id then a $lookup of the same collection: the first step reads the key's one shard, the third the
    // whole foreign collection on all 32; the verdict counts every step, so it is a broadcast, not "one: 1 of 32"
    EXPECTED.put("citus-13.2/pipeline_lookup.txt", List.of(new Expect(Route.ALL, 32, CITUS_SHARDS, List.of(),
        "multi-shard, Task Count 32, 6 distributed steps: 1 of 32, 1 task over intermediate results, 32 of 32, 1 task"
            + " over intermediate results (3 steps); the rest runs on one node", null)));
    // the same $lookup on a table distributed by customer.customerId, its $match pinning the key: the foreign
    // collection is still read from all 32 shards by a step of its own
    EXPECTED.put("citus-13.2/pipeline_lookup_key.txt", List.of(new Expect(Route.ALL, 32, CITUS_SHARDS, List.of(),
        "multi-shard, Task Count 32, 5 distributed steps: 1 of 32, 1 task over intermediate results, 32 of 32, 1 task"
            + " over intermediate results (2 steps)", null)));
    // joins on the distribution columns: one key's shard pair on one worker, every pair, a co-located copy table
    Expect everyPair = new Expect(Route.ALL, 32, CITUS_SHARDS, List.of(), "multi-shard, Task Count 32",
        null);
    EXPECTED.put("citus-13.2/join_colocated.txt", List.of(router(), everyPair, router()));
    // the plain PostgreSQL 15 baseline: the same scripts, one plan per EXPLAIN, nothing refused
    for (String op : List.of("find_first", "find_update", "find_insert", "find_delete", "find_in", "find")) {
      int plans = op.equals("find_in") || op.equals("find") ? 2 : 1;
      for (String form : List.of("literal", "generic", "custom", "auto")) {
        int count = op.equals("find") && form.equals("literal") ? 1 : plans;
        EXPECTED.put("citus-13.2/baseline-plain-pg15/" + op + "." + form + ".txt",
            Collections.nCopies(count, single()));
      }
    }

    // Postgres-XL: the literal goes to dn2 (also under ANALYZE); the prepared $1 to dn1 and dn2, before and
    // after six executions; then EXPLAIN (ANALYZE) EXECUTE crashed the backend
    Expect literal = new Expect(Route.ONE, 1, XL_DATANODES, List.of("dn2"), "Remote Fast Query Execution", null);
    Expect prepared = new Expect(Route.ALL, 2, XL_DATANODES, List.of("dn1", "dn2"),
        "Remote Fast Query Execution, remote query carries $1", null);
    EXPECTED.put("pgxl-10r1.1/explain_pk_lookup.txt", List.of(literal, literal, prepared, prepared, lost()));
    // an UPDATE that is not fast-query-shipped: the custom plan (first planning) reaches the key's datanode, the
    // generic plan the server takes at the sixth planning every datanode
    EXPECTED.put("pgxl-10r1.1/explain_update_prepared.txt", List.of(
        new Expect(Route.ONE, 1, XL_DATANODES, List.of("dn2"), "Remote Subquery Scan", null),
        new Expect(Route.ALL, 2, XL_DATANODES, List.of("dn1", "dn2"), "Remote Subquery Scan", null)));

    // Greenplum family: Gather Motion N:1 says how many segments; DML is inferred from its key condition
    Expect oneSegment = gp(Route.ONE, 1, "Gather Motion 1:1  (slice1; segments: 1), 1 slice");
    Expect allSegments = gp(Route.ALL, 2, "Gather Motion 2:1  (slice1; segments: 2), 1 slice");
    Expect dmlOne = gp(Route.ONE, 1, "inferred: the key is a constant");
    Expect dmlAll = gp(Route.ALL, 2, "inferred: the key is the parameter");
    String g = "greenplum7-matrixdb5/";
    EXPECTED.put(g + "explain_pk_lookup.txt", List.of(oneSegment));
    EXPECTED.put(g + "explain_pk_lookup_plain.txt", List.of(oneSegment));
    EXPECTED.put(g + "explain_pk_lookup_json.txt",
        List.of(new Expect(Route.UNKNOWN, null, null, List.of(), "not a text-format plan", null)));
    EXPECTED.put(g + "explain_in_40_ids.txt", List.of(allSegments));
    EXPECTED.put(g + "explain_range_order_limit.txt", List.of(allSegments));
    EXPECTED.put(g + "explain_update_by_id.txt", List.of(dmlOne));
    EXPECTED.put(g + "explain_delete_by_id.txt", List.of(dmlOne));
    EXPECTED.put(g + "explain_prepared_force_custom_plan.txt", List.of(oneSegment, dmlOne, dmlOne));
    EXPECTED.put(g + "explain_prepared_force_generic_plan.txt", List.of(allSegments, dmlAll, dmlAll));
    // auto after 7 executions stays on a custom plan (1:1); EXPLAIN ANALYZE UPDATE by a constant key
    EXPECTED.put(g + "direct_dispatch.txt", List.of(oneSegment, dmlOne));
    // fixtures.sql in order: pk, pk ANALYZE, generic, custom, auto, IN, = ANY, range, UPDATE, DELETE,
    // generic UPDATE, generic DELETE, optimizer=off pk
    EXPECTED.put(g + "all_output.txt", List.of(oneSegment, oneSegment, allSegments, oneSegment, oneSegment,
        allSegments, allSegments, allSegments, dmlOne, dmlOne, dmlAll, dmlAll, oneSegment));
  }

  private static Expect router() {
    return new Expect(Route.ONE, 1, CITUS_SHARDS, List.of(WORKER_2), "router, Task Count 1", null);
  }

  private static Expect refused(String sqlState) {
    return new Expect(Route.REFUSED, null, null, List.of(), "could not create distributed plan", sqlState);
  }

  private static Expect single() {
    return new Expect(Route.SINGLE_NODE, null, null, List.of(), "plain PostgreSQL", null);
  }

  private static Expect lost() {
    return new Expect(null, null, null, List.of(), null, null);
  }

  private static Expect gp(Route route, int touched, String detail) {
    return new Expect(route, touched, GP_SEGMENTS, List.of(), detail, null);
  }

  /** The reader each folder's target uses, with the cluster's size from its README. */
  static Verdict read(String file, Block block) {
    if (!block.isPlan()) {
      return Verdict.refused(block.sqlState(), block.message());
    }
    if (file.startsWith("citus-13.2/baseline-plain-pg15/")) {
      return new PostgresRouting("plain PostgreSQL").verdict(block.plan(), null);
    }
    if (file.startsWith("citus-13.2/")) {
      return CitusPlan.parse(block.plan()).verdict(CITUS_SHARDS);
    }
    if (file.startsWith("pgxl-10r1.1/")) {
      return XlPlan.parse(block.plan()).verdict(XL_DATANODES);
    }
    return GreenplumPlan.parse(block.plan()).verdict(GP_SEGMENTS);
  }

  static Stream<String> files() {
    return EXPECTED.keySet().stream();
  }

  @ParameterizedTest
  @MethodSource("files")
  void everyBlockReadsAsTheReadmeSays(String file) {
    List<Block> blocks = PlanTranscript.blocks(file);
    List<Expect> expected = EXPECTED.get(file);
    assertEquals(expected.size(), blocks.size(), file + ": EXPLAIN results in the transcript");
    for (int i = 0; i < blocks.size(); i++) {
      Expect e = expected.get(i);
      Block b = blocks.get(i);
      String where = file + " result " + (i + 1);
      if (e.route() == null) {
        assertTrue(b.connectionLost(), where + " is the crash");
        continue;
      }
      Verdict v = read(file, b);
      assertEquals(e.route(), v.route(), where + ": " + v.line());
      assertEquals(e.touched(), v.touched(), where + ": " + v.line());
      assertEquals(e.total(), v.total(), where + ": " + v.line());
      assertEquals(e.nodes(), v.nodes(), where + ": " + v.line());
      assertEquals(e.sqlState(), v.sqlState(), where + ": " + v.line());
      assertTrue(v.detail() != null && v.detail().contains(e.detail()), where + ": " + v.line());
    }
  }

  /** A new fixture with EXPLAIN output must get expectations here, or this fails. */
  @Test
  void everyExplainFixtureHasExpectations() {
    List<String> missing = new ArrayList<>();
    for (String folder : List.of("citus-13.2", "pgxl-10r1.1", "greenplum7-matrixdb5")) {
      for (String file : PlanTranscript.filesUnder(folder)) {
        String text = PlanTranscript.read(file);
        boolean explains = text.contains("EXPLAIN") || text.contains("QUERY PLAN");
        if (explains && !file.endsWith("README.md") && !EXPECTED.containsKey(file)) {
          missing.add(file);
        }
      }
    }
    assertEquals(List.of(), missing, "fixtures with EXPLAIN output but no expectations");
    assertEquals(24 + 24 + 2 + 11 + 2 + 2, EXPECTED.size());
  }

  @Test
  void citusRouterShardsAreTheOnesOfKey12345() {
    // cluster-layout.txt: _id 12345 lives in check_in_102023 and check_in_copy_102055
    for (String op : List.of("find_first", "find_update", "find_insert", "find_delete")) {
      long shard = op.equals("find_first") || op.equals("find_update") ? 102023 : 102055;
      for (String form : List.of("literal", "generic", "custom", "auto")) {
        CitusPlan plan = CitusPlan.parse(PlanTranscript.blocks("citus-13.2/" + op + "." + form + ".txt").get(0).plan());
        assertEquals(shard, plan.shardId(), op + " " + form);
        assertTrue(plan.router());
        assertEquals("Citus Adaptive", plan.executor());
      }
    }
    CitusPlan range = CitusPlan.parse(PlanTranscript.blocks("citus-13.2/find.literal.txt").get(0).plan());
    assertEquals(102008L, range.shardId());
    assertEquals("One of 32", range.tasksShown());
    assertEquals(List.of("127.0.0.1:9701"), range.nodes(), "the one task shown");
  }

  @Test
  void aPlainPostgresPlanIsNotDistributedForTheCitusReader() {
    for (String file : PlanTranscript.filesUnder("citus-13.2/baseline-plain-pg15")) {
      for (Block b : PlanTranscript.blocks(file)) {
        CitusPlan plan = CitusPlan.parse(b.plan());
        assertFalse(plan.distributed(), file);
        assertEquals(Route.SINGLE_NODE, plan.verdict(CITUS_SHARDS).route(), file);
      }
    }
  }

  @Test
  void verdictLinesReadWell() {
    assertEquals("single-node route: 1 of 32 shards (router, Task Count 1; node 127.0.0.1:9702)",
        first("citus-13.2/find_first.generic.txt").line());
    assertEquals("multi-shard: 23 of 32 shards (Task Count 23)", first("citus-13.2/find_in.custom.txt").line());
    assertEquals("broadcast: 32 of 32 shards (multi-shard, Task Count 32)", first("citus-13.2/find.literal.txt").line());
    assertEquals("refused: ERROR 0A000 could not create distributed plan", first("citus-13.2/find.generic.txt").line());
    assertEquals("single node (plain PostgreSQL)", first("citus-13.2/baseline-plain-pg15/find.generic.txt").line());
    assertEquals("single-node route: 1 of 2 datanodes (Remote Fast Query Execution; node dn2)",
        first("pgxl-10r1.1/explain_pk_lookup.txt").line());
    assertEquals("broadcast: 2 of 2 segments (Gather Motion 2:1  (slice1; segments: 2), 1 slice)",
        first("greenplum7-matrixdb5/explain_prepared_force_generic_plan.txt").line());
  }

  @Test
  void everyDistributedStepOfALookupIsRead() {
    // pipeline_lookup.txt: $match on _id = 3 (its shard, stress_orders_102023), then the foreign collection read whole
    // (stress_orders_102008 is the one task shown of 32); the statement's own step runs last
    CitusPlan plan = CitusPlan.parse(PlanTranscript.blocks("citus-13.2/pipeline_lookup.txt").get(0).plan());
    assertEquals(List.of(1, 1, 32, 1, 1, 1), plan.steps().stream().map(CitusPlan.Step::taskCount).toList());
    assertEquals(List.of(false, true, false, true, true, true),
        plan.steps().stream().map(CitusPlan.Step::overIntermediate).toList());
    assertEquals(102023L, plan.steps().get(0).shardId());
    assertEquals("One of 32", plan.steps().get(2).tasksShown());
    Verdict v = plan.verdict(CITUS_SHARDS);
    assertEquals("broadcast: 32 of 32 shards", v.brief());
    assertEquals("broadcast: 32 of 32 shards (multi-shard, Task Count 32, 6 distributed steps: 1 of 32, 1 task over"
        + " intermediate results, 32 of 32, 1 task over intermediate results (3 steps); the rest runs on one node over"
        + " the rows the shards returned (read_intermediate_result): not pushed down)", v.line());
    // each step's total comes from its own shard's table: one the catalog does not answer for leaves the total open
    Verdict mixed = plan.verdict(shard -> shard == 102023L ? 32 : null);
    assertEquals("multi: 32 of ? shards", mixed.brief());
  }

  @Test
  void jdbcSeesTheSameRefusalAsPsql() {
    // jdbc-prepared-check.txt: pgJDBC's message for the multi-shard statements under force_generic_plan
    List<String> refusals = PlanTranscript.read("citus-13.2/jdbc-prepared-check.txt").lines()
        .filter(l -> l.startsWith("force_generic_plan") && l.contains("| ERROR ")).toList();
    assertEquals(2, refusals.size());
    for (String line : refusals) {
      String error = line.substring(line.indexOf("| ERROR ") + "| ERROR ".length());
      Verdict v = Verdict.refused(error.substring(0, 5), error.substring(6));
      assertEquals("refused: ERROR 0A000 could not create distributed plan", v.line());
    }
  }

  @Test
  void aCrashedConnectionIsNoPlan() {
    Block last = PlanTranscript.blocks("pgxl-10r1.1/explain_pk_lookup.txt").get(4);
    assertTrue(last.connectionLost());
    assertNull(last.plan());
  }

  private static Verdict first(String file) {
    return read(file, PlanTranscript.blocks(file).get(0));
  }
}
