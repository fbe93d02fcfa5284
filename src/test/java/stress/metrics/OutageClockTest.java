package stress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Outage windows: opened by a failure, closed by the first success, never joined across a success, and only
 * those of at least 100 ms reported.
 */
class OutageClockTest {
  private static final long S = TimeUnit.SECONDS.toNanos(1);
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  @Test
  void theFirstFailureOpensAndTheFirstSuccessClosesLaterFailuresAreCountedByStateAndNode() {
    OutageClock clock = new OutageClock();
    assertFalse(clock.open());
    clock.failed(12 * S, "57P01", null);
    clock.failed(13 * S, "08001", null);
    clock.failed(13 * S, "08006", "w2:5432");
    assertTrue(clock.open());
    clock.recovered(14 * S + 500 * MS);
    clock.recovered(15 * S);
    assertFalse(clock.open());
    assertEquals(List.of(new Outage(2.0, 4.5, "57P01", null, 3, Map.of("57P01", 1L, "08001", 1L, "08006", 1L),
        Map.of("w2:5432", 1L))), clock.outages(10 * S, 20 * S));
  }

  @Test
  void windowsAreNotJoinedAcrossASuccessShortOnesAreNoOutageAndAnOpenOneHasNoEnd() {
    OutageClock clock = new OutageClock();
    clock.failed(1 * S, "57P01", null);
    clock.recovered(2 * S);
    clock.failed(2 * S + 300 * MS, "08006", null); // a stale pooled connection right after the restart
    clock.recovered(2 * S + 310 * MS);
    // one node of a cluster down: failures and successes alternate, milliseconds apart
    for (int i = 0; i < 100; i++) {
      clock.failed(3 * S + i * 2 * MS, "08006", "w2:5432");
      clock.recovered(3 * S + i * 2 * MS + MS);
    }
    clock.failed(6 * S, "08001", null);
    List<Outage> outages = clock.outages(0, 10 * S);
    assertEquals(2, outages.size(), outages.toString());
    assertEquals(new Outage(1.0, 2.0, "57P01", null, 1, Map.of("57P01", 1L), Map.of()), outages.get(0));
    assertEquals(6.0, outages.get(1).startSeconds());
    assertNull(outages.get(1).endSeconds());
    assertTrue(outages.get(1).open());
    assertEquals(4.0, outages.get(1).lengthSeconds(10.0));
    assertEquals(1, clock.outages(0, 6 * S + 50 * MS).size(), "an open window of 50 ms is no outage yet");
  }

  @Test
  void aPhaseRecorderReportsOutagesAndRetriesInItsTotals() {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(0);
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 2, TimeUnit.HOURS.toNanos(1), List.of(), now::get);
    now.set(500 * MS);
    phase.worker(0).failure(0, MS, "57P01", "terminating connection");
    phase.worker(1).retry(0);
    phase.worker(1).failure(0, MS, "57P01", "terminating connection");
    now.set(2 * S);
    phase.worker(1).success(0, MS, 1);
    PhaseStats stats = phase.finish(0, 3 * S);
    assertEquals(1, stats.outages().size(), "1.5 s in which both workers failed: " + stats.outages());
    Outage o = stats.outages().get(0);
    assertEquals(0.5, o.startSeconds(), 1e-9);
    assertEquals(2.0, o.endSeconds(), 1e-9);
    assertEquals(2, o.failed());
    assertEquals(1, stats.total().retries());
    assertEquals(1, stats.intervals().get(0).retries());
    assertEquals(2L, stats.intervals().get(0).errorsBySqlState().get("57P01"));
  }

  /**
   * Failures in the warm-up are not the phase's: an outage under way when measuring starts begins at 0 s and counts
   * only the failures after it; one that ended in the warm-up is gone. Before, every execution failing showed
   * {@code outage: -1.961 s -> end of phase} with the warm-up's failures added to the measured ones.
   */
  @Test
  void measuringStartsAnOutageAgainWithoutTheWarmUp() {
    OutageClock clock = new OutageClock();
    clock.failed(1 * S, "57P01", null);
    clock.recovered(2 * S); // an outage of the warm-up only
    clock.failed(3 * S, "08001", null);
    clock.failed(3 * S + 500 * MS, "08001", null);
    clock.measuringStarts(4 * S);
    clock.failed(5 * S, "08006", null);
    clock.failed(6 * S, "08006", null);
    clock.failed(7 * S, "08006", null);
    assertEquals(List.of(new Outage(0.0, null, "08001", null, 3, Map.of("08006", 3L), Map.of())),
        clock.outages(4 * S, 10 * S));
  }

  /** The same through a phase recorder on a made-up clock: every execution failed, in the warm-up and after. */
  @Test
  void aPhaseWhoseEveryExecutionFailedHasOneOutageFromZeroCountingTheMeasuredFailures() {
    long[] now = {0};
    PhaseRecorder phase = new PhaseRecorder(List.of("boom"), 2, TimeUnit.HOURS.toNanos(1), List.of(), () -> now[0]);
    for (int i = 0; i < 40; i++) { // a 2 s warm-up of failures
      now[0] = i * 50 * MS;
      phase.worker(i % 2).failure(0, MS, "22012", "division by zero");
    }
    phase.resetTotals(2 * S);
    for (int i = 0; i < 100; i++) {
      now[0] = 2 * S + i * 40 * MS;
      phase.worker(i % 2).failure(0, MS, "22012", "division by zero");
    }
    PhaseStats stats = phase.finish(2 * S, 6 * S);
    assertEquals(100, stats.total().errorCount());
    assertEquals(List.of(new Outage(0.0, null, "22012", null, 100, Map.of("22012", 100L), Map.of())),
        stats.outages());
  }

  /**
   * A server frozen 3 s into the phase for 8 s: its executions time out 3.7 s later, yet nothing succeeded from 3 s, so
   * the outage runs from the last success, on the workers' own path through a phase recorder.
   */
  @Test
  void anOutageStartsAtTheLastSuccessBeforeItNotAtTheFirstTimeout() {
    long[] now = {0};
    PhaseRecorder phase = new PhaseRecorder(List.of("find"), 2, TimeUnit.HOURS.toNanos(1), List.of(), () -> now[0]);
    phase.resetTotals(0);
    for (int i = 0; i <= 300; i++) { // a success every 10 ms until 3 s
      now[0] = i * 10 * MS;
      phase.worker(i % 2).success(0, MS, 1);
    }
    now[0] = 6 * S + 713 * MS;
    phase.worker(0).failure(0, 3713 * MS, "57014", "canceling statement due to statement timeout"); // sent at 3 s
    now[0] = 7 * S;
    phase.worker(1).failure(0, 4 * S, "57014", "canceling statement due to statement timeout");
    now[0] = 10 * S + 854 * MS;
    phase.worker(0).success(0, MS, 1);
    PhaseStats stats = phase.finish(0, 12 * S);
    assertEquals(1, stats.outages().size(), stats.outages().toString());
    Outage outage = stats.outages().get(0);
    assertEquals(3.0, outage.startSeconds(), 0.0011, "from the last success, within the grain kept");
    assertEquals(10.854, outage.endSeconds(), 1e-9);
    assertEquals(2, outage.failed());

  }
}
