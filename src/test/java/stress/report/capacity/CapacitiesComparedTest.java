package stress.report.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.app.capacity.CapacityJson;
import stress.report.JsonReport;
import stress.report.RunResult;

/**
 * Capacities compared, read back from the settings' {@code capacity}: a real comparison's result.json (two modes,
 * three rounds) and comparisons written as the run writes them.
 */
public class CapacitiesComparedTest {
  public static Path fixture() throws Exception {
    return Path.of(CapacitiesComparedTest.class.getResource("/stress/report/capacity-compared-result.json").toURI());
  }

  @Test
  void aRealComparisonReadsEachSearchAndTheRatioAsResultJsonHoldsThem() throws Exception {
    RunResult result = JsonReport.read(fixture());
    JsonNode json = new ObjectMapper().readTree(fixture().toFile()).get("settings").get("capacity");
    assertNull(CapacitySearchResult.of(result), "no single search: the comparison's searches are read by name");
    Map<String, CapacitySearchResult> searches = CapacitySearchResult.searches(result);
    assertEquals(List.of("mode=prepared", "mode=plain"), new ArrayList<>(searches.keySet()));
    for (JsonNode one : json.get("compared")) {
      CapacitySearchResult search = searches.get(one.get("combination").asText());
      assertEquals(List.of("p99<=5ms"), search.objectives(), "the objectives written once, above the searches");
      assertEquals(0.2, search.resolution());
      assertEquals(one.get("capacity ops/s").asDouble(), search.capacity());
      assertEquals(one.get("interval").get(0).asDouble(), search.low());
      assertEquals(one.get("interval").get(1).asDouble(), search.high());
      assertEquals(0.75, search.coverage());
      assertNull(search.logged());
      assertNull(search.failure());
      assertEquals(3, search.rounds().size());
      assertEquals(one.get("steps").size(), search.steps().size());
      for (int i = 0; i < search.steps().size(); i++) {
        JsonNode step = one.get("steps").get(i);
        assertEquals(i + 1, search.steps().get(i).number(), "numbered within its own search");
        assertEquals(step.get("round").asInt(), search.steps().get(i).round());
        assertEquals(step.get("offered ops/s").asDouble(), search.steps().get(i).offered());
        assertEquals(step.get("p99 ms").asDouble(), search.steps().get(i).latency("p99"));
        assertEquals(step.get("held").asBoolean(), search.steps().get(i).held());
      }
    }
    CapacitiesCompared compared = CapacitiesCompared.of(result);
    assertEquals("mode=prepared", compared.baseline());
    assertEquals(0.2, compared.leastDifference());
    assertTrue(compared.method().startsWith("each round's capacities paired with the baseline's"), compared.method());
    assertEquals(List.of(), compared.answersDiffer());
    JsonNode row = json.get("comparison").get("rows").get(0);
    assertEquals(List.of(new CapacitiesCompared.Row("mode=plain", row.get("ratio").asDouble(),
        row.get("interval").get(0).asDouble(), row.get("interval").get(1).asDouble(), 0.75, "holds less", List.of())),
        compared.rows());
    assertEquals("capacity under p99<=5ms: mode=prepared 41700 ops/s [36500-45600]; mode=plain x0.29 [0.29-0.36] of"
        + " it: holds less", compared.sentence());
  }

  @Test
  void aSingleSearchIsTheOneSearchUnderNoNameAndNoComparison() throws Exception {
    RunResult result = JsonReport.read(Path.of(getClass().getResource("/stress/report/capacity-result.json").toURI()));
    Map<String, CapacitySearchResult> searches = CapacitySearchResult.searches(result);
    assertEquals(List.of(""), new ArrayList<>(searches.keySet()));
    assertEquals(CapacitySearchResult.of(result), searches.get(""));
    assertNull(CapacitiesCompared.of(result));
    RunResult none = new RunResult("test", Instant.EPOCH, Map.of("threads", 2), Map.of(), List.of(), false);
    assertTrue(CapacitySearchResult.searches(none).isEmpty());
    assertNull(CapacitiesCompared.of(none));
  }

  @Test
  void theLoggedRateMultipleAFailureAndARowWithoutAPairAreSaid() {
    Map<String, Object> a = search("table=a", 3000, List.of(2800.0, 3300.0));
    a.put("multiple of the logged rate", 30.0);
    a.put("multiple interval", List.of(28.0, 33.0));
    Map<String, Object> b = search("table=b", Double.NaN, null);
    b.put("failure", "round 2: relation \"b\" does not exist");
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("combination", "table=b");
    row.put("verdict", "no round with both capacities: nothing to pair");
    row.put("left out of the pairs", List.of("round 1: none found"));
    CapacitiesCompared compared = CapacitiesCompared.of(result(List.of(a, b), List.of(row), List.of()));
    CapacitySearchResult first = compared.searches().get("table=a");
    assertEquals(new CapacitySearchResult.LoggedMultiple(100, 30, 28, 33), first.logged());
    assertEquals("x30.00 [28.00-33.00] the logged rate (100 ops/s)", first.logged().text());
    assertTrue(first.sentences().contains("capacity x30.00 [28.00-33.00] the logged rate (100 ops/s), the rate the"
        + " application's log shows"), first.sentences().toString());
    assertEquals("round 2: relation \"b\" does not exist", compared.searches().get("table=b").failure());
    assertTrue(Double.isNaN(compared.rows().get(0).ratio()));
    assertEquals("", compared.rows().get(0).ratioText());
    assertEquals(List.of("round 1: none found"), compared.rows().get(0).leftOut());
    assertEquals("capacity under p99<=5ms: table=a 3000 ops/s [2800-3300] (x30.00 [28.00-33.00] the logged rate (100"
        + " ops/s)); table=b: no round with both capacities: nothing to pair", compared.sentence());
  }

  @Test
  void oneRoundHasARatioWithoutAnIntervalAndAnswersThatDifferAreRead() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("combination", "target=mongodb://h/db");
    row.put("ratio", 0.5);
    row.put("verdict", "not compared: the answers of by_status differ between the targets, so the capacities are of"
        + " different work");
    row.put("left out of the pairs", List.of());
    CapacitiesCompared compared = CapacitiesCompared.of(result(List.of(search("target=postgresql", 2000, null),
        search("target=mongodb://h/db", 1000, null)), List.of(row), List.of("by_status")));
    assertEquals(List.of("by_status"), compared.answersDiffer());
    assertEquals("x0.50", compared.rows().get(0).ratioText());
    assertEquals("capacity under p99<=5ms: target=postgresql 2000 ops/s; target=mongodb://h/db x0.50 of it: not"
        + " compared: the answers of by_status differ between the targets, so the capacities are of different work",
        compared.sentence());
  }

  // ---- a comparison as the run writes it into the settings (CapacityJson) ------------------------

  static RunResult result(List<Map<String, Object>> searches, List<Map<String, Object>> rows, List<String> differ) {
    Map<String, Object> comparison = new LinkedHashMap<>();
    comparison.put("baseline", searches.get(0).get("combination"));
    comparison.put("least difference", 0.05);
    comparison.put("method", "each round's capacities paired with the baseline's of the same round");
    if (!differ.isEmpty()) {
      comparison.put("answers differ", differ);
    }
    comparison.put("rows", rows);
    Map<String, Object> capacity = new LinkedHashMap<>();
    capacity.put("objectives", List.of("p99<=5ms"));
    capacity.put("resolution", 0.05);
    capacity.put("keeps up", "achieved >= 0.99 x offered");
    capacity.put("logged rate ops/s", 100.0);
    capacity.put("compared", searches);
    capacity.put("comparison", comparison);
    return new RunResult("test", Instant.parse("2026-01-02T03:04:05Z"), Map.of("capacity", capacity),
        Map.of("kind", "postgres"), List.of(), false);
  }

  /** A search of one round's step at its capacity, as a compared entry. */
  static Map<String, Object> search(String name, double capacity, List<Double> interval) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("combination", name);
    if (Double.isFinite(capacity)) {
      json.put("capacity ops/s", capacity);
    }
    if (interval != null) {
      json.put("interval", interval);
      json.put("coverage", 0.75);
    }
    Map<String, Object> step = new LinkedHashMap<>();
    step.put("round", 1);
    step.put("offered ops/s", Double.isFinite(capacity) ? capacity : 1000.0);
    step.put("achieved ops/s", Double.isFinite(capacity) ? capacity : 1000.0);
    step.put("p50 ms", 0.5);
    step.put("p99 ms", Double.isFinite(capacity) ? 4.0 : 9.0);
    step.put("p99.9 ms", 12.0);
    step.put("error share", 0.0);
    step.put("held", Double.isFinite(capacity));
    step.put("broken", Double.isFinite(capacity) ? List.of() : List.of("p99 9.0 ms > 5.0 ms"));
    Map<String, Object> round = new LinkedHashMap<>();
    round.put("round", 1);
    round.put("capacity ops/s", Double.isFinite(capacity) ? capacity : null);
    round.put("broke at ops/s", Double.isFinite(capacity) ? null : 1000.0);
    round.put("broke on", Double.isFinite(capacity) ? List.of() : List.of("p99 9.0 ms > 5.0 ms"));
    round.put("client's limit", false);
    json.put("rounds", List.of(round));
    json.put("steps", List.of(step));
    return json;
  }
}
