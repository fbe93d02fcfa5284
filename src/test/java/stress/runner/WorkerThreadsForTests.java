package stress.runner;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Two worker threads and their stop, for tests of what makes workers wait; {@link #close} stops and ends them. */
final class WorkerThreadsForTests implements AutoCloseable {
  final Stop stop = new Stop();
  private final ExecutorService threads = Executors.newFixedThreadPool(2);

  <T> Future<T> submit(Callable<T> call) {
    return threads.submit(call);
  }

  Future<?> submit(Runnable run) {
    return threads.submit(run);
  }

  /** Fails with {@code failure} unless {@code future} is still running after {@code millis}. */
  static void assertStillWaiting(Future<?> future, long millis, String failure) throws Exception {
    try {
      future.get(millis, TimeUnit.MILLISECONDS);
      throw new AssertionError(failure);
    } catch (TimeoutException expected) {
      // still waiting, as it should
    }
  }

  @Override
  public void close() {
    stop.request();
    threads.shutdownNow();
  }
}
