package stress.connect.eventloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.epoll.Epoll;
import io.vertx.core.Context;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The event loops of {@code --busy-poll}: they poll without sleeping, and still run timers and other threads'
 * tasks.
 */
class SpinningEpollLoopsTest {

  @Test
  void aPollingLoopWithNothingToReadStillRunsItsTimersAndTasksAndCountsThePolling() throws Exception {
    assumeTrue(Epoll.isAvailable(), "Linux's native epoll is not available here");
    try (EventLoops loops = EventLoops.start(1, true)) {
      assertTrue(loops.busyPoll());
      Context context = loops.vertx().getOrCreateContext();
      CountDownLatch task = new CountDownLatch(1);
      CountDownLatch timer = new CountDownLatch(1);
      long start = System.nanoTime();
      // a task from this thread, then a timer set on the loop: no socket is ever ready, so only the bounded polling
      // lets either run (Netty's own busy wait would poll for ever)
      context.runOnContext(v -> {
        task.countDown();
        loops.vertx().setTimer(200, id -> timer.countDown());
      });
      assertTrue(task.await(60, TimeUnit.SECONDS), "another thread's task runs on a polling loop");
      assertTrue(timer.await(60, TimeUnit.SECONDS), "a timer fires on a polling loop with no socket");
      long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(elapsedMillis >= 200, "the timer fired after its delay, not at once: " + elapsedMillis + " ms");
      // the loop goes on polling with nothing to do, and its polling CPU is counted: it reaches 20 ms, which a loop
      // that slept would never spend (how soon depends on how much of a core the machine gives the loop)
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (loops.spinCpuNanos() < TimeUnit.MILLISECONDS.toNanos(20) && System.nanoTime() - deadline < 0) {
        Thread.sleep(10);
      }
      assertTrue(loops.spinCpuNanos() >= TimeUnit.MILLISECONDS.toNanos(20),
          "polling CPU counted: " + loops.spinCpuNanos() + " ns in 60 s of a loop with nothing to read");
    }
  }

  @Test
  void loopsThatSleepCountNoPolling() throws Exception {
    try (EventLoops loops = EventLoops.start(1)) {
      assertFalse(loops.busyPoll());
      CountDownLatch timer = new CountDownLatch(1);
      loops.vertx().getOrCreateContext().runOnContext(v -> loops.vertx().setTimer(100, id -> timer.countDown()));
      assertTrue(timer.await(60, TimeUnit.SECONDS));
      assertEquals(0, loops.spinCpuNanos());
    }
  }
}
