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
  final Histogram[] successes;
  final Histogram[] failures;
  final long[] rows;
  /** Per operation: attempts run again after a serialization failure or deadlock. */
  final long[] retries;
  long reconnects;
  /** Per operation: SQLState to count and first message. Written only on the rare failure path. */
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
    for (int op = 0; op < operations; op++) {
      successes[op] = new Histogram(1, highestTrackableNanos, PhaseRecorder.SIGNIFICANT_DIGITS);
      // failures are rare: an auto-ranging histogram stays small until one happens
      failures[op] = new Histogram(PhaseRecorder.SIGNIFICANT_DIGITS);
      failures[op].setAutoResize(true);
      errors[op] = new HashMap<>();
    }
  }

  /** Adds another slot's figures to this one (the interval being closed takes each worker's finished slot). */
  void add(IntervalSlot slot) {
    for (int op = 0; op < slot.rows.length; op++) {
      successes[op].add(slot.successes[op]);
      if (slot.failures[op].getTotalCount() > 0) {
        failures[op].add(slot.failures[op]);
      }
      rows[op] += slot.rows[op];
      retries[op] += slot.retries[op];
      int opIndex = op;
      slot.errors[op].forEach((state, tally) -> errors[opIndex]
          .computeIfAbsent(state, k -> new ErrorTally(tally.firstMessage)).count += tally.count);
    }
    reconnects += slot.reconnects;
    slot.failedNodes.forEach((node, n) -> failedNodes.computeIfAbsent(node, k -> new long[1])[0] += n[0]);
  }

  void reset() {
    for (int op = 0; op < rows.length; op++) {
      successes[op].reset();
      failures[op].reset();
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

  /** A count of one SQLState and the first message seen for it. */
  static final class ErrorTally {
    long count;
    final String firstMessage;

    ErrorTally(String firstMessage) {
      this.firstMessage = firstMessage;
    }
  }
}
