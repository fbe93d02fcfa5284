package stress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PhaseRecorderHostsTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long MS = 1_000_000L;
  private static final long HOUR = TimeUnit.HOURS.toNanos(1);

  @Test
  void eachHostGetsWhatItsWorkersRecordedAndTheHostsAddUpToTheTotal() {
    // three workers round-robin over two hosts: workers 0 and 2 on h1, worker 1 on h2
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first", "find_update"), 3, HOUR,
        List.of("h1:5432", "h2:5432", "h1:5432"));
    for (int i = 0; i < 10; i++) {
      phase.worker(0).success(0, 2 * MS, 1);
      phase.worker(1).success(1, 8 * MS, 3);
      phase.worker(2).success(0, 4 * MS, 1);
    }
    phase.worker(1).failure(1, 9 * MS, "40001", "could not serialize access");
    phase.worker(2).failure(0, 1 * MS, "57014", "canceling statement due to statement timeout");
    phase.worker(1).reconnect();
    phase.takeInterval(0, SECOND, 3);
    phase.worker(0).success(1, 6 * MS, 1);

    PhaseStats total = phase.finish(0, 2 * SECOND);
    List<HostStats> hosts = phase.hostStats();

    assertEquals(List.of("h1:5432", "h2:5432"), hosts.stream().map(HostStats::host).toList());
    assertEquals(List.of(2, 1), hosts.stream().map(HostStats::threads).toList());
    HostStats h1 = hosts.get(0);
    HostStats h2 = hosts.get(1);
    assertEquals(21, h1.stats().total().count());
    assertEquals(10, h2.stats().total().count());
    assertEquals(20, h1.stats().operation("find_first").count());
    assertEquals(1, h1.stats().operation("find_update").count());
    assertEquals(10.5, h1.stats().total().opsPerSecond());
    assertEquals(8.0, h2.stats().total().latencyMs().p50(), 0.01);
    assertEquals(30, h2.stats().total().rows());
    assertEquals("40001", h2.stats().total().errors().get(0).sqlState());
    assertEquals("57014", h1.stats().total().errors().get(0).sqlState());
    assertEquals(1, h2.stats().reconnects());
    assertEquals(0, h1.stats().reconnects());
    assertTrue(h1.stats().intervals().isEmpty());

    long hostCounts = hosts.stream().mapToLong(h -> h.stats().total().count()).sum();
    long hostErrors = hosts.stream().mapToLong(h -> h.stats().total().errorCount()).sum();
    long hostRows = hosts.stream().mapToLong(h -> h.stats().total().rows()).sum();
    assertEquals(total.total().count(), hostCounts);
    assertEquals(total.total().errorCount(), hostErrors);
    assertEquals(total.total().rows(), hostRows);
    assertEquals(total.reconnects(), hosts.stream().mapToLong(h -> h.stats().reconnects()).sum());
  }

  @Test
  void eachIntervalHasItsHostsAndTheyAddUpToTheInterval() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first", "find_update"), 3, HOUR,
        List.of("h1:5432", "h2:5432", "h1:5432"));
    for (int i = 0; i < 10; i++) {
      phase.worker(0).success(0, 2 * MS, 1);
      phase.worker(1).success(1, 8 * MS, 3);
    }
    phase.worker(2).success(1, 4 * MS, 2);
    phase.worker(1).failure(1, 9 * MS, "40001", "could not serialize access");
    phase.worker(1).reconnect();
    IntervalStats first = phase.takeInterval(0, 2 * SECOND, 3);
    phase.worker(2).success(0, 1 * MS, 1);
    IntervalStats second = phase.takeInterval(2 * SECOND, 3 * SECOND, 3);
    PhaseStats total = phase.finish(0, 4 * SECOND);

    assertEquals(List.of("h1:5432", "h2:5432"), first.hosts().stream().map(IntervalHostStats::host).toList());
    IntervalHostStats h1 = first.hosts().get(0);
    IntervalHostStats h2 = first.hosts().get(1);
    assertEquals(11, h1.count());
    assertEquals(5.5, h1.opsPerSecond());
    assertEquals(12, h1.rows());
    assertEquals(0, h1.errorCount());
    assertEquals(2.0, h1.p50Ms(), 0.01);
    assertEquals(4.0, h1.p99Ms(), 0.01);
    assertEquals(10, h2.count());
    assertEquals(8.0, h2.p95Ms(), 0.01);
    assertEquals(1, h2.errorCount());
    assertEquals(0.5, h2.errorsPerSecond());
    assertEquals(1, h2.reconnects());
    assertEquals(first.count(), h1.count() + h2.count());
    assertEquals(first.rows(), h1.rows() + h2.rows());
    assertEquals(first.errorCount(), h1.errorCount() + h2.errorCount());

    assertEquals(1, second.hosts().get(0).count(), "the second interval has only what came after the first");
    assertEquals(0, second.hosts().get(1).count());
    assertEquals(1.0, second.hosts().get(0).p99Ms(), 0.01);
    // the last interval (finish) is empty but still lists both hosts
    List<IntervalStats> intervals = total.intervals();
    intervals.forEach(i -> assertEquals(2, i.hosts().size()));
    // the intervals of a host add up to its totals
    for (int h = 0; h < 2; h++) {
      int host = h;
      long sum = intervals.stream().mapToLong(i -> i.hosts().get(host).count()).sum();
      assertEquals(phase.hostStats().get(h).stats().total().count(), sum);
    }
  }

  @Test
  void warmUpIntervalsKeepTheirHostsAndAreFlagged() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 2, HOUR, List.of("a:1", "b:1"));
    phase.beginWarmup();
    phase.worker(0).success(0, MS, 1);
    phase.takeInterval(0, SECOND, 2);
    phase.resetTotals(SECOND);
    phase.worker(1).success(0, MS, 1);
    PhaseStats stats = phase.finish(SECOND, 2 * SECOND);

    IntervalStats warmup = stats.intervals().get(0);
    assertTrue(warmup.warmup());
    assertEquals(List.of(1L, 0L), warmup.hosts().stream().map(IntervalHostStats::count).toList());
    IntervalStats measured = stats.intervals().get(1);
    assertEquals(List.of(0L, 1L), measured.hosts().stream().map(IntervalHostStats::count).toList());
  }

  @Test
  void retriesCountPerHost() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_update"), 2, HOUR, List.of("a:1", "b:1"));
    phase.worker(1).retry(0);
    phase.worker(1).retry(0);
    phase.worker(1).success(0, MS, 1);
    PhaseStats total = phase.finish(0, SECOND);
    assertEquals(0, phase.hostStats().get(0).stats().total().retries());
    assertEquals(2, phase.hostStats().get(1).stats().total().retries());
    assertEquals(total.total().retries(), 2);
  }

  @Test
  void warmUpIsNotPartOfAnyHost() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 2, HOUR, List.of("a:1", "b:1"));
    phase.beginWarmup();
    phase.worker(0).success(0, MS, 1);
    phase.worker(1).success(0, MS, 1);
    phase.takeInterval(0, SECOND, 2);
    phase.resetTotals(SECOND);
    phase.worker(1).success(0, MS, 1);

    phase.finish(SECOND, 2 * SECOND);

    assertEquals(0, phase.hostStats().get(0).stats().total().count());
    assertEquals(1, phase.hostStats().get(1).stats().total().count());
  }

  @Test
  void withoutHostsThereAreNoHostFigures() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 1, HOUR);
    phase.worker(0).success(0, MS, 1);
    PhaseStats stats = phase.finish(0, SECOND);
    assertEquals(List.of(), phase.hostStats());
    assertEquals(List.of(), stats.intervals().get(0).hosts());
  }

  @Test
  void theHostListMustCoverEveryWorker() {
    var e = assertThrows(IllegalArgumentException.class,
        () -> new PhaseRecorder(List.of("find_first"), 3, HOUR, List.of("a:1", "b:1")));
    assertTrue(e.getMessage().contains("3 workers"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> new PhaseRecorder(List.of("a"), 1, HOUR).hostStats());
  }
}
