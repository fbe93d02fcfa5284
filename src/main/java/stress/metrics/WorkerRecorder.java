package stress.metrics;

import org.HdrHistogram.WriterReaderPhaser;

/**
 * What one worker thread records. Only that thread may call its methods (single writer); the
 * reporter thread reads through {@link PhaseRecorder}. {@link #success} takes no lock, looks nothing
 * up and allocates nothing: it writes the active {@link IntervalSlot} inside a WriterReaderPhaser
 * critical section (two atomic increments), the way HdrHistogram's own recorders do. Operations are
 * addressed by their index in the phase's operation list.
 */
public final class WorkerRecorder {
  private final int index;
  private final long highestTrackableNanos;
  private final PhaseRecorder phase;
  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private volatile IntervalSlot active;
  private IntervalSlot spare;

  WorkerRecorder(int index, int operations, long highestTrackableNanos, PhaseRecorder phase) {
    this.index = index;
    this.highestTrackableNanos = highestTrackableNanos;
    this.phase = phase;
    this.active = new IntervalSlot(operations, highestTrackableNanos);
    this.spare = new IntervalSlot(operations, highestTrackableNanos);
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
    long critical = phaser.writerCriticalSectionEnter();
    try {
      IntervalSlot slot = active;
      slot.successes[opIndex].recordValue(latencyNanos);
      slot.rows[opIndex] += rows;
    } finally {
      phaser.writerCriticalSectionExit(critical);
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
    String state = sqlState == null || sqlState.isBlank() ? ErrorStats.UNKNOWN : sqlState;
    long critical = phaser.writerCriticalSectionEnter();
    try {
      IntervalSlot slot = active;
      slot.failures[opIndex].recordValue(latencyNanos);
      slot.errors[opIndex].computeIfAbsent(state,
          k -> new IntervalSlot.ErrorTally(message == null ? ErrorBook.NO_MESSAGE : message)).count++;
    } finally {
      phaser.writerCriticalSectionExit(critical);
    }
  }

  /** Records that this worker had to open its connection again. */
  public void reconnect() {
    long critical = phaser.writerCriticalSectionEnter();
    try {
      active.reconnects++;
    } finally {
      phaser.writerCriticalSectionExit(critical);
    }
  }

  /**
   * Called by the reporter only: hands the worker a fresh slot and returns the one it was writing, once
   * every write in flight has finished. The returned slot stays valid until the next swap.
   */
  IntervalSlot swap() {
    phaser.readerLock();
    try {
      IntervalSlot fresh = spare;
      fresh.reset();
      IntervalSlot written = active;
      active = fresh;
      phaser.flipPhase();
      spare = written;
      return written;
    } finally {
      phaser.readerUnlock();
    }
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
