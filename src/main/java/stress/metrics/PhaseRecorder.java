package stress.metrics;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

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
  /** How long the reporter lets busy workers hand their slots over themselves before taking them over. */
  private static final long SELF_HAND_OVER_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
  private static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

  /** The current interval number; workers read it on every record, only the reporter writes it. */
  private volatile long generation;
  /**
   * The first generation whose records count in the totals: 0 until warm-up begins, none during it, and the one
   * {@link #resetTotals} starts after it. Written before {@link #generation}, so a worker that reads a generation
   * also sees whether it counts.
   */
  private volatile long measuredFrom;
  /**
   * The last generation whose records count: the one {@link #finish} closes. A worker still running after the phase
   * was finished (its thread did not stop within the join's grace) records into a later slot that is never merged;
   * that execution must not be told to a probe as measured either. Written before {@link #generation}, as above.
   */
  private volatile long measuredThrough = Long.MAX_VALUE;
  /** Finished slots the workers handed over, waiting for the reporter to merge them. */
  private final ConcurrentLinkedQueue<IntervalSlot> handedOver = new ConcurrentLinkedQueue<>();
  /** The interval being closed: every worker's slot of that generation is merged in here (reporter only). */
  private final IntervalSlot closing;

  private final List<String> operationNames;
  private final WorkerRecorder[] workers;
  /** Per-host totals and interval figures when the workers are spread over hosts, else null; reporter only. */
  private final HostTotals hostTotals;

  // reporter-side state, guarded by this
  private final PhaseTotals totals;
  private final OutageClock outages = new OutageClock();
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
  /** The time of failures and recoveries for the outages. */
  private final LongSupplier clock;

  /**
   * @param operationNames         the operations workers record, addressed by index in this list; unique, at least one
   * @param workers                number of worker threads, at least 1
   * @param highestTrackableNanos  the largest latency that can be recorded, e.g. one hour; larger values are refused
   */
  public PhaseRecorder(List<String> operationNames, int workers, long highestTrackableNanos) {
    this(operationNames, workers, highestTrackableNanos, List.of());
  }

  /**
   * The heap the recorders of {@code workers} workers running {@code operations} operations hold once a phase runs:
   * two interval slots per worker (the one it writes and the one it handed over at the last interval edge), each
   * with a success histogram up to {@code highestTrackableNanos}, the latencies kept before it and an empty failure
   * histogram per operation. A lower bound: failures, errors and the phase's own totals come on top.
   */
  public static long heapBytes(int workers, int operations, long highestTrackableNanos) {
    return 2L * workers * operations * IntervalSlot.bytesPerOperation(highestTrackableNanos);
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
    this(operationNames, workers, highestTrackableNanos, workerHosts, System::nanoTime);
  }

  /**
   * A recorder whose outages are timed by {@code clock} instead of {@link System#nanoTime()}: for results recorded
   * at made-up times, where the machine's own pauses between a failure and a success must not become an outage.
   */
  public PhaseRecorder(List<String> operationNames, int workers, long highestTrackableNanos, List<String> workerHosts,
                       LongSupplier clock) {
    this.clock = clock;
    this.operationNames = validNames(operationNames);
    if (workers < 1) {
      throw new IllegalArgumentException("a phase needs at least 1 worker, got " + workers);
    }
    if (highestTrackableNanos < 2) {
      throw new IllegalArgumentException("highest trackable latency must be at least 2 ns, got " + highestTrackableNanos);
    }
    int ops = this.operationNames.size();
    this.workers = new WorkerRecorder[workers];
    for (int w = 0; w < workers; w++) {
      this.workers[w] = new WorkerRecorder(w, ops, highestTrackableNanos, this);
    }
    totals = new PhaseTotals(this.operationNames, highestTrackableNanos);
    closing = new IntervalSlot(-1, ops, highestTrackableNanos);
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
    measuredFrom = Long.MAX_VALUE;
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
    return takeInterval(intervalStartNanos, intervalEndNanos, activeThreads, false);
  }

  /**
   * As {@link #takeInterval(long, long, int)}; with {@code workersPaused} (the workers start no execution until it
   * returns) the workers' slots are taken over at once instead of first waiting for busy workers to hand them over.
   */
  public synchronized IntervalStats takeInterval(long intervalStartNanos, long intervalEndNanos, int activeThreads,
                                                 boolean workersPaused) {
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
    IntervalStats interval = drainInterval(intervalStartNanos, intervalEndNanos, activeThreads, !workersPaused);
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
    resetTotals(measuredStartNanos, false);
  }

  /**
   * As {@link #resetTotals(long)}; with {@code workersPaused} (the workers start no execution until it returns) the
   * workers' slots are taken over at once instead of first waiting for busy workers to hand them over.
   */
  public synchronized void resetTotals(long measuredStartNanos, boolean workersPaused) {
    ensureOpen();
    // at the same moment as the new generation, which decides which failures the totals keep (one per worker in
    // flight may land on the other side), not after waiting for the slots: the outage would miss the failures of
    // that wait
    outages.measuringStarts(measuredStartNanos);
    measuredFrom = generation + 1;
    drain(!workersPaused);
    totals.reset();
    if (hostTotals != null) {
      hostTotals.reset();
    }
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
    measuredThrough = generation;
    IntervalStats last = drainInterval(lastStart, measuredEndNanos, lastActiveThreads, true);
    if (last.durationSeconds() > 0 || last.count() + last.errorCount() + last.reconnects() > 0) {
      intervals.add(last);
    }
    finished = true;

    double duration = Rates.seconds(measuredEndNanos - measuredStartNanos);
    List<OperationStats> operations = totals.operations(duration);
    if (hostTotals != null) {
      hostStats = hostTotals.stats(operationNames, duration);
    }
    List<DegradedWindow> degraded = DegradedWindow.of(intervals);
    int threads = intervals.stream().mapToInt(IntervalStats::activeThreads).max().orElse(lastActiveThreads);
    return PhaseStats.of(duration, operations, totals.reconnectsSinceReset(), intervals,
        DegradedWindow.outagesBeyond(outages.outages(measuredStartNanos, measuredEndNanos), degraded, threads),
        degraded);
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

  /** Now, by the clock the outages are timed with. */
  long now() {
    return clock.getAsLong();
  }

  OutageClock outages() {
    return outages;
  }

  long generation() {
    return generation;
  }

  /** Whether what is recorded into a slot of {@code slotGeneration} counts in the totals (not warm-up). */
  boolean counts(long slotGeneration) {
    return slotGeneration >= measuredFrom && slotGeneration <= measuredThrough;
  }

  /** Queues one worker's finished slot for the reporter to merge; called by that worker or the reporter. */
  void handOver(IntervalSlot slot) {
    handedOver.offer(slot);
  }

  /**
   * Ends the current interval: starts a new generation, lets busy workers hand their slots over themselves,
   * takes over the rest, merges them all and folds the merged interval into the {@link PhaseTotals}. Idle workers
   * ({@code workersBusy} false) hand nothing over themselves, so their slots are taken over at once.
   */
  private void drain(boolean workersBusy) {
    long ending = generation;
    generation = ending + 1;
    long deadline = System.nanoTime() + SELF_HAND_OVER_NANOS;
    while (workersBusy && !allHandedOver(ending) && System.nanoTime() - deadline < 0) {
      LockSupport.parkNanos(POLL_NANOS);
    }
    for (WorkerRecorder worker : workers) {
      worker.takeOver(ending + 1);
    }
    // a worker that won the race against takeOver is handing its slot over right now; it takes nanoseconds
    while (!allHandedOver(ending)) {
      LockSupport.parkNanos(POLL_NANOS);
    }
    for (IntervalSlot slot = handedOver.poll(); slot != null; slot = handedOver.poll()) {
      closing.add(slot);
      if (hostTotals != null) {
        hostTotals.add(slot);
      }
      workers[slot.worker].recycle(slot);
    }
    totals.fold(closing);
    closing.reset();
    if (hostTotals != null) {
      hostTotals.closeInterval();
    }
  }

  private boolean allHandedOver(long ending) {
    for (WorkerRecorder worker : workers) {
      if (!worker.handedOver(ending)) {
        return false;
      }
    }
    return true;
  }

  private IntervalStats drainInterval(long startNanos, long endNanos, int activeThreads, boolean workersBusy) {
    drain(workersBusy);
    // after a reset, only the time since the reset produced what this interval holds
    long effectiveStart = Math.max(startNanos, resetNanos);
    double seconds = Rates.seconds(Math.max(0, endNanos - effectiveStart));
    lastIntervalEndNanos = endNanos;
    hasLastIntervalEnd = true;
    List<IntervalHostStats> hosts = List.of();
    if (hostTotals != null) {
      hosts = hostTotals.closedInterval(seconds);
    }
    return totals.interval(Rates.seconds(endNanos - epochNanos), warmup, seconds, activeThreads, hosts);
  }
}
