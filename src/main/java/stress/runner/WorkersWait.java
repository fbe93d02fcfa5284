package stress.runner;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * How a phase's reporter waits on its workers: until a deadline or until they have all finished, and at the end of a
 * warm-up under --ops until every live one waits at the held budget; each wait ends early on the stop or an abort.
 */
final class WorkersWait {
  /** How often the end of a warm-up looks whether every worker has finished its execution (--ops). */
  private static final long HELD_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
  /** The longest the reporter sleeps before looking at the stop and an abort again. */
  private static final long STOP_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

  private final Stop stop;
  private final CountDownLatch finished;
  private final PhaseAbort abort;

  WorkersWait(Stop stop, CountDownLatch finished, PhaseAbort abort) {
    this.stop = stop;
    this.finished = finished;
    this.abort = abort;
  }

  /**
   * Waits until every live worker waits in the held budget (each finishes the execution it is in); false when the
   * run is stopped or aborted first.
   */
  boolean untilHeld(OpsBudget budget) {
    while (!stop.requested() && abort.reason() == null) {
      if (budget.waiting() >= finished.getCount()) {
        return true;
      }
      LockSupport.parkNanos(HELD_POLL_NANOS);
    }
    return false;
  }

  /**
   * Sleeps until a deadline; returns early (true) when every worker has finished executing, e.g. after --ops. Looks
   * at the stop and an abort at least every {@link #STOP_CHECK_NANOS}.
   */
  boolean untilDeadline(long deadline) throws InterruptedException {
    while (!stop.requested() && abort.reason() == null) {
      if (finished.getCount() == 0) {
        return true;
      }
      long wait = deadline - System.nanoTime();
      if (wait <= 0) {
        return false;
      }
      if (finished.await(Math.min(wait, STOP_CHECK_NANOS), TimeUnit.NANOSECONDS)) {
        return true;
      }
    }
    return false;
  }
}
