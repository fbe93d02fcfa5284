package stress.app.process;

import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C and SIGTERM: instead of dying mid-phase, the run is asked to stop, and the JVM waits (bounded)
 * until the summary is printed, results are written and the embedded server is stopped.
 */
public final class Interruption implements AutoCloseable {
  /** The longest the JVM waits for the partial summary before it exits anyway. */
  private static final long GRACE_SECONDS = 60;

  private final CountDownLatch finished = new CountDownLatch(1);
  private final Thread hook = new Thread(this::onSignal, "stress-interrupt");
  private Runnable stopAction = () -> {};
  private volatile boolean signalled;
  /** The thread a signal interrupts while no work has given its own stop ({@link #interruptOnSignal}), or null. */
  private Thread setUp;
  /** Whether the signal came while {@link #setUp} was still the thread to interrupt. */
  private volatile boolean stoppedSetUp;
  /** What the set-up thread is doing, for {@link #stoppedLine()}. */
  private volatile String doing = "starting";
  /** Whether {@link #stoppedSetUp(Exception, PrintStream)} printed its line (once, whichever catch sees the stop first). */
  private boolean told;

  private Interruption() {}

  /** Installs the shutdown hook; close the result when the work and its clean-up are done. */
  public static Interruption install() {
    Interruption i = new Interruption();
    Runtime.getRuntime().addShutdownHook(i.hook);
    return i;
  }

  /**
   * What to do on a signal, e.g. ask the runner to stop. A signal that came earlier runs it at once. It may run twice,
   * so it must be idempotent. Once it is given, a signal no longer interrupts the set-up thread.
   */
  public synchronized void onSignal(Runnable action) {
    this.stopAction = action;
    this.setUp = null;
    if (signalled) {
      action.run();
    }
  }

  /**
   * Until {@link #onSignal} gives the work's own stop, a signal interrupts the calling thread, which is {@code doing}
   * what the line printed then names ({@link #stoppedSetUp(Exception, PrintStream)}): starting the embedded
   * server, generating its default data set, reading the table and the keys stop at their next wait instead of
   * running to their end (the signal used to wait for them, and the run then stopped as soon as it began).
   */
  public synchronized void interruptOnSignal(String doing) {
    this.doing = doing;
    Thread current = Thread.currentThread();
    this.setUp = current;
    this.stopAction = current::interrupt;
    if (signalled) {
      stoppedSetUp = true;
      current.interrupt();
    }
  }

  /** Whether a signal came. */
  public boolean signalled() {
    return signalled;
  }

  /** True when a signal came before the work began (while {@link #interruptOnSignal} was in force). */
  public boolean stoppedSetUp() {
    return stoppedSetUp;
  }

  /**
   * The one line printed when a signal stops the work before it began, in the same words as an interrupted run's
   * ({@code interrupted: ...}), naming what was stopped and what is left ("generating the default data set; nothing
   * was measured").
   */
  private String stoppedLine() {
    return "interrupted: stopped while " + doing;
  }

  /**
   * Ends set-up work that a signal stopped ({@link #interruptOnSignal}), which {@code failure} then comes from: clears
   * the interrupt left on this thread (before the embedded server is stopped, whose wait it would cut short), prints
   * the one line once and returns {@link ExitCode#INTERRUPTED}. Throws {@code failure} when no signal stopped the
   * set-up.
   */
  public <E extends Exception> ExitCode stoppedSetUp(E failure, PrintStream out) throws E {
    if (!stoppedSetUp) {
      throw failure;
    }
    Thread.interrupted();
    if (!told) {
      told = true;
      out.println(stoppedLine());
    }
    return ExitCode.INTERRUPTED;
  }

  private void onSignal() {
    synchronized (this) {
      signalled = true;
      stoppedSetUp = setUp != null;
      stopAction.run();
    }
    try {
      finished.await(GRACE_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    finished.countDown();
    if (!signalled) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // a signal arrived just now; the hook will see the latch open and return at once
      }
    }
  }
}
