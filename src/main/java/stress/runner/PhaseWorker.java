package stress.runner;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import stress.metrics.client.PacerLagRecorder;

/**
 * What a phase reads of each of its workers, on a thread of its own ({@link Worker}) or a connection of an event loop
 * ({@link EventLoopWorker}); each writes its own.
 */
abstract class PhaseWorker {
  /**
   * After a failed connection attempt, wait this long so a down server is not hammered in a spin; doubled
   * after each further failure up to {@link #MAX_BACKOFF_NANOS}, back to the start after a success. The cap
   * bounds how late a worker notices that the server is back.
   */
  static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** The server backend of the held connection (0 when the worker uses a pool or has none). */
  volatile int backendPid;
  /** When the last execution ended (System.nanoTime), or 0; set once the worker stopped executing. */
  volatile long finalExecutionEnd;
  /** Why the worker's connection could not be opened before the start, or null. */
  volatile SQLException startFailure;

  /** The paced starts of measured executions; written by the worker's own thread, read once it has ended. */
  final PacerLagRecorder lateStarts = new PacerLagRecorder();

  /** The server backend of the held connection (0 when the worker uses a pool or has none). */
  final int backendPid() {
    return backendPid;
  }

  /**
   * When this worker's last execution ended (System.nanoTime), or 0 when it ran none; known once it left its loop.
   * The end of a phase that ran out of --ops: closing connections and ending threads come after it.
   */
  final long lastExecutionEnd() {
    return finalExecutionEnd;
  }

  /** Why the worker's connection could not be opened before the start, or null. */
  final SQLException startFailure() {
    return startFailure;
  }
}
