package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a run says of its cost before its first phase, and of its short phases after the last. */
class PhaseCostTest {
  @Test
  void aHundredRoundsOfOneSecondSayTheirTimeFirst() {
    List<String> lines = PhaseCost.before(3, 100, Duration.ofSeconds(1), 0, Duration.ofSeconds(2), "--mode");
    assertEquals("plan: 300 phases (3 combinations x 100 rounds, interleaved), each 2 s warm-up + 1 s: about 15 min,"
        + " 10 min of it warm-up (set-up and the pauses between phases not counted)", lines.get(0));
    assertEquals(1, lines.size(), "1 s is measurable: " + lines);
  }

  @Test
  void oneCombinationInRoundsAndTooShortPhasesAreSaid() {
    List<String> lines = PhaseCost.before(1, 3, Duration.ofMillis(300), 0, Duration.ZERO, "--mode");
    assertEquals(3, lines.size(), lines.toString());
    assertTrue(lines.get(1).startsWith("1 combination in 3 rounds: the rounds measure its stability only"), lines.get(1));
    assertTrue(lines.get(2).startsWith("warning: --duration 300 ms is too short to measure"), lines.get(2));
    assertTrue(PhaseCost.before(1, 1, Duration.ofSeconds(10), 0, Duration.ofSeconds(2), "--mode").isEmpty(),
        "one measurable phase needs no plan");
    assertTrue(PhaseCost.before(2, 1, null, 200, Duration.ofSeconds(1), "--mode").get(1)
        .startsWith("warning: --ops 200 is too few to measure"));
    assertEquals("2 h 5 min", PhaseCost.human(7500));
    assertEquals("1 min 30 s", PhaseCost.human(90));
  }

  @Test
  void shortPhasesAreNamedAfterTheRun() {
    PhaseResult longEnough = new PhaseResult("a", Map.of("mode", "a"), Map.of(), Map.of(),
        Fixtures.oneOperation(5000, 100));
    PhaseResult few = new PhaseResult("b", Map.of("mode", "b"), Map.of(), Map.of(), Fixtures.oneOperation(100, 100));
    assertNull(PhaseCost.shortPhases(List.of(longEnough)));
    assertEquals("short phases: 1 of 2 measured under 1 s or under 500 executions (phase 2): their figures describe"
        + " mostly each phase's start, and the verdicts rest on them; a longer --duration measures the server",
        PhaseCost.shortPhases(List.of(longEnough, few)));
    RunResult run = new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), List.of(longEnough, few), false);
    assertTrue(RoundComparisonText.of(run).contains("\n  short phases: 1 of 2"), RoundComparisonText.of(run));
  }
}
