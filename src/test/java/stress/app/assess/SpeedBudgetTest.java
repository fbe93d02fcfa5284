package stress.app.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The speed step's lengths fitted to its allowance: the search shrinks first, then the run; skipped, said so. */
class SpeedBudgetTest {
  private static final String P99 = "p99<=20ms";

  @Test
  void theDefaultsWhenTheAllowanceIsTheEstimate() {
    Duration estimate = SpeedBudget.expected(P99, 500, 200);
    SpeedBudget b = SpeedBudget.fit(estimate, P99, 500, 200);
    assertEquals(SpeedBudget.SEARCH, b.search());
    assertEquals(SpeedBudget.APP_LENGTH, b.appLength());
    assertNull(b.shrunk());
    assertNull(b.skipped());
  }

  /**
   * The search's rounds get what the allowance leaves after the application's run and the longest check (9 runs), so
   * that the step ends within it however many steps the search would take; for any allowance that runs a search, the
   * limit leaves room for steps (it is above zero) and with the check and the run adds up to the allowance.
   */
  @Test
  void theSearchIsHeldToWhatTheAllowanceLeavesAfterTheRunAndTheLongestCheck() {
    Duration estimate = SpeedBudget.expected(P99, 500, 200);
    SpeedBudget b = SpeedBudget.fit(estimate, P99, 500, 200);
    Duration check = SpeedBudget.SEARCH.stepWarmup().plus(SpeedBudget.SEARCH.checkLength())
        .plus(SpeedBudget.SET_UP).multipliedBy(9);
    Duration run = SpeedBudget.APP_WARMUP.plus(SpeedBudget.APP_LENGTH).plus(SpeedBudget.SET_UP);
    assertEquals(estimate.minus(run).minus(check), b.searchLimit(estimate));
    for (int seconds = 60; seconds <= 3600; seconds += 7) {
      Duration allowance = Duration.ofSeconds(seconds);
      SpeedBudget fitted = SpeedBudget.fit(allowance, P99, 500, 200);
      if (fitted.search() != null) {
        assertTrue(fitted.searchLimit(allowance).compareTo(Duration.ZERO) > 0, "no room for a step in " + allowance);
      }
    }
  }

  @Test
  void theSearchShrinksBeforeTheApplicationRun() {
    Duration estimate = SpeedBudget.expected(P99, 500, 200);
    SpeedBudget b = SpeedBudget.fit(estimate.minusSeconds(40), P99, 500, 200);
    assertNotNull(b.search());
    assertEquals(SpeedBudget.APP_LENGTH, b.appLength(), "the run keeps its length while the search can shrink");
    assertTrue(b.search().stepLength().compareTo(SpeedBudget.SEARCH.stepLength()) < 0
        || b.search().checkLength().compareTo(SpeedBudget.SEARCH.checkLength()) < 0);
    assertTrue(b.shrunk().startsWith("shrunk to fit --budget: the search's steps"), b.shrunk());
  }

  @Test
  void belowTheShortestSearchBesideTheShortestRunTheSearchIsSkippedOverBudget() {
    Duration shortest = SpeedBudget.search(SpeedBudget.SEARCH_MIN, 500, 200).plus(SpeedBudget.minimum());
    SpeedBudget fits = SpeedBudget.fit(shortest, P99, 500, 200);
    assertEquals(SpeedBudget.SEARCH_MIN, fits.search());
    assertEquals(SpeedBudget.APP_LENGTH_MIN, fits.appLength());
    SpeedBudget over = SpeedBudget.fit(shortest.minusSeconds(1), P99, 500, 200);
    assertNull(over.search());
    assertTrue(over.skipped().startsWith("over --budget"), over.skipped());
  }

  @Test
  void withoutAnObjectiveNothingIsSearchedAndTheRunTakesWhatFits() {
    SpeedBudget b = SpeedBudget.fit(Duration.ofSeconds(20), null, 500, 0);
    assertNull(b.search());
    assertTrue(b.skipped().startsWith("no --slo"), b.skipped());
    assertEquals(Duration.ofSeconds(16), b.appLength(), "20 s less the set-up and the warm-up");
    assertEquals(SpeedBudget.APP_LENGTH_MIN, SpeedBudget.fit(Duration.ofSeconds(1), null, 500, 0).appLength());
  }

  @Test
  void aLowLoggedRateLengthensTheFirstStepsUntilTheyJudgeTheObjective() {
    // 200 operations judge a p99, 220 run: at 25 ops/s a 2-s step runs 9 s, at 50 5 s, at 100 3 s, at 200 it is enough
    assertEquals(Duration.ofSeconds(7 + 3 + 1), SpeedBudget.lengthening(Duration.ofSeconds(2), 25, 200));
    assertEquals(Duration.ZERO, SpeedBudget.lengthening(Duration.ofSeconds(2), 1000, 200));
    assertEquals(SpeedBudget.LENGTHENING_GUESS, SpeedBudget.lengthening(Duration.ofSeconds(2), Double.NaN, 200));
  }

  @Test
  void anyAllowanceGivesLengthsWithinTheirBoundsAndASearchThatFits() {
    Random random = new Random(7);
    for (int i = 0; i < 500; i++) {
      Duration allowance = Duration.ofSeconds(1 + random.nextInt(600));
      double rate = random.nextBoolean() ? Double.NaN : 1 + random.nextDouble() * 5000;
      SpeedBudget b = SpeedBudget.fit(allowance, P99, rate, 200);
      assertTrue(b.appLength().compareTo(SpeedBudget.APP_LENGTH_MIN) >= 0, b.toString());
      assertTrue(b.appLength().compareTo(SpeedBudget.APP_LENGTH) <= 0, b.toString());
      assertTrue((b.search() == null) != (b.skipped() == null), b.toString());
      if (b.search() != null) {
        Duration expected = SpeedBudget.search(b.search(), rate, 200).plus(b.appWarmup()).plus(b.appLength())
            .plus(SpeedBudget.SET_UP);
        assertTrue(expected.compareTo(allowance) <= 0, allowance + ": " + b);
        assertTrue(b.search().window().compareTo(b.search().checkLength()) <= 0, b.toString());
      }
      assertEquals(b.shrunk() == null, b.appLength().equals(SpeedBudget.APP_LENGTH)
          && (b.search() == null || b.search().equals(SpeedBudget.SEARCH)), b.toString());
    }
  }
}
