package stress.app.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The chance of a run breaking read from the check's windows, against the bound a vouched-for rate keeps: the
 * arithmetic of bench/notes/capacity-check.md run 10, where 17 of 18 windows held and the capacity held in 1 of 3
 * plain runs from outside.
 */
class CheckWindowsTest {
  @Test
  void oneBrokenWindowInThreeRunsOfSixIsAboutOneRunInThreeBreaking() {
    CheckWindows w = new CheckWindows(18, 17, 5);
    assertEquals(1 - Math.pow(17.0 / 18, 6), w.runBreakChance(6), 1e-12);
    assertEquals(0.29, w.runBreakChance(6), 0.01);
    assertFalse(w.runsHold(6), "above 20%: not vouched for");
  }

  @Test
  void theBoundAllowsABrokenWindowOnlyAmongEnoughRuns() {
    // the chance barely depends on the run's length: one broken window in n runs is about 1 - e^(-1/n)
    assertFalse(new CheckWindows(36, 35, 5).runsHold(12), "3 runs of 12 windows, one broken: 29%");
    assertTrue(new CheckWindows(60, 59, 5).runsHold(12), "5 runs of 12 windows, one broken: 18%");
    assertTrue(new CheckWindows(18, 18, 5).runsHold(6), "none broken");
    assertTrue(CheckWindows.NONE.runsHold(0), "no window read: nothing to refute");
    assertEquals(0, CheckWindows.NONE.runBreakChance(0));
  }
}
