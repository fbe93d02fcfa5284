package stress.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;
import stress.runner.PhaseSpec;
import stress.runner.RunListener;

/**
 * When each phase's measuring began, on the wall clock (the start and base time of the interval logs). The
 * recorder counts in {@link System#nanoTime()}; an interval arrives right after it is cut, so the arrival time
 * minus its elapsed seconds is the measured start. A phase that ended before its first measured interval
 * falls back to its end minus its measured duration.
 */
final class PhaseStartTimes implements RunListener {
  private final Clock clock;
  private final List<Instant> starts = new ArrayList<>();
  private Instant current;

  PhaseStartTimes(Clock clock) {
    this.clock = clock;
  }

  @Override
  public void phaseStarted(PhaseSpec phase, int index, int count) {
    current = null;
  }

  @Override
  public void interval(PhaseSpec phase, IntervalStats stats) {
    if (current == null && !stats.warmup()) {
      current = clock.instant().minus(seconds(stats.elapsedSeconds()));
    }
  }

  @Override
  public void phaseFinished(PhaseSpec phase, PhaseStats stats) {
    starts.add(current != null ? current : clock.instant().minus(seconds(stats.durationSeconds())));
  }

  /** The measured start of every finished phase, in run order. */
  List<Instant> starts() {
    return List.copyOf(starts);
  }

  private static Duration seconds(double seconds) {
    return Duration.ofNanos(Math.round(seconds * 1e9));
  }
}
