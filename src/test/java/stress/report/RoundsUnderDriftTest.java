package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import stress.metrics.PhaseRecorder;
import stress.metrics.PhaseStats;
import stress.metrics.WorkerRecorder;
import stress.runner.RoundSchedule;

/**
 * A scripted machine, no real timing: each phase takes one slot of time, in the order {@link RoundSchedule} gives;
 * the machine runs everything three times slower from a given slot on. Combination "b" is truly x1.2 of "a" (ops/s
 * and latency). Each phase's figures come from a real recorder fed the scripted executions.
 */
class RoundsUnderDriftTest {
  private static final long MICROS = 1_000L;
  private static final long SECOND = 1_000_000_000L;

  /** A phase of 10 scripted seconds: per operation, {@code count} executions at {@code micros} each. */
  private static PhaseStats phase(List<String> operations, int count, double micros, Random noise) {
    PhaseRecorder recorder = new PhaseRecorder(operations, 1, TimeUnit.HOURS.toNanos(1), List.of(),
        Fixtures.STOPPED_CLOCK);
    WorkerRecorder worker = recorder.worker(0);
    for (int op = 0; op < operations.size(); op++) {
      for (int i = 0; i < count; i++) {
        worker.success(op, (long) (micros * MICROS * (0.9 + 0.2 * noise.nextDouble())), 1);
      }
    }
    return recorder.finish(0, 10 * SECOND);
  }

  /**
   * The run's phases in the schedule's order; the speed of combination c in slot t is its own speed times 1, or 1/3
   * from {@code slowFrom} on, times a little noise.
   */
  private static RunResult run(List<String> combinations, double[] speeds, int rounds, boolean interleaved,
                               int slowFrom, List<String> operations) {
    Random noise = new Random(11);
    List<String> order = new ArrayList<>();
    List<Integer> roundOf = new ArrayList<>();
    if (interleaved) {
      List<List<Integer>> orders = RoundSchedule.orders(combinations.size(), rounds, 42);
      for (int r = 0; r < rounds; r++) {
        for (int c : orders.get(r)) {
          order.add(combinations.get(c));
          roundOf.add(r + 1);
        }
      }
    } else {
      // every round of a combination, then the next combination's: a fixed order
      for (String c : combinations) {
        for (int r = 0; r < rounds; r++) {
          order.add(c);
          roundOf.add(r + 1);
        }
      }
    }
    List<PhaseResult> phases = new ArrayList<>();
    for (int t = 0; t < order.size(); t++) {
      String c = order.get(t);
      double speed = speeds[combinations.indexOf(c)] * (t >= slowFrom ? 1.0 / 3 : 1) * (0.99 + 0.02 * noise.nextDouble());
      PhaseStats stats = phase(operations, (int) (10_000 * speed), 1000 / speed, noise);
      Map<String, String> combination = new LinkedHashMap<>();
      combination.put("mode", c);
      PhaseResult p = new PhaseResult("mode=" + c, combination, Map.of(), Map.of(), stats);
      phases.add(rounds > 1 ? p.inRound(roundOf.get(t)) : p);
    }
    return new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), phases, false);
  }

  private static RoundComparison.Figure figure(RoundComparison.Result result, String combination, String figure) {
    return result.rows().stream().filter(r -> r.combination().get("mode").equals(combination))
        .flatMap(r -> r.figures().stream()).filter(f -> f.figure().equals(figure)).findFirst().orElseThrow();
  }

  @Test
  void interleavedRoundsFindTheTrueDifferenceWhereOnePassInAFixedOrderGetsItWrong() {
    double[] speeds = {1.0, 1.2};
    // one pass, a then b, the machine slows down between them: b reads as x0.40 of a
    RunResult onePass = run(List.of("a", "b"), speeds, 1, true, 1, List.of("find"));
    double ratio = onePass.phases().get(1).stats().total().opsPerSecond()
        / onePass.phases().get(0).stats().total().opsPerSecond();
    assertTrue(ratio < 0.45, "one pass in a fixed order reads b as slower: x" + ratio);

    // ten interleaved rounds, the machine slows down in the middle of round 5 (a ran before it, b after)
    RoundComparison.Result interleaved = RoundComparison.of(run(List.of("a", "b"), speeds, 10, true, 9,
        List.of("find")), null);
    assertTrue(interleaved.noise().get(0).unsteady() != null, "a machine three times slower is unsteady");
    RoundComparison.Figure ops = figure(interleaved, "b", RoundComparison.OPS);
    assertEquals(1.2, ops.vsBaseline().median(), 0.03);
    assertEquals("faster", ops.vsBaseline().verdict());
    assertEquals("faster", figure(interleaved, "b", RoundComparison.P50).vsBaseline().verdict(),
        "a lower latency is faster");

    // the same ten rounds, but all of a's before all of b's: every pair straddles the slowdown
    RoundComparison.Result fixed = RoundComparison.of(run(List.of("a", "b"), speeds, 10, false, 10,
        List.of("find")), null);
    assertEquals("slower", figure(fixed, "b", RoundComparison.OPS).vsBaseline().verdict(),
        "rounds that are not interleaved get it wrong too");
  }

  @Test
  void twoIdenticalCombinationsShowNoDifferenceBeyondNoiseEvenOnADriftingMachine() {
    RoundComparison.Result result = RoundComparison.of(run(List.of("a", "a2"), new double[] {1, 1}, 5, true, 5,
        List.of("find_first", "update_one")), null);
    for (RoundComparison.Figure f : result.rows().get(1).figures()) {
      assertNotNull(f.vsBaseline(), f.operation() + " " + f.figure());
      // never called faster or slower; an interval reaching past the least difference is not called "the same" either
      assertTrue(List.of("no difference beyond noise", PairedRatio.NO_VERDICT).contains(f.vsBaseline().verdict()),
          f.operation() + " " + f.figure() + ": " + f.vsBaseline().verdict());
    }
    List<String> figures = result.rows().get(1).figures().stream().map(f -> f.operation() + " " + f.figure()).toList();
    assertEquals(List.of("total ops/s", "total p50 ms", "total p99 ms", "find_first p50 ms", "find_first p99 ms",
        "update_one p50 ms", "update_one p99 ms"), figures, "a mix's operations are compared by latency only");
    String text = RoundComparisonText.text(result);
    assertTrue(text.contains("93.7% coverage with 5 rounds"), text);
    assertTrue(text.contains("per operation, by latency"), text);
  }

  @Test
  void aDriftOfTheBaselineIsSaidWithItsRounds() {
    RoundComparison.Result result = RoundComparison.of(run(List.of("a", "b"), new double[] {1, 1.08}, 6, true, 6,
        List.of("find")), null);
    String unsteady = result.noise().get(0).unsteady();
    assertNotNull(unsteady);
    assertTrue(unsteady.contains("round 4") && unsteady.contains("round 5") && unsteady.contains("round 6"), unsteady);
    assertEquals("no difference beyond noise", figure(result, "b", RoundComparison.OPS).vsBaseline().verdict(),
        "a x1.08 on an unsteady machine is not a finding");
  }
}
