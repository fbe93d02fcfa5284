package stress.app.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.config.LatencyObjective;

/**
 * What the capacity search names as the cause of a break ({@link BreakCause}): a server queue, host stalls, the
 * client's limit, or the operation's own time, which ends the search once halving the rate no longer helps, and is
 * never blamed for a tail the host's stalls raised. The scripted server is {@link QueueModel}'s M/M/1 queue.
 */
class CapacityCausesTest {
  @Test
  void anObjectiveTheOperationsOwnTimeBreaksEndsTheSearchOnceHalvingTheRateDoesNotHelp() throws Exception {
    // mu 1000: an unloaded p99 of 4.6 ms is over 1 ms at any rate; 500 ops/s gives 9.2 ms, 250 6.1 ms (x0.67, still
    // a queue's), 125 5.3 ms (x0.86 of 250's): the queue is gone and the objective still broken
    List<Double> offered = new ArrayList<>();
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> {
      offered.add(rate);
      return QueueModel.step(1000, rate, Double.MAX_VALUE);
    }, LatencyObjective.parse("--slo", "p99<=1ms"), 1000, 0.05, 1, (step, n) -> { });
    assertNull(result.interval());
    assertTrue(result.rounds().get(0).unloaded());
    assertEquals(125, offered.get(offered.size() - 1), "no step under 125 ops/s: " + offered);
    assertTrue(CapacityText.result(result).get(0).startsWith("the search: none: p99 5.3 ms > 1.0 ms at 125 ops/s,"
        + " where half the rate above left it within 20%: the operation's own time: p50 0.79 ms at 125 ops/s, near or"
        + " above the objective's 1.0 ms, and never under 0.79 ms at any rate; a looser objective, or a faster plan"
        + " (stress explain), is the way"),
        CapacityText.result(result).get(0));
  }

  @Test
  void aPrimaryKeyLookupWhoseP99JumpsWithTheHostsStallsIsNeverBlamedOnItsPlan() throws Exception {
    // p50 flat at 0.6 ms whatever the rate; p99 20-40x the objective at random rates as the host stalls: halving the
    // rate makes it rise as often as fall. Neither the operation's own time (p50 far under the objective) nor a queue
    java.util.Random random = new java.util.Random(7);
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> new StepMeasured(rate, 0.6, 0.9,
        1.0, 5 + random.nextInt(40) * 10, 600, 0, false, 0, (long) (rate * 10)),
        LatencyObjective.parse("--slo", "p99<=20ms"), 1000, 0.05, 1, (step, n) -> { });
    String answer = CapacityText.result(result).get(0);
    assertNull(result.interval(), answer);
    assertTrue(!answer.contains("stress explain") && !answer.contains("own time"), "never the plan: " + answer);
    assertTrue(answer.contains("cause: host stalls: p50 flat") || answer.contains("cause: cannot tell the cause"),
        answer);
  }

  @Test
  void eachCauseIsNamedFromTheFiguresThatShowIt() {
    List<LatencyObjective> p99 = LatencyObjective.parse("--slo", "p99<=5ms");
    CapacitySearch.Step low = step(100, 0.3, 1.0, true);
    // a queue: p50 and p99 rose together from the lowest rate held
    CapacitySearch.Step queue = step(1000, 1.2, 9.0, false);
    assertEquals(BreakCause.Kind.QUEUE, BreakCause.of(List.of(low, queue), queue, p99).kind());
    assertTrue(BreakCause.of(List.of(low, queue), queue, p99).sentence().startsWith("a server queue: p50 0.30 -> 1.2 ms"
        + " and p99 1.0 -> 9.0 ms from 100 to 1000 ops/s"), BreakCause.of(List.of(low, queue), queue, p99).sentence());
    // host stalls: the same rate, the same median, a tail 4 times apart
    CapacitySearch.Step first = step(1000, 0.31, 2.0, true);
    CapacitySearch.Step second = step(1000, 0.30, 8.0, false);
    assertEquals(BreakCause.Kind.HOST_STALLS, BreakCause.of(List.of(low, first, second), second, p99).kind());
    // the operation's own time: p50 itself over half the objective
    CapacitySearch.Step slow = step(50, 3.1, 7.0, false);
    BreakCause own = BreakCause.of(List.of(slow), slow, p99);
    assertEquals(BreakCause.Kind.OWN_TIME, own.kind());
    assertTrue(own.sentence().contains("a faster plan (stress explain)"), own.sentence());
    // a median of 3.1 ms at 50 ops/s where 6000 ops/s measured 0.2 ms: a stall raised it, not the operation
    CapacitySearch.Step fast = step(6000, 0.2, 3.0, true);
    assertNotEquals(BreakCause.Kind.OWN_TIME, BreakCause.of(List.of(fast, slow), slow, p99).kind(),
        "never the plan of an operation measured faster at another rate");
    // the client: it could not offer the rate, its CPU at its share
    CapacitySearch.Step behind = new CapacitySearch.Step(1, 1000, new StepMeasured(700, 0.3, 0.4, 0.5, 9, 12,
        0, true, 0, 7000, new StepClientFigures(0.93, 0.01, 0.02, 1.0, 0.6)), List.of("p99 9.0 ms > 5.0 ms",
        "achieved 700 of 1000 ops/s offered (under 99%)"), List.of());
    BreakCause client = BreakCause.of(List.of(low, behind), behind, p99);
    assertEquals(BreakCause.Kind.CLIENT, client.kind());
    assertTrue(client.sentence().contains("client CPU 93% of its cores"), client.sentence());
    // marked client-bound, but it achieved its rate: never the client's limit
    CapacitySearch.Step keptUp = new CapacitySearch.Step(1, 71.8, new StepMeasured(71.5, 0.3, 0.4, 0.5, 9,
        12, 0, true, 4 / 10.0, 718), List.of("p99 9.0 ms > 5.0 ms"), List.of());
    assertTrue(!keptUp.clientLimited(), "71.5 of 71.8 ops/s achieved is the rate offered");
    assertNotEquals(BreakCause.Kind.CLIENT, BreakCause.of(List.of(low, keptUp), keptUp, p99).kind());
    // the client: its workers woke 4 ms late for their slots (p99) on a host not busy with others, its CPU low
    StepClientFigures lateWakes = new StepClientFigures(0.30, 0.01, 0.02, 0.6, 0.15, 0.44,
        new stress.metrics.PacerLag(7000, 0.4, 4.0, 19));
    CapacitySearch.Step unpaced = new CapacitySearch.Step(1, 1000, new StepMeasured(800, 0.3, 0.4, 0.5, 9, 12,
        0, true, 0, 8000, lateWakes), List.of("p99 9.0 ms > 5.0 ms", "achieved 800 of 1000 ops/s offered (under 99%)"),
        List.of());
    BreakCause pacer = BreakCause.of(List.of(low, unpaced), unpaced, p99);
    assertEquals(BreakCause.Kind.CLIENT, pacer.kind(), pacer.sentence());
    assertTrue(pacer.sentence().contains("waking late for its slots while the host was not busy with others")
        && pacer.sentence().contains("pacer: 40% of starts behind schedule, woke p99 4 ms late (max 19 ms)")
        && pacer.sentence().contains("host CPUs 60% busy: client 15%, server 44%, others 1%"), pacer.sentence());
    // host stalls: half the host's CPUs busy with neither client nor server, whatever p50 and p99 did
    StepClientFigures hog = new StepClientFigures(0.30, 0.01, 0.02, 0.98, 0.15, 0.33, null);
    CapacitySearch.Step neighbour = new CapacitySearch.Step(1, 1000, new StepMeasured(995, 1.2, 3, 4, 9, 12, 0, false,
        0, 9950, hog), List.of("p99 9.0 ms > 5.0 ms"), List.of());
    BreakCause others = BreakCause.of(List.of(low, neighbour), neighbour, p99);
    assertEquals(BreakCause.Kind.HOST_STALLS, others.kind(), others.sentence());
    assertTrue(others.sentence().startsWith("host stalls: 50% of the host's CPUs were busy with work of neither the"
        + " client nor the server at 1000 ops/s"), others.sentence());
    // the server's part not known (a remote server): no split, no stalls blamed on others
    StepClientFigures remote = new StepClientFigures(0.30, 0.01, 0.02, 0.98, 0.15);
    assertTrue(!remote.othersBusy() && !remote.text().contains("others"), remote.text());
    // figures that fit none: p50 flat, the tail up once, nothing repeated
    CapacitySearch.Step unclear = step(1000, 0.32, 6.0, false);
    assertEquals(BreakCause.Kind.UNKNOWN, BreakCause.of(List.of(low, unclear), unclear, p99).kind());
  }

  private static CapacitySearch.Step step(double rate, double p50, double p99, boolean held) {
    StepMeasured m = new StepMeasured(rate, p50, p50, p99, p99, p99, 0, false, 0,
        (long) (rate * 10));
    return new CapacitySearch.Step(1, rate, m, held ? List.of() : List.of("p99 " + p99 + " ms > 5.0 ms"), List.of());
  }
}
