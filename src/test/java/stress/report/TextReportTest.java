package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.metrics.DegradedWindow;
import stress.metrics.ErrorMessage;
import stress.metrics.ErrorStats;
import stress.metrics.IntervalStats;
import stress.metrics.Outage;
import stress.metrics.PhaseRecorder;
import stress.metrics.PhaseStats;

class TextReportTest {
  private static IntervalStats interval(double elapsed, boolean warmup, double opsPerSecond, double avg, double p95, double p99,
      double errorsPerSecond, double reconnectsPerSecond) {
    return new IntervalStats(elapsed, warmup, 1.0, 80, 0, opsPerSecond, 0, 0, avg, 0, p95, p99, 0, 0, errorsPerSecond, 0,
        reconnectsPerSecond, List.of());
  }

  @Test
  void messagesOfOneSqlStateAreListedWithTheirCountsWhenTheyDiffer() {
    assertEquals(List.of("ERROR: Failed to sync msg to node 16386"), TextReport.messageLines(new ErrorStats("XX000", 4,
        "ERROR: Failed to sync msg to node 16386", List.of(new ErrorMessage("ERROR: Failed to sync msg to node 16386", 4)))));
    assertEquals(List.of("ERROR: Could not begin transaction on data node. (550)",
            "ERROR: Failed to sync msg to node 16386 (4)", "other messages (6)"),
        TextReport.messageLines(new ErrorStats("XX000", 560, "ERROR: Failed to sync msg to node 16386", List.of(
            new ErrorMessage("ERROR: Could not begin transaction on data node.", 550),
            new ErrorMessage("ERROR: Failed to sync msg to node 16386", 4)))));
    assertEquals(List.of("ERROR: duplicate key / Detail: Key (_id)=(7) already exists."),
        TextReport.messageLines(new ErrorStats("23505", 2, "ERROR: duplicate key\n  Detail: Key (_id)=(7) already exists.",
            List.of())), "a result written before messages were counted shows its first message");
  }

  @Test
  void intervalLineLooksLikeSysbench() {
    assertEquals("[ 5s ] thds: 80 ops/s: 41234.5 lat(ms) avg/p95/p99: 1.9/3.1/4.7 err/s: 0.0 reconn/s: 0.0",
        TextReport.intervalLine(interval(5.0003, false, 41234.54, 1.93, 3.08, 4.712, 0, 0)));
  }

  @Test
  void warmupIntervalsAreMarked() {
    assertEquals("[ warmup 2s ] thds: 80 ops/s: 120.0 lat(ms) avg/p95/p99: 12.3/360.5/1200.0 err/s: 0.3 reconn/s: 1.5",
        TextReport.intervalLine(interval(2, true, 120, 12.34, 360.46, 1200, 0.25, 1.5)));
  }

  @Test
  void subMillisecondLatencyKeepsTwoSignificantDigits() {
    assertEquals("[ 2.5s ] thds: 80 ops/s: 0.0 lat(ms) avg/p95/p99: 0.048/0.52/0.99 err/s: 0.0 reconn/s: 0.0",
        TextReport.intervalLine(interval(2.5, false, 0, 0.04812, 0.5249, 0.991, 0, 0)));
  }

  /** A short --ops phase lasts milliseconds: its duration and its only interval keep two significant digits. */
  @Test
  void durationsBelowOneSecondKeepTwoSignificantDigits() {
    assertTrue(TextReport.intervalLine(interval(0.01149, false, 9016.3, 0.52, 1.3, 2.0, 0, 0)).startsWith("[ 0.011s ]"));
    assertTrue(TextReport.intervalLine(interval(0.2004, false, 9016.3, 0.52, 1.3, 2.0, 0, 0)).startsWith("[ 0.2s ]"),
        "one decimal as long as it does not read 0");
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 1, TimeUnit.HOURS.toNanos(1));
    for (int i = 0; i < 100; i++) {
      phase.worker(0).success(0, TimeUnit.MICROSECONDS.toNanos(500), 1);
    }
    String summary = TextReport.summary(null, phase.finish(0, TimeUnit.MICROSECONDS.toNanos(11_490)));
    assertTrue(summary.startsWith("duration: 0.011 s "), summary);
    assertTrue(TextReport.summary(null, Fixtures.oneOperation(100, 500)).startsWith("duration: 10.0 s "));
  }

  @Test
  void intervalLineFromARecordedPhase() {
    // measured halves: 500 reads (10 µs steps up to 10 ms) and 100 updates (1 ms steps up to 100 ms) in 5 s each;
    // p95 is the 570th of 600 values: the 60th update above 10 ms (69.5 ms, then 70 ms within 0.1%)
    PhaseStats stats = Fixtures.twoOperations(1);
    List<String> lines = stats.intervals().stream().map(TextReport::intervalLine).toList();
    assertEquals(List.of(
        "[ warmup 1s ] thds: 2 ops/s: 1.0 lat(ms) avg/p95/p99: 30.0/30.0/30.0 err/s: 0.0 reconn/s: 0.0",
        "[ 5s ] thds: 2 ops/s: 120.0 lat(ms) avg/p95/p99: 12.5/69.5/93.5 err/s: 0.4 reconn/s: 0.2 errors: 40001=2",
        "[ 10s ] thds: 2 ops/s: 120.0 lat(ms) avg/p95/p99: 12.6/70.1/94.0 err/s: 0.4 reconn/s: 0.0 errors: 40001=1 unknown=1"),
        lines);
  }

  @ParameterizedTest
  @CsvSource({
      "0, 0.0",
      "0.0004999, 0.00050",
      "0.052349, 0.052",
      "0.1, 0.10",
      "0.9951, 1.0",
      "0.9949, 0.99",
      "1, 1.0",
      "1.94999, 1.9",
      "1.95001, 2.0",
      "12345.67, 12345.7"})
  void millisecondFormat(double ms, String expected) {
    assertEquals(expected, Decimals.millis(ms));
  }

  @Test
  void summaryOfSeveralOperations() {
    Golden.assertMatches("summary-two-operations.txt", TextReport.summary("mode=prepared pool=hikari threads=2", Fixtures.twoOperations(1)));
  }

  @Test
  void summaryOfOneOperationHasNoTotalRow() {
    Golden.assertMatches("summary-one-operation.txt", TextReport.summary("mode=plain", Fixtures.oneOperation(5000, 800)));
  }

  @Test
  void comparisonMarksTheBestAndRatesAgainstTheFirst() {
    List<ComparisonRow> rows = List.of(
        new ComparisonRow(settings("mode", "prepared", "pool", "hikari", "threads", "80"), Fixtures.oneOperation(92_000, 8_000)),
        new ComparisonRow(settings("mode", "plain", "pool", "hikari", "threads", "80"), Fixtures.oneOperation(160_000, 4_500)),
        new ComparisonRow(settings("mode", "plain", "pool", "c3p0", "threads", "80", "set", "global_snapshot_source=coordinator"),
            Fixtures.oneOperation(150_000, 4_800)));
    Golden.assertMatches("comparison.txt", TextReport.comparison(rows));
  }

  @Test
  void comparisonWithoutRowsIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> TextReport.comparison(List.of()));
  }

  private static Map<String, String> settings(String... keyValues) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      map.put(keyValues[i], keyValues[i + 1]);
    }
    return map;
  }

  @Test
  void outagesAndRetriesAppearInTheSummaryOnlyWhenThereWereAny() {
    PhaseStats plain = Fixtures.oneOperation(100, 500);
    String without = TextReport.summary("p", plain);
    assertFalse(without.contains("outage") || without.contains("retries"), without);

    stress.metrics.OperationStats op = plain.operations().get(0);
    stress.metrics.OperationStats retried = stress.metrics.OperationStats.of(op.name(), op.histogram(),
        op.errorHistogram(), op.rows(), op.errors(), plain.durationSeconds(), 7);
    PhaseStats faulty = PhaseStats.of(plain.durationSeconds(), List.of(retried), 4, plain.intervals(),
        List.of(new Outage(1.2, 2.5, "57P01"), new Outage(9.75, null, "08001")));
    String with = TextReport.summary("p", faulty);
    assertTrue(with.lines().anyMatch(l -> l.startsWith("operation ") && l.endsWith("errors  retries")), with);
    assertTrue(with.lines().anyMatch(l -> l.startsWith("find_first ") && l.endsWith(" 7")), with);
    assertTrue(with.contains("outage: 1.200 s -> 2.500 s (1.300 s without a successful execution; first failure 57P01)\n"),
        with);
    assertTrue(with.contains("outage: 9.750 s -> end of phase, never recovered (0.250 s without a successful execution;"
        + " first failure 08001)\n"), with);
  }

  @Test
  void aHalfFailedClusterIsDegradedNamingTheNodeAndAnOutageCountsItsFailures() {
    PhaseStats plain = Fixtures.oneOperation(100, 500);
    PhaseStats half = PhaseStats.of(plain.durationSeconds(), plain.operations(), 0, plain.intervals(),
        List.of(new Outage(1.2, 2.5, "57P01", null, 12, Map.of("57P01", 4L, "08006", 8L), Map.of())),
        List.of(new DegradedWindow(8.0, 17.0, 120034, 58480, 0, Map.of("08006", 58480L),
            Map.of("localhost:9702", 58480L), null)));
    String text = TextReport.summary("p", half);
    assertTrue(text.contains("outage: 1.200 s -> 2.500 s (1.300 s without a successful execution; first failure 57P01;"
        + " 12 failed: 08006=8 57P01=4)\n"), text);
    assertTrue(text.contains("degraded: 8.000 s -> 17.000 s (9.000 s; 48.72% of 120034 executions failed: 08006=58480;"
        + " nodes: localhost:9702=58480)\n"), text);
  }

  @Test
  void intervalLineListsErrorsBySqlStateAndRetries() {
    IntervalStats i = new IntervalStats(3, false, 1.0, 4, 10, 10, 10, 10, 1, 1, 1, 1, 1, 5, 5, 2, 2, List.of(),
        Map.of("57P01", 3L, "08001", 2L), 6);
    assertTrue(TextReport.intervalLine(i).endsWith(" reconn/s: 2.0 errors: 08001=2 57P01=3 retries: 6"),
        TextReport.intervalLine(i));
  }

  @Test
  void percentHasTwoDecimals() {
    assertEquals("0.25%", TextReport.percent(1, 400));
    assertEquals("0.00%", TextReport.percent(0, 0));
    assertEquals("100.00%", TextReport.percent(3, 3));
  }
}
