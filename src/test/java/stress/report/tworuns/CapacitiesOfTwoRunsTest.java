package stress.report.tworuns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.model.UsageException;
import stress.report.CapacitySteps;
import stress.report.JsonReport;
import stress.report.PhaseResult;
import stress.report.RoundComparison;
import stress.report.RoundComparisonText;
import stress.report.RunResult;

/**
 * {@code report A B} with a capacity search on a side: capacities compared by their ratio, never the steps as
 * closed-loop phases; a search beside a closed-loop run, or under other objectives, refused. And a search's own
 * phases are never compared with each other, even a result of a search whose phases carry their round.
 */
class CapacitiesOfTwoRunsTest {
  /** A real {@code run --slo 'p99<=5ms' --rounds 2}, whose phases carry the search's round (see the resources). */
  static Path searchWithRounds() throws Exception {
    return Path.of(CapacitiesOfTwoRunsTest.class.getResource("/stress/report/capacity-result.json").toURI());
  }

  @Test
  void twoSearchesUnderTheSameObjectivesCompareTheirCapacitiesWithoutAVerdict() {
    List<String> lines = RunsCompared.lines("before", search("p99<=5ms", 2000.0), "after", search("p99<=5ms", 3000.0));
    assertTrue(lines.get(0).startsWith("after's capacity against before's under p99<=5ms, per combination both"
        + " searched: the ratio of the two capacities, unpaired"), lines.get(0));
    assertTrue(lines.get(0).contains("no verdict"), lines.get(0));
    assertEquals("capacity: before 2000 ops/s, after 3000 ops/s: x1.50 after / before", lines.get(1));
    assertEquals(2, lines.size());
    assertEquals("capacity: before 2000 ops/s, after none found: no ratio: after found no capacity",
        RunsCompared.lines("before", search("p99<=5ms", 2000.0), "after", search("p99<=5ms", null)).get(1));
  }

  @Test
  void aSearchBesideAClosedLoopRunOrUnderOtherObjectivesIsRefusedInOneLine() {
    RunResult closed = new RunResult("test", Instant.parse("2026-01-02T03:04:05Z"), Map.of("rate", "unlimited"),
        Map.of("kind", "postgres"), List.of());
    UsageException mixed = assertThrows(UsageException.class,
        () -> RunsCompared.lines("a", search("p99<=5ms", 2000.0), "b", closed));
    assertEquals("report cannot compare a and b: a is a capacity search (run --slo), whose phases are steps at"
        + " offered rates, and b a closed-loop run; compare two capacity searches under the same objectives, or two"
        + " runs without --slo", mixed.getMessage());
    assertThrows(UsageException.class, () -> RunsCompared.lines("a", closed, "b", search("p99<=5ms", 2000.0)));
    UsageException objectives = assertThrows(UsageException.class,
        () -> RunsCompared.lines("a", search("p99<=5ms", 2000.0), "b", search("p99<=10ms", 2000.0)));
    assertEquals("report cannot compare the capacities of a and b: a searched under p99<=5ms, b under p99<=10ms;"
        + " capacities compare only under the same objectives", objectives.getMessage());
  }

  @Test
  void oneCapacityBesideCapacitiesComparedIsRefusedAndTwoComparisonsPairTheirCombinations() throws Exception {
    RunResult compared = JsonReport.read(Path.of(getClass().getResource(
        "/stress/report/capacity-compared-result.json").toURI()));
    UsageException e = assertThrows(UsageException.class,
        () -> RunsCompared.lines("one", search("p99<=5ms", 2000.0), "two", compared));
    assertTrue(e.getMessage().contains("one searched one capacity, two compared capacities (mode=prepared,"
        + " mode=plain)"), e.getMessage());
    List<String> lines = RunsCompared.lines("x", compared, "y", compared);
    assertEquals(List.of("mode=prepared: x 41700 ops/s [36500-45600], y 41700 ops/s [36500-45600]: x1.00 y / x",
        "mode=plain: x 12100 ops/s [10600-16500], y 12100 ops/s [10600-16500]: x1.00 y / x"), lines.subList(1, 3));
  }

  @Test
  void aSearchsStepsAreNotPairedAsRoundsNorComparedInTheText() throws Exception {
    RunResult result = JsonReport.read(searchWithRounds());
    assertTrue(RoundComparison.hasRounds(result), "the fixture's phases carry their round");
    assertNull(result.roundComparison(), "its steps at offered rates are not combinations to pair");
    String text = RoundComparisonText.of(result);
    assertTrue(text.contains("no comparison of the phases: they are the steps of a capacity search"), text);
    assertTrue(!text.contains("*"), "no step marked as the most ops/s: " + text);
  }

  @Test
  void aSearchsPhasesAreNamedByTheirStepPerCombination() throws Exception {
    RunResult compared = JsonReport.read(Path.of(getClass().getResource(
        "/stress/report/capacity-compared-result.json").toURI()));
    List<PhaseResult> phases = new java.util.ArrayList<>(compared.phases());
    phases.add(1, phases.get(0)); // a rate offered a second time: the same label
    RunResult offeredTwice = new RunResult(compared.toolVersion(), compared.startTime(), compared.settings(),
        compared.target(), phases);
    List<String> labels = CapacitySteps.numbered(offeredTwice).phases().stream().map(PhaseResult::label).toList();
    assertEquals(List.of("step 1 · offered ops/s=15200 search round=1 mode=prepared pool=none threads=4",
        "step 2 · offered ops/s=15200 search round=1 mode=prepared pool=none threads=4",
        "step 3 · offered ops/s=30300 search round=1 mode=prepared pool=none threads=4",
        "step 1 · offered ops/s=8050 search round=1 mode=plain pool=none threads=4",
        "step 2 · offered ops/s=16100 search round=1 mode=plain pool=none threads=4"), labels,
        "each combination's steps numbered from 1, as the Capacity section's table of steps");
  }

  /** A search of one combination, one round, as the run writes it into the settings. */
  private static RunResult search(String objective, Double capacity) {
    Map<String, Object> round = new LinkedHashMap<>();
    round.put("round", 1);
    round.put("capacity ops/s", capacity);
    round.put("broke at ops/s", 4000.0);
    round.put("broke on", List.of("p99 9.0 ms > 5.0 ms"));
    round.put("client's limit", false);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("objectives", List.of(objective));
    json.put("resolution", 0.05);
    if (capacity != null) {
      json.put("capacity ops/s", capacity);
    }
    json.put("rounds", List.of(round));
    json.put("steps", List.of());
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("rate", "searched (--slo)");
    settings.put("capacity", json);
    return new RunResult("test", Instant.parse("2026-01-02T03:04:05Z"), settings, Map.of("kind", "postgres"),
        List.of());
  }
}
