package stress.runner;

import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import stress.connect.ConnectionSource;
import stress.connect.ServerPlacement;
import stress.metrics.client.ClientMeter;
import stress.metrics.client.PacerLagRecorder;
import stress.metrics.ClientUsage;
import stress.metrics.HostStats;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseRecorder;
import stress.metrics.PhaseStats;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.OperationSession;

/**
 * Runs one phase: starts the workers once every connection is open, reports intervals, switches from
 * warm-up to measuring, and stops on time, after the requested executions, or when interrupted.
 */
final class PhaseRun {
  /** Histograms track latencies up to this; a longer one is clamped by HdrHistogram's auto-resize off. */
  static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.HOURS.toNanos(1);
  /** How long workers may take to finish their last execution after the stop; statement timeouts bound it. */
  private static final long JOIN_GRACE_MILLIS = 5_000;

  private final RunPlan plan;
  private final PhaseSpec spec;
  /** One source per host; worker i uses source i mod n. */
  private final List<ConnectionSource> sources;
  /** The hosts' names for the per-host figures, or empty for a run on one source. */
  private final List<String> hosts;
  private final RunListener listener;
  private final RunProbe probe;
  private final Stop stop;
  private final PhaseStartGate gate;
  /** The phase's event-loop workers, or null when its workers have threads of their own. */
  private EventLoopWorkers eventLoop;
  /** Whether the stop came while the phase was still warming up: it measured nothing. */
  private boolean stoppedInWarmup;

  PhaseRun(RunPlan plan, PhaseSpec spec, List<ConnectionSource> sources, List<String> hosts, RunListener listener,
           RunProbe probe, Stop stop, PhaseStartGate gate) {
    if (sources.isEmpty() || (!hosts.isEmpty() && hosts.size() != sources.size())) {
      throw new IllegalArgumentException("a phase needs one connection source per host, got " + sources.size()
          + " sources for hosts " + hosts);
    }
    this.plan = plan;
    this.spec = spec;
    this.sources = List.copyOf(sources);
    this.hosts = List.copyOf(hosts);
    this.listener = listener;
    this.probe = probe;
    this.stop = stop;
    this.gate = gate;
  }

  /** What a finished phase produced. */
  record Outcome(PhaseStats stats, int distinctBackends, boolean interrupted, List<HostStats> hosts,
                 ClientUsage client) {}

  /**
   * The phase's outcome, or null when the run was asked to stop before the phase started or during its warm-up
   * ({@link #stoppedInWarmup()}).
   */
  Outcome run(long phaseIndex) throws SQLException, InterruptedException {
    PhaseProbe phaseProbe = probe.phase(spec, plan.mix().names());
    try {
      return run(phaseIndex, phaseProbe);
    } finally {
      if (eventLoop != null) {
        eventLoop.close(); // already closed unless the phase ended by an exception
      }
      phaseProbe.finished();
    }
  }

  private Outcome run(long phaseIndex, PhaseProbe phaseProbe) throws SQLException, InterruptedException {
    int threads = spec.threads();
    List<String> names = plan.mix().names();
    List<String> workerHosts = new ArrayList<>();
    for (int i = 0; i < threads && !hosts.isEmpty(); i++) {
      workerHosts.add(hosts.get(i % hosts.size()));
    }
    PhaseRecorder recorder = new PhaseRecorder(names, threads, HIGHEST_TRACKABLE_NANOS, workerHosts);
    Operation.Bound[] bound = new Operation.Bound[names.size()];
    OperationContext context = new OperationContext(plan.table(), plan.settings(), plan.newDocuments(),
        spec.tablePerThread() ? plan.workerTables().subList(0, threads) : List.of());
    for (int i = 0; i < bound.length; i++) {
      bound[i] = plan.operations().get(i).bind(context);
    }

    Stop phaseStop = new Stop(stop);
    PhaseAbort abort = new PhaseAbort(phaseStop);
    boolean[] retryable = new boolean[bound.length];
    for (int i = 0; i < bound.length; i++) {
      retryable[i] = plan.operations().get(i).idempotent();
    }
    OpsBudget budget = new OpsBudget();
    // event-loop workers never wait at the reporter's turn (their loop's thread must not park), so none is taken
    ReporterTurn turn = new ReporterTurn(!plan.workerThreads().eventLoop()
        && ReporterTurn.allowed(threads, Runtime.getRuntime().availableProcessors(), plan.rate() > 0));
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch go = new CountDownLatch(1);
    CountDownLatch finished = new CountDownLatch(threads);
    WorkersWait waits = new WorkersWait(stop, finished, abort);
    List<PhaseWorker> workers = new ArrayList<>(threads);
    List<Thread> threadList = new ArrayList<>(threads);
    int opening;
    if (plan.workerThreads().eventLoop()) {
      eventLoop = EventLoopWorkers.open(plan, spec, phaseIndex, recorder, phaseProbe, phaseStop, budget, ready,
          finished, abort);
      workers.addAll(eventLoop.workers());
      opening = threads;
    } else {
      opening = startThreads(phaseIndex, phaseProbe, workerHosts, recorder, bound, phaseStop, abort, retryable, budget,
          turn, ready, go, finished, workers, threadList);
    }
    ready.await();
    SQLException startFailure = firstStartFailure(workers);
    if (startFailure != null) {
      SQLException failure;
      if (!ConnectionErrors.tooManyConnections(startFailure)) {
        failure = new SQLException("could not open " + opening + " connections for phase '" + spec.label() + "': "
            + startFailure.getMessage(), startFailure.getSQLState(), startFailure);
      } else if (eventLoop != null) {
        failure = TooManyConnections.atStart(spec, opening, eventLoop.connected(), null, startFailure);
      } else {
        failure = TooManyConnections.atStart(spec, opening, threadWorkers(workers), startFailure);
      }
      abandonStart(phaseStop, go, threadList);
      throw failure;
    }

    try {
      gate.awaitStart(spec, (int) phaseIndex, stop::requested);
    } catch (SQLException | InterruptedException | RuntimeException e) {
      abandonStart(phaseStop, go, threadList);
      throw e;
    }
    if (stop.requested()) {
      // stopped before the start (a signal while waiting for the other instances): nothing was measured
      abandonStart(phaseStop, go, threadList);
      return null;
    }

    // the workers' threads are not the JIT's: noted now, so the meter need not read theirs when measuring starts
    ClientMeter.noteThreads();
    // asked now, while the connections' host names are in the JVM's cache: no name lookup at the phase's end
    boolean serverOnThisHost = ServerPlacement.anyOnThisHost(hosts.isEmpty() ? spec.connection().servers() : hosts);
    long warmupNanos = plan.warmup().toNanos();
    if (warmupNanos == 0 && plan.opsPerPhase() > 0) {
      budget.limitTo(plan.opsPerPhase());
    }
    ClientMeter clientMeter = null;
    if (warmupNanos == 0) {
      clientMeter = startClientMeter(eventLoop, serverOnThisHost);
    }
    boolean warmingUp = warmupNanos > 0;
    if (warmingUp) {
      // before the workers go: until then the recorder counts every execution as measured, so an execution that
      // ended before this line (the reporter thread descheduled on a loaded machine) reached the live metrics as
      // measured while the summary dropped it with the warm-up (4,001 against 4,000, seen once in CI)
      recorder.beginWarmup();
    }
    if (warmingUp) {
      listener.warmupStarted(spec);
    } else {
      listener.measuringStarted(spec);
    }
    long begin = System.nanoTime();
    Instant beganAt = Instant.now();
    go.countDown();
    gate.started((int) phaseIndex, epochNanos(beganAt));
    if (eventLoop != null) {
      eventLoop.start();
    }
    long intervalNanos = plan.reportInterval().toNanos();
    long measureStart = begin + warmupNanos;
    long measureEnd = plan.duration() == null ? Long.MAX_VALUE : measureStart + plan.duration().toNanos();
    long intervalStart = begin;
    boolean workersDone;
    long stoppedAt;
    while (true) {
      long next = Math.min(intervalStart + intervalNanos, warmingUp ? measureStart : measureEnd);
      workersDone = waits.untilDeadline(next);
      long now = System.nanoTime();
      if (stop.requested() || workersDone || abort.reason() != null || (!warmingUp && now >= measureEnd)) {
        stoppedAt = now;
        break;
      }
      IntervalStats interval;
      boolean paused = turn.begin(now - next);
      try {
        interval = recorder.takeInterval(intervalStart, now, threads, paused);
      } finally {
        turn.end(System.nanoTime() - now);
      }
      listener.interval(spec, interval);
      intervalStart = now;
      if (warmingUp && now >= measureStart) {
        // measuring starts when the totals are reset, not when the last warm-up interval was cut
        long resetAt;
        if (plan.opsPerPhase() > 0) {
          // --ops counts exactly: no warm-up execution may still be in flight when the totals are reset
          budget.hold();
          if (!waits.untilHeld(budget)) {
            stoppedAt = System.nanoTime();
            break;
          }
          clientMeter = startClientMeter(eventLoop, serverOnThisHost);
          resetAt = System.nanoTime();
          recorder.resetTotals(resetAt, true);
          budget.limitTo(plan.opsPerPhase());
        } else {
          // the meter's first readings (/proc: the host, the JIT's threads, the server's processes) are taken before
          // the workers may be paused for the reset, not while they wait: its few ms are not charged to their latency
          clientMeter = startClientMeter(eventLoop, serverOnThisHost);
          long resetStart = System.nanoTime();
          boolean pausedForReset = turn.begin(0);
          try {
            resetAt = System.nanoTime();
            recorder.resetTotals(resetAt, pausedForReset);
          } finally {
            turn.end(System.nanoTime() - resetStart);
          }
        }
        listener.measuringStarted(spec);
        intervalStart = resetAt;
        warmingUp = false;
        measureStart = resetAt;
        measureEnd = plan.duration() == null ? Long.MAX_VALUE : measureStart + plan.duration().toNanos();
      }
    }
    phaseStop.request();
    if (eventLoop != null) {
      eventLoop.finish(budget, finished, JOIN_GRACE_MILLIS);
    }
    joinAll(threadList);
    if (abort.reason() != null) {
      throw TooManyConnections.duringRun(spec, abort.reason());
    }
    long end = phaseEnd(workersDone, stoppedAt, workers);
    if (!warmingUp && end > intervalStart) {
      listener.interval(spec, recorder.takeInterval(intervalStart, end, threads));
    }
    gate.ended((int) phaseIndex, epochNanos(beganAt) + (end - begin));
    if (warmingUp) {
      // stopped during warm-up: nothing was measured, so there are no figures to give (not figures of nothing)
      stoppedInWarmup = true;
      return null;
    }
    PhaseStats stats = recorder.finish(measureStart, end);
    ClientUsage client = clientMeter.stop(stats.total().count() + stats.total().errorCount(), serverOnThisHost)
        .withPacer(PacerLagRecorder.merge(workers.stream().map(w -> w.lateStarts).toList()));
    phaseProbe.clientUsage(client);
    // a backend is a process id on one server: the same pid on two hosts is two backends
    Set<Long> backends = new HashSet<>();
    for (int i = 0; i < workers.size(); i++) {
      int pid = workers.get(i).backendPid();
      if (pid != 0) {
        backends.add(((long) (i % sources.size()) << 32) | (pid & 0xffffffffL));
      }
    }
    return new Outcome(stats, backends.size(), stop.requested(), recorder.hostStats(), client);
  }

  /** Whether {@link #run} returned null because the stop came during the phase's warm-up. */
  boolean stoppedInWarmup() {
    return stoppedInWarmup;
  }

  /** The phase does not start: its workers, held at the start, are released to stop and are waited for. */
  private void abandonStart(Stop phaseStop, CountDownLatch go, List<Thread> threadList) throws InterruptedException {
    phaseStop.request();
    go.countDown();
    if (eventLoop != null) {
      eventLoop.abandon();
    }
    joinAll(threadList);
  }

  private static long epochNanos(Instant t) {
    return t.getEpochSecond() * 1_000_000_000L + t.getNano();
  }

  /**
   * Starts one thread per worker ({@link Worker}); returns how many connections they open before the start. A pool is
   * filled before the start (each of the first pool-size workers checks one out and keeps it until the start), so
   * connecting is not measured and a server without enough slots is found before measuring (with several hosts each
   * host has its own pool: worker i is the (i / n)-th worker of host i mod n).
   */
  private int startThreads(long phaseIndex, PhaseProbe phaseProbe, List<String> workerHosts, PhaseRecorder recorder,
                           Operation.Bound[] bound, Stop phaseStop, PhaseAbort abort, boolean[] retryable,
                           OpsBudget budget, ReporterTurn turn, CountDownLatch ready, CountDownLatch go,
                           CountDownLatch finished, List<PhaseWorker> workers, List<Thread> threadList) {
    int threads = spec.threads();
    double perWorkerRate = plan.rate() > 0 ? plan.rate() / threads : 0;
    int hostCount = sources.size();
    int opening = 0;
    for (int h = 0; h < hostCount; h++) {
      int onHost = HostSources.threadsOn(h, hostCount, threads);
      opening += sources.get(h).heldPerWorker() ? onHost : Math.min(onHost, spec.pool().size());
    }
    for (int i = 0; i < threads; i++) {
      SplittableRandom random = new SplittableRandom(plan.seed() * 1_000_003L + phaseIndex * 10_007L + i);
      ConnectionSource source = sources.get(i % sources.size());
      OperationSession session = new OperationSession(spec.mode(), source.heldPerWorker(), plan.keys(), random,
          plan.settings().fetchSize(), i);
      Worker w = new Worker(source, recorder.worker(i), plan.mix(), bound, session, random, plan.transaction(),
          phaseStop, budget, turn, new Pacer(perWorkerRate, (double) i / threads), ready, go, finished, plan.retries(),
          retryable, abort, fillsPool(source, i, threads), plan.failureReader(),
          workerHosts.isEmpty() ? phaseProbe.worker(i) : phaseProbe.worker(i, workerHosts.get(i)));
      workers.add(w);
      Thread t = WorkerThreads.create(plan.workerThreads().virtual(threads), "stress-worker-" + i, w);
      threadList.add(t);
      t.start();
    }
    return opening;
  }

  /** Starts measuring the client; the CPU of busy-polling event loops waiting for replies is left out of it. */
  private static ClientMeter startClientMeter(EventLoopWorkers eventLoop, boolean serverOnThisHost) {
    return eventLoop != null && eventLoop.busyPoll() ? ClientMeter.start(eventLoop::spinCpuNanos, serverOnThisHost)
        : ClientMeter.start(serverOnThisHost);
  }

  private static List<Worker> threadWorkers(List<PhaseWorker> workers) {
    List<Worker> out = new ArrayList<>(workers.size());
    for (PhaseWorker w : workers) {
      out.add((Worker) w);
    }
    return out;
  }

  /**
   * When the phase ended. An execution in flight at the deadline or the stop still completes and is counted, so
   * it belongs to the measured time and to the last interval (not to a separate sliver of a few milliseconds whose
   * rate would be meaningless). Workers that ran out of --ops ended the phase with their last execution: closing
   * their connections and noticing that they are gone come after it and are not measured.
   */
  private static long phaseEnd(boolean workersDone, long stoppedAt, List<PhaseWorker> workers) {
    long lastExecutionEnd = 0;
    for (PhaseWorker w : workers) {
      long e = w.lastExecutionEnd();
      if (e != 0 && (lastExecutionEnd == 0 || e - lastExecutionEnd > 0)) {
        lastExecutionEnd = e;
      }
    }
    if (lastExecutionEnd == 0) {
      return stoppedAt;
    }
    return workersDone || lastExecutionEnd - stoppedAt > 0 ? lastExecutionEnd : stoppedAt;
  }

  /** Whether worker {@code i} checks a connection out before the start so its host's pool is full. */
  private boolean fillsPool(ConnectionSource source, int i, int threads) {
    int hostCount = sources.size();
    int onHost = HostSources.threadsOn(i % hostCount, hostCount, threads);
    return !source.heldPerWorker() && i / hostCount < Math.min(onHost, spec.pool().size());
  }

  private static SQLException firstStartFailure(List<PhaseWorker> workers) {
    for (PhaseWorker w : workers) {
      if (w.startFailure() != null) {
        return w.startFailure();
      }
    }
    return null;
  }

  private static void joinAll(List<Thread> threads) throws InterruptedException {
    long deadline = System.currentTimeMillis() + JOIN_GRACE_MILLIS;
    for (Thread t : threads) {
      t.join(Math.max(1, deadline - System.currentTimeMillis()));
    }
  }
}
