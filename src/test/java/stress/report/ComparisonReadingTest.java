package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A comparison of rounds read once: one line per combination in one direction, what a disagreement of ops/s and p50
 * means, the star on the figure the verdict reads, and an interrupted round left out of the pairs.
 */
class ComparisonReadingTest {
  /**
   * Two modes over the rounds, interleaved: per round each mode's executions in 10 s (so its ops/s / 10) and its
   * latency in µs.
   */
  private static RunResult run(int[][] prepared, int[][] plain, boolean interrupted, int phasesInLastRound) {
    List<PhaseResult> phases = new ArrayList<>();
    for (int r = 0; r < prepared.length; r++) {
      List<String> order = r % 2 == 0 ? List.of("prepared", "plain") : List.of("plain", "prepared");
      int ran = 0;
      for (String mode : order) {
        if (r == prepared.length - 1 && ran++ >= phasesInLastRound) {
          break;
        }
        int[] figures = mode.equals("prepared") ? prepared[r] : plain[r];
        Map<String, String> combination = new LinkedHashMap<>();
        combination.put("mode", mode);
        combination.put("threads", "4");
        phases.add(new PhaseResult("mode=" + mode, combination, Map.of(), Map.of(),
            Fixtures.oneOperation(figures[0], figures[1])).inRound(r + 1));
      }
    }
    return new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), phases, interrupted);
  }

  private static int[][] rounds(int count, int micros, int n) {
    int[][] rounds = new int[n][];
    for (int r = 0; r < n; r++) {
      rounds[r] = new int[] {count + r, micros};
    }
    return rounds;
  }

  @Test
  void theFasterIsTheSubjectAndEachFigureSaysItsDirection() {
    // plain is the second row: half the ops/s at twice the p50 of prepared, the baseline
    String text = RoundComparisonText.of(run(rounds(20_000, 100, 5), rounds(10_000, 200, 5), false, 2));
    // read from prepared's side: the exact inverses of the table's plain row (x0.50-x0.51, x1.76-x1.77, x1.62-x1.63),
    // each interval rounded outward there
    assertTrue(text.contains("x0.50-x0.51") && text.contains("x1.76-x1.77"), text);
    assertTrue(text.contains("    prepared vs plain: ops/s x2.00 [1.96-2.00] higher (faster); p50 x0.56 [0.56-0.57]"
        + " lower (faster); p99 x0.62 [0.61-0.62] lower (faster)\n"), text);
    assertTrue(text.contains("differences beyond x1.05 are called):"), text);
  }

  @Test
  void opsAndP50DisagreeingIsReadInOneLine() {
    // the same ops/s, p50 twice as high
    String text = RoundComparisonText.of(run(rounds(20_000, 100, 5), rounds(20_000, 200, 5), false, 2));
    assertTrue(text.contains("plain vs prepared: ops/s x1.00 [1.00-1.00] no difference beyond noise; p50 x1.77"
        + " [1.76-1.77] higher (slower)"), text);
    assertTrue(text.contains("      p50 differs beyond noise while ops/s does not: in a closed loop ops/s follows the"
        + " mean time of an operation"), text);
    // more ops/s at a higher p50: the trade said as one
    String traded = RoundComparisonText.of(run(rounds(10_000, 100, 5), rounds(20_000, 300, 5), false, 2));
    assertTrue(traded.contains("plain vs prepared: ops/s x2.00 [1.99-2.00] higher (faster); p50 x2.54 [2.53-2.54]"
        + " higher (slower)"), traded);
    assertTrue(traded.contains("ops/s and p50 disagree: more operations per second, yet a higher p50"), traded);
  }

  @Test
  void wherePairedRatioAndMediansDisagreeOneLineSaysSoAndNoneIsStarred() {
    // plain's own median (2000) beats prepared's (1000); round by round plain had x0.9, x2.0 and x0.9 of prepared
    int[][] prepared = {{10_000, 100}, {10_000, 100}, {30_000, 100}};
    int[][] plain = {{9_000, 100}, {20_000, 100}, {27_000, 100}};
    RunResult run = run(prepared, plain, false, 2);
    RoundComparison.Result result = run.roundComparison();
    assertEquals(2000.0, result.rows().get(1).figures().get(0).median(), 1e-6);
    assertEquals(0.9, result.rows().get(1).figures().get(0).vsBaseline().median(), 1e-6);
    assertNull(RoundComparison.best(result));
    String text = RoundComparisonText.of(run);
    assertFalse(text.contains("\n*"), text);
    assertTrue(text.contains("prepared vs plain: ops/s x1.11 [0.50-1.11] no verdict"), text);
    assertTrue(text.contains("      the rounds disagree: paired round by round prepared had more ops/s, yet its median"
        + " ops/s (1000.0) is below plain's (2000.0): neither is called the faster, and none is starred\n"), text);
    // where they agree the star stays
    String agreed = RoundComparisonText.of(run(rounds(20_000, 100, 5), rounds(10_000, 200, 5), false, 2));
    assertTrue(agreed.contains("\n*  prepared "), agreed);
    assertFalse(agreed.contains("the rounds disagree"), agreed);
  }

  @Test
  void anInterruptedRoundIsLeftOutOfThePairsAndTheCoverage() {
    // round 4 ran prepared only, at ten times its ops/s, before the run was stopped
    int[][] prepared = {{10_000, 100}, {10_000, 100}, {10_000, 100}, {100_000, 100}};
    int[][] plain = {{5_000, 100}, {5_000, 100}, {5_000, 100}, {5_000, 100}};
    RoundComparison.Result result = run(prepared, plain, true, 1).roundComparison();
    assertEquals(3, result.rounds());
    assertEquals(0.75, result.coverage(), 1e-9);
    assertEquals("round 4 was interrupted after 1 of 2 combinations: it is left out of the pairs and of the coverage,"
        + " so 3 rounds are compared", result.leftOut());
    RoundComparison.Figure ops = result.rows().get(0).figures().get(0);
    assertEquals(3, ops.rounds().size());
    assertEquals(1000.0, ops.high(), 1e-6);
    assertTrue(RoundComparisonText.of(run(prepared, plain, true, 1)).contains("75% coverage with 3 rounds"));
    // a round every combination ran in is kept, interrupted or not
    RoundComparison.Result whole = run(prepared, plain, true, 2).roundComparison();
    assertEquals(4, whole.rounds());
    assertNull(whole.leftOut());
  }

  @Test
  void aDifferenceUnderTheLeastCalledSaysSo() {
    MedianInterval i = MedianInterval.of(new double[] {0.90, 0.91, 0.92, 0.93, 0.94});
    PairedRatio ratio = new PairedRatio(i, false, 0.15, PairedRatio.verdict(i, false, 0.15));
    assertEquals("no difference beyond noise (below x1 but within x1.15, the least difference called)",
        ComparisonReading.words(ratio));
    PairedRatio within = PairedRatio.of(new double[] {1, 1, 1}, new double[] {0.98, 1.01, 1.04}, true, 0.05);
    assertNotNull(within);
    assertEquals("no difference beyond noise", ComparisonReading.words(within));
  }

  @Test
  void anIntervalReachingBeyondTheLeastDifferenceGivesNoVerdict() {
    // an interrupted run's p50: x2.59 [1.13-4.04] with x1.15 called is not "within x1.15"
    PairedRatio wide = PairedRatio.of(new double[] {1, 1, 1, 1, 1}, new double[] {1.13, 2.0, 2.59, 3.0, 4.04}, false,
        0.15);
    assertEquals("x2.59 [1.13-4.04] no verdict (the interval is wide: it reaches beyond x1.15, the least difference"
        + " called, without lying beyond it)", ComparisonReading.part(wide));
    assertEquals(PairedRatio.NO_VERDICT, wide.said(), "the table's verdict cell says the same");
    PairedRatio across = PairedRatio.of(new double[] {1, 1, 1}, new double[] {0.8, 1.1, 1.3}, true, 0.05);
    assertTrue(ComparisonReading.words(across).startsWith("no verdict"), ComparisonReading.words(across));
  }

  @Test
  void theReadingFromTheOtherSideIsTheTablesIntervalInverted() {
    // the table's p50 x1.01-x1.20 (rounded outward), read from the faster side: 1/1.20 = 0.83, 1/1.01 = 0.99
    PairedRatio p50 = PairedRatio.of(new double[] {1, 1, 1}, new double[] {1.012, 1.1, 1.196}, false, 0.05);
    assertEquals("x1.01-x1.20", Decimals.ratioRangeOutward(p50.interval().low(), p50.interval().high()));
    assertTrue(ComparisonReading.inversePart(p50).startsWith("x0.91 [0.83-0.99] "),
        ComparisonReading.inversePart(p50));
  }

  @Test
  void aRowThatFinishedNoExecutionSaysSoAndHowManyRoundsItsRatioHad() {
    // plain finished nothing in either of 2 rounds (e.g. measured with --measure-different past the time limit)
    String none = RoundComparisonText.of(run(rounds(20_000, 100, 2), new int[][] {{0, 100}, {0, 100}}, false, 2));
    assertTrue(none.lines().anyMatch(l -> l.matches(" +p50 ms +none +- +- +- +no execution finished in any of its 2"
        + " rounds")), none);
    assertFalse(none.contains("---"), none);
    // and what stops an execution: the time limit, named with its value
    RunResult limited = run(rounds(20_000, 100, 2), new int[][] {{0, 100}, {0, 100}}, false, 2);
    String timed = RoundComparisonText.of(new RunResult("test", Instant.EPOCH, Map.of("statement timeout", "5s"),
        Map.of(), limited.phases(), false));
    assertTrue(timed.contains("\n  none: no execution finished in any round of that row; each execution may last up to"
        + " the time limit (5s, --statement-timeout), and one stopped there or failed is counted under errors, not in"
        + " the figures\n"), timed);
    // it finished executions in round 2 only: one pair of 2 rounds, not "1 round"
    String one = RoundComparisonText.of(run(rounds(20_000, 100, 2), new int[][] {{0, 100}, {10_000, 100}}, false,
        2));
    assertTrue(one.contains("1 of 2 rounds paired (in the others a side finished no execution of it): no noise"
        + " estimate"), one);
    assertFalse(one.contains("1 round: no noise estimate"), one);
  }

  /**
   * Each combination ({@code mode/via}) in every round, its executions in 10 s and its latency in µs, in the order
   * given; the rounds vary the executions a little so each ratio has an interval.
   */
  private static RunResult roads(int rounds, Object... combinationsAndFigures) {
    List<PhaseResult> phases = new ArrayList<>();
    for (int r = 0; r < rounds; r++) {
      for (int c = 0; c < combinationsAndFigures.length; c += 2) {
        String[] modeVia = ((String) combinationsAndFigures[c]).split("/");
        int[] figures = (int[]) combinationsAndFigures[c + 1];
        Map<String, String> combination = new LinkedHashMap<>();
        combination.put("mode", modeVia[0]);
        combination.put("via", modeVia[1]);
        phases.add(new PhaseResult("mode=" + modeVia[0] + " via=" + modeVia[1], combination, Map.of(), Map.of(),
            Fixtures.oneOperation(figures[0] + 10 * r, figures[1])).inRound(r + 1));
      }
    }
    return new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), phases, false);
  }

  @Test
  void aRoadWithoutItsPreparedPhaseIsReadAgainstTheRowItDiffersFromInOneKey() {
    // the pooler's road lost its prepared phase: its plain phase is read beside the direct plain phase, not beside
    // the direct prepared one (mode and via at once)
    String text = RoundComparisonText.of(roads(5, "prepared/direct", new int[] {20_000, 100},
        "plain/direct", new int[] {10_000, 200}, "plain/pgbouncer", new int[] {5_000, 400}));
    List<String> reading = text.lines().dropWhile(l -> !l.contains("read as")).skip(1).toList();
    assertEquals(2, reading.size(), text);
    assertTrue(reading.get(0).startsWith("    prepared vs plain: ops/s x2.0"), text);
    assertTrue(reading.get(1).startsWith("    direct vs pgbouncer: ops/s x2.0"), text);
    assertFalse(text.contains("factors differ"), text);
    // listed the other way round, the same pairs, each said once
    String reordered = RoundComparisonText.of(roads(5, "prepared/direct", new int[] {20_000, 100},
        "plain/pgbouncer", new int[] {5_000, 400}, "plain/direct", new int[] {10_000, 200}));
    List<String> lines = reordered.lines().dropWhile(l -> !l.contains("read as")).skip(1).toList();
    assertEquals(2, lines.size(), reordered);
    assertTrue(lines.get(0).startsWith("    direct vs pgbouncer: ops/s x2.0"), reordered);
    assertTrue(lines.get(1).startsWith("    prepared vs plain: ops/s x2.0"), reordered);
  }

  @Test
  void twoFactorsAtOnceAreSaidWhereNoRowDiffersInOne() {
    String text = RoundComparisonText.of(roads(5, "prepared/direct", new int[] {20_000, 100},
        "plain/pgbouncer", new int[] {5_000, 400}));
    assertTrue(text.contains("    mode=prepared via=direct vs mode=plain via=pgbouncer (two factors differ: mode and"
        + " via): ops/s x4.0"), text);
    Map<String, String> plain = new LinkedHashMap<>();
    plain.put("mode", "plain");
    plain.put("pool", "none");
    plain.put("via", "direct");
    Map<String, String> prepared = new LinkedHashMap<>(plain);
    prepared.put("mode", "prepared");
    prepared.put("pool", "hikari");
    prepared.put("via", "pgbouncer");
    assertEquals(" (three factors differ: mode, pool and via)", ComparisonReading.factors(plain, prepared, null));
    assertEquals("", ComparisonReading.factors(plain, prepared, "via"), "a compared key is the one difference said");
  }
}
