package stress.report.tworuns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.report.Fixtures;
import stress.report.MedianInterval;
import stress.report.PhaseResult;
import stress.report.RunResult;

class ShiftIntervalTest {

  @Test
  void fiveAndFiveDropTheTwoOuterRatiosOnEachSide() {
    // P(U <= 2) = 4/252 for samples of five: [r(3), r(23)] of the 25 ratios, 96.8% coverage
    assertEquals(4.0 / 252, ShiftInterval.cumulative(5, 5)[2], 1e-12);
    MedianInterval i = ShiftInterval.of(new double[] {100, 101, 102, 103, 104}, new double[] {120, 121, 122, 123, 124});
    assertEquals(1 - 8.0 / 252, i.coverage(), 1e-12);
    assertEquals(122.0 / 102, i.median(), 1e-12);
    assertTrue(i.low() > 1.15 && i.high() < 1.24, i.toString());
  }

  /** 10,000 simulated pairs of runs, after truly x1.2 of before: coverage within 2 points of the stated figure. */
  @ParameterizedTest
  @CsvSource({"5, 5", "3, 6", "8, 8"})
  void statedCoverageHoldsInSimulation(int n, int m) {
    Random random = new Random(n * 31 + m);
    int held = 0;
    double stated = 0;
    for (int run = 0; run < 10_000; run++) {
      double[] before = new double[n];
      double[] after = new double[m];
      for (int i = 0; i < n; i++) {
        before[i] = 1000 * Math.exp(random.nextGaussian() * 0.2);
      }
      for (int j = 0; j < m; j++) {
        after[j] = 1200 * Math.exp(random.nextGaussian() * 0.2);
      }
      MedianInterval interval = ShiftInterval.of(before, after);
      stated = interval.coverage();
      held += interval.low() <= 1.2 && 1.2 <= interval.high() ? 1 : 0;
    }
    double observed = held / 10_000.0;
    assertTrue(Math.abs(observed - stated) <= 0.02, "observed " + observed + ", stated " + stated);
  }

  private static RunResult run(double opsPerSecond, int rounds) {
    List<PhaseResult> phases = new ArrayList<>();
    Random noise = new Random((long) opsPerSecond);
    for (int r = 1; r <= rounds; r++) {
      Map<String, String> combination = new LinkedHashMap<>();
      combination.put("mode", "prepared");
      PhaseResult p = new PhaseResult("mode=prepared", combination, Map.of(), Map.of(),
          Fixtures.oneOperation((int) (opsPerSecond * 10 * (0.98 + 0.04 * noise.nextDouble())), 500));
      phases.add(rounds > 1 ? p.inRound(r) : p);
    }
    return new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), phases, false);
  }

  @Test
  void twoRunsWithRoundsAreComparedByTheirIntervalsAndWithoutThemNot() {
    List<String> lines = RunsCompared.lines("before", run(1000, 5), "after", run(1500, 5));
    assertTrue(lines.get(0).startsWith("after against before, per combination in both: " + ShiftInterval.METHOD),
        lines.get(0));
    assertTrue(lines.get(1).startsWith("mode=prepared (differences beyond x1.05 called): ops/s x1.5")
        && lines.get(1).contains("96.8%): higher (faster)"),
        lines.get(1));
    List<String> same = RunsCompared.lines("before", run(1000, 5), "again", run(1000, 5));
    assertTrue(same.get(1).contains("ops/s x1.00") && same.get(1).contains("no difference beyond noise"), same.get(1));
    List<String> once = RunsCompared.lines("before", run(1000, 1), "after", run(1500, 5));
    assertEquals(List.of("cannot judge noise between after and before: before ran each combination once (1 round);"
        + " run both with --rounds 5 to compare them with their noise"), once);
  }
}
