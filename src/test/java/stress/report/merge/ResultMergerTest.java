package stress.report.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.metrics.PhaseStats;
import stress.report.Fixtures;
import stress.report.PhaseResult;
import stress.report.RunResult;

/** The merged rate: the merged count over the time some instance was measuring, never over a mean of durations. */
class ResultMergerTest {
  private static final Instant T0 = Instant.parse("2026-11-25T10:00:00Z");

  private static RunResult result(PhaseStats stats) {
    return new RunResult("test", T0, Map.of(), "PostgreSQL", List.of(new PhaseResult("phase", Map.of(), Map.of(),
        Map.of(), stats)));
  }

  private static ResultMerger.Window window(double fromSeconds, double toSeconds) {
    return new ResultMerger.Window(T0.plusMillis(Math.round(fromSeconds * 1000)),
        T0.plusMillis(Math.round(toSeconds * 1000)));
  }

  /** Two instances of 10 s each (Fixtures.oneOperation): 1000 and 3000 executions. */
  private static List<RunResult> twoOfTenSeconds() {
    return List.of(result(Fixtures.oneOperation(1000, 100)), result(Fixtures.oneOperation(3000, 100)));
  }

  @Test
  void windowsThatCoincideGiveTheSumOfTheRates() {
    RunResult merged = ResultMerger.merge(List.of("a", "b"), twoOfTenSeconds(),
        List.of(List.of(window(0, 10)), List.of(window(0, 10))));
    assertEquals(100.0 + 300.0, merged.phases().get(0).stats().total().opsPerSecond(), 1e-9);
    assertEquals(10.0, merged.phases().get(0).stats().durationSeconds(), 1e-9);
  }

  @Test
  void unequalWindowsGiveTheCountOverTheirUnion() {
    // b measured from 4 s to 14 s: together 14 s, not the mean 10 s (which would claim 400/s)
    RunResult overlapping = ResultMerger.merge(List.of("a", "b"), twoOfTenSeconds(),
        List.of(List.of(window(0, 10)), List.of(window(4, 14))));
    assertEquals(4000 / 14.0, overlapping.phases().get(0).stats().total().opsPerSecond(), 1e-9);
    // apart, with a gap: the gap is not measuring time
    RunResult apart = ResultMerger.merge(List.of("a", "b"), twoOfTenSeconds(),
        List.of(List.of(window(0, 10)), List.of(window(12, 22))));
    assertEquals(20.0, apart.phases().get(0).stats().durationSeconds(), 1e-9);
    // one inside the other: the outer one
    assertEquals(10.0, ResultMerger.unionSeconds(List.of(window(0, 10), window(2, 3), window(5, 9))), 1e-9);
  }

  @Test
  void withoutWindowsTheLongestInstanceIsTheDuration() {
    RunResult merged = ResultMerger.merge(List.of("a", "b"), twoOfTenSeconds());
    assertEquals(10.0, merged.phases().get(0).stats().durationSeconds(), 1e-9);
    assertEquals("the longest instance's measured time (windows not known)",
        merged.phases().get(0).connection().get("merged duration"));
    // one unknown window is as good as none
    RunResult partly = ResultMerger.merge(List.of("a", "b"), twoOfTenSeconds(),
        List.of(List.of(window(0, 10)), Arrays.asList((ResultMerger.Window) null)));
    assertEquals(10.0, partly.phases().get(0).stats().durationSeconds(), 1e-9);
  }

  @Test
  void aWindowEndsAfterItStarts() {
    assertThrows(IllegalArgumentException.class, () -> window(5, 4));
  }
}
