package stress.app;

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
  private volatile Runnable stopAction = () -> {};
  private volatile boolean signalled;

  private Interruption() {}

  /** Installs the shutdown hook; close the result when the work and its clean-up are done. */
  public static Interruption install() {
    Interruption i = new Interruption();
    Runtime.getRuntime().addShutdownHook(i.hook);
    return i;
  }

  /**
   * What to do on a signal, e.g. ask the runner to stop. A signal that came earlier (while the embedded server
   * started or the default data set was generated) runs it at once, so the work stops as soon as it can be
   * stopped instead of running until the grace is over. It may run twice, so it must be idempotent.
   */
  public void onSignal(Runnable action) {
    this.stopAction = action;
    if (signalled) {
      action.run();
    }
  }

  /** True once a signal arrived: the JVM is shutting down and must not be asked to exit again. */
  public boolean signalled() {
    return signalled;
  }

  private void onSignal() {
    signalled = true;
    stopAction.run();
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
