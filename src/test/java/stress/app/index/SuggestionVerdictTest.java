package stress.app.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.ops.file.TableForms.IndexAdvice;
import stress.server.explain.IndexUse;
import stress.workload.IndexSpec;

/**
 * How a suggested index is judged from the planner's estimates with it and without it, and which declared entry a
 * form's index advice reads.
 */
class SuggestionVerdictTest {
  private static SuggestionTrial.Estimate estimate(double cost, String... indexes) {
    return new SuggestionTrial.Estimate(cost, new IndexUse(List.of(indexes), indexes.length == 0
        ? List.of("public.docs (Seq Scan)") : List.of()));
  }

  private static Map<String, SuggestionTrial.Estimate> of(Object... pairs) {
    Map<String, SuggestionTrial.Estimate> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], (SuggestionTrial.Estimate) pairs[i + 1]);
    }
    return map;
  }

  @Test
  void keptWhenReadAtALowerEstimateAndNothingRises() {
    SuggestionTrial.Verdict v = SuggestionTrial.verdict("docs_n_n_idx",
        of("above", estimate(2891), "other", estimate(10, "docs_data_gin (Bitmap Index Scan)")),
        of("above", estimate(25.5, "\"docs_n_n_idx\" (Index Scan)"), "other",
            estimate(10, "docs_data_gin (Bitmap Index Scan)")));
    assertTrue(v.kept(), v.line());
    assertEquals("kept: the planner's estimate falls with it for 'above' (2,891.0 without it, 25.5 with it)",
        v.line());
  }

  @Test
  void leftOutWhenNotReadOrWhenAnotherOperationsEstimateRises() {
    SuggestionTrial.Verdict unread = SuggestionTrial.verdict("docs_m_n_idx",
        of("wide", estimate(61.5, "docs_data_gin (Bitmap Index Scan)")),
        of("wide", estimate(61.5, "docs_data_gin (Bitmap Index Scan)")));
    assertFalse(unread.kept());
    assertEquals("left out (dropped again): by the planner's estimate it serves none better: 'wide' (61.5 without"
        + " it, 61.5 with it): not read; now index: docs_data_gin (Bitmap Index Scan)", unread.line());

    SuggestionTrial.Verdict rises = SuggestionTrial.verdict("docs_s_s_idx",
        of("a", estimate(100), "b", estimate(20, "docs_data_gin (Bitmap Index Scan)")),
        of("a", estimate(50, "docs_s_s_idx (Index Scan)"), "b", estimate(30, "docs_s_s_idx (Index Scan)")));
    assertFalse(rises.kept(), rises.line());
    assertTrue(rises.line().contains("'b' (20.0 without it, 30.0 with it) reading index: docs_s_s_idx (Index Scan),"
        + " its estimate rises"), rises.line());
  }

  @Test
  void aBtreeIsReadByAFormOnItsFirstPathAndKindAndGinByGinAdvice() {
    IndexSpec numeric = new IndexSpec(false, List.of(List.of("totals", "grandTotal")), List.of("numeric"), 3);
    IndexSpec compound = new IndexSpec(false, List.of(List.of("s"), List.of("n")), List.of("string", "number"), 4);
    IndexSpec gin = new IndexSpec(true, List.of(), List.of(), 5);
    IndexAdvice number = new IndexAdvice(List.of("totals.grandTotal"), List.of("number"));
    assertFalse(DeclaredIndexCheck.reads(number, numeric));
    assertTrue(DeclaredIndexCheck.reads(new IndexAdvice(List.of("s"), List.of("string")), compound));
    assertFalse(DeclaredIndexCheck.reads(new IndexAdvice(List.of("n"), List.of("number")), compound));
    assertTrue(DeclaredIndexCheck.reads(IndexAdvice.GIN, gin));
    assertFalse(DeclaredIndexCheck.reads(number, gin));
    assertFalse(DeclaredIndexCheck.reads(IndexAdvice.GIN, compound));
  }

  @Test
  void aKeyIsAJsonpathStringWithQuotesAndBackslashesEscaped() {
    assertEquals("\"a\\\"b\\\\c\"", DeclaredIndexCheck.jsonString("a\"b\\c"));
    assertEquals("\"tab\\u0009\"", DeclaredIndexCheck.jsonString("tab\t"));
  }
}
