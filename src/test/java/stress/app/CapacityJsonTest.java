package stress.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.config.LatencyObjective;
import stress.report.CapacitySearchResult;
import stress.report.JsonReport;
import stress.report.RunResult;

/**
 * A search as result.json keeps it reads back in the report package ({@link CapacitySearchResult}, what report.html
 * and capacity.csv draw from) with every step, round and the capacity's interval, and in the words the text prints.
 */
class CapacityJsonTest {
  @TempDir
  Path dir;

  /** An M/M/1 queue of {@code mu} completions per second, as in {@link CapacitySearchTest}; its p95 is 2/3 of p99. */
  private static CapacitySearch.Measured queue(double mu, double rate) {
    double achieved = Math.min(rate, mu);
    double p99 = rate < mu ? 1000 * Math.log(100) / (mu - rate) : Double.POSITIVE_INFINITY;
    double p50 = rate < mu ? 1000 * Math.log(2) / (mu - rate) : Double.POSITIVE_INFINITY;
    double p95 = rate < mu ? 1000 * Math.log(20) / (mu - rate) : Double.POSITIVE_INFINITY;
    return new CapacitySearch.Measured(achieved, p50, p50, p95, p99, p99 * 1.5, 0, false, 0, (long) (achieved * 10));
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
    assertEquals(search.interval().median(), read.capacity());
    assertEquals(search.interval().low(), read.low());
    assertEquals(search.interval().high(), read.high());
    assertTrue(read.low() < read.high(), "drift between rounds: " + read.low() + " .. " + read.high());
    // each round's sentence is the text's line
    List<String> text = CapacityText.result(search);
    assertEquals(text.subList(0, 3), read.sentences().subList(1, 4));
    assertTrue(read.sentences().get(0).startsWith("capacity under p95<=15ms, p99<=20ms, errors<=1%: "
        + CapacityText.rate(search.interval().median()) + " ops/s [" + CapacityText.rate(search.interval().low()) + "-"
        + CapacityText.rate(search.interval().high()) + "], the median of 3 rounds' answers"), read.sentences().get(0));
  }
}
