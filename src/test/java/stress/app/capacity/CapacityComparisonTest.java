package stress.app.capacity;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import stress.app.capacity.QueueModel;
import stress.app.capacity.StepMeasured;
import stress.config.CapacityRequest;
import stress.config.LatencyObjective;
import stress.report.PairedRatio;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Capacities compared round by round, on scripted servers: M/M/1 queues whose p99 crosses 20 ms at mu - 230.3 ops/s
 * (see CapacitySearchTest). The machine drifts between rounds by up to 30%, which moves both servers alike: the
 * capacities of one server spread widely over the rounds, but their ratio paired by round stays tight.
 */
class CapacityComparisonTest {
  private static final CapacityRequest P99_20MS = new CapacityRequest(LatencyObjective.parse("--slo", "p99<=20ms"),
      0.02, Double.NaN);
  private static final double[] DRIFT = {1.0, 1.3, 0.8, 1.15, 0.9};

  /** A combination served by a queue at {@code mu} x the round's drift, searched from 100 ops/s. */
  private static CapacityContender searched(String name, double mu, double clientMax) throws Exception {
    CapacityContender c = new CapacityContender(name, Map.of(), null, (step, out) -> {
      throw new AssertionError("scripted: no run");
    });
    c.startAt(100, (step, n) -> { }, P99_20MS, DRIFT.length);
    for (int r = 1; r <= DRIFT.length; r++) {
      double drifted = mu * DRIFT[r - 1];
      c.search().round((rate, round) -> QueueModel.step(drifted, rate, clientMax), r);
    }
    return c;
  }

  @Test
  void theRatioPairedByRoundIsTightWhereEachCapacitySpreadsWithTheMachine() throws Exception {
    CapacityComparison comparison = CapacityComparison.of(List.of(searched("a", 2000, Double.MAX_VALUE),
        searched("b", 1000, Double.MAX_VALUE)), DRIFT.length, Set.of());
    CapacityComparison.Row b = comparison.rows().get(1);
    // b's capacities spread over the rounds (569.7 .. 1069.7), each round's pair near (1000d - 230) / (2000d - 230)
    assertTrue(b.capacity().high() / b.capacity().low() > 1.5, b.capacity().toString());
    assertEquals(PairedRatio.Verdict.SLOWER, b.ratio().verdict());
    assertTrue(b.ratio().interval().low() > 0.38 && b.ratio().interval().high() < 0.52, b.ratio().toString());
    assertEquals("holds less", comparison.verdict(b));
    List<String> lines = comparison.lines();
    assertTrue(lines.get(0).startsWith("capacities compared (each round's answers paired with a's of the same round;"
        + " differences beyond x1.15 are called)"), "an unsteady machine calls only x1.15 and more: " + lines.get(0));
    assertTrue(lines.get(2).startsWith("  b: ") && lines.get(2).contains("; vs a x0.4") && lines.get(2)
        .endsWith(": holds less"), lines.get(2));
    assertTrue(lines.get(3).startsWith("  read as: a holds x2."), lines.get(3));
  }

  @Test
  void theSameServerTwiceIsNoDifferenceBeyondNoise() throws Exception {
    CapacityComparison comparison = CapacityComparison.of(List.of(searched("a", 1000, Double.MAX_VALUE),
        searched("b", 1000, Double.MAX_VALUE)), DRIFT.length, Set.of());
    assertEquals("no difference beyond noise", comparison.verdict(comparison.rows().get(1)));
    assertTrue(comparison.lines().get(3).contains("hold the same load within the noise"), comparison.lines().get(3));
  }

  @Test
  void answersThatDifferLeaveNoVerdict() throws Exception {
    CapacityComparison comparison = CapacityComparison.of(List.of(searched("postgresql", 2000, Double.MAX_VALUE),
        searched("mongodb", 1000, Double.MAX_VALUE)), DRIFT.length, Set.of("by_status"));
    String line = comparison.lines().get(2);
    assertTrue(line.endsWith(": not compared: the answers of by_status differ between the targets, so the capacities"
        + " are of different work"), line);
    assertTrue(comparison.lines().stream().noneMatch(l -> l.contains("read as")), comparison.lines().toString());
  }

  @Test
  void aRoundThatWasTheClientsLimitIsLeftOutOfThePairs() throws Exception {
    // b's client offers 700 ops/s at most: in the rounds where b's server holds more, its answer is a lower bound
    CapacityComparison comparison = CapacityComparison.of(List.of(searched("a", 1000, Double.MAX_VALUE),
        searched("b", 1000, 700)), DRIFT.length, Set.of());
    CapacityComparison.Row b = comparison.rows().get(1);
    assertTrue(b.leftOut().stream().allMatch(w -> w.endsWith(": the client's limit, a lower bound")), b.leftOut()
        .toString());
    // rounds 1, 2, 4 (mu 1000, 1300, 1150 hold over 700) and 5 (mu 900: the search tried over 700 before p99 broke)
    assertEquals(4, b.leftOut().size(), b.leftOut().toString());
    // round 3 alone found a capacity: b has none (most rounds found none), and none is never given a ratio
    assertNull(b.ratio(), "no ratio beside none");
    assertEquals("not compared: b found no capacity, and a ratio is only between two capacities",
        comparison.verdict(b));
    assertTrue(comparison.lines().get(2).contains("; left out of the pairs: round 1: the client's limit"),
        comparison.lines().get(2));
  }

  /**
   * b's check refutes the capacity its rounds found (p99 over 0.8 of the objective at it) and vouches for a rate
   * below: the rounds' answers, which a ratio pairs, are not its capacity, so no ratio is given.
   */
  @Test
  void aCapacityVouchedForOnlyBelowTheRoundsAnswersHasNoRatio() throws Exception {
    CapacityContender a = searched("a", 1000, Double.MAX_VALUE);
    CapacityContender b = searched("b", 1000, Double.MAX_VALUE);
    CapacitySearch.Steps roomy = (rate, round) -> QueueModel.step(3000, rate, Double.MAX_VALUE);
    // b's capacity is its slowest round's (drift 0.8): checked on that machine, its p99 is near the objective
    CapacitySearch.Steps queue = (rate, round) -> QueueModel.step(800, rate, Double.MAX_VALUE);
    for (int run = 1; run <= 3; run++) {
      a.search().checkRun(roomy, run);
      b.search().checkRun(queue, run);
    }
    CapacitySearchTest.walkDown(b.search(), queue);
    double found = b.search().result().capacity();
    // 0.8 of it held within the margin, and so did the rate between it and the capacity found
    double vouched = Math.sqrt(CapacityCheck.BELOW) * found;
    assertEquals(vouched, b.search().result().vouchedRate(), 1e-9, b.search().result().check().toString());
    CapacityComparison comparison = CapacityComparison.of(List.of(a, b), DRIFT.length, Set.of());
    CapacityComparison.Row row = comparison.rows().get(1);
    assertNull(row.ratio(), "no ratio from answers the check refuted");
    assertEquals("not compared: b's rounds found " + CapacityText.rate(found) + " ops/s, but its check vouched for"
        + " only " + CapacityText.rate(vouched) + ", so its rounds' answers are not its capacity,"
        + " and a ratio is only between two capacities", comparison.verdict(row));
    assertEquals(List.of("every round: its check vouched for only " + CapacityText.rate(vouched)
        + " ops/s, below the " + CapacityText.rate(found) + " its rounds found"), row.leftOut());
    // its line names the capacity it has, never "no capacity found" beside the rate vouched for
    String line = comparison.lines().get(2);
    assertTrue(line.startsWith("  b: " + CapacityText.rate(vouched) + " ops/s, vouched for by its"
        + " check below what its rounds found: not compared: "), line);
  }

  @Test
  void aCombinationWithoutAnyCapacityHasNoRatio() throws Exception {
    CapacityComparison comparison = CapacityComparison.of(List.of(searched("a", 1000, Double.MAX_VALUE),
        searched("b", 100, Double.MAX_VALUE)), DRIFT.length, Set.of());
    CapacityComparison.Row b = comparison.rows().get(1);
    assertNull(b.capacity());
    assertNull(b.ratio());
    assertEquals("not compared: b found no capacity, and a ratio is only between two capacities",
        comparison.verdict(b));
    assertTrue(comparison.lines().get(2).startsWith("  b: no capacity found"), comparison.lines().get(2));
    // the baseline without one: no ratio for any combination, however many rounds paired
    CapacityComparison reversed = CapacityComparison.of(List.of(searched("b", 100, Double.MAX_VALUE),
        searched("a", 1000, Double.MAX_VALUE)), DRIFT.length, Set.of());
    assertNull(reversed.rows().get(1).ratio());
    assertEquals("not compared: b found no capacity, and a ratio is only between two capacities",
        reversed.verdict(reversed.rows().get(1)));
    assertTrue(reversed.lines().stream().skip(1).noneMatch(l -> l.contains(" x0.") || l.contains(" x1.")
        || l.contains("read as")), reversed.lines().toString());
  }

  @Test
  void aRoundWhoseRatesHeldOnlyOnceIsLeftOutOfThePairsAndSaysWhy() throws Exception {
    CapacityContender unsteady = new CapacityContender("b", Map.of(), null, (step, out) -> {
      throw new AssertionError("scripted: no run");
    });
    unsteady.startAt(100, (step, n) -> { }, P99_20MS, DRIFT.length);
    for (int r = 1; r <= DRIFT.length; r++) {
      double drifted = 1000 * DRIFT[r - 1];
      java.util.Map<Double, Integer> offers = new java.util.HashMap<>();
      boolean steady = r != 2; // in round 2 every rate breaks after its first offer: no rate is steady
      unsteady.search().round((rate, round) -> {
        StepMeasured m = QueueModel.step(drifted, rate, Double.MAX_VALUE);
        return steady || offers.merge(rate, 1, Integer::sum) == 1 ? m : new StepMeasured(m.achieved(),
            m.p50Ms(), m.p90Ms(), m.p95Ms(), 30, 40, 0, 0, m.operations());
      }, r);
    }
    CapacityComparison comparison = CapacityComparison.of(List.of(searched("a", 2000, Double.MAX_VALUE), unsteady),
        DRIFT.length, Set.of());
    CapacityComparison.Row b = comparison.rows().get(1);
    assertEquals(List.of("round 2: none held 3 offers running"), b.leftOut());
    assertTrue(Double.isNaN(b.capacities()[1]), java.util.Arrays.toString(b.capacities()));
  }
}
