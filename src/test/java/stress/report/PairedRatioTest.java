package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class PairedRatioTest {
  private static final double D = Steadiness.LEAST_DIFFERENCE;

  @Test
  void anIntervalAboveTheLeastDifferenceIsFasterForOpsAndSlowerForLatency() {
    double[] base = {100, 100, 100, 100, 100};
    double[] more = {120, 118, 122, 119, 121};
    assertEquals(PairedRatio.Verdict.FASTER, PairedRatio.of(base, more, true, D).verdict());
    assertEquals(PairedRatio.Verdict.SLOWER, PairedRatio.of(base, more, false, D).verdict());
    double[] less = {80, 82, 79, 81, 80};
    assertEquals(PairedRatio.Verdict.SLOWER, PairedRatio.of(base, less, true, D).verdict());
    assertEquals(PairedRatio.Verdict.FASTER, PairedRatio.of(base, less, false, D).verdict());
  }

  @Test
  void anIntervalThatHoldsOneOrStaysWithinTheLeastDifferenceIsNoDifference() {
    double[] base = {100, 100, 100, 100, 100};
    assertEquals(PairedRatio.Verdict.NO_DIFFERENCE,
        PairedRatio.of(base, new double[] {96, 103, 101, 99, 104}, true, D).verdict());
    assertEquals(PairedRatio.Verdict.NO_DIFFERENCE,
        PairedRatio.of(base, new double[] {103, 104, 103, 104, 104}, true, D).verdict(),
        "x1.03-x1.04 excludes 1 but not by the least difference");
    assertEquals(PairedRatio.Verdict.NO_DIFFERENCE,
        PairedRatio.of(base, new double[] {130, 104, 140, 135, 150}, true, D).verdict(),
        "one round of five at x1.04: the interval of five is their whole range");
  }

  @Test
  void pairsAreTakenRoundByRoundSoADriftCancels() {
    double[] base = {1000, 900, 500, 300, 310};
    double[] candidate = {1300, 1170, 650, 390, 403};
    PairedRatio ratio = PairedRatio.of(base, candidate, true, D);
    assertEquals(1.3, ratio.interval().median(), 1e-9);
    assertEquals(1.3, ratio.interval().low(), 1e-9);
    assertEquals(PairedRatio.Verdict.FASTER, ratio.verdict());
  }

  @Test
  void oneRoundGivesNoEstimateAndMissingRoundsAreLeftOut() {
    assertEquals(PairedRatio.Verdict.NO_ESTIMATE, PairedRatio.of(new double[] {100}, new double[] {300}, true, D)
        .verdict());
    PairedRatio partial = PairedRatio.of(new double[] {100, 100, Double.NaN}, new double[] {200, Double.NaN, 200},
        true, D);
    assertEquals(1, partial.interval().count());
    assertNull(PairedRatio.of(new double[] {0}, new double[] {5}, true, D), "no ratio to a baseline that did nothing");
  }
}
