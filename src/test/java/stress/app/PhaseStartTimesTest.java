package stress.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import java.util.concurrent.TimeUnit;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseRecorder;
import stress.metrics.PhaseStats;

class PhaseStartTimesTest {
  private static final Instant T0 = Instant.parse("2025-06-01T10:00:00Z");

  /** A clock the test moves by hand. */
  private static final class HandClock extends Clock {
    final AtomicReference<Instant> now = new AtomicReference<>(T0);

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now.get();
    }
  }

  private static IntervalStats interval(double elapsed, boolean warmup) {
    return new IntervalStats(elapsed, warmup, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, List.of());
  }

  private static PhaseStats stats(double duration) {
    long nanos = Math.round(duration * 1e9);
    return new PhaseRecorder(List.of("find_first"), 1, TimeUnit.HOURS.toNanos(1)).finish(0, nanos);
  }

  @Test
  void theFirstMeasuredIntervalFixesTheStartAndWarmupDoesNot() {
    HandClock clock = new HandClock();
    PhaseStartTimes times = new PhaseStartTimes(clock);
    times.phaseStarted(null, 0, 2);
    clock.now.set(T0.plusSeconds(2));
    times.interval(null, interval(2.0, true));
    clock.now.set(T0.plusMillis(3_500));
    times.interval(null, interval(1.25, false)); // measuring began 1.25 s before
    clock.now.set(T0.plusSeconds(9));
    times.interval(null, interval(6.0, false));
    times.phaseFinished(null, null);

    // a phase stopped before its first measured interval: its end minus its measured duration
    times.phaseStarted(null, 1, 2);
    clock.now.set(T0.plusSeconds(20));
    times.phaseFinished(null, stats(0.5));

    assertEquals(List.of(T0.plusMillis(2_250), T0.plusMillis(19_500)), times.starts());
  }
}
