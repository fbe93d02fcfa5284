package stress.app.index;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import stress.connect.PhysicalConnections;

/**
 * Watches one long statement while it runs on its connection, from a thread of its own: every interval it prints the
 * index build's progress read over a second connection ({@link IndexProgress}), and once {@link #cancel} is called it
 * asks the server to cancel the statement, again every second until the statement has ended (a cancel request that
 * reaches the backend just before the statement does is ignored by the server). {@link #close} ends the watch; no line
 * is printed once it has returned.
 */
public final class StatementWatch implements AutoCloseable {
  private static final long CANCEL_RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);
  /** The longest close waits for a progress query in flight; the thread is a daemon and prints nothing after close. */
  private static final long JOIN_MILLIS = 15_000;

  private final Connection builder;
  private final int pid;
  private final Connection control;
  private final String index;
  private final long intervalNanos;
  private final PrintStream out;
  private final Thread thread;
  private boolean ended;
  private boolean cancelRequested;
  private boolean noRowSaid;

  private StatementWatch(Connection builder, Connection control, String index, Duration interval, PrintStream out)
      throws SQLException {
    this.builder = builder;
    this.pid = PhysicalConnections.backendPid(builder);
    this.control = control;
    this.index = index;
    this.intervalNanos = interval.toNanos();
    this.out = out;
    this.thread = new Thread(this::watch, "stress-statement-watch");
    thread.setDaemon(true);
  }

  /**
   * Starts watching what runs next on {@code builder}.
   *
   * @param control  a second connection to the same server for progress, or null for none
   * @param index    the index being built, whose progress is printed; null to print none (only cancel)
   * @param interval between progress lines, the first one interval after the start
   */
  public static StatementWatch start(Connection builder, Connection control, String index, Duration interval,
                                     PrintStream out) throws SQLException {
    StatementWatch watch = new StatementWatch(builder, control, index, interval, out);
    watch.thread.start();
    return watch;
  }

  /** Asks the server to cancel the statement (at once, then every second until it has ended); idempotent. */
  public synchronized void cancel() {
    cancelRequested = true;
    notifyAll();
  }

  /** Ends the watch: call it once the statement has ended. */
  @Override
  public void close() {
    synchronized (this) {
      ended = true;
      notifyAll();
    }
    try {
      thread.join(JOIN_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void watch() {
    boolean polling = control != null && index != null;
    long nextPoll = System.nanoTime() + intervalNanos;
    long nextCancel = System.nanoTime();
    try {
      while (true) {
        boolean cancelNow;
        synchronized (this) {
          while (true) {
            if (ended) {
              return;
            }
            long now = System.nanoTime();
            if (cancelRequested && now - nextCancel >= 0) {
              cancelNow = true;
              break;
            }
            if (!cancelRequested && polling && now - nextPoll >= 0) {
              cancelNow = false;
              break;
            }
            if (cancelRequested || polling) {
              long nanos = (cancelRequested ? nextCancel : nextPoll) - now;
              wait(TimeUnit.NANOSECONDS.toMillis(nanos), (int) (nanos % 1_000_000));
            } else {
              wait();
            }
          }
        }
        if (cancelNow) {
          sendCancel();
          nextCancel = System.nanoTime() + CANCEL_RETRY_NANOS;
        } else {
          polling = poll();
          nextPoll = System.nanoTime() + intervalNanos;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void sendCancel() {
    try {
      PhysicalConnections.cancel(builder);
    } catch (SQLException e) {
      // sent again a second later while the statement runs; its end (or not) is what the job reports
    }
  }

  /** Prints the progress; false when it can no longer be read (said once, then no more polls). */
  private boolean poll() {
    Optional<IndexProgress> row;
    try {
      row = IndexProgress.read(control, pid);
    } catch (SQLException e) {
      say("  progress of " + index + ": no longer read (" + e.getMessage().lines().findFirst().orElse("") + ")");
      return false;
    }
    if (row.isPresent()) {
      say(row.get().line(index));
    } else if (!noRowSaid) {
      noRowSaid = true;
      say("  building " + index + ": no progress shown yet (waiting for a lock, or built on other nodes)");
    }
    return true;
  }

  private synchronized void say(String line) {
    if (!ended) {
      out.println(line);
    }
  }
}
