package stress.metrics;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * What one worker thread records. Only that thread may call its methods (single writer); the
 * reporter thread reads through {@link PhaseRecorder}. {@link #success} takes no lock, looks nothing
 * up and allocates nothing. Operations are addressed by their index in the phase's operation list.
 */
public final class WorkerRecorder {
  private final int index;
  private final long highestTrackableNanos;
  private final PhaseRecorder phase;
  final SingleWriterRecorder[] successes;
  final SingleWriterRecorder[] failures;
  /** Cumulative rows per operation; written only by the owning worker, read by the reporter. */
  final AtomicLongArray rows;
  /** Cumulative reconnects; written only by the owning worker, read by the reporter. */
  final AtomicLong reconnects = new AtomicLong();

  WorkerRecorder(int index, int operations, long highestTrackableNanos, PhaseRecorder phase) {
    this.index = index;
    this.highestTrackableNanos = highestTrackableNanos;
    this.phase = phase;
    successes = new SingleWriterRecorder[operations];
    failures = new SingleWriterRecorder[operations];
    for (int op = 0; op < operations; op++) {
      successes[op] = new SingleWriterRecorder(1, highestTrackableNanos, PhaseRecorder.SIGNIFICANT_DIGITS);
      // failures are rare: a packed, auto-ranging histogram stays tiny until one happens
      failures[op] = new SingleWriterRecorder(PhaseRecorder.SIGNIFICANT_DIGITS, true);
    }
    rows = new AtomicLongArray(operations);
  }

  /** The worker's index in its phase. */
  public int index() {
    return index;
  }

  /**
   * Records a successful operation.
   *
   * @param opIndex      index of the operation in the phase's list
   * @param latencyNanos latency in nanoseconds (from the intended start time when rate-limited)
   * @param rows         rows the operation read or wrote, 0 or more
   * @throws IllegalArgumentException when the latency is negative or above the phase's highest trackable value, or rows are negative
   */
  public void success(int opIndex, long latencyNanos, long rows) {
    if (latencyNanos < 0 || latencyNanos > highestTrackableNanos || rows < 0) {
      throw badValue(opIndex, latencyNanos, rows);
    }
    successes[opIndex].recordValue(latencyNanos);
    if (rows != 0) {
      // single writer: a plain read of our own value and an ordered write are enough, no read-modify-write
      this.rows.setRelease(opIndex, this.rows.getPlain(opIndex) + rows);
    }
  }

  /**
   * Records a failed operation; its latency goes to a histogram of its own.
   *
   * @param sqlState the SQLState of the failure, null when the driver gave none (counted as {@value ErrorStats#UNKNOWN})
   * @param message  the failure's message; only the first one per operation and SQLState is kept
   */
  public void failure(int opIndex, long latencyNanos, String sqlState, String message) {
    if (latencyNanos < 0 || latencyNanos > highestTrackableNanos) {
      throw badValue(opIndex, latencyNanos, 0);
    }
    failures[opIndex].recordValue(latencyNanos);
    phase.errorBook().record(opIndex, sqlState, message);
  }

  /** Records that this worker had to open its connection again. */
  public void reconnect() {
    reconnects.setRelease(reconnects.getPlain() + 1);
  }

  private IllegalArgumentException badValue(int opIndex, long latencyNanos, long rows) {
    String op = phase.operationName(opIndex);
    if (rows < 0) {
      return new IllegalArgumentException("rows of " + op + " must be 0 or more, got " + rows);
    }
    return new IllegalArgumentException("latency of " + op + " must be between 0 and " + highestTrackableNanos
        + " ns (the phase's highest trackable value), got " + latencyNanos + " ns");
  }
}
