package stress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PhaseRecorderConcurrencyTest {
  private static final int THREADS = 8;
  private static final int VALUES_PER_THREAD = 100_000;
  private static final long HOUR = TimeUnit.HOURS.toNanos(1);

  /** Worker t, call i: op i%2, latency ((i % 1000) + 1) µs, so each op sees a uniform 1..1000 µs distribution (odd/even). */
  private static long latency(int i) {
    return ((i % 1000) + 1) * 1_000L;
  }

  @Test
  void eightWritersWithAConcurrentReporterLoseNothing() throws Exception {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first", "find_update"), THREADS, HOUR);
    CountDownLatch start = new CountDownLatch(1);
    // every worker stops half-way until the reporter has taken an interval after that point,
    // so at least two intervals hold values whatever the scheduling
    CountDownLatch halfWay = new CountDownLatch(THREADS);
    CountDownLatch takenAtHalfWay = new CountDownLatch(1);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      WorkerRecorder recorder = phase.worker(t);
      Thread worker = new Thread(() -> {
        await(start);
        for (int i = 0; i < VALUES_PER_THREAD; i++) {
          if (i == VALUES_PER_THREAD / 2) {
            halfWay.countDown();
            await(takenAtHalfWay);
          }
          recorder.success(i % 2, latency(i), i % 2 == 0 ? 1 : 3);
          if (i % 10_000 == 0) {
            recorder.failure(1, 5_000_000, "40001", "could not serialize access");
            recorder.reconnect();
          }
        }
      });
      worker.start();
      workers.add(worker);
    }

    AtomicBoolean running = new AtomicBoolean(true);
    List<IntervalStats> taken = new ArrayList<>();
    Thread reporter = new Thread(() -> {
      long last = 0;
      while (running.get()) {
        boolean allHalfWay = halfWay.getCount() == 0;
        long now = last + 1_000_000;
        taken.add(phase.takeInterval(last, now, THREADS));
        last = now;
        if (allHalfWay) {
          takenAtHalfWay.countDown();
        }
        Thread.onSpinWait();
      }
    });
    reporter.start();
    start.countDown();
    for (Thread worker : workers) {
      worker.join();
    }
    running.set(false);
    reporter.join();
    PhaseStats stats = phase.finish(0, Long.MAX_VALUE / 2);

    long perOp = (long) THREADS * VALUES_PER_THREAD / 2;
    OperationStats first = stats.operation("find_first");
    OperationStats update = stats.operation("find_update");
    assertEquals(perOp, first.count());
    assertEquals(perOp, update.count());
    assertEquals(perOp, first.rows());
    assertEquals(3 * perOp, update.rows());
    assertEquals(2 * perOp, stats.total().count());
    assertEquals(4 * perOp, stats.total().rows());
    long failures = THREADS * (VALUES_PER_THREAD / 10_000L);
    assertEquals(failures, update.errorCount());
    assertEquals(List.of(new ErrorStats("40001", failures, "could not serialize access")), update.errors());
    assertEquals(failures, stats.reconnects());
    // failure latency (5 ms) is kept apart from the successes (at most 1 ms)
    assertEquals(5.0, update.errorLatencyMs().max(), 5.0 * 0.001);
    assertTrue(update.latencyMs().max() <= 1.001, "success max " + update.latencyMs().max());

    // the reporter really ran concurrently and its intervals add up to the totals exactly
    assertTrue(stats.intervals().stream().filter(i -> i.count() > 0).count() >= 2, "intervals: " + stats.intervals().size());
    assertEquals(taken, stats.intervals().subList(0, taken.size()));
    assertEquals(stats.total().count(), stats.intervals().stream().mapToLong(IntervalStats::count).sum());
    assertEquals(stats.total().rows(), stats.intervals().stream().mapToLong(IntervalStats::rows).sum());
    assertEquals(stats.total().errorCount(), stats.intervals().stream().mapToLong(IntervalStats::errorCount).sum());
    assertEquals(stats.reconnects(), stats.intervals().stream().mapToLong(IntervalStats::reconnects).sum());
    assertEquals(first.count(), stats.intervals().stream().mapToLong(i -> i.operations().get(0).count()).sum());
    assertFalse(stats.intervals().stream().anyMatch(IntervalStats::warmup));

    // exactly the histogram a single thread would have built from the same values
    Histogram expectedFirst = new Histogram(1, HOUR, 3);
    for (int t = 0; t < THREADS; t++) {
      for (int i = 0; i < VALUES_PER_THREAD; i += 2) {
        expectedFirst.recordValue(latency(i));
      }
    }
    assertEquals(expectedFirst, first.histogram());

    // find_first sees odd microseconds 1..999 uniformly: percentiles within HdrHistogram's 0.1%
    assertWithinPrecision(0.499, first.latencyMs().p50());
    assertWithinPrecision(0.899, first.latencyMs().p90());
    assertWithinPrecision(0.989, first.latencyMs().p99());
    assertWithinPrecision(0.999, first.latencyMs().max());
    assertWithinPrecision(0.001, first.latencyMs().min());
    assertWithinPrecision(0.5, first.latencyMs().avg());
    // find_update sees even microseconds 2..1000
    assertWithinPrecision(0.5, update.latencyMs().p50());
    assertWithinPrecision(1.0, update.latencyMs().max());
    assertWithinPrecision(1.0, stats.total().latencyMs().max());
    assertWithinPrecision(0.5, stats.total().latencyMs().p50());
  }

  private static void assertWithinPrecision(double expectedMs, double actualMs) {
    assertEquals(expectedMs, actualMs, expectedMs * 0.001 + 1e-9, "expected " + expectedMs + " ms within 0.1%");
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
