package stress.runner;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many executions a phase may still start (--ops). Unlimited phases never touch the shared counter:
 * one contended atomic per execution across dozens of threads costs measurable client CPU.
 *
 * <p>After a warm-up the budget is first {@linkplain #hold() held}: each worker finishes the execution it is in
 * and waits, so that when the totals are reset no warm-up execution is still in flight, and the phase then counts
 * exactly the executions the budget lets start ({@link #limitTo}).
 */
final class OpsBudget {
  private final AtomicLong remaining = new AtomicLong();
  private final WorkerGate held = new WorkerGate();
  private volatile boolean limited;
  /** How many times a hold has been released; a paced worker starts its schedule again after one. */
  private volatile int releases;

  /** From now on, workers wait in {@link #take} until {@link #limitTo} or the stop. */
  void hold() {
    held.close();
    limited = true;
  }

  /** Workers waiting in {@link #take} while the budget is held. */
  int waiting() {
    return held.waiting();
  }

  /** From now on, allow exactly this many more executions over all workers (and release a held budget). */
  void limitTo(long executions) {
    remaining.set(executions);
    limited = true;
    if (held.closed()) {
      releases++; // only the phase's reporter thread writes it
      held.open();
    }
  }

  /** How many times a hold has been released so far. */
  int releases() {
    return releases;
  }

  /** What {@link #takeOrQueue} found. */
  enum Take { GO, SPENT, HELD }

  /**
   * Event-loop workers, which must not wait: {@link Take#GO} when one more execution may start, {@link Take#SPENT}
   * when none may, {@link Take#HELD} when the budget is held ({@code resume} then runs once it is released, or at
   * {@link #resumeHeld}).
   */
  Take takeOrQueue(Runnable resume) {
    if (!limited) {
      return Take.GO;
    }
    if (held.closed() && !held.passOrQueue(resume)) {
      return Take.HELD;
    }
    return remaining.getAndDecrement() > 0 ? Take.GO : Take.SPENT;
  }

  /** Resumes the event-loop workers waiting in a held budget, still held (at the stop, so they can see it). */
  void resumeHeld() {
    held.resumeAll();
  }

  /** True when one more execution may start; while the budget is held, waits for it (false on the stop). */
  boolean take(Stop stop) {
    if (!limited) {
      return true;
    }
    if (held.closed()) {
      held.pass(stop, Long.MAX_VALUE);
      if (stop.requested()) {
        return false;
      }
    }
    return remaining.getAndDecrement() > 0;
  }
}
