package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MedianIntervalTest {

  @Test
  void fiveValuesGiveTheirWholeRangeAt93Point75Percent() {
    MedianInterval i = MedianInterval.of(new double[] {1.3, 1.1, 1.5, 1.2, 1.4});
    assertEquals(1.3, i.median());
    assertEquals(1.1, i.low());
    assertEquals(1.5, i.high());
    assertEquals(0.9375, i.coverage(), 1e-12);
  }

  @Test
  void tenValuesDropTheOuterOnes() {
    double[] values = {9, 1, 2, 3, 4, 5, 6, 7, 8, 10};
    MedianInterval i = MedianInterval.of(values);
    assertEquals(5.5, i.median());
    assertEquals(2, i.low(), "the second lowest: [x(2), x(9)] has 97.85% coverage, [x(3), x(8)] only 89%");
    assertEquals(9, i.high());
    assertEquals(0.978515625, i.coverage(), 1e-12);
    assertEquals(9, values[0], "the caller's values are not sorted in place");
  }

  @Test
  void oneValueHasNoInterval() {
    MedianInterval i = MedianInterval.of(new double[] {2.5});
    assertFalse(i.estimated());
    assertEquals(0, i.coverage());
  }

  @ParameterizedTest
  @CsvSource({"2, 1, 0.5", "3, 1, 0.75", "5, 1, 0.9375", "6, 1, 0.96875", "9, 2, 0.9609375", "12, 3, 0.9614257812"})
  void coverageIsTheBinomialTail(int n, int k, double expected) {
    assertEquals(expected, MedianInterval.coverage(n, k), 1e-9);
  }

  /**
   * 10,000 simulated comparisons of a true x1.2 with log-normal noise on both sides: the share of intervals holding
   * the true median ratio is the stated coverage, within 2 points.
   */
  @ParameterizedTest
  @CsvSource({"3", "5", "7", "10"})
  void statedCoverageHoldsInSimulation(int rounds) {
    Random random = new Random(7 + rounds);
    int runs = 10_000;
    int held = 0;
    double stated = 0;
    for (int run = 0; run < runs; run++) {
      double[] baseline = new double[rounds];
      double[] candidate = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        double drift = Math.exp(random.nextGaussian() * 0.5); // the machine, shared by both sides of a round
        baseline[r] = 1000 * drift * Math.exp(random.nextGaussian() * 0.1);
        candidate[r] = 1200 * drift * Math.exp(random.nextGaussian() * 0.1);
      }
      PairedRatio ratio = PairedRatio.of(baseline, candidate, true, Steadiness.LEAST_DIFFERENCE);
      stated = ratio.interval().coverage();
      if (ratio.interval().low() <= 1.2 && 1.2 <= ratio.interval().high()) {
        held++;
      }
    }
    double observed = (double) held / runs;
    assertTrue(Math.abs(observed - stated) <= 0.02, "observed " + observed + ", stated " + stated);
  }
}
