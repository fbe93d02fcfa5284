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
import stress.metrics.PhaseRecorder;
import stress.metrics.PhaseStats;

class PerHostReportTest {
  private static final long MS = 1_000_000L;
  private static final long SECOND = 1_000_000_000L;

  /** Three workers over two coordinators: h1 gets workers 0 and 2 (fast), h2 worker 1 (slow, one failure). */
  private static PhaseResult spreadPhase(String label, List<String> hosts) {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 3, TimeUnit.HOURS.toNanos(1),
        List.of(hosts.get(0), hosts.get(1), hosts.get(0)));
    for (int i = 0; i < 100; i++) {
      phase.worker(0).success(0, 1 * MS, 1);
      phase.worker(2).success(0, 2 * MS, 1);
      if (i % 2 == 0) {
        phase.worker(1).success(0, 10 * MS, 1);
      }
    }
    phase.worker(1).failure(0, 5 * MS, "57P01", "terminating connection due to administrator command");
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
        List.of(result(List.of("c1:5432", "c2:5432")), result(List.of("c1:5432", "c2:5432"))));
    PhaseResult phase = merged.phases().get(0);
    assertEquals(2, phase.hosts().size());
    assertEquals(400, phase.hosts().get(0).stats().total().count());
    assertEquals(4, phase.hosts().get(0).threads());
    assertEquals(2, phase.hosts().get(1).stats().total().errorCount());
    long hostSum = phase.hosts().stream().mapToLong(h -> h.stats().total().count()).sum();
    assertEquals(phase.stats().total().count(), hostSum);
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
