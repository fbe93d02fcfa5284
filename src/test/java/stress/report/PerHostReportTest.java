package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import stress.metrics.HostStats;
import stress.metrics.DegradedWindow;
import stress.metrics.Outage;
import stress.metrics.PhaseRecorder;
import stress.metrics.PhaseStats;
import stress.report.files.CsvReport;
import stress.report.merge.ResultMerger;

class PerHostReportTest {
  private static final long MS = 1_000_000L;
  private static final long SECOND = 1_000_000_000L;

  /** Three workers over two coordinators: h1 gets workers 0 and 2 (fast), h2 worker 1 (slow, one failure). */
  private static PhaseResult spreadPhase(String label, List<String> hosts) {
    // outages timed by a stopped clock: a pause of this machine after the failure must not become one
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 3, TimeUnit.HOURS.toNanos(1),
        List.of(hosts.get(0), hosts.get(1), hosts.get(0)), Fixtures.STOPPED_CLOCK);
    for (int i = 0; i < 100; i++) {
      phase.worker(0).success(0, 1 * MS, 1);
      phase.worker(2).success(0, 2 * MS, 1);
      if (i % 2 == 0) {
        phase.worker(1).success(0, 10 * MS, 1);
      }
    }
    phase.worker(1).failure(0, 5 * MS, "57P01", "terminating connection due to administrator command");
    phase.worker(2).retry(0);
    PhaseStats total = phase.finish(0, 10 * SECOND);
    return new PhaseResult(label, Map.of("threads", "3"), Map.of(), Map.of("kind", "none"), total,
        phase.hostStats());
  }

  private static RunResult result(List<String> hosts) {
    return new RunResult("0.1.0", Instant.parse("2026-01-01T00:00:00Z"), Map.of("pools", List.of("none")),
        Map.of("kind", "citus coordinator"), List.of(spreadPhase("threads=3", hosts)));
  }

  @Test
  void theHostTableHasOneRowPerHostAndTheTotal() {
    PhaseResult phase = spreadPhase("threads=3", List.of("c1:5432", "c2:5432"));
    String text = TextReport.hostTable(phase.hosts(), phase.stats());
    List<String> lines = text.lines().toList();
    assertEquals("per host (latency of successful operations in ms):", lines.get(0));
    assertTrue(lines.get(1).startsWith("host"), text);
    assertTrue(lines.get(2).matches("c1:5432\\s+2\\s+200\\s+20\\.0\\s+1\\.0\\s+2\\.0\\s+2\\.0\\s+0\\s+80\\.0%"), text);
    assertTrue(lines.get(3).matches("c2:5432\\s+1\\s+50\\s+5\\.0\\s+10\\.0\\s+10\\.0\\s+10\\.0\\s+1\\s+20\\.0%"), text);
    assertTrue(lines.get(4).matches("total\\s+3\\s+250\\s+25\\.0\\s+.*\\s+1\\s+100\\.0%"), text);
  }

  @Test
  void aSpreadIntervalLineEndsWithEachHost() {
    PhaseResult phase = spreadPhase("threads=3", List.of("c1:5432", "c2:5432"));
    String line = TextReport.intervalLine(phase.stats().intervals().get(0));
    assertTrue(line.endsWith(" hosts: c1:5432 20.0/s p99 2.0ms | c2:5432 5.0/s p99 10.0ms err 1"), line);
    assertFalse(line.contains("\n"), "still one line");
    assertFalse(TextReport.intervalLine(Fixtures.twoOperations(1).intervals().get(0)).contains("hosts:"),
        "no hosts on a run on one host");
  }

  @Test
  void intervalsCsvHasOneRowPerHostAfterTheTotalAndTheyAddUp() {
    PhaseResult phase = spreadPhase("threads=3", List.of("c1:5432", "c2:5432"));
    List<List<String>> rows = StrictCsv.parse(CsvReport.intervals(List.of(phase)));
    List<String> header = rows.get(0);
    assertEquals(CsvReport.INTERVAL_COLUMNS, header);
    int operation = header.indexOf("operation");
    int count = header.indexOf("count");
    int errors = header.indexOf("errors");
    assertEquals(List.of("find_first", "total", "host:c1:5432", "host:c2:5432"),
        rows.subList(1, rows.size()).stream().map(r -> r.get(operation)).toList());
    rows.forEach(r -> assertEquals(header.size(), r.size(), "every row has every column: " + r));
    assertEquals("250", rows.get(2).get(count));
    assertEquals("200", rows.get(3).get(count));
    assertEquals("50", rows.get(4).get(count));
    assertEquals("0", rows.get(3).get(errors));
    assertEquals("1", rows.get(4).get(errors));
    assertEquals(10.0, Double.parseDouble(rows.get(4).get(header.indexOf("lat_p99_ms"))), 0.01);
  }

  @Test
  void intervalHostsSurviveTheJsonRoundTripAndAreLeftOutWhenNotSpread() {
    RunResult written = result(List.of("c1:5432", "c2:5432"));
    String json = JsonReport.toJson(written);
    RunResult read = JsonReport.fromJson(json);
    assertEquals(written.phases().get(0).stats().intervals().get(0).hosts(),
        read.phases().get(0).stats().intervals().get(0).hosts());
    assertEquals(2, read.phases().get(0).stats().intervals().get(0).hosts().size());

    String unspread = JsonReport.toJson(JsonReportTest.run());
    assertFalse(unspread.contains("\"hosts\""), "no per-host figures, no field, in the intervals either");
    RunResult old = JsonReport.fromJson(Golden.read("run-result-before-interval-details.json"));
    assertEquals(List.of(), old.phases().get(0).stats().intervals().get(0).hosts());
  }

  @Test
  void hostsSurviveTheJsonRoundTrip() {
    RunResult written = result(List.of("c1:5432", "c2:5432"));
    String json = JsonReport.toJson(written);
    assertTrue(json.contains("\"hosts\" : ["), json);
    RunResult read = JsonReport.fromJson(json);
    List<HostStats> hosts = read.phases().get(0).hosts();
    assertEquals(List.of("c1:5432", "c2:5432"), hosts.stream().map(HostStats::host).toList());
    assertEquals(2, hosts.get(0).threads());
    assertEquals(200, hosts.get(0).stats().total().count());
    assertEquals(1, hosts.get(1).stats().total().errorCount());
    assertEquals(written.phases().get(0).hosts().get(1).stats().total().histogram(),
        hosts.get(1).stats().total().histogram());
  }

  @Test
  void aResultWithoutHostsHasNoHostsFieldAndOldFilesReadBack() {
    String json = JsonReport.toJson(JsonReportTest.run());
    assertFalse(json.contains("\"hosts\""), "no per-host figures, no field");
    // the golden file was written before per-host figures existed
    RunResult old = JsonReport.fromJson(Golden.read("run-result.json"));
    assertEquals(List.of(), old.phases().get(0).hosts());
  }

  @Test
  void mergeAddsTheSameHostsOfEveryResult() {
    RunResult merged = ResultMerger.merge(List.of("a.json", "b.json"),
        List.of(result(List.of("c1:5432", "c2:5432")), Fixtures.startedLater(result(List.of("c1:5432", "c2:5432")))));
    PhaseResult phase = merged.phases().get(0);
    assertEquals(2, phase.hosts().size());
    assertEquals(400, phase.hosts().get(0).stats().total().count());
    assertEquals(4, phase.hosts().get(0).threads());
    assertEquals(2, phase.hosts().get(1).stats().total().errorCount());
    long hostSum = phase.hosts().stream().mapToLong(h -> h.stats().total().count()).sum();
    assertEquals(phase.stats().total().count(), hostSum);
  }

  /** The result with the outages given as the ones its one phase saw. */
  private static RunResult withOutages(RunResult result, List<Outage> outages) {
    return withWindows(result, outages, List.of());
  }

  /** The result with the outages and degraded windows given as the ones its one phase saw. */
  private static RunResult withWindows(RunResult result, List<Outage> outages, List<DegradedWindow> degraded) {
    PhaseResult p = result.phases().get(0);
    PhaseStats s = p.stats();
    PhaseStats stats = new PhaseStats(s.durationSeconds(), s.operations(), s.total(), s.reconnects(),
        s.reconnectsPerSecond(), s.intervals(), outages, degraded);
    return new RunResult(result.toolVersion(), result.startTime(), result.settings(), result.target(),
        List.of(new PhaseResult(p.label(), p.combination(), p.settingsReadBack(), p.connection(), stats, p.hosts())));
  }

  @Test
  void mergeSumsRetriesAndKeepsEveryOutageLabelledWithItsInput() {
    List<String> hosts = List.of("c1:5432", "c2:5432");
    DegradedWindow halfDown = new DegradedWindow(3.0, 5.0, 1000, 400, 0, Map.of("08006", 400L),
        Map.of("w2:5432", 400L), null);
    RunResult a = withWindows(result(hosts), List.of(new Outage(1.5, 2.25, "57P01")), List.of(halfDown));
    RunResult b = withOutages(result(hosts), List.of(new Outage(1.0, 1.5, "08006"), new Outage(8.0, null, "08001")));
    RunResult c = result(hosts);

    RunResult merged = ResultMerger.merge(List.of("a.json", "b.json", "c.json"), List.of(a, b, c));
    PhaseStats stats = merged.phases().get(0).stats();
    assertEquals(3, stats.operation("find_first").retries(), "one retried attempt in each input");
    assertEquals(3, stats.total().retries());
    assertEquals(List.of(3L, 0L), merged.phases().get(0).hosts().stream().map(h -> h.stats().total().retries())
        .toList(), "the retrying worker used c1");
    assertEquals(List.of(new Outage(1.5, 2.25, "57P01", "a.json"), new Outage(1.0, 1.5, "08006", "b.json"),
        new Outage(8.0, null, "08001", "b.json")), stats.outages());
    List<DegradedWindow> expected = new java.util.ArrayList<>(List.of(halfDown.from("a.json")));
    c.phases().get(0).stats().degraded().forEach(d -> expected.add(d.from("c.json")));
    assertEquals(expected, stats.degraded(), "degraded windows are kept per input too");

    String json = JsonReport.toJson(merged);
    assertTrue(json.contains("\"source\" : \"b.json\""), json);
    assertEquals(stats.outages(), JsonReport.fromJson(json).phases().get(0).stats().outages());
    assertEquals(stats.degraded(), JsonReport.fromJson(json).phases().get(0).stats().degraded());
    assertFalse(JsonReport.toJson(a).contains("\"source\""), "one process's outages have no source");
    String text = TextReport.summary("threads=3", stats);
    assertTrue(text.contains("outage (a.json): 1.500 s -> 2.250 s"), text);
    assertTrue(text.contains("outage (b.json): 8.000 s -> end of phase, never recovered"), text);

    RunResult again = ResultMerger.merge(List.of("ab.json", "c.json"),
        List.of(ResultMerger.merge(List.of("a.json", "b.json"), List.of(a, b)), c));
    assertEquals("ab.json: a.json", again.phases().get(0).stats().outages().get(0).source(),
        "a merged input keeps its labels behind its own name");
    assertEquals(3, again.phases().get(0).stats().total().retries());
  }

  @Test
  void mergeOfDifferentHostsKeepsTheTotalsAndSaysWhyThereAreNoHostRows() {
    RunResult merged = ResultMerger.merge(List.of("a.json", "b.json"),
        List.of(result(List.of("c1:5432", "c2:5432")), result(List.of("c3:5432", "c4:5432"))));
    PhaseResult phase = merged.phases().get(0);
    assertEquals(List.of(), phase.hosts());
    assertEquals(500, phase.stats().total().count());
    assertEquals("not merged: the results ran against different hosts", phase.connection().get("per-host figures"));
  }
}
