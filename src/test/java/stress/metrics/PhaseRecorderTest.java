package stress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PhaseRecorderTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long MS = 1_000_000L;
  private static final long HOUR = TimeUnit.HOURS.toNanos(1);

  @Test
  void intervalFiguresComeFromTheValuesAndTheGivenTimes() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first", "find_update"), 2, HOUR);
    WorkerRecorder w0 = phase.worker(0);
    WorkerRecorder w1 = phase.worker(1);
    for (int i = 0; i < 100; i++) {
      w0.success(0, 2 * MS, 1);
      w1.success(1, 4 * MS, 2);
    }
    w1.failure(1, 9 * MS, "40001", "could not serialize access");
    w0.reconnect();

    IntervalStats interval = phase.takeInterval(10 * SECOND, 12 * SECOND, 2);

    assertEquals(2.0, interval.elapsedSeconds());
    assertFalse(interval.warmup());
    assertEquals(2.0, interval.durationSeconds());
    assertEquals(2, interval.activeThreads());
    assertEquals(200, interval.count());
    assertEquals(100.0, interval.opsPerSecond());
    assertEquals(300, interval.rows());
    assertEquals(150.0, interval.rowsPerSecond());
    assertEquals(3.0, interval.avgMs(), 0.003);
    assertEquals(2.0, interval.p50Ms(), 0.002);
    assertEquals(4.0, interval.p95Ms(), 0.004);
    assertEquals(4.0, interval.maxMs(), 0.004);
    assertEquals(1, interval.errorCount());
    assertEquals(0.5, interval.errorsPerSecond());
    assertEquals(1, interval.reconnects());
    assertEquals(0.5, interval.reconnectsPerSecond());
    IntervalOperationStats update = interval.operations().get(1);
    assertEquals("find_update", update.name());
    assertEquals(100, update.count());
    assertEquals(50.0, update.opsPerSecond());
    assertEquals(4.0, update.p99Ms(), 0.004);
    assertEquals(1, update.errorCount());
    assertEquals(0, interval.operations().get(0).errorCount());
    assertEquals(200, update.rows());
    assertEquals(100.0, update.rowsPerSecond());
    assertEquals(4.0, update.p50Ms(), 0.004);
    assertEquals(4.0, update.maxMs(), 0.004);
    assertEquals(java.util.Map.of("40001", 1L), update.errorsBySqlState());
    assertEquals(100, update.latency().totalCount());
    assertEquals(100, update.latency().decode().getCountAtValue(4 * MS));
    IntervalOperationStats first = interval.operations().get(0);
    assertEquals(100, first.rows());
    assertEquals(2.0, first.p50Ms(), 0.002);
    assertEquals(java.util.Map.of(), first.errorsBySqlState());

    // the next interval starts empty: the histograms were swapped
    IntervalStats next = phase.takeInterval(12 * SECOND, 13 * SECOND, 2);
    assertEquals(3.0, next.elapsedSeconds());
    assertEquals(0, next.count());
    assertEquals(0.0, next.avgMs());
    assertEquals(0, next.rows());
    assertEquals(0, next.reconnects());
  }

  @Test
  void anExecutionEndingAfterThePhaseFinishedIsNotToldAsMeasured() {
    // a worker whose thread outlived the join's grace records into a slot nobody merges: the summary never counts
    // it, so a probe must not count it as measured either
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 1, HOUR);
    WorkerRecorder worker = phase.worker(0);
    assertTrue(worker.success(0, MS, 1));
    PhaseStats stats = phase.finish(0, SECOND);
    assertFalse(worker.success(0, MS, 1), "after the phase's end");
    assertFalse(worker.failure(0, MS, "57P01", "terminating connection"));
    assertEquals(1, stats.total().count());
  }

  @Test
  void resetDiscardsWarmupAndThePendingInterval() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 1, HOUR);
    WorkerRecorder worker = phase.worker(0);
    phase.beginWarmup();
    assertFalse(worker.success(0, 50 * MS, 10), "a warm-up execution does not count");
    assertFalse(worker.failure(0, 60 * MS, "57P01", "terminating connection"));
    assertFalse(worker.reconnect());
    IntervalStats warm = phase.takeInterval(0, SECOND, 1);
    assertTrue(warm.warmup());
    assertEquals(1.0, warm.elapsedSeconds());
    assertEquals(1, warm.count());
    assertFalse(worker.success(0, 70 * MS, 10), "pending when warm-up ends, still warm-up");

    phase.resetTotals(SECOND + SECOND / 2);
    assertTrue(worker.success(0, 1 * MS, 1), "counted in the totals");
    assertTrue(worker.success(0, 3 * MS, 1));
    IntervalStats measured = phase.takeInterval(SECOND, 2 * SECOND + SECOND / 2, 1);
    PhaseStats stats = phase.finish(SECOND + SECOND / 2, 3 * SECOND + SECOND / 2);

    assertFalse(measured.warmup());
    assertEquals(1.0, measured.elapsedSeconds(), "elapsed counts from the reset");
    assertEquals(1.0, measured.durationSeconds(), "rates count from the reset, not from the interval start before it");
    assertEquals(2.0, measured.opsPerSecond());
    OperationStats op = stats.operation("find_first");
    assertEquals(2, op.count());
    assertEquals(2, op.rows());
    assertEquals(0, op.errorCount());
    assertEquals(List.of(), op.errors());
    assertEquals(0, stats.reconnects());
    assertEquals(3.0, op.latencyMs().max(), 0.003, "the 50 and 70 ms warm-up values are gone");
    assertEquals(2.0, stats.durationSeconds());
    assertEquals(1.0, op.opsPerSecond());

    // the warm-up interval stays, flagged; the measured ones add up to the totals
    assertEquals(3, stats.intervals().size());
    assertTrue(stats.intervals().get(0).warmup());
    assertEquals(op.count(), stats.intervals().stream().filter(i -> !i.warmup()).mapToLong(IntervalStats::count).sum());
    assertEquals(2.0, stats.intervals().get(2).elapsedSeconds());
  }

  @Test
  void intervalsTakenBeforeAResetAreFlaggedAsWarmupEvenWithoutBeginWarmup() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 1, HOUR);
    phase.worker(0).success(0, MS, 1);
    assertFalse(phase.takeInterval(0, SECOND, 1).warmup());
    phase.resetTotals(SECOND);
    PhaseStats stats = phase.finish(SECOND, 2 * SECOND);
    assertTrue(stats.intervals().get(0).warmup());
    assertEquals(0, stats.total().count());
  }

  @Test
  void errorsAreGroupedBySqlStateWithTheFirstMessageAndTheDistinctOnesCounted() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first", "find_insert"), 2, HOUR);
    WorkerRecorder w0 = phase.worker(0);
    WorkerRecorder w1 = phase.worker(1);
    w0.failure(1, 2 * MS, "23505", "duplicate key value violates unique constraint \"t_copy_pkey\" (first)");
    w1.failure(1, 3 * MS, "23505", "duplicate key (second)");
    w1.failure(1, 4 * MS, "23505", "duplicate key (second)");
    w0.failure(1, 5 * MS, null, "I/O error");
    w0.failure(1, 6 * MS, null, null);
    w1.failure(0, 7 * MS, "57014", "canceling statement due to statement timeout");
    w0.success(1, MS, 1);

    PhaseStats stats = phase.finish(0, SECOND);

    OperationStats insert = stats.operation("find_insert");
    ErrorStats duplicates = new ErrorStats("23505", 3,
        "duplicate key value violates unique constraint \"t_copy_pkey\" (first)", List.of(
            new ErrorMessage("duplicate key (second)", 2),
            new ErrorMessage("duplicate key value violates unique constraint \"t_copy_pkey\" (first)", 1)));
    ErrorStats unknown = new ErrorStats("unknown", 2, "I/O error",
        List.of(new ErrorMessage("(no message)", 1), new ErrorMessage("I/O error", 1)));
    assertEquals(List.of(duplicates, unknown), insert.errors());
    assertEquals(5, insert.errorCount());
    assertEquals(5.0, insert.errorsPerSecond());
    assertEquals(1, insert.count());
    assertEquals(1.0, insert.latencyMs().max(), 0.001, "failure latency stays out of the success histogram");
    assertEquals(6.0, insert.errorLatencyMs().max(), 0.006);
    assertEquals(2.0, insert.errorLatencyMs().min(), 0.002);
    assertEquals(List.of(new ErrorStats("57014", 1, "canceling statement due to statement timeout")),
        stats.operation("find_first").errors());
    assertEquals(List.of(duplicates, unknown,
        new ErrorStats("57014", 1, "canceling statement due to statement timeout")), stats.total().errors());
    assertEquals(6, stats.total().errorCount());
  }

  /**
   * The messages of a real run on Postgres-XL 10r1.1 (8 sessions, datanode dn2 stopped and started again): one
   * SQLState, XX000, for all of them; the first message was the rarest, and the summary showed only it.
   */
  @Test
  void theMessagesOfOneSqlStateAreKeptAcrossIntervalsAndWorkersMostFrequentFirst() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first", "find_update"), 2, HOUR);
    WorkerRecorder w0 = phase.worker(0);
    WorkerRecorder w1 = phase.worker(1);
    w0.failure(0, MS, "XX000", "ERROR: Failed to sync msg to node 16386");
    w1.failure(0, MS, "XX000", "ERROR: Failed to receive more data from data node 16386");
    w1.failure(1, MS, "XX000", "ERROR: failed to send GXID for COMMIT PREPARED command");
    phase.takeInterval(0, SECOND, 2);
    for (int i = 0; i < 30; i++) {
      (i % 2 == 0 ? w0 : w1).failure(0, MS, "XX000", "ERROR: Could not begin transaction on data node.");
    }
    w0.failure(0, MS, "XX000", "ERROR: Failed to sync msg to node 16386");
    w1.failure(1, MS, "XX000", "ERROR: Could not begin transaction on data node.");

    PhaseStats stats = phase.finish(0, 2 * SECOND);

    ErrorStats lookups = stats.operation("find_first").errors().get(0);
    assertEquals("ERROR: Failed to sync msg to node 16386", lookups.firstMessage());
    assertEquals(List.of(new ErrorMessage("ERROR: Could not begin transaction on data node.", 30),
        new ErrorMessage("ERROR: Failed to sync msg to node 16386", 2),
        new ErrorMessage("ERROR: Failed to receive more data from data node 16386", 1)), lookups.messages());
    assertEquals(0, lookups.otherMessages());
    ErrorStats total = stats.total().errors().get(0);
    assertEquals(35, total.count());
    assertEquals(List.of(new ErrorMessage("ERROR: Could not begin transaction on data node.", 31),
        new ErrorMessage("ERROR: Failed to sync msg to node 16386", 2),
        new ErrorMessage("ERROR: Failed to receive more data from data node 16386", 1),
        new ErrorMessage("ERROR: failed to send GXID for COMMIT PREPARED command", 1)), total.messages());
  }

  @Test
  void messagesBeyondTheCountedOnesAreCountedTogether() {
    PhaseRecorder phase = new PhaseRecorder(List.of("insert"), 1, HOUR);
    WorkerRecorder w = phase.worker(0);
    for (int key = 0; key < 40; key++) {
      w.failure(0, MS, "23505", "duplicate key value violates unique constraint\n  Detail: Key (_id)=(" + key + ") already exists.");
    }
    w.failure(0, MS, "23505", "duplicate key value violates unique constraint\n  Detail: Key (_id)=(0) already exists.");

    ErrorStats duplicates = phase.finish(0, SECOND).operation("insert").errors().get(0);

    assertEquals(41, duplicates.count());
    assertEquals(MessageTally.LISTED, duplicates.messages().size(), "the most frequent few are listed");
    assertEquals(new ErrorMessage("duplicate key value violates unique constraint\n  Detail: Key (_id)=(0) already exists.", 2),
        duplicates.messages().get(0));
    assertEquals(41 - 2 - (MessageTally.LISTED - 1), duplicates.otherMessages());
  }

  @Test
  void eachIntervalCarriesItsOwnErrorsBySqlStateAndLatencyHistogram() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first", "find_insert"), 2, HOUR);
    WorkerRecorder w0 = phase.worker(0);
    WorkerRecorder w1 = phase.worker(1);
    w0.failure(1, 2 * MS, "23505", "duplicate key");
    w1.failure(1, 3 * MS, "23505", "duplicate key");
    w1.failure(1, 4 * MS, null, "An I/O error occurred while sending to the backend.");
    w0.success(0, 5 * MS, 1);
    IntervalStats first = phase.takeInterval(0, SECOND, 2);
    w1.failure(1, 2 * MS, "40001", "could not serialize access");
    w0.success(0, 7 * MS, 1);
    w1.success(0, 9 * MS, 1);
    PhaseStats stats = phase.finish(0, 2 * SECOND);
    IntervalStats second = stats.intervals().get(1);

    assertEquals(java.util.Map.of("23505", 2L, ErrorStats.UNKNOWN, 1L), first.operations().get(1).errorsBySqlState());
    assertEquals(java.util.Map.of("40001", 1L), second.operations().get(1).errorsBySqlState(), "the map starts empty each interval");
    assertEquals(java.util.Map.of(), second.operations().get(0).errorsBySqlState());
    for (String name : List.of("find_first", "find_insert")) {
      int op = phase.operationNames().indexOf(name);
      org.HdrHistogram.Histogram sum = new org.HdrHistogram.Histogram(1, HOUR, 3);
      stats.intervals().forEach(i -> sum.add(i.operations().get(op).latency().decode()));
      assertEquals(stats.operation(name).histogram(), sum, "the interval histograms of " + name + " add up to its total");
    }
    assertEquals(9.0, second.operations().get(0).maxMs(), 0.009);
    assertEquals(2, second.operations().get(0).latency().totalCount());
  }

  @Test
  void aFailureWithoutSqlStateOrMessageIsStillCounted() {
    PhaseRecorder phase = new PhaseRecorder(List.of("find"), 1, HOUR);
    phase.worker(0).failure(0, MS, null, null);
    PhaseStats stats = phase.finish(0, SECOND);
    assertEquals(List.of(new ErrorStats("unknown", 1, "(no message)")), stats.operation("find").errors());
  }

  @Test
  void totalsMergeTheOperationsHistograms() {
    PhaseRecorder phase = new PhaseRecorder(List.of("a", "b"), 1, HOUR);
    WorkerRecorder worker = phase.worker(0);
    for (int i = 1; i <= 100; i++) {
      worker.success(0, i * MS, 0);
      worker.success(1, (100 + i) * MS, 0);
    }
    PhaseStats stats = phase.finish(0, 10 * SECOND);
    assertEquals(200, stats.total().count());
    assertEquals(20.0, stats.total().opsPerSecond());
    assertEquals(100.0, stats.total().latencyMs().p50(), 0.1);
    assertEquals(200.0, stats.total().latencyMs().max(), 0.2);
    assertEquals(1.0, stats.total().latencyMs().min(), 0.001);
    assertEquals(100.5, stats.total().latencyMs().avg(), 0.1);
    assertEquals(stats.operation("a").histogram().getTotalCount() + stats.operation("b").histogram().getTotalCount(),
        stats.total().histogram().getTotalCount());
  }

  @Test
  void theLastIntervalIsTakenByFinish() {
    PhaseRecorder phase = new PhaseRecorder(List.of("a"), 1, HOUR);
    phase.worker(0).success(0, MS, 0);
    phase.takeInterval(0, SECOND, 1);
    phase.worker(0).success(0, MS, 0);
    PhaseStats stats = phase.finish(0, SECOND + SECOND / 2);
    assertEquals(2, stats.intervals().size());
    IntervalStats last = stats.intervals().get(1);
    assertEquals(0.5, last.durationSeconds());
    assertEquals(1.5, last.elapsedSeconds());
    assertEquals(2.0, last.opsPerSecond());
    assertEquals(1, last.activeThreads());
  }

  @Test
  void badUseIsRefusedWithAMessage() {
    assertThrows(IllegalArgumentException.class, () -> new PhaseRecorder(List.of(), 1, HOUR));
    var duplicate = assertThrows(IllegalArgumentException.class, () -> new PhaseRecorder(List.of("a", "a"), 1, HOUR));
    assertTrue(duplicate.getMessage().contains("appears twice"), duplicate.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new PhaseRecorder(List.of("a"), 0, HOUR));
    assertThrows(IllegalArgumentException.class, () -> new PhaseRecorder(List.of("a"), 1, 1));

    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 2, SECOND);
    assertThrows(IllegalArgumentException.class, () -> phase.worker(2));
    WorkerRecorder worker = phase.worker(1);
    var tooLong = assertThrows(IllegalArgumentException.class, () -> worker.success(0, SECOND + 1, 0));
    assertEquals("latency of find_first must be between 0 and 1000000000 ns (the phase's highest trackable value), got 1000000001 ns",
        tooLong.getMessage());
    assertThrows(IllegalArgumentException.class, () -> worker.success(0, -1, 0));
    assertThrows(IllegalArgumentException.class, () -> worker.success(0, 1, -1));
    assertThrows(IllegalArgumentException.class, () -> worker.failure(0, -1, null, null));
    var badOp = assertThrows(IllegalArgumentException.class, () -> worker.failure(1, -1, null, null));
    assertTrue(badOp.getMessage().contains("operation index"), badOp.getMessage());
    assertThrows(IllegalArgumentException.class, () -> phase.takeInterval(2, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> phase.finish(5, 5));

    phase.finish(0, SECOND);
    assertThrows(IllegalStateException.class, () -> phase.takeInterval(0, 1, 1));
    assertThrows(IllegalStateException.class, () -> phase.finish(0, SECOND));
    assertThrows(IllegalStateException.class, phase::resetTotals);
  }
}
