package stress.server.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Index use read from the captured plans of real clusters (src/test/resources/fixtures) and from plan lines. */
class IndexUseTest {

  private static IndexUse firstPlan(String fixture) {
    return IndexUse.of(PlanTranscript.blocks(fixture).get(0).plan());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // Citus shows the plan of one shard under its Task: the shard's own index
      "citus-13.2/find_first.literal.txt | index: check_in_pkey_102023 (Index Scan)",
      "citus-13.2/find.literal.txt | index: check_in_pkey_102008 (Index Scan)",
      // README observation 6: the copy table is empty and analyzed, so its shard is read whole
      "citus-13.2/find_delete.literal.txt | index: none; whole table read: public.check_in_copy_102055 (Seq Scan)",
      "citus-13.2/baseline-plain-pg15/find_first.literal.txt | index: check_in_pkey (Index Scan)",
      "pgxl-10r1.1/explain_pk_lookup.txt | index: check_in_pkey (Index Scan)",
      "greenplum7-matrixdb5/explain_range_order_limit.txt | index: check_in_pkey (Index Scan)",
      "greenplum7-matrixdb5/explain_in_40_ids.txt | index: check_in_pkey (Index Scan)",
  })
  void capturedPlansReadAsTheirScanNodesSay(String fixture, String expected) {
    assertEquals(expected, firstPlan(fixture).line());
  }

  @Test
  void aPostgresXlPreparedPlanWithoutItsRemotePartShowsNoTable() {
    // the third EXPLAIN of the transcript: the prepared $1 lookup, whose remote plan XL does not print
    IndexUse use = IndexUse.of(PlanTranscript.blocks("pgxl-10r1.1/explain_pk_lookup.txt").get(2).plan());
    assertFalse(use.usesIndex());
    assertEquals("index: none needed (no table read in the plan shown)", use.line());
    assertEquals("", use.brief());
  }

  @Test
  void bitmapScansParallelScansAndRepeatsAreReadOnce() {
    IndexUse use = IndexUse.of(List.of(
        "Append",
        "  ->  Bitmap Heap Scan on public.orders",
        "        ->  Bitmap Index Scan on \"orders_data_gin\"",
        "  ->  Index Only Scan Backward using orders_pkey on public.orders",
        "  ->  Parallel Seq Scan on public.customers",
        "  ->  Bitmap Index Scan on \"orders_data_gin\""));
    assertTrue(use.usesIndex());
    assertEquals(List.of("\"orders_data_gin\" (Bitmap Index Scan)", "orders_pkey (Index Only Scan)"), use.indexes());
    assertEquals(List.of("public.customers (Parallel Seq Scan)"), use.fullScans());
    assertEquals("index+seq scan", use.brief());
  }
}
