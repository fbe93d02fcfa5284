package stress.app.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.config.LatencyObjective;

/**
 * The chance of a run breaking, read from the check's windows, against the bound a vouched-for rate keeps. A window
 * here is 1,000 executions; one that held has 5 slower than the limit (0.5%), a stall's has more, and counts twice.
 */
class CheckWindowsTest {
  private static final List<LatencyObjective> P99_5MS = LatencyObjective.parse("--slo", "p99<=5ms");

  /** {@code judged} windows of 1,000 executions read against p99, {@code held} of them with 5 slower than the limit. */
  static CheckWindows windows(int judged, int held, long slowerInBroken, List<LatencyObjective> objectives) {
    List<CheckWindows.Window> windows = new ArrayList<>();
    for (int i = 0; i < judged; i++) {
      windows.add(new CheckWindows.Window(1000, 0, List.of(i < held ? 5L : slowerInBroken)));
    }
    return new CheckWindows(windows, 5, objectives);
  }

  /** A run's chance of breaking is sampled: within this of the exact figure ({@code DRAWS} = 2,000 draws). */
  private static final double SAMPLED = 0.03;

  @Test
  void aLongStallBreaksEveryRunItIsDrawnInto() {
    // 100 of 1,000 slower: any run of 6 windows with it has over 1% slower
    CheckWindows w = windows(18, 17, 100, P99_5MS);
    assertEquals("17 of 18 5-s windows", w.text());
    assertEquals(1 - Math.pow(17.0 / 18, 6), w.runBreakChance(6), SAMPLED);
    assertFalse(w.runsHold(6), "about 29%, above 20%: not vouched for");
    assertEquals(w.runBreakChance(6), w.runBreakChance(6), "one reading, one answer");
  }

  /**
   * A stall that broke its window but holds in a run of six as seen (35 of 1,000 slower: 60 of 6,000 with the other
   * windows' 25, 1%) is taken to last twice as long (95 of 6,000): every run it is drawn into breaks.
   */
  @Test
  void aStallIsTakenToLastTwiceAsLongAsSeen() {
    CheckWindows w = windows(18, 17, 35, P99_5MS);
    assertTrue(new CheckWindows.Window(6000, 0, List.of(60L)).holds(P99_5MS), "as seen, a run with it holds");
    assertEquals(1 - Math.pow(17.0 / 18, 6), w.runBreakChance(6), SAMPLED);
    assertFalse(w.runsHold(6));
  }

  /**
   * A short stall (15 of 1,000 slower) twice as long still holds in a run of six (25 + 30 of 6,000): a run breaks only
   * where two such windows are drawn into it, so two broken windows of 18 leave about 14%, within the bound.
   */
  @Test
  void shortStallsBreakARunOnlyWhereTwoFallInIt() {
    CheckWindows w = windows(18, 16, 15, P99_5MS);
    assertEquals(16, w.held());
    double two = 1 - Math.pow(16.0 / 18, 6) - 6 * (2.0 / 18) * Math.pow(16.0 / 18, 5);
    assertEquals(two, w.runBreakChance(6), SAMPLED);
    assertTrue(w.runsHold(6), "about 14%");
    // a run as long as one window breaks as often as the windows did
    assertEquals(2.0 / 18, w.runBreakChance(1), SAMPLED);
    // six of 18: two fall together too often
    assertFalse(windows(18, 12, 15, P99_5MS).runsHold(6));
  }

  @Test
  void windowsThatEachHeldGiveRunsThatHoldAndNoWindowsRefuteNothing() {
    assertEquals(0, windows(18, 18, 0, P99_5MS).runBreakChance(6));
    assertTrue(CheckWindows.NONE.runsHold(0), "no window read: nothing to refute");
    assertEquals(0, CheckWindows.NONE.runBreakChance(0));
    assertEquals(36, windows(18, 17, 100, P99_5MS).plus(windows(18, 18, 0, P99_5MS)).judged());
    assertEquals(18, CheckWindows.NONE.plus(windows(18, 18, 0, P99_5MS)).judged());
  }

  @Test
  void aPercentileHoldsWhileAtMostItsShareIsSlowerAndErrorsByTheirShare() {
    List<LatencyObjective> both = LatencyObjective.parse("--slo", "p99<=5ms,errors<=1%");
    assertTrue(new CheckWindows.Window(1000, 0, List.of(10L, 0L)).holds(both), "10 of 1,000 is 1%");
    assertFalse(new CheckWindows.Window(1000, 0, List.of(11L, 0L)).holds(both));
    assertTrue(new CheckWindows.Window(990, 10, List.of(0L, 0L)).holds(both), "10 failures of 1,000");
    assertFalse(new CheckWindows.Window(989, 11, List.of(0L, 0L)).holds(both));
    assertNull(new CheckWindows.Window(150, 0, List.of(0L, 0L)).holds(both), "under 200 executions: not judged");
    assertFalse(new CheckWindows.Window(0, 500, List.of(0L, 0L)).holds(P99_5MS), "nothing timed: no p99 held");
  }
}
