package stress.runner;

/**
 * Sees what one worker thread does, next to its own HdrHistogram recorder: e.g. to feed live metrics.
 * Only that worker's thread calls it, on the hot path, so an implementation must be cheap and must not
 * block. {@link #NONE} does nothing; with it the JIT reduces each call to nothing.
 */
public interface WorkerProbe {
  /** A probe that ignores everything. */
  WorkerProbe NONE = new WorkerProbe() {};

  /** The worker enters its loop (its connection is open and the phase has begun). */
  default void started() {}

  /** The worker has left its loop for good. */
  default void stopped() {}

  /**
   * An execution of operation {@code opIndex} succeeded after {@code latencyNanos}; {@code measured} is false for
   * warm-up. The worker's own recorder decides it, so the probe counts each execution on the same side as the
   * run's figures.
   */
  default void success(int opIndex, long latencyNanos, boolean measured) {}

  /** An execution failed; {@code sqlState} is null when the driver gave none. */
  default void failure(int opIndex, long latencyNanos, String sqlState, boolean measured) {}

  /** The worker had to open its connection again. */
  default void reconnect(boolean measured) {}
}
