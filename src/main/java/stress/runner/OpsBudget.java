package stress.runner;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many executions a phase may still start (--ops). Unlimited phases never touch the shared counter:
 * one contended atomic per execution across dozens of threads costs measurable client CPU.
 */
final class OpsBudget {
  private final AtomicLong remaining = new AtomicLong();
  private volatile boolean limited;

  /** From now on, allow exactly this many more executions over all workers. */
  void limitTo(long executions) {
    remaining.set(executions);
    limited = true;
  }

  /** True when one more execution may start. */
  boolean take() {
    return !limited || remaining.getAndDecrement() > 0;
  }
}
