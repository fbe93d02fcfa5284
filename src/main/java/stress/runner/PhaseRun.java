package stress.runner;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import stress.connect.ConnectionSource;
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
  private static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.HOURS.toNanos(1);
  /** How long workers may take to finish their last execution after the stop; statement timeouts bound it. */
  private static final long JOIN_GRACE_MILLIS = 5_000;

  private final RunPlan plan;
  private final PhaseSpec spec;
  private final ConnectionSource source;
  private final RunListener listener;
  private final Stop stop;

  PhaseRun(RunPlan plan, PhaseSpec spec, ConnectionSource source, RunListener listener, Stop stop) {
    this.plan = plan;
    this.spec = spec;
    this.source = source;
    this.listener = listener;
    this.stop = stop;
  }

  /** What a finished phase produced. */
  record Outcome(PhaseStats stats, int distinctBackends, boolean interrupted) {}

  Outcome run(long phaseIndex) throws SQLException, InterruptedException {
    int threads = spec.threads();
    List<String> names = plan.mix().names();
    PhaseRecorder recorder = new PhaseRecorder(names, threads, HIGHEST_TRACKABLE_NANOS);
    Operation.Bound[] bound = new Operation.Bound[names.size()];
    OperationContext context = new OperationContext(plan.table(), plan.settings(), plan.newDocuments());
    for (int i = 0; i < bound.length; i++) {
      bound[i] = plan.operations().get(i).bind(context);
    }

    Stop phaseStop = new Stop();
    PhaseAbort abort = new PhaseAbort(phaseStop);
    boolean[] retryable = new boolean[bound.length];
    for (int i = 0; i < bound.length; i++) {
      retryable[i] = plan.operations().get(i).idempotent();
    }
    OpsBudget budget = new OpsBudget();
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch go = new CountDownLatch(1);
    List<Worker> workers = new ArrayList<>(threads);
    List<Thread> threadList = new ArrayList<>(threads);
    double perWorkerRate = plan.rate() > 0 ? plan.rate() / threads : 0;
    // a pool is filled before the start (each of the first pool-size workers checks one out and keeps it until
    // the start), so connecting is not measured and a server without enough slots is found before measuring
    int opening = source.heldPerWorker() ? threads : Math.min(threads, spec.pool().size());
    for (int i = 0; i < threads; i++) {
      SplittableRandom random = new SplittableRandom(plan.seed() * 1_000_003L + phaseIndex * 10_007L + i);
      OperationSession session = new OperationSession(spec.mode(), source.heldPerWorker(), plan.keys(), random,
          plan.settings().fetchSize());
      Worker w = new Worker(source, recorder.worker(i), plan.mix(), bound, session, random, plan.transaction(),
          phaseStop, budget, new Pacer(perWorkerRate, (double) i / threads), ready, go, plan.retries(), retryable,
          abort, !source.heldPerWorker() && i < opening);
      workers.add(w);
      Thread t = WorkerThreads.create(plan.virtualThreads(), "stress-worker-" + i, w);
      threadList.add(t);
      t.start();
    }
    ready.await();
    SQLException startFailure = firstStartFailure(workers);
    if (startFailure != null) {
      SQLException failure = ConnectionErrors.tooManyConnections(startFailure)
          ? TooManyConnections.atStart(spec, opening, workers, startFailure) : new SQLException("could not open " + opening
          + " connections for phase '" + spec.label() + "': " + startFailure.getMessage(), startFailure.getSQLState(),
          startFailure);
      phaseStop.request();
      go.countDown();
      joinAll(threadList);
      throw failure;
    }

    long warmupNanos = plan.warmup().toNanos();
    if (warmupNanos == 0 && plan.opsPerPhase() > 0) {
      budget.limitTo(plan.opsPerPhase());
    }
    long begin = System.nanoTime();
    go.countDown();
    long intervalNanos = plan.reportInterval().toNanos();
    long measureStart = begin + warmupNanos;
    long measureEnd = plan.duration() == null ? Long.MAX_VALUE : measureStart + plan.duration().toNanos();
    boolean warmingUp = warmupNanos > 0;
    if (warmingUp) {
      recorder.beginWarmup();
    }
    long intervalStart = begin;
    while (true) {
      long next = Math.min(intervalStart + intervalNanos, warmingUp ? measureStart : measureEnd);
      boolean workersDone = sleepUntil(next, threadList, abort);
      long now = System.nanoTime();
      if (stop.requested() || workersDone || abort.reason() != null) {
        break;
      }
      IntervalStats interval = recorder.takeInterval(intervalStart, now, threads);
      listener.interval(spec, interval);
      intervalStart = now;
      if (warmingUp && now >= measureStart) {
        // measuring starts when the totals are reset, not when the last warm-up interval was cut
        long resetAt = System.nanoTime();
        recorder.resetTotals(resetAt);
        intervalStart = resetAt;
        warmingUp = false;
        measureStart = resetAt;
        measureEnd = plan.duration() == null ? Long.MAX_VALUE : measureStart + plan.duration().toNanos();
        if (plan.opsPerPhase() > 0) {
          budget.limitTo(plan.opsPerPhase());
        }
      } else if (!warmingUp && now >= measureEnd) {
        break;
      }
    }
    phaseStop.request();
    long end = System.nanoTime();
    joinAll(threadList);
    if (abort.reason() != null) {
      throw TooManyConnections.duringRun(spec, abort.reason());
    }
    if (warmingUp) {
      // interrupted during warm-up: nothing was measured
      recorder.resetTotals(end);
      measureStart = end;
    }
    PhaseStats stats = recorder.finish(measureStart, end);
    Set<Integer> backends = new HashSet<>();
    for (Worker w : workers) {
      if (w.backendPid() != 0) {
        backends.add(w.backendPid());
      }
    }
    return new Outcome(stats, backends.size(), stop.requested());
  }

  /** Sleeps until a deadline; returns early (true) when every worker has ended, e.g. after --ops. */
  private boolean sleepUntil(long deadline, List<Thread> threads, PhaseAbort abort) {
    while (!stop.requested() && abort.reason() == null) {
      boolean anyAlive = false;
      for (Thread t : threads) {
        if (t.isAlive()) {
          anyAlive = true;
          break;
        }
      }
      if (!anyAlive) {
        return true;
      }
      long wait = deadline - System.nanoTime();
      if (wait <= 0) {
        return false;
      }
      LockSupport.parkNanos(Math.min(wait, TimeUnit.MILLISECONDS.toNanos(50)));
    }
    return false;
  }

  private static SQLException firstStartFailure(List<Worker> workers) {
    for (Worker w : workers) {
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
