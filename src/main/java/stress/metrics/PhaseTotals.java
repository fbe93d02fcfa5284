package stress.metrics;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The reporter's side of a phase: folds each closed interval (all workers' slots merged) into the interval's figures
 * and into the phase's totals, which a reset at the end of warm-up starts again. Not thread-safe: used under the
 * {@link PhaseRecorder}'s lock.
 */
final class PhaseTotals {
  private final List<String> operationNames;
  private final Histogram[] opSuccess;
  private final Histogram[] opFailure;
  private final Histogram allSuccess;
  private final Histogram[] successTotals;
  private final Histogram[] failureTotals;
  private final ResettableCounts rows;
  private final ResettableCounts retries;
  /** One count: reconnects of all workers. */
  private final ResettableCounts reconnects = new ResettableCounts(1);
  private final List<Map<String, Long>> errorsInInterval;
  /** Errors of the interval by SQLState over all operations. */
  private final Map<String, Long> allErrorsInInterval = new TreeMap<>();
  /** Failures of the interval by the node their message names. */
  private final Map<String, Long> failedNodesInInterval = new TreeMap<>();
  private ErrorBook errorBook;
  /** Reused to compress each interval's histograms. */
  private ByteBuffer compressScratch = ByteBuffer.allocate(0);

  PhaseTotals(List<String> operationNames, long highestTrackableNanos) {
    this.operationNames = operationNames;
    int ops = operationNames.size();
    opSuccess = new Histogram[ops];
    opFailure = new Histogram[ops];
    successTotals = new Histogram[ops];
    failureTotals = new Histogram[ops];
    errorsInInterval = new ArrayList<>(ops);
    for (int op = 0; op < ops; op++) {
      opSuccess[op] = newHistogram(highestTrackableNanos);
      opFailure[op] = newHistogram(highestTrackableNanos);
      successTotals[op] = newHistogram(highestTrackableNanos);
      failureTotals[op] = newHistogram(highestTrackableNanos);
      errorsInInterval.add(new TreeMap<>());
    }
    allSuccess = newHistogram(highestTrackableNanos);
    rows = new ResettableCounts(ops);
    retries = new ResettableCounts(ops);
    errorBook = new ErrorBook(ops);
  }

  private static Histogram newHistogram(long highestTrackableNanos) {
    return new Histogram(1, highestTrackableNanos, PhaseRecorder.SIGNIFICANT_DIGITS);
  }

  /** Takes the closed interval's figures (the caller then resets the slot). */
  void fold(IntervalSlot closing) {
    allErrorsInInterval.clear();
    for (int op = 0; op < operationNames.size(); op++) {
      retries.closeInterval(op, closing.retries[op]);
      opSuccess[op].reset();
      opSuccess[op].add(closing.successes[op]);
      opFailure[op].reset();
      opFailure[op].add(closing.failures[op]);
      rows.closeInterval(op, closing.rows[op]);
      int opIndex = op;
      Map<String, Long> intervalErrors = errorsInInterval.get(op);
      intervalErrors.clear();
      closing.errors[op].forEach((state, tally) -> {
        errorBook.add(opIndex, state, tally.count, tally.messages);
        intervalErrors.put(state, tally.count);
        allErrorsInInterval.merge(state, tally.count, Long::sum);
      });
    }
    reconnects.closeInterval(0, closing.reconnects);
    failedNodesInInterval.clear();
    closing.failedNodes.forEach((node, n) -> failedNodesInInterval.put(node, n[0]));
  }

  /** Warm-up is over: nothing folded so far counts towards the totals. */
  void reset() {
    for (int op = 0; op < operationNames.size(); op++) {
      successTotals[op].reset();
      failureTotals[op].reset();
    }
    errorBook = new ErrorBook(operationNames.size());
    rows.reset();
    retries.reset();
    reconnects.reset();
  }

  /** The figures of the interval folded last, which are added to the totals now. */
  IntervalStats interval(double elapsedSeconds, boolean warmup, double seconds, int activeThreads,
                         List<IntervalHostStats> hosts) {
    allSuccess.reset();
    long errors = 0;
    long intervalRows = 0;
    long intervalRetries = 0;
    List<IntervalOperationStats> perOp = new ArrayList<>();
    for (int op = 0; op < operationNames.size(); op++) {
      Histogram success = opSuccess[op];
      long opErrors = opFailure[op].getTotalCount();
      perOp.add(new IntervalOperationStats(operationNames.get(op), success.getTotalCount(),
          Rates.perSecond(success.getTotalCount(), seconds), rows.interval(op), Rates.perSecond(rows.interval(op), seconds),
          LatencySummary.of(success), opErrors, errorsInInterval.get(op), compress(success)));
      allSuccess.add(success);
      successTotals[op].add(success);
      failureTotals[op].add(opFailure[op]);
      errors += opErrors;
      intervalRows += rows.interval(op);
      intervalRetries += retries.interval(op);
    }
    long count = allSuccess.getTotalCount();
    LatencySummary latency = LatencySummary.of(allSuccess);
    return new IntervalStats(
        elapsedSeconds,
        warmup,
        seconds,
        activeThreads,
        count,
        Rates.perSecond(count, seconds),
        intervalRows,
        Rates.perSecond(intervalRows, seconds),
        latency.avgMs(),
        latency.p50Ms(),
        latency.p95Ms(),
        latency.p99Ms(),
        latency.maxMs(),
        errors,
        Rates.perSecond(errors, seconds),
        reconnects.interval(0),
        Rates.perSecond(reconnects.interval(0), seconds),
        perOp,
        allErrorsInInterval,
        intervalRetries,
        hosts,
        failedNodesInInterval);
  }

  /** Each operation's totals since the reset, over {@code duration} seconds. */
  List<OperationStats> operations(double duration) {
    List<OperationStats> operations = new ArrayList<>();
    for (int op = 0; op < operationNames.size(); op++) {
      operations.add(OperationStats.of(operationNames.get(op), successTotals[op].copy(), failureTotals[op].copy(),
          rows.sinceReset(op), errorBook.snapshot(op), duration, retries.sinceReset(op)));
    }
    return operations;
  }

  long reconnectsSinceReset() {
    return reconnects.sinceReset(0);
  }

  private CompressedHistogram compress(Histogram histogram) {
    if (compressScratch.capacity() < histogram.getNeededByteBufferCapacity()) {
      compressScratch = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    }
    return CompressedHistogram.of(histogram, compressScratch);
  }
}
