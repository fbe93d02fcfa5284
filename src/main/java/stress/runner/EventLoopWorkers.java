package stress.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.TimeUnit;
import stress.connect.eventloop.EventLoops;
import stress.metrics.PhaseRecorder;
import stress.model.StatementMode;
import stress.ops.builtin.FindFirst;

/**
 * A phase's workers on the event-loop client ({@code --event-loops}): the loops, one {@link EventLoopWorker} per
 * thread of the phase, their start and their end. The loops live as long as the phase.
 */
final class EventLoopWorkers {
  private final EventLoops loops;
  private final List<EventLoopWorker> workers;
  /** Only the phase's thread opens, starts and closes. */
  private boolean closed;

  private EventLoopWorkers(EventLoops loops, List<EventLoopWorker> workers) {
    this.loops = loops;
    this.workers = workers;
  }

  /** Connections logging in at the same time, at most. */
  static final int OPENING_AT_ONCE = 64;

  /** Starts the loops and opens every worker's connection, at most {@value #OPENING_AT_ONCE} at a time; {@code ready} counts the opened (or failed) ones. */
  static EventLoopWorkers open(RunPlan plan, PhaseSpec spec, long phaseIndex, PhaseRecorder recorder,
                               PhaseProbe phaseProbe, Stop stop, OpsBudget budget, CountDownLatch ready,
                               CountDownLatch finished, PhaseAbort abort) throws InterruptedException {
    EventLoops loops = EventLoops.start(plan.workerThreads().eventLoops(), plan.workerThreads().busyPoll());
    boolean plain = spec.mode() == StatementMode.PLAIN;
    String sql = FindFirst.eventLoopSelectById(plan.table(), plain);
    List<EventLoopWorker> workers = new ArrayList<>(spec.threads());
    for (int i = 0; i < spec.threads(); i++) {
      SplittableRandom random = new SplittableRandom(plan.seed() * 1_000_003L + phaseIndex * 10_007L + i);
      workers.add(new EventLoopWorker(loops, spec.connection(), sql, plain,
          recorder.worker(i), plan.keys(), random, stop,
          budget, ready, finished, phaseProbe.worker(i), abort, plan.retries(), plan.failureReader()));
    }
    EventLoopWorkers all = new EventLoopWorkers(loops, workers);
    // at most OPENING_AT_ONCE logins in flight: a thousand SCRAM logins at once kept a single-threaded pooler busy
    // past the connect timeout, so the run measured nothing (the start-up storm a client fleet would not make)
    Semaphore opening = new Semaphore(OPENING_AT_ONCE);
    AtomicBoolean failed = new AtomicBoolean();
    try {
      for (EventLoopWorker w : workers) {
        opening.acquire();
        if (failed.get()) {
          opening.release();
          w.notOpened(); // the phase will not start: the others need not wait for their connect timeouts
        } else {
          w.open(() -> { // its start failure, if any, is set before
            if (w.startFailure() != null) {
              failed.set(true);
            }
            opening.release();
          });
        }
      }
    } catch (RuntimeException | InterruptedException e) {
      all.close();
      throw e;
    }
    return all;
  }

  /** Whether the loops poll without sleeping ({@code --busy-poll}). */
  boolean busyPoll() {
    return loops.busyPoll();
  }

  /** CPU time the loops have spent polling with nothing to read, in nanoseconds. */
  long spinCpuNanos() {
    return loops.spinCpuNanos();
  }

  List<EventLoopWorker> workers() {
    return workers;
  }

  /** How many connections opened before the start. */
  int connected() {
    int n = 0;
    for (EventLoopWorker w : workers) {
      n += w.startFailure() == null && w.backendPid() != 0 ? 1 : 0;
    }
    return n;
  }

  /** The go: every worker starts its first execution. */
  void start() {
    for (EventLoopWorker w : workers) {
      w.start();
    }
  }

  /**
   * After the stop: waits for the executions in flight (up to {@code graceMillis}; statement timeouts bound them),
   * then closes the connections and the loops.
   */
  void finish(OpsBudget budget, CountDownLatch finished, long graceMillis) throws InterruptedException {
    budget.resumeHeld();
    try {
      finished.await(graceMillis, TimeUnit.MILLISECONDS);
    } finally {
      close();
    }
  }

  /** Ends workers that never started (a phase that failed before its go) and closes everything. */
  void abandon() {
    for (EventLoopWorker w : workers) {
      w.abandon();
    }
    close();
  }

  /** Closes the connections and the loops; again is harmless. */
  void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (EventLoopWorker w : workers) {
      w.close();
    }
    loops.close();
  }
}
