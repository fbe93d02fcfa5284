package stress.app.capacity;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.app.capacity.CapacityRound;
import stress.app.capacity.CapacitySearch;
import stress.app.capacity.CapacityText;
import stress.app.capacity.QueueModel;
import stress.app.capacity.StepMeasured;
import stress.config.CapacityRequest;
import stress.config.LatencyObjective;
import stress.report.JsonReport;
import stress.report.RunResult;
import stress.report.capacity.CapacitiesCompared;
import stress.report.capacity.CapacitySearchResult;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A search as result.json keeps it reads back in the report package ({@link CapacitySearchResult}, what report.html
 * and capacity.csv draw from) with every step, round and the capacity's interval, and in the words the text prints.
 */
class CapacityJsonTest {
  @TempDir
  Path dir;

  /** An M/M/1 queue of {@code mu} completions per second, as in {@link CapacitySearchTest}; its p95 is 2/3 of p99. */
  private static StepMeasured queue(double mu, double rate) {
    double achieved = Math.min(rate, mu);
    double p99 = rate < mu ? 1000 * Math.log(100) / (mu - rate) : Double.POSITIVE_INFINITY;
    double p50 = rate < mu ? 1000 * Math.log(2) / (mu - rate) : Double.POSITIVE_INFINITY;
    double p95 = rate < mu ? 1000 * Math.log(20) / (mu - rate) : Double.POSITIVE_INFINITY;
    return new StepMeasured(achieved, p50, p50, p95, p99, p99 * 1.5, 0, 0, (long) (achieved * 10));
  }

  /**
   * Rounds that disagree, one of them a lower bound, then a check: result.json has no capacity, the report reads the
   * text's answer and each round's words, and the lower bound is a round's row, never a median.
   */
  @Test
  void roundsThatDisagreeAndALowerBoundReadBackWithoutACapacity() throws Exception {
    List<LatencyObjective> objectives = LatencyObjective.parse("--slo", "p99<=20ms");
    // round 1 finds the queue's knee; in round 2 the client cannot offer more than 800 ops/s: a lower bound
    CapacitySearch.Result search = CapacitySearch.search((rate, round) -> round == 1 ? queue(1000, rate)
        : QueueModel.step(1000, rate, 800), objectives, 100, 0.05, 2, (step, n) -> { });
    assertTrue(search.rounds().get(1).lowerBound(), search.rounds().toString());
    assertNull(search.interval(), "one round found a capacity, the other a lower bound: none");
    RunResult result = new RunResult("test", Instant.parse("2026-01-02T03:04:05Z"),
        Map.of("capacity", CapacityJson.of(search)), Map.of("kind", "postgres"), List.of(), false);
    Path file = dir.resolve("disagree.json");
    JsonReport.write(result, file);

    CapacitySearchResult read = CapacitySearchResult.of(JsonReport.read(file));
    assertTrue(Double.isNaN(read.capacity()), "no capacity in result.json: " + read);
    assertEquals(CapacityText.answer(search), read.sentences().get(0));
    assertTrue(read.sentences().get(0).contains("none vouched for: found in 1 of 2 rounds only (a capacity needs most"
        + " of them): round 1 7") && read.sentences().get(0).contains("round 2 at least 750 (a lower bound)"),
        read.sentences().get(0));
    assertEquals("round 2: " + CapacityText.answer(search.rounds().get(1), search), read.sentences().get(2));
    assertTrue(read.rounds().get(1).lowerBound(), read.rounds().toString());
  }

  @Test
  void aSearchOfThreeRoundsReadsBackFromResultJson() throws Exception {
    List<LatencyObjective> objectives = LatencyObjective.parse("--slo", "p95<=15ms,p99<=20ms,errors<=1%");
    // the server drifts from round to round: three different answers, so the interval has width
    CapacitySearch.Result search = CapacitySearch.search((rate, round) -> queue(900 + 50 * round, rate), objectives,
        100, 0.05, 3, (step, n) -> { });
    RunResult result = new RunResult("test", Instant.parse("2026-01-02T03:04:05Z"),
        Map.of("capacity", CapacityJson.of(search)), Map.of("kind", "postgres"), List.of(), false);
    Path file = dir.resolve("result.json");
    JsonReport.write(result, file);

    CapacitySearchResult read = CapacitySearchResult.of(JsonReport.read(file));
    assertEquals(List.of("p95<=15ms", "p99<=20ms", "errors<=1%"), read.objectives());
    assertEquals(List.of(new CapacitySearchResult.LatencyLimit("p95<=15ms", "p95", 15),
        new CapacitySearchResult.LatencyLimit("p99<=20ms", "p99", 20)), read.latencyLimits(), "no line for errors");
    assertEquals(search.steps().size(), read.steps().size());
    for (int i = 0; i < search.steps().size(); i++) {
      CapacitySearch.Step written = search.steps().get(i);
      CapacitySearchResult.Step step = read.steps().get(i);
      assertEquals(i + 1, step.number());
      assertEquals(written.round(), step.round());
      assertEquals(written.offered(), step.offered());
      assertEquals(written.measured().achieved(), step.achieved());
      assertEquals(written.measured().p95Ms(), step.latency("p95"), "p95 kept: an objective names it");
      assertEquals(written.measured().p999Ms(), step.latency("p99.9"));
      assertFalse(step.latencyMs().containsKey("p90"), "p90 left out: no objective names it");
      assertEquals(written.held(), step.held());
      assertEquals(written.broken(), step.broken());
    }
    assertEquals(3, read.rounds().size());
    assertEquals(search.capacity(), read.capacity());
    assertEquals(search.rounds().stream().mapToDouble(CapacityRound::capacity).min().orElseThrow(), read.capacity(),
        "the capacity is the lowest round's answer, a rate every round held");
    assertEquals(search.interval().low(), read.low());
    assertEquals(search.interval().high(), read.high());
    assertTrue(read.low() < read.high(), "drift between rounds: " + read.low() + " .. " + read.high());
    // each round's sentence is the text's line
    List<String> text = CapacityText.result(search);
    assertEquals(text.subList(0, 3), read.sentences().subList(1, 4));
    assertEquals(CapacityText.answer(search), read.sentences().get(0), "the text's answer, one wording for both");
    assertTrue(read.sentences().get(0).startsWith("capacity under p95<=15ms, p99<=20ms, errors<=1%: "
        + CapacityText.rate(search.capacity()) + " ops/s, the lowest answer of the 3 of 3 rounds that found one (their"
        + " median " + CapacityText.rate(search.interval().median()) + " [" + CapacityText.rate(search.interval().low())
        + "-" + CapacityText.rate(search.interval().high()) + "], "),
        read.sentences().get(0));
  }

  /**
   * Capacities compared as result.json keeps them read back in the report package ({@link
   * stress.report.capacity.CapacitiesCompared}): each combination's search under its name, its multiple of the logged rate,
   * why a search stopped, and the comparison's rows as the run worked them out, never recomputed.
   */
  @Test
  void comparedCapacitiesReadBackFromResultJson() throws Exception {
    CapacityRequest request = new CapacityRequest(LatencyObjective.parse("--slo", "p99<=20ms"), 0.02, 100);
    double[] drift = {1.0, 1.3, 0.8};
    List<CapacityContender> contenders = new ArrayList<>();
    for (String name : List.of("mode=prepared", "mode=plain")) {
      CapacityContender c = new CapacityContender(name, Map.of(), null, (step, out) -> {
        throw new AssertionError("scripted: no run");
      });
      c.startAt(100, (step, n) -> { }, request, drift.length);
      double mu = name.equals("mode=prepared") ? 2000 : 1000;
      for (int r = 1; r <= drift.length; r++) {
        double drifted = mu * drift[r - 1];
        c.search().round((rate, round) -> queue(drifted, rate), r);
      }
      contenders.add(c);
    }
    contenders.get(1).failed("round 3: scripted failure");
    CapacityComparison comparison = CapacityComparison.of(contenders, drift.length, Set.of());
    RunResult result = new RunResult("test", Instant.parse("2026-01-02T03:04:05Z"),
        Map.of("capacity", CapacityJson.of(contenders, comparison, request)), Map.of("kind", "postgres"), List.of(),
        false);
    Path file = dir.resolve("compared.json");
    JsonReport.write(result, file);

    RunResult read = JsonReport.read(file);
    assertNull(CapacitySearchResult.of(read), "not one search");
    CapacitiesCompared compared = CapacitiesCompared.of(read);
    assertEquals(List.of("p99<=20ms"), compared.objectives());
    assertEquals("mode=prepared", compared.baseline());
    assertEquals(comparison.leastDifference(), compared.leastDifference());
    assertEquals(List.of("mode=prepared", "mode=plain"), new ArrayList<>(compared.searches().keySet()));
    for (CapacityContender c : contenders) {
      CapacitySearchResult search = compared.searches().get(c.name());
      CapacitySearch.Result written = c.search().result();
      assertEquals(written.steps().size(), search.steps().size());
      for (int i = 0; i < written.steps().size(); i++) {
        assertEquals(written.steps().get(i).offered(), search.steps().get(i).offered());
        assertEquals(written.steps().get(i).round(), search.steps().get(i).round());
        assertEquals(written.steps().get(i).measured().p99Ms(), search.steps().get(i).latency("p99"));
        assertEquals(written.steps().get(i).held(), search.steps().get(i).held());
      }
      assertEquals(written.capacity(), search.capacity());
      assertEquals(written.interval().low(), search.low());
      assertEquals(written.interval().high(), search.high());
      assertEquals(new CapacitySearchResult.LoggedMultiple(100, written.capacity() / 100,
          written.interval().low() / 100, written.interval().high() / 100), search.logged());
      assertEquals(0.02, search.resolution(), "the resolution written once, above the searches");
      assertEquals(c.failure(), search.failure());
    }
    CapacityComparison.Row written = comparison.rows().get(1);
    CapacitiesCompared.Row row = compared.rows().get(0);
    assertEquals(1, compared.rows().size(), "the baseline has no row");
    assertEquals("mode=plain", row.combination());
    assertEquals(written.ratio().interval().median(), row.ratio());
    assertEquals(written.ratio().interval().low(), row.low());
    assertEquals(written.ratio().interval().high(), row.high());
    assertEquals(written.ratio().interval().coverage(), row.coverage());
    assertEquals(comparison.verdict(written), row.verdict());
    assertEquals(written.leftOut(), row.leftOut());
    assertTrue(compared.sentence().startsWith("capacity under p99<=20ms: mode=prepared "
        + CapacityText.rate(contenders.get(0).search().result().capacity()) + " ops/s ["), compared.sentence());
    assertTrue(compared.sentence().endsWith("; mode=plain " + row.ratioText() + " of it ("
        + compared.searches().get("mode=plain").logged().text() + "): " + comparison.verdict(written)),
        compared.sentence());
  }
}
