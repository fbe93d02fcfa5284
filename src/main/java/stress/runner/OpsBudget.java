package stress.runner;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * How many executions a phase may still start (--ops). Unlimited phases never touch the shared counter:
 * one contended atomic per execution across dozens of threads costs measurable client CPU.
 *
 * <p>After a warm-up the budget is first {@linkplain #hold() held}: each worker finishes the execution it is in
 * and waits, so that when the totals are reset no warm-up execution is still in flight, and the phase then counts
 * exactly the executions the budget lets start ({@link #limitTo}).
 */
final class OpsBudget {
  private static final long HELD_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

  private final AtomicLong remaining = new AtomicLong();
  private final AtomicInteger waiting = new AtomicInteger();
  private volatile boolean limited;
  private volatile boolean held;
  /** How many times a hold has been released; a paced worker starts its schedule again after one. */
  private volatile int releases;

  /** From now on, workers wait in {@link #take} until {@link #limitTo} or the stop. */
  void hold() {
    held = true;
    limited = true;
  }

  /** Workers waiting in {@link #take} while the budget is held. */
  int waiting() {
    return waiting.get();
  }

  /** From now on, allow exactly this many more executions over all workers (and release a held budget). */
  void limitTo(long executions) {
    remaining.set(executions);
    limited = true;
    if (held) {
      releases++; // only the phase's reporter thread writes it
      held = false;
    }
  }

  /** How many times a hold has been released so far. */
  int releases() {
    return releases;
  }

  /** True when one more execution may start; while the budget is held, waits for it (false on the stop). */
  boolean take(Stop stop) {
    if (!limited) {
      return true;
    }
    if (held) {
      waiting.incrementAndGet();
      try {
        while (held && !stop.requested()) {
          LockSupport.parkNanos(HELD_POLL_NANOS);
        }
      } finally {
        waiting.decrementAndGet();
      }
      if (stop.requested()) {
        return false;
      }
    }
    return remaining.getAndDecrement() > 0;
  }
}
