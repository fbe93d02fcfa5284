package stress.metrics;

import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Everything one worker records during one interval: latencies, rows, reconnects and errors, so a count
 * and its rows always land in the same interval (separate counters would race at interval and warm-up
 * edges). A slot belongs to one worker and one generation (interval number); see {@link WorkerRecorder}.
 */
final class IntervalSlot {
  /** Index of the worker that writes this slot. */
  final int worker;
  /** The interval this slot collects; set when the slot is (re)used. */
  long generation;
  /**
   * Per operation, the successes' latencies: in {@link #latencies} while there are at most {@link #LATENCIES_KEPT}
   * of them in the interval, then (all of them) in this histogram. The slot of the interval being closed, which
   * only {@link #add}s, always uses the histogram.
   */
  final Histogram[] successes;
  /**
   * Latencies kept one by one per operation and interval. Merging a histogram walks its whole counts array (tens of
   * thousands of buckets for latencies up to an hour) however few values it holds; with many workers the reporter
   * did that for every worker every interval and, given no more CPU than each of the many busy threads, fell
   * seconds behind. Recording kept latencies costs the reporter what the worker would have spent recording them.
   */
  static final int LATENCIES_KEPT = 2048;
  private final long[][] latencies;
  /** Per operation: how many latencies {@link #latencies} holds, or -1 once they are in the histogram. */
  private final int[] kept;
  final Histogram[] failures;
  final long[] rows;
  /** Per operation: attempts run again after a serialization failure or deadlock. */
  final long[] retries;
  long reconnects;
  /** Per operation: SQLState to count and messages. Written only on the rare failure path. */
  final Map<String, ErrorTally>[] errors;
  /** Failures by the node their message names (rare failure path only). */
  final Map<String, long[]> failedNodes = new HashMap<>();

  @SuppressWarnings("unchecked")
  IntervalSlot(int worker, int operations, long highestTrackableNanos) {
    this.worker = worker;
    successes = new Histogram[operations];
    failures = new Histogram[operations];
    rows = new long[operations];
    retries = new long[operations];
    errors = new Map[operations];
    latencies = new long[operations][LATENCIES_KEPT];
    kept = new int[operations];
    for (int op = 0; op < operations; op++) {
      successes[op] = new Histogram(1, highestTrackableNanos, PhaseRecorder.SIGNIFICANT_DIGITS);
      // failures are rare: an auto-ranging histogram stays small until one happens
      failures[op] = new Histogram(PhaseRecorder.SIGNIFICANT_DIGITS);
      failures[op].setAutoResize(true);
      errors[op] = new HashMap<>();
    }
  }

  /** The heap one operation takes in a slot: its success histogram, kept latencies and empty failure histogram. */
  static long bytesPerOperation(long highestTrackableNanos) {
    Histogram failures = new Histogram(PhaseRecorder.SIGNIFICANT_DIGITS);
    return new Histogram(1, highestTrackableNanos, PhaseRecorder.SIGNIFICANT_DIGITS).getEstimatedFootprintInBytes()
        + (long) LATENCIES_KEPT * Long.BYTES + failures.getEstimatedFootprintInBytes();
  }

  /** Records one success's latency (the worker that owns the slot). */
  void recordSuccess(int op, long latencyNanos) {
    int n = kept[op];
    if (n >= 0 && n < LATENCIES_KEPT) {
      latencies[op][n] = latencyNanos;
      kept[op] = n + 1;
      return;
    }
    if (n == LATENCIES_KEPT) {
      for (long latency : latencies[op]) {
        successes[op].recordValue(latency);
      }
      kept[op] = -1;
    }
    successes[op].recordValue(latencyNanos);
  }

  /** Adds the successes' latencies of {@code op} to {@code into}. */
  void addSuccessesTo(int op, Histogram into) {
    int n = kept[op];
    if (n < 0) {
      into.add(successes[op]);
      return;
    }
    long[] values = latencies[op];
    for (int i = 0; i < n; i++) {
      into.recordValue(values[i]);
    }
  }

  /** Adds another slot's figures to this one (the interval being closed takes each worker's finished slot). */
  void add(IntervalSlot slot) {
    for (int op = 0; op < slot.rows.length; op++) {
      slot.addSuccessesTo(op, successes[op]);
      if (slot.failures[op].getTotalCount() > 0) {
        failures[op].add(slot.failures[op]);
      }
      rows[op] += slot.rows[op];
      retries[op] += slot.retries[op];
      int opIndex = op;
      slot.errors[op].forEach((state, tally) -> errors[opIndex]
          .computeIfAbsent(state, k -> new ErrorTally(tally.messages.firstMessage)).add(tally));
    }
    reconnects += slot.reconnects;
    slot.failedNodes.forEach((node, n) -> failedNodes.computeIfAbsent(node, k -> new long[1])[0] += n[0]);
  }

  void reset() {
    for (int op = 0; op < rows.length; op++) {
      if (successes[op].getTotalCount() > 0) {
        successes[op].reset();
      }
      kept[op] = 0;
      if (failures[op].getTotalCount() > 0) {
        failures[op].reset();
      }
      rows[op] = 0;
      retries[op] = 0;
      if (!errors[op].isEmpty()) {
        errors[op].clear();
      }
    }
    reconnects = 0;
    if (!failedNodes.isEmpty()) {
      failedNodes.clear();
    }
  }

  /** A count of one SQLState and its messages: the first one seen, and the distinct ones counted. */
  static final class ErrorTally {
    long count;
    final MessageTally messages;

    ErrorTally(String firstMessage) {
      this.messages = new MessageTally(firstMessage);
    }

    /** One more failure with {@code message}. */
    void add(String message) {
      count++;
      messages.add(message, 1);
    }

    /** Another tally's failures. */
    void add(ErrorTally other) {
      count += other.count;
      messages.addAll(other.messages);
    }
  }
}
