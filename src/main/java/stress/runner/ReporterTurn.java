package stress.runner;

import java.util.concurrent.TimeUnit;

/**
 * The reporter's turn at an interval's edge, taken only when the reporter runs late: while it merges the
 * workers' figures the workers start no new execution. With more workers than processors and the server on the
 * same cores (80 threads on two), the scheduler gave the reporter one runnable thread's share of the CPU among a
 * hundred or more, so its few milliseconds of work per interval took a second or more: intervals came late and a
 * 2 s warm-up lasted 8 s. There the CPU is the bottleneck, so the pause moves CPU time to the reporter without
 * idling the machine. A reporter that keeps time pauses nobody after a phase's first interval. Executions in flight
 * go on; the closed loop only waits before its next execution, which is in no latency (turns are off with --rate).
 */
final class ReporterTurn {
  /** The reporter counts as late when it wakes, or took its last interval, this much later than planned. */
  static final long LATE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
  /** The longest a worker waits for the reporter, should it ever be slow for another reason. */
  private static final long MAX_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final boolean enabled;
  private final WorkerGate gate = new WorkerGate();
  /**
   * Whether the last interval took the reporter longer than {@link #LATE_NANOS} (reporter only). True at first: the
   * first interval of a phase runs code the JIT has not compiled yet (the first of a run took seconds).
   */
  private boolean lastWasSlow = true;

  /**
   * @param enabled whether workers may wait for the reporter: only when they outnumber the processors and are not
   *                paced (a paced worker's latency counts from its intended start, so a wait would be charged to it)
   */
  ReporterTurn(boolean enabled) {
    this.enabled = enabled;
  }

  /** Whether a phase of {@code threads} workers on {@code processors} processors, paced or not, may take turns. */
  static boolean allowed(int threads, int processors, boolean paced) {
    return !paced && threads > processors;
  }

  /**
   * Reporter: begins a turn when turns are allowed and it is late ({@code lateNanos} after the planned interval
   * edge, or slow at the last one); returns whether the workers now wait. {@link #end} follows either way.
   */
  boolean begin(long lateNanos) {
    if (enabled && (lateNanos > LATE_NANOS || lastWasSlow)) {
      gate.close();
    }
    return gate.closed();
  }

  /** Reporter: ends the turn that took {@code tookNanos} and lets the waiting workers go. */
  void end(long tookNanos) {
    lastWasSlow = tookNanos > LATE_NANOS;
    gate.open();
  }

  /** Workers: returns at once unless it is the reporter's turn; then waits for its end (or the stop). */
  void awaitTurn(Stop stop) {
    gate.pass(stop, MAX_WAIT_NANOS);
  }
}
