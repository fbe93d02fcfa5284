package stress.metrics;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * What one worker thread records. Only that thread may call its methods (single writer); the
 * reporter thread reads through {@link PhaseRecorder}. {@link #success} takes no lock, looks nothing
 * up and allocates nothing: it writes the active {@link IntervalSlot} inside a WriterReaderPhaser
 * critical section (two uncontended atomic increments). Operations are addressed by their index in the
 * phase's operation list.
 *
 * <p>Intervals end without the reporter waiting for busy workers: the reporter starts a new generation,
 * and each worker hands its finished slot over at its next record by putting it on the phase's lock-free
 * queue; the reporter merges the queued slots. Only a worker that records nothing for a while (blocked in a
 * long statement, or done) has its slot taken over by the reporter; such a worker is not inside its critical
 * section, so the phaser flip is immediate. No worker ever waits for a lock: with 80 virtual threads on 2
 * carriers, a merge lock shared by the workers became a convoy (each hand-over of the lock waited for a
 * scheduler round of the runnable threads) and intervals stopped closing.
 */
public final class WorkerRecorder {
  private final int index;
  private final long highestTrackableNanos;
  private final PhaseRecorder phase;
  private final int operations;
  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private final AtomicReference<IntervalSlot> active;
  private final ConcurrentLinkedQueue<IntervalSlot> free = new ConcurrentLinkedQueue<>();
  /** The latest generation whose slot has been handed to the phase (by the worker or the reporter). */
  private volatile long handedThrough = -1;

  WorkerRecorder(int index, int operations, long highestTrackableNanos, PhaseRecorder phase) {
    this.index = index;
    this.highestTrackableNanos = highestTrackableNanos;
    this.phase = phase;
    this.operations = operations;
    this.active = new AtomicReference<>(fresh(0));
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
   * @return whether it counts in the phase's totals: false for warm-up. An execution that ends as measuring starts
   *     lands on one side of the line or the other; what is told to a {@code WorkerProbe} must follow this answer
   * @throws IllegalArgumentException when the latency is negative or above the phase's highest trackable value, or rows are negative
   */
  public boolean success(int opIndex, long latencyNanos, long rows) {
    if (latencyNanos < 0 || latencyNanos > highestTrackableNanos || rows < 0) {
      throw badValue(opIndex, latencyNanos, rows);
    }
    long generation;
    long critical = phaser.writerCriticalSectionEnter();
    try {
      IntervalSlot slot = current();
      slot.recordSuccess(opIndex, latencyNanos);
      slot.rows[opIndex] += rows;
      generation = slot.generation;
    } finally {
      phaser.writerCriticalSectionExit(critical);
    }
    // every success is timed: an outage starts at the last one before it
    phase.outages().succeeded(phase.now());
    return phase.counts(generation);
  }

  /**
   * Records that an attempt of an operation failed with a serialization failure or deadlock and is run again;
   * the execution's outcome is recorded separately once it succeeds or fails for good.
   */
  public void retry(int opIndex) {
    long critical = phaser.writerCriticalSectionEnter();
    try {
      current().retries[opIndex]++;
    } finally {
      phaser.writerCriticalSectionExit(critical);
    }
  }

  /**
   * Records a failed operation; its latency goes to a histogram of its own. Any failure opens an outage of the
   * phase unless one is open (the next success on any worker closes it).
   *
   * @param sqlState the SQLState of the failure, null when the driver gave none (counted as {@value ErrorStats#UNKNOWN})
   * @param message  the failure's message; the first one per operation and SQLState is kept, and the distinct ones
   *                 are counted
   */
  public boolean failure(int opIndex, long latencyNanos, String sqlState, String message) {
    return failure(opIndex, latencyNanos, sqlState, message, null);
  }

  /**
   * Records a failed operation that names a node of the cluster.
   *
   * @param node the node the failure's message names (Citus {@code host:port}, Postgres-XL datanode), or null
   * @return whether it counts in the phase's totals, as {@link #success}
   */
  public boolean failure(int opIndex, long latencyNanos, String sqlState, String message, String node) {
    if (latencyNanos < 0 || latencyNanos > highestTrackableNanos) {
      throw badValue(opIndex, latencyNanos, 0);
    }
    String state = sqlState == null || sqlState.isBlank() ? ErrorStats.UNKNOWN : sqlState;
    long generation;
    long critical = phaser.writerCriticalSectionEnter();
    try {
      IntervalSlot slot = current();
      generation = slot.generation;
      slot.failures[opIndex].recordValue(latencyNanos);
      slot.errors[opIndex].computeIfAbsent(state, k -> new IntervalSlot.ErrorTally(message)).add(message);
      if (node != null) {
        slot.failedNodes.computeIfAbsent(node, k -> new long[1])[0]++;
      }
    } finally {
      phaser.writerCriticalSectionExit(critical);
    }
    long now = phase.now();
    phase.outages().failed(now, now - latencyNanos, state, node);
    return phase.counts(generation);
  }

  /** Records that this worker had to open its connection again; returns whether it counts, as {@link #success}. */
  public boolean reconnect() {
    long generation;
    long critical = phaser.writerCriticalSectionEnter();
    try {
      IntervalSlot slot = current();
      slot.reconnects++;
      generation = slot.generation;
    } finally {
      phaser.writerCriticalSectionExit(critical);
    }
    return phase.counts(generation);
  }

  /** The slot of the current generation; hands the previous one over first when a new interval began. */
  private IntervalSlot current() {
    IntervalSlot slot = active.get();
    long generation = phase.generation();
    if (slot.generation == generation) {
      return slot;
    }
    IntervalSlot next = fresh(generation);
    if (active.compareAndSet(slot, next)) {
      handOver(slot);
      return next;
    }
    recycle(next); // the reporter took the slot over a moment ago
    return active.get();
  }

  /** True once every slot of generations up to {@code generation} is handed to the phase. */
  boolean handedOver(long generation) {
    return handedThrough >= generation;
  }

  private void handOver(IntervalSlot slot) {
    phase.handOver(slot);
    handedThrough = slot.generation;
  }

  /**
   * Reporter only: hands over a slot still in an older generation than {@code generation} (the worker
   * recorded nothing since the interval ended), after any write in flight into it has finished.
   */
  void takeOver(long generation) {
    IntervalSlot slot = active.get();
    if (slot.generation >= generation) {
      return;
    }
    phaser.readerLock();
    try {
      IntervalSlot next = fresh(generation);
      if (active.compareAndSet(slot, next)) {
        phaser.flipPhase();
        handOver(slot);
      } else {
        recycle(next); // the worker handed it over itself
      }
    } finally {
      phaser.readerUnlock();
    }
  }

  /** A cleared slot for {@code generation}, reused when one is free. */
  private IntervalSlot fresh(long generation) {
    IntervalSlot slot = free.poll();
    if (slot == null) {
      slot = new IntervalSlot(index, operations, highestTrackableNanos);
    } else {
      slot.reset();
    }
    slot.generation = generation;
    return slot;
  }

  /** Gives a merged (or unused) slot back for reuse; any thread. */
  void recycle(IntervalSlot slot) {
    free.offer(slot);
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
