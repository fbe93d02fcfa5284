package stress.runner;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A gate the phase's reporter closes so that workers start no new execution until it opens it again (the end of
 * a warm-up with --ops, the reporter's turn at an interval). Waiting workers park until it opens: with 80 workers,
 * polling took the very CPU the reporter needed. Executions in flight are not affected.
 */
final class WorkerGate {
  /** A parked worker looks at the stop this often (the stop does not unpark it). */
  private static final long STOP_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

  private volatile boolean closed;
  private final ConcurrentLinkedQueue<Thread> parked = new ConcurrentLinkedQueue<>();
  /** What event-loop workers asked to run when the gate opens (they must not park their loop's thread). */
  private final ConcurrentLinkedQueue<Runnable> resumes = new ConcurrentLinkedQueue<>();
  private final AtomicInteger waiting = new AtomicInteger();

  /** Reporter: from now on, workers wait in {@link #pass}. */
  void close() {
    closed = true;
  }

  /** Reporter: lets every waiting worker go. */
  void open() {
    closed = false;
    for (Thread worker = parked.poll(); worker != null; worker = parked.poll()) {
      LockSupport.unpark(worker);
    }
    resumeAll();
  }

  /** Runs every queued resume now, the gate open or not (the stop: held event-loop workers must see it). */
  void resumeAll() {
    for (Runnable resume = resumes.poll(); resume != null; resume = resumes.poll()) {
      waiting.decrementAndGet();
      resume.run();
    }
  }

  /**
   * Event-loop workers: true while the gate is open; otherwise queues {@code resume} to run when it opens (counted
   * as waiting until then) and returns false. {@code resume} runs on the thread that opens the gate.
   */
  boolean passOrQueue(Runnable resume) {
    if (!closed) {
      return true;
    }
    waiting.incrementAndGet();
    resumes.add(resume);
    // open() clears the flag before it drains: a resume queued after its drain is taken back here
    if (!closed && resumes.remove(resume)) {
      waiting.decrementAndGet();
      return true;
    }
    return false;
  }

  boolean closed() {
    return closed;
  }

  /** Workers waiting in {@link #pass} now. */
  int waiting() {
    return waiting.get();
  }

  /**
   * Workers: returns at once while the gate is open; otherwise waits until it opens, the stop is requested or
   * {@code maxWaitNanos} have passed ({@code Long.MAX_VALUE}: no limit).
   */
  void pass(Stop stop, long maxWaitNanos) {
    if (!closed) {
      return;
    }
    waiting.incrementAndGet();
    try {
      parked.add(Thread.currentThread());
      long start = System.nanoTime();
      long left;
      // open() clears the flag before it unparks, so a worker that queued itself late finds it cleared
      while (closed && !stop.requested() && (left = maxWaitNanos - (System.nanoTime() - start)) > 0) {
        LockSupport.parkNanos(this, Math.min(left, STOP_CHECK_NANOS));
      }
    } finally {
      waiting.decrementAndGet();
    }
  }
}
