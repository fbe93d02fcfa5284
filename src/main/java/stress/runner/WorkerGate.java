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
