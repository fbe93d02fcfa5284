package stress.runner;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code --max-errors N}: stops the run once N executions have failed, counted over every phase from the first
 * execution on (a warm-up's failures too: the limit guards the run, it is not a figure). It sees the failures as a
 * {@link RunProbe} around the run's own, so a run without a limit pays nothing. Workers finish the execution in
 * flight when the run stops, so a few more than N may fail before it does.
 */
final class FailureLimit implements RunProbe {
  private final long max;
  private final RunProbe inner;
  private final Runnable stop;
  private final AtomicLong failed = new AtomicLong();
  private volatile String lastSqlState;

  /**
   * @param max   failed executions that stop the run, at least 1
   * @param inner the probe every event is passed on to
   * @param stop  asks the run to stop
   */
  FailureLimit(long max, RunProbe inner, Runnable stop) {
    if (max < 1) {
      throw new IllegalArgumentException("a failure limit must be at least 1, got " + max);
    }
    this.max = max;
    this.inner = inner;
    this.stop = stop;
  }

  /** Whether the limit was reached. */
  boolean reached() {
    return failed.get() >= max;
  }

  /** What stopped the run, e.g. {@code --max-errors 5 reached: 5 executions failed (the 5th with SQLState 22012)}. */
  String reason() {
    return "--max-errors " + max + " reached: " + failed.get() + (failed.get() == 1 ? " execution" : " executions")
        + " failed (the " + ordinal(max) + " with SQLState " + lastSqlState + ")";
  }

  private static String ordinal(long n) {
    if (n == 1) {
      return "first";
    }
    long lastTwo = n % 100;
    String suffix = lastTwo >= 11 && lastTwo <= 13 ? "th" : switch ((int) (n % 10)) {
      case 1 -> "st";
      case 2 -> "nd";
      case 3 -> "rd";
      default -> "th";
    };
    return n + suffix;
  }

  @Override
  public PhaseProbe phase(PhaseSpec phase, List<String> operationNames) {
    PhaseProbe probe = inner.phase(phase, operationNames);
    return new PhaseProbe() {
      @Override
      public WorkerProbe worker(int index) {
        return counting(probe.worker(index));
      }

      @Override
      public WorkerProbe worker(int index, String host) {
        return counting(probe.worker(index, host));
      }

      @Override
      public void clientUsage(stress.metrics.ClientUsage client) {
        probe.clientUsage(client);
      }

      @Override
      public void finished() {
        probe.finished();
      }
    };
  }

  private WorkerProbe counting(WorkerProbe worker) {
    return new WorkerProbe() {
      @Override
      public void started() {
        worker.started();
      }

      @Override
      public void stopped() {
        worker.stopped();
      }

      @Override
      public void success(int opIndex, long latencyNanos, boolean measured) {
        worker.success(opIndex, latencyNanos, measured);
      }

      @Override
      public void failure(int opIndex, long latencyNanos, String sqlState, boolean measured) {
        worker.failure(opIndex, latencyNanos, sqlState, measured);
        long n = failed.incrementAndGet();
        if (n == max) {
          lastSqlState = sqlState == null ? "unknown" : sqlState;
        }
        // every failure from the N-th on asks, not only the N-th: a worker that counted the N-th and was descheduled
        // before it asked would let the others go on failing until it runs again
        if (n >= max) {
          stop.run();
        }
      }

      @Override
      public void reconnect(boolean measured) {
        worker.reconnect(measured);
      }
    };
  }
}
