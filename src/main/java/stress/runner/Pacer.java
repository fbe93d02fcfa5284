package stress.runner;

import java.util.concurrent.locks.LockSupport;

/**
 * Spaces one worker's executions to a fixed rate. Latency is then measured from the intended start
 * time, so a slow response that delays later requests is charged to them too (no coordinated omission).
 */
final class Pacer {
  private final long intervalNanos;
  private long nextIntended;

  private final double phaseOffset;
  /** Whether the latest {@link #awaitNext} waited for its slot (false: the worker was behind schedule). */
  private boolean waited;

  /**
   * @param opsPerSecond this worker's share of the target rate, or 0 for no pacing
   * @param phaseOffset  0..1: where in the interval this worker's schedule starts, so workers do not all fire
   *                     at the same instant
   */
  Pacer(double opsPerSecond, double phaseOffset) {
    this.intervalNanos = opsPerSecond > 0 ? Math.max(1, Math.round(1e9 / opsPerSecond)) : 0;
    this.phaseOffset = phaseOffset;
  }

  /** Starts the schedule now (when the worker really starts, not when its thread was created). */
  void start(long nowNanos) {
    nextIntended = nowNanos + Math.round(intervalNanos * phaseOffset);
  }

  boolean paced() {
    return intervalNanos > 0;
  }

  /** Waits until the next intended start (unless behind) and returns it; or now, when not paced. */
  long awaitNext(Stop stop) {
    if (intervalNanos == 0) {
      return System.nanoTime();
    }
    long intended = nextIntended;
    nextIntended += intervalNanos;
    long wait;
    waited = intended > System.nanoTime();
    while ((wait = intended - System.nanoTime()) > 0 && !stop.requested()) {
      LockSupport.parkNanos(wait);
    }
    return intended;
  }

  /** Whether the latest {@link #awaitNext} waited for its slot, rather than finding the worker behind schedule. */
  boolean waited() {
    return waited;
  }
}
