package stress.connect.eventloop;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * For tests: one opening passed to several {@link EventLoopConnection#open} calls, recording every outcome: each
 * connection opened, with the loop thread it opened on, and each failure as its SQLState and message.
 */
final class RecordedOpenings implements EventLoopConnection.Opening {
  final List<EventLoopConnection> opened = new CopyOnWriteArrayList<>();
  final List<String> openedOnThreads = new CopyOnWriteArrayList<>();
  final List<String> failures = new CopyOnWriteArrayList<>();
  private final CountDownLatch outcomes;

  /** @param expected how many openings will report to this one */
  RecordedOpenings(int expected) {
    this.outcomes = new CountDownLatch(expected);
  }

  @Override
  public void opened(EventLoopConnection connection) {
    openedOnThreads.add(Thread.currentThread().getName());
    opened.add(connection);
    outcomes.countDown();
  }

  @Override
  public void failed(String sqlState, String message) {
    failures.add(sqlState + " " + message);
    outcomes.countDown();
  }

  /** Waits up to 30 s for every opening's outcome. */
  void awaitAll() throws InterruptedException {
    assertTrue(outcomes.await(30, TimeUnit.SECONDS), "not every opening ended within 30 s: " + opened.size()
        + " opened, failures " + failures);
  }
}
