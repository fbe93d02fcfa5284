package stress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Outage windows: opened by the first connection failure, closed by the first success, close ones merged. */
class OutageClockTest {
  private static final long S = TimeUnit.SECONDS.toNanos(1);
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  @Test
  void theFirstFailureOpensAndTheFirstSuccessClosesLaterFailuresKeepTheFirstState() {
    OutageClock clock = new OutageClock();
    assertFalse(clock.open());
    clock.connectionLost(12 * S, "57P01");
    clock.connectionLost(13 * S, "08001");
    assertTrue(clock.open());
    clock.recovered(14 * S + 500 * MS);
    clock.recovered(15 * S);
    assertFalse(clock.open());
    assertEquals(List.of(new Outage(2.0, 4.5, "57P01")), clock.outages(10 * S));
  }

  @Test
  void windowsLessThanASecondApartAreOneOutageAndAnOpenOneHasNoEnd() {
    OutageClock clock = new OutageClock();
    clock.connectionLost(1 * S, "57P01");
    clock.recovered(2 * S);
    clock.connectionLost(2 * S + 300 * MS, "08006"); // a stale pooled connection right after the restart
    clock.recovered(2 * S + 310 * MS);
    clock.connectionLost(6 * S, "08001");
    List<Outage> outages = clock.outages(0);
    assertEquals(2, outages.size(), outages.toString());
    assertEquals(new Outage(1.0, 2.31, "57P01"), outages.get(0));
    assertEquals(6.0, outages.get(1).startSeconds());
    assertNull(outages.get(1).endSeconds());
    assertTrue(outages.get(1).open());
    assertEquals(4.0, outages.get(1).lengthSeconds(10.0));
  }

  @Test
  void aPhaseRecorderReportsOutagesAndRetriesInItsTotals() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 2, TimeUnit.HOURS.toNanos(1));
    long start = System.nanoTime();
    phase.worker(0).failure(0, MS, "57P01", "terminating connection");
    phase.worker(0).connectionLost("57P01");
    phase.worker(1).retry(0);
    phase.worker(1).success(0, MS, 1);
    PhaseStats stats = phase.finish(start, System.nanoTime() + MS);
    assertEquals(1, stats.outages().size());
    Outage o = stats.outages().get(0);
    assertTrue(o.startSeconds() >= 0 && o.endSeconds() >= o.startSeconds(), o.toString());
    assertEquals(1, stats.total().retries());
    assertEquals(1, stats.intervals().get(0).retries());
    assertEquals(1L, stats.intervals().get(0).errorsBySqlState().get("57P01"));
  }
}
