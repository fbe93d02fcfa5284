package stress.fleet;

import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Renews an instance's heartbeat in the fleet table at a fixed period on a thread of its own, from registration to
 * the end of the process's part in the run, so that the others (and {@code merge --wait}) can tell a killed instance
 * from a slow one.
 */
final class Heartbeat {
  private final ScheduledExecutorService thread;

  private Heartbeat(ScheduledExecutorService thread) {
    this.thread = thread;
  }

  static Heartbeat start(FleetMember member, Duration period) {
    ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "stress-fleet-heartbeat");
      t.setDaemon(true);
      return t;
    });
    long millis = period.toMillis();
    thread.scheduleWithFixedDelay(() -> {
      try {
        member.beat();
      } catch (SQLException | RuntimeException e) {
        // a renewal that fails is retried at the next period; a target gone for longer fails the run's own statements
      }
    }, millis, millis, TimeUnit.MILLISECONDS);
    return new Heartbeat(thread);
  }

  void stop() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
