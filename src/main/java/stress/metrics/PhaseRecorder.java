package stress.metrics;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * Records one phase (one combination of settings): the workers record through their own
 * {@link WorkerRecorder}, a reporter thread calls {@link #takeInterval} every report interval, the runner
 * calls {@link #resetTotals} when warm-up ends and {@link #finish} when the phase ends.
 *
 * <p>Typical use:
 * <pre>{@code
 * PhaseRecorder phase = new PhaseRecorder(List.of("find_first", "find_update"), threads, TimeUnit.HOURS.toNanos(1));
 * phase.beginWarmup();                         // optional: flags the intervals printed until resetTotals
 * // worker i:   WorkerRecorder w = phase.worker(i); ... w.success(op, System.nanoTime() - intendedStart, rows);
 * // reporter:   print(TextReport.intervalLine(phase.takeInterval(last, now, activeThreads)));
 * phase.resetTotals();                         // warm-up over: nothing recorded so far counts
 * PhaseStats stats = phase.finish(measuredStart, measuredEnd);   // after the workers have stopped
 * }</pre>
 *
 * <p>Memory: every (worker, operation) keeps two success histograms (active and inactive) whose size
 * depends on the highest trackable value: about 270 KB each for one hour at 3 significant digits.
 *
 * <p>The reporter-side methods are synchronized with each other; the workers never wait on them. A
 * failure recorded at the very moment of {@link #resetTotals} may land on either side of it.
 */
public final class PhaseRecorder {
  static final int SIGNIFICANT_DIGITS = 3;
  /** How long the reporter lets busy workers merge their slots themselves before taking them over. */
  private static final long SELF_MERGE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
  private static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

  /** The current interval number; workers read it on every record, only the reporter writes it. */
  private volatile long generation;
  /** The interval being closed: every worker's slot of that generation is merged in here (guarded by itself). */
  private final IntervalSlot closing;

  private final List<String> operationNames;
  private final long highestTrackableNanos;
  private final WorkerRecorder[] workers;
  private volatile ErrorBook errorBook;
  /**
   * Per-host totals and interval figures when the workers are spread over hosts, else null; used under the lock
   * of {@code closing}.
   */
  private final HostTotals hostTotals;

  // reporter-side state, guarded by this
  private final Histogram[] opSuccess;
  private final Histogram[] opFailure;
  private final Histogram allSuccess;
  private final Histogram[] successTotals;
  private final Histogram[] failureTotals;
  private final long[] rowsSeen;
  private final long[] rowsInInterval;
  private final List<Map<String, Long>> errorsInInterval;
  /** Reused to compress each interval's histograms. */
  private ByteBuffer compressScratch = ByteBuffer.allocate(0);
  private long[] rowsAtReset;
  private final long[] retriesSeen;
  private final long[] retriesInInterval;
  private long[] retriesAtReset;
  /** Errors of the interval by SQLState over all operations. */
  private final Map<String, Long> allErrorsInInterval = new TreeMap<>();
  /** Failures of the interval by the node their message names. */
  private final Map<String, Long> failedNodesInInterval = new TreeMap<>();
  private final OutageClock outages = new OutageClock();
  private long reconnectsSeen;
  private long reconnectsInInterval;
  private long reconnectsAtReset;
  private final List<IntervalStats> intervals = new ArrayList<>();
  private boolean warmup;
  private boolean hasEpoch;
  private long epochNanos;
  private boolean hasLastIntervalEnd;
  private long lastIntervalEndNanos;
  private long resetNanos = Long.MIN_VALUE;
  private int lastActiveThreads;
  private boolean finished;
  private List<HostStats> hostStats = List.of();

  /**
   * @param operationNames         the operations workers record, addressed by index in this list; unique, at least one
   * @param workers                number of worker threads, at least 1
   * @param highestTrackableNanos  the largest latency that can be recorded, e.g. one hour; larger values are refused
   */
  public PhaseRecorder(List<String> operationNames, int workers, long highestTrackableNanos) {
    this(operationNames, workers, highestTrackableNanos, List.of());
  }

  /**
   * A recorder that also keeps figures per host, for workers spread over several hosts: the hot path is
   * unchanged, each worker's finished interval slot is added to its host when it is merged. Each interval then
   * has {@link IntervalStats#hosts()}, and {@link #hostStats()} the hosts' totals.
   *
   * @param workerHosts the host of each worker, by worker index ({@code workers} entries), or empty for no
   *                    per-host totals
   */
  public PhaseRecorder(List<String> operationNames, int workers, long highestTrackableNanos, List<String> workerHosts) {
    this.operationNames = validNames(operationNames);
    if (workers < 1) {
      throw new IllegalArgumentException("a phase needs at least 1 worker, got " + workers);
    }
    if (highestTrackableNanos < 2) {
      throw new IllegalArgumentException("highest trackable latency must be at least 2 ns, got " + highestTrackableNanos);
    }
    this.highestTrackableNanos = highestTrackableNanos;
    int ops = this.operationNames.size();
    this.errorBook = new ErrorBook(ops);
    this.workers = new WorkerRecorder[workers];
    for (int w = 0; w < workers; w++) {
      this.workers[w] = new WorkerRecorder(w, ops, highestTrackableNanos, this);
    }
    opSuccess = new Histogram[ops];
    opFailure = new Histogram[ops];
    successTotals = new Histogram[ops];
    failureTotals = new Histogram[ops];
    for (int op = 0; op < ops; op++) {
      opSuccess[op] = newHistogram();
      opFailure[op] = newHistogram();
      successTotals[op] = newHistogram();
      failureTotals[op] = newHistogram();
    }
    allSuccess = newHistogram();
    closing = new IntervalSlot(-1, ops, highestTrackableNanos);
    rowsSeen = new long[ops];
    rowsInInterval = new long[ops];
    errorsInInterval = new ArrayList<>(ops);
    for (int op = 0; op < ops; op++) {
      errorsInInterval.add(new TreeMap<>());
    }
    rowsAtReset = new long[ops];
    retriesSeen = new long[ops];
    retriesInInterval = new long[ops];
    retriesAtReset = new long[ops];
    lastActiveThreads = workers;
    if (workerHosts.isEmpty()) {
      hostTotals = null;
    } else if (workerHosts.size() != workers) {
      throw new IllegalArgumentException("workerHosts must name the host of each of the " + workers + " workers, got "
          + workerHosts.size() + " entries");
    } else {
      hostTotals = new HostTotals(workerHosts, ops, highestTrackableNanos);
    }
  }

  private static List<String> validNames(List<String> names) {
    if (names == null || names.isEmpty()) {
      throw new IllegalArgumentException("a phase needs at least one operation name");
    }
    var seen = new HashSet<String>();
    for (String name : names) {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("operation names must not be empty: " + names);
      }
      if (!seen.add(name)) {
        throw new IllegalArgumentException("operation name " + name + " appears twice in " + names);
      }
    }
    return List.copyOf(names);
  }

  private Histogram newHistogram() {
    return new Histogram(1, highestTrackableNanos, SIGNIFICANT_DIGITS);
  }

  /** The operations, in index order. */
  public List<String> operationNames() {
    return operationNames;
  }

  /** Number of workers. */
  public int workers() {
    return workers.length;
  }

  /** The recorder of worker {@code workerIndex} (always the same instance); only that worker's thread may use it. */
  public WorkerRecorder worker(int workerIndex) {
    if (workerIndex < 0 || workerIndex >= workers.length) {
      throw new IllegalArgumentException("worker index must be between 0 and " + (workers.length - 1) + ", got " + workerIndex);
    }
    return workers[workerIndex];
  }

  /** Flags the intervals taken from now until {@link #resetTotals} as warm-up. */
  public synchronized void beginWarmup() {
    ensureOpen();
    warmup = true;
  }

  /**
   * Takes the interval: swaps every worker's interval histograms, adds them to the phase totals and
   * returns the interval's figures. Called by the reporter thread.
   *
   * @param intervalStartNanos {@link System#nanoTime()} at the start of the interval (the end of the previous one)
   * @param intervalEndNanos   {@link System#nanoTime()} now
   * @param activeThreads      worker threads running, for the report
   */
  public synchronized IntervalStats takeInterval(long intervalStartNanos, long intervalEndNanos, int activeThreads) {
    ensureOpen();
    if (intervalEndNanos < intervalStartNanos) {
      throw new IllegalArgumentException("interval end " + intervalEndNanos + " ns is before its start " + intervalStartNanos + " ns");
    }
    if (activeThreads < 0) {
      throw new IllegalArgumentException("active threads must be 0 or more, got " + activeThreads);
    }
    if (!hasEpoch) {
      epochNanos = intervalStartNanos;
      hasEpoch = true;
    }
    IntervalStats interval = drainInterval(intervalStartNanos, intervalEndNanos, activeThreads);
    intervals.add(interval);
    lastActiveThreads = activeThreads;
    return interval;
  }

  /** Discards everything recorded so far, the pending interval included; measuring starts now. */
  public void resetTotals() {
    resetTotals(System.nanoTime());
  }

  /**
   * Discards everything recorded so far, the pending interval included; measuring starts at
   * {@code measuredStartNanos}. Intervals taken so far stay in the phase's list, flagged as warm-up.
   */
  public synchronized void resetTotals(long measuredStartNanos) {
    ensureOpen();
    drain();
    for (int op = 0; op < operationNames.size(); op++) {
      successTotals[op].reset();
      failureTotals[op].reset();
    }
    errorBook = new ErrorBook(operationNames.size());
    if (hostTotals != null) {
      synchronized (closing) {
        hostTotals.reset();
      }
    }
    rowsAtReset = rowsSeen.clone();
    retriesAtReset = retriesSeen.clone();
    reconnectsAtReset = reconnectsSeen;
    intervals.replaceAll(IntervalStats::asWarmup);
    warmup = false;
    epochNanos = measuredStartNanos;
    hasEpoch = true;
    resetNanos = measuredStartNanos;
    lastIntervalEndNanos = measuredStartNanos;
    hasLastIntervalEnd = true;
  }

  /**
   * Takes the last interval and returns the phase's totals. Call it once, after the workers have
   * stopped; the recorder accepts nothing afterwards.
   *
   * @param measuredStartNanos {@link System#nanoTime()} when measuring started (end of warm-up)
   * @param measuredEndNanos   {@link System#nanoTime()} when measuring ended
   */
  public synchronized PhaseStats finish(long measuredStartNanos, long measuredEndNanos) {
    ensureOpen();
    if (measuredEndNanos <= measuredStartNanos) {
      throw new IllegalArgumentException("measured end " + measuredEndNanos + " ns must be after measured start " + measuredStartNanos + " ns");
    }
    if (!hasEpoch) {
      epochNanos = measuredStartNanos;
      hasEpoch = true;
    }
    long lastStart = hasLastIntervalEnd ? Math.min(lastIntervalEndNanos, measuredEndNanos) : measuredStartNanos;
    IntervalStats last = drainInterval(lastStart, measuredEndNanos, lastActiveThreads);
    if (last.durationSeconds() > 0 || last.count() + last.errorCount() + last.reconnects() > 0) {
      intervals.add(last);
    }
    finished = true;

    double duration = Rates.seconds(measuredEndNanos - measuredStartNanos);
    ErrorBook errors = errorBook;
    List<OperationStats> operations = new ArrayList<>();
    for (int op = 0; op < operationNames.size(); op++) {
      operations.add(OperationStats.of(operationNames.get(op), successTotals[op].copy(), failureTotals[op].copy(),
          rowsSeen[op] - rowsAtReset[op], errors.snapshot(op), duration, retriesSeen[op] - retriesAtReset[op]));
    }
    if (hostTotals != null) {
      synchronized (closing) {
        hostStats = hostTotals.stats(operationNames, duration);
      }
    }
    return PhaseStats.of(duration, operations, reconnectsSeen - reconnectsAtReset, intervals,
        outages.outages(measuredStartNanos, measuredEndNanos), DegradedWindow.of(intervals));
  }

  /**
   * The figures of each host, in the order the hosts first appear among the workers; empty when the recorder
   * keeps no per-host totals. Available after {@link #finish}.
   */
  public synchronized List<HostStats> hostStats() {
    if (!finished) {
      throw new IllegalStateException("per-host figures are known once the phase has finished");
    }
    return hostStats;
  }

  String operationName(int opIndex) {
    if (opIndex < 0 || opIndex >= operationNames.size()) {
      throw new IllegalArgumentException("operation index must be between 0 and " + (operationNames.size() - 1) + ", got " + opIndex);
    }
    return operationNames.get(opIndex);
  }

  private void ensureOpen() {
    if (finished) {
      throw new IllegalStateException("the phase recorder of " + operationNames + " has already finished");
    }
  }

  OutageClock outages() {
    return outages;
  }

  long generation() {
    return generation;
  }

  /** Adds one worker's finished slot to the interval being closed; called by that worker or the reporter. */
  void merge(IntervalSlot slot) {
    synchronized (closing) {
      for (int op = 0; op < slot.rows.length; op++) {
        closing.successes[op].add(slot.successes[op]);
        if (slot.failures[op].getTotalCount() > 0) {
          closing.failures[op].add(slot.failures[op]);
        }
        closing.rows[op] += slot.rows[op];
        closing.retries[op] += slot.retries[op];
        int opIndex = op;
        slot.errors[op].forEach((state, tally) -> closing.errors[opIndex]
            .computeIfAbsent(state, k -> new IntervalSlot.ErrorTally(tally.firstMessage)).count += tally.count);
      }
      closing.reconnects += slot.reconnects;
      slot.failedNodes.forEach((node, n) -> closing.failedNodes.computeIfAbsent(node, k -> new long[1])[0] += n[0]);
      if (hostTotals != null) {
        hostTotals.add(slot);
      }
    }
  }

  /**
   * Ends the current interval: starts a new generation, lets busy workers merge their slots themselves,
   * takes over the rest, and moves the merged interval into opSuccess/opFailure, the error book and the
   * *InInterval fields.
   */
  private void drain() {
    long ending = generation;
    generation = ending + 1;
    long deadline = System.nanoTime() + SELF_MERGE_NANOS;
    while (!allMerged(ending) && System.nanoTime() < deadline) {
      LockSupport.parkNanos(POLL_NANOS);
    }
    for (WorkerRecorder worker : workers) {
      worker.takeOver(ending + 1);
    }
    // a worker that won the race against takeOver is merging right now; it takes microseconds
    while (!allMerged(ending)) {
      LockSupport.parkNanos(POLL_NANOS);
    }
    int ops = operationNames.size();
    synchronized (closing) {
      allErrorsInInterval.clear();
      for (int op = 0; op < ops; op++) {
        retriesInInterval[op] = closing.retries[op];
        retriesSeen[op] += closing.retries[op];
        opSuccess[op].reset();
        opSuccess[op].add(closing.successes[op]);
        opFailure[op].reset();
        opFailure[op].add(closing.failures[op]);
        rowsInInterval[op] = closing.rows[op];
        rowsSeen[op] += closing.rows[op];
        int opIndex = op;
        Map<String, Long> intervalErrors = errorsInInterval.get(op);
        intervalErrors.clear();
        closing.errors[op].forEach((state, tally) -> {
          errorBook.add(opIndex, state, tally.count, tally.firstMessage);
          intervalErrors.put(state, tally.count);
          allErrorsInInterval.merge(state, tally.count, Long::sum);
        });
      }
      reconnectsInInterval = closing.reconnects;
      reconnectsSeen += closing.reconnects;
      failedNodesInInterval.clear();
      closing.failedNodes.forEach((node, n) -> failedNodesInInterval.put(node, n[0]));
      closing.reset();
      if (hostTotals != null) {
        hostTotals.closeInterval();
      }
    }
  }

  private CompressedHistogram compress(Histogram histogram) {
    if (compressScratch.capacity() < histogram.getNeededByteBufferCapacity()) {
      compressScratch = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    }
    return CompressedHistogram.of(histogram, compressScratch);
  }

  private boolean allMerged(long ending) {
    for (WorkerRecorder worker : workers) {
      if (!worker.merged(ending)) {
        return false;
      }
    }
    return true;
  }

  private IntervalStats drainInterval(long startNanos, long endNanos, int activeThreads) {
    drain();
    // after a reset, only the time since the reset produced what this interval holds
    long effectiveStart = Math.max(startNanos, resetNanos);
    double seconds = Rates.seconds(Math.max(0, endNanos - effectiveStart));
    allSuccess.reset();
    long errors = 0;
    long rows = 0;
    long retries = 0;
    List<IntervalOperationStats> perOp = new ArrayList<>();
    for (int op = 0; op < operationNames.size(); op++) {
      Histogram success = opSuccess[op];
      long opErrors = opFailure[op].getTotalCount();
      perOp.add(new IntervalOperationStats(operationNames.get(op), success.getTotalCount(),
          Rates.perSecond(success.getTotalCount(), seconds), rowsInInterval[op], Rates.perSecond(rowsInInterval[op], seconds),
          success.getMean() / 1e6, LatencyMillis.percentile(success, 50), LatencyMillis.percentile(success, 95),
          LatencyMillis.percentile(success, 99), LatencyMillis.millis(success.getMaxValue()), opErrors,
          errorsInInterval.get(op), compress(success)));
      allSuccess.add(success);
      successTotals[op].add(success);
      failureTotals[op].add(opFailure[op]);
      errors += opErrors;
      rows += rowsInInterval[op];
      retries += retriesInInterval[op];
    }
    lastIntervalEndNanos = endNanos;
    hasLastIntervalEnd = true;
    List<IntervalHostStats> hosts = List.of();
    if (hostTotals != null) {
      synchronized (closing) {
        hosts = hostTotals.closedInterval(seconds);
      }
    }
    long count = allSuccess.getTotalCount();
    return new IntervalStats(
        Rates.seconds(endNanos - epochNanos),
        warmup,
        seconds,
        activeThreads,
        count,
        Rates.perSecond(count, seconds),
        rows,
        Rates.perSecond(rows, seconds),
        allSuccess.getMean() / 1e6,
        LatencyMillis.percentile(allSuccess, 50),
        LatencyMillis.percentile(allSuccess, 95),
        LatencyMillis.percentile(allSuccess, 99),
        LatencyMillis.millis(allSuccess.getMaxValue()),
        errors,
        Rates.perSecond(errors, seconds),
        reconnectsInInterval,
        Rates.perSecond(reconnectsInInterval, seconds),
        perOp,
        allErrorsInInterval,
        retries,
        hosts,
        failedNodesInInterval);
  }
}
