package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.report.html.HtmlReport;
import stress.report.html.NamedResult;

/**
 * {@code run --threads 2,4 --against URL}: each server is compared with PostgreSQL at the same thread count, never at
 * another, in the text, the JSON result and report.html alike. MongoDB does half PostgreSQL's ops/s at 2 threads and
 * 1.5 times at 4; at 4 threads it does 3 times PostgreSQL's at 2, the ratio a baseline of the wrong thread count gave.
 */
class TargetBaselineTest {
  /** ops/s per target and thread count; every round the machine runs a little faster, all targets alike. */
  private static final Map<String, Integer> OPS = Map.of("postgresql/2", 1000, "postgresql/4", 2000, "mongodb/2", 500,
      "mongodb/4", 3000);

  private static Map<String, String> combination(String target, int threads) {
    Map<String, String> c = new LinkedHashMap<>();
    c.put(RoundComparison.TARGET, target);
    c.put("mode", "prepared");
    c.put("pool", "none");
    c.put("threads", Integer.toString(threads));
    return c;
  }

  /**
   * The phases as {@code CompareTargetsJob} marks them: per round each target runs every thread count, the targets'
   * order given per round.
   */
  private static RunResult run(List<List<String>> orders) {
    List<PhaseResult> phases = new ArrayList<>();
    for (int r = 0; r < orders.size(); r++) {
      for (String target : orders.get(r)) {
        for (int threads : new int[] {2, 4}) {
          // 10 s of count reads: count / 10 ops/s, 1% more each round
          int count = OPS.get(target + "/" + threads) * 10 * (100 + r) / 100;
          Map<String, String> c = combination(target, threads);
          phases.add(new PhaseResult(RoundComparison.label(c, null), c, Map.of(), Map.of(),
              Fixtures.oneOperation(count, 100), List.of(), null, orders.size() > 1 ? r + 1 : null));
        }
      }
    }
    return new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), phases, false);
  }

  private static RoundComparison.Row row(RoundComparison.Result result, String target, int threads) {
    return result.rows().stream().filter(r -> r.combination().equals(combination(target, threads))).findFirst()
        .orElseThrow();
  }

  private static void assertRatios(RoundComparison.Result result) {
    assertEquals(4, result.rows().size(), result.rows().toString());
    for (int threads : new int[] {2, 4}) {
      RoundComparison.Row postgresql = row(result, "postgresql", threads);
      RoundComparison.Row mongodb = row(result, "mongodb", threads);
      assertTrue(postgresql.baseline(), "postgresql at " + threads + " threads is its own baseline");
      assertFalse(mongodb.baseline());
      assertEquals("mode=prepared pool=none threads=" + threads, mongodb.group(), "grouped by the thread count");
      assertEquals(postgresql.group(), mongodb.group(), "compared with postgresql at the same thread count");
      assertNull(postgresql.figures().get(0).vsBaseline());
    }
    assertEquals(0.5, row(result, "mongodb", 2).figures().get(0).vsBaseline().median(), 0.001, "500 / 1000");
    assertEquals(1.5, row(result, "mongodb", 4).figures().get(0).vsBaseline().median(), 0.001,
        "3000 / 2000, not 3000 / 1000");
    assertEquals(2, result.noise().size(), "the noise of each thread count's baseline");
  }

  @Test
  void eachTargetIsComparedWithPostgresqlAtTheSameThreadCount() {
    RunResult result = run(List.of(List.of("postgresql", "mongodb"), List.of("mongodb", "postgresql"),
        List.of("postgresql", "mongodb"), List.of("mongodb", "postgresql")));
    assertEquals(RoundComparison.TARGET, RoundComparison.comparedKey(result));
    assertRatios(result.roundComparison());

    // the JSON result carries the same comparison, and a result read back makes it again
    String json = JsonReport.toJson(result);
    assertTrue(json.contains("\"group\" : \"mode=prepared pool=none threads=4\""), json);
    assertRatios(JsonReport.fromJson(json).roundComparison());

    String text = RoundComparisonText.of(result);
    assertTrue(text.contains("ratios to postgresql with the same settings (threads, ...)"), text);
    String atFour = text.substring(text.indexOf("mode=prepared pool=none threads=4:\n"));
    String atTwo = text.substring(text.indexOf("mode=prepared pool=none threads=2:\n"), text.indexOf(atFour));
    assertTrue(atTwo.lines().anyMatch(l -> l.matches(" +mongodb +ops/s .* x0\\.50 .*")), text);
    assertTrue(atFour.lines().anyMatch(l -> l.matches("\\* +mongodb +ops/s .* x1\\.50 .*")), text);
    assertTrue(atFour.lines().anyMatch(l -> l.matches(" +postgresql +ops/s .* baseline")), text);
    assertFalse(text.contains("x3.00"), "never 4 threads against 2: " + text);

    String html = HtmlReport.render(List.of(new NamedResult("run", result)));
    assertTrue(html.contains("mode=prepared pool=none threads=4: mongodb vs postgresql: ops/s x1.50 [1.50-1.50]"
        + " higher (faster)"), html);
    assertTrue(html.contains("x1.50 (x1.50-x1.50, faster) its baseline (target=postgresql mode=prepared pool=none"
        + " threads=4)"), html);
    assertFalse(html.contains("x3.00"), "never 4 threads against 2");
  }

  /** A result whose first round ran a server first (as one read back or merged may) still compares with PostgreSQL. */
  @Test
  void postgresqlIsTheBaselineWhicheverRanFirst() {
    RunResult result = run(List.of(List.of("mongodb", "postgresql"), List.of("postgresql", "mongodb"),
        List.of("mongodb", "postgresql")));
    assertRatios(result.roundComparison());
  }

  /** One round: no intervals, but the ratios too are to PostgreSQL at the same thread count. */
  @Test
  void oneRoundComparesLikeWithLikeToo() {
    RunResult result = run(List.of(List.of("postgresql", "mongodb")));
    assertNull(result.roundComparison());
    String text = RoundComparisonText.of(result);
    assertTrue(text.contains("ratio to postgresql with the same settings"), text);
    String atFour = text.substring(text.indexOf("mode=prepared pool=none threads=4:\n"));
    String atTwo = text.substring(text.indexOf("mode=prepared pool=none threads=2:\n"), text.indexOf(atFour));
    assertTrue(atTwo.lines().anyMatch(l -> l.matches(" +mongodb( +[0-9.]+){5} +x0\\.50")), text);
    assertTrue(atFour.lines().anyMatch(l -> l.matches("\\* +mongodb( +[0-9.]+){5} +x1\\.50")), text);
    assertFalse(text.contains("x3.00"), text);

    String html = HtmlReport.render(List.of(new NamedResult("run", result)));
    assertTrue(html.contains("x1.50 its baseline (target=postgresql mode=prepared pool=none threads=4)"), html);
    assertFalse(html.contains("x3.00"), "never 4 threads against 2");
  }
}
