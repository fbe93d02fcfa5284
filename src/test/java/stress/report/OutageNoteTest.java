package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.metrics.Outage;
import stress.metrics.PhaseStats;

/** A one-round comparison whose phase ran across an outage says so beside the ratio, not only in its errors column. */
class OutageNoteTest {
  private static PhaseResult phase(String mode, PhaseStats stats, Map<String, String> connection) {
    Map<String, String> combination = new LinkedHashMap<>();
    combination.put("mode", mode);
    return new PhaseResult("mode=" + mode, combination, Map.of(), connection, stats);
  }

  private static PhaseStats withOutage(PhaseStats stats, long failed) {
    Outage outage = new Outage(1.0, 3.5, "08006", null, failed, Map.of("08006", failed), Map.of());
    return new PhaseStats(stats.durationSeconds(), stats.operations(), stats.total(), stats.reconnects(),
        stats.reconnectsPerSecond(), stats.intervals(), List.of(outage));
  }

  @Test
  void aPhaseAcrossAPoolerOutageIsNamedBesideTheRatio() {
    // phase 1 through PgBouncer, stopped and started again while it ran: its console stopped answering too
    PhaseResult first = phase("prepared", withOutage(Fixtures.oneOperation(10_000, 100), 37),
        Map.of("pooler console", "stopped answering during this phase: closed"));
    PhaseResult second = phase("plain", Fixtures.oneOperation(7_100, 140), Map.of("pooler transactions", "7100"));
    String text = RoundComparisonText.of(new RunResult("test", Instant.EPOCH, Map.of(), Map.of(),
        List.of(first, second), false));
    assertTrue(text.contains(" x0.71 (phase 1 ran across an outage through the pooler: 37 failed executions)\n"),
        text);
    // the first row's own ratio is to itself: nothing to carry there
    assertEquals(1, text.lines().filter(l -> l.contains("phase 1 ran across")).count(), text);
  }

  @Test
  void anOutageWithoutAPoolerIsNamedAsSuchAndNoOutageAddsNothing() {
    PhaseResult first = phase("prepared", Fixtures.oneOperation(10_000, 100), Map.of());
    PhaseResult second = phase("plain", withOutage(Fixtures.oneOperation(5_000, 100), 1), Map.of());
    String text = RoundComparisonText.of(new RunResult("test", Instant.EPOCH, Map.of(), Map.of(),
        List.of(first, second), false));
    assertTrue(text.contains(" x0.50 (phase 2 ran across an outage: 1 failed execution)\n"), text);
    String none = RoundComparisonText.of(new RunResult("test", Instant.EPOCH, Map.of(), Map.of(),
        List.of(first, phase("plain", Fixtures.oneOperation(5_000, 100), Map.of())), false));
    assertFalse(none.contains("ran across"), none);
  }
}
