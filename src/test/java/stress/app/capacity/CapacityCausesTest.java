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
        + " where half the rate above left it within 20%; cause: the operation's own time (p50 0.79 ms at 125 ops/s"
        + " and never under 0.79 ms at any rate, at least half the objective's 1.0 ms) [at 125 ops/s: achieved 125,"
        + " p50 0.79 ms, p99 5.3 ms (objective 1.0 ms)]; a looser objective, or a faster plan"
        + " (stress explain), is the way"),
        CapacityText.result(result).get(0));
  }

  @Test
  void aPrimaryKeyLookupWhoseP99JumpsWithTheHostsStallsIsNeverBlamedOnItsPlan() throws Exception {
    // p50 flat at 0.6 ms whatever the rate; p99 20-40x the objective at random rates as the host stalls: halving the
    // rate makes it rise as often as fall. Neither the operation's own time (p50 far under the objective) nor a queue
    java.util.Random random = new java.util.Random(7);
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> new StepMeasured(rate, 0.6, 0.9,
        1.0, 5 + random.nextInt(40) * 10, 600, 0, 0, (long) (rate * 10)),
        LatencyObjective.parse("--slo", "p99<=20ms"), 1000, 0.05, 1, (step, n) -> { });
    String answer = CapacityText.result(result).get(0);
    assertNull(result.interval(), answer);
    assertTrue(!answer.contains("stress explain") && !answer.contains("own time"), "never the plan: " + answer);
    assertTrue(answer.contains("cause: host stalls (") || answer.contains("cause not determined"),
        answer);
  }

  @Test
  void eachCauseIsNamedFromTheFiguresThatShowIt() {
    List<LatencyObjective> p99 = LatencyObjective.parse("--slo", "p99<=5ms");
    CapacitySearch.Step low = step(100, 0.3, 1.0, true);
    // a queue: p50 and p99 rose together from the lowest rate held
    CapacitySearch.Step queue = step(1000, 1.2, 9.0, false);
    BreakCause queued = BreakCause.of(List.of(low, queue), queue, p99);
    assertEquals(List.of(CauseRules.Cause.QUEUE), queued.causes(), queued.sentence());
    assertTrue(queued.sentence().startsWith("cause: a server queue (p50 0.30 -> 1.2 ms and p99 1.0 -> 9.0 ms from 100"
        + " to 1000 ops/s) [at 1000 ops/s: achieved 1000, p50 1.2 ms, p99 9.0 ms (objective 5.0 ms)]"),
        queued.sentence());
    // host stalls: the same rate, the same median, a tail 4 times apart
    CapacitySearch.Step first = step(1000, 0.31, 2.0, true);
    CapacitySearch.Step second = step(1000, 0.30, 8.0, false);
    assertEquals(List.of(CauseRules.Cause.HOST_STALLS), BreakCause.of(List.of(low, first, second), second, p99)
        .causes());
    // the operation's own time: p50 itself over half the objective
    CapacitySearch.Step slow = step(50, 3.1, 7.0, false);
    BreakCause own = BreakCause.of(List.of(slow), slow, p99);
    assertEquals(List.of(CauseRules.Cause.OWN_TIME), own.causes(), own.sentence());
    assertTrue(own.sentence().contains("a faster plan (stress explain)"), own.sentence());
    // a median of 3.1 ms at 50 ops/s where 6000 ops/s measured 0.2 ms: a stall raised it, not the operation
    CapacitySearch.Step fast = step(6000, 0.2, 3.0, true);
    assertTrue(!BreakCause.of(List.of(fast, slow), slow, p99).has(CauseRules.Cause.OWN_TIME),
        "never the plan of an operation measured faster at another rate");
    // the client: it could not offer the rate, its CPU at its share of the one core its one worker uses
    CapacitySearch.Step behind = broke(1000, new StepMeasured(700, 0.3, 0.4, 0.5, 9, 12, 0, 0, 7000, Double.NaN,
        new StepClientFigures(0.93, 0.01, 0.02, 1.0, 0.6)), "achieved 700 of 1000 ops/s offered (under 99%)");
    BreakCause client = BreakCause.of(List.of(low, behind), behind, p99);
    assertEquals(List.of(CauseRules.Cause.CLIENT), client.causes(), client.sentence());
    assertTrue(client.sentence().contains("the client's limit (its CPU 93% of its 1 core, at least 85%)"), client.sentence());
    // the same client CPU over 2 cores, with 1 event loop: 50% of the cores is a whole core of its one worker thread
    CapacitySearch.Step oneLoop = broke(1000, new StepMeasured(700, 0.3, 0.4, 0.5, 9, 12, 0, 0, 7000, Double.NaN,
        new StepClientFigures(0.5, 0.01, 0.02, 0.7, 0.5, 0.2, null, 2, 1)), "achieved 700 of 1000 ops/s offered");
    assertTrue(BreakCause.of(List.of(low, oneLoop), oneLoop, p99).has(CauseRules.Cause.CLIENT));
    // the client: its workers woke 4 ms late for their slots (p99) on a host with CPUs to spare, its CPU low
    StepClientFigures lateWakes = new StepClientFigures(0.30, 0.01, 0.02, 0.6, 0.15, 0.44,
        new stress.metrics.PacerLag(7000, 0.4, 4.0, 19));
    CapacitySearch.Step unpaced = broke(1000, new StepMeasured(800, 0.3, 0.4, 0.5, 9, 12, 0, 0, 8000, Double.NaN,
        lateWakes), "achieved 800 of 1000 ops/s offered (under 99%)");
    BreakCause pacer = BreakCause.of(List.of(low, unpaced), unpaced, p99);
    assertEquals(List.of(CauseRules.Cause.CLIENT), pacer.causes(), pacer.sentence());
    assertTrue(pacer.sentence().contains("its pacer woke p99 4 ms late, at least half the objective's 5.0 ms, with"
        + " the host's CPUs 60% busy, under 85%")
        && pacer.sentence().contains("pacer: 40% of starts behind schedule, woke p99 4 ms late (max 19 ms)")
        && pacer.sentence().contains("host CPUs 60% busy: client 15%, server 44%, others 1%"), pacer.sentence());
    // host stalls: half the host's CPUs busy with neither client nor server, whatever p50 and p99 did
    StepClientFigures hog = new StepClientFigures(0.30, 0.01, 0.02, 0.98, 0.15, 0.33, null);
    CapacitySearch.Step neighbour = broke(1000, new StepMeasured(995, 1.2, 3, 4, 9, 12, 0, 0, 9950, Double.NaN, hog));
    BreakCause others = BreakCause.of(List.of(low, neighbour), neighbour, p99);
    assertTrue(others.has(CauseRules.Cause.HOST_STALLS) && !others.has(CauseRules.Cause.CLIENT), others.sentence());
    assertTrue(others.sentence().contains("host stalls (50% of the host's CPUs busy with work of neither the client"
        + " nor the server, at least 15%)"), others.sentence());
    // the server's part not known (a remote server): no split, no stalls blamed on others
    StepClientFigures remote = new StepClientFigures(0.30, 0.01, 0.02, 0.98, 0.15);
    assertTrue(!CauseRules.othersBusy(remote) && !remote.text().contains("others"), remote.text());
    // figures that fit none: p50 flat, the tail up once, nothing repeated
    CapacitySearch.Step unclear = step(1000, 0.32, 6.0, false);
    BreakCause none = BreakCause.of(List.of(low, unclear), unclear, p99);
    assertTrue(none.undetermined() && none.sentence().startsWith("cause not determined"), none.sentence());
  }

  @Test
  void aClientDescheduledByOtherWorkIsHostStallsNotTheClientsLimit() {
    // the figures of a real step: the client used 2.2% of its cores, GC took 40% of the wall time (its pauses waited
    // for a CPU), the host was 66% busy with others, and the pacer woke 0 ms late: nothing says the client
    List<LatencyObjective> p99 = LatencyObjective.parse("--slo", "p99<=5ms");
    StepClientFigures descheduled = new StepClientFigures(0.022, 0.40, 0.071, 1.0, 0.022, 0.32,
        new stress.metrics.PacerLag(11500, 1.0, 0, 0), 2, 4);
    CapacitySearch.Step behind = broke(4970, new StepMeasured(1150, 2.1, 40, 60, 90, 120, 0, 0, 11500, 0.05,
        descheduled), "achieved 1150 of 4970 ops/s offered (under 99%)");
    BreakCause cause = BreakCause.of(List.of(behind), behind, p99);
    assertTrue(!cause.has(CauseRules.Cause.CLIENT) && !behind.clientLimited(), cause.sentence());
    assertTrue(cause.has(CauseRules.Cause.HOST_STALLS), cause.sentence());
    assertTrue(cause.sentence().contains("client CPU 2.2% of its 2 cores (4 worker threads), GC 40%"),
        cause.sentence());
    // 56% of the host busy with others, the client at 7.8% of its cores: host stalls alone of the two
    StepClientFigures busy = new StepClientFigures(0.078, 0.01, 0.02, 0.95, 0.078, 0.31, null, 2, 8);
    CapacitySearch.Step tail = broke(2000, new StepMeasured(1999, 0.4, 2, 10, 60, 90, 0, 0, 20000, 0.05, busy));
    BreakCause stalls = BreakCause.of(List.of(tail), tail, LatencyObjective.parse("--slo", "p99<=50ms"));
    assertEquals(List.of(CauseRules.Cause.HOST_STALLS), stalls.causes(), stalls.sentence());
  }

  @Test
  void anObjectiveBelowTheFastestExecutionEndsTheSearchAtItsFirstStep() throws Exception {
    List<Double> offered = new ArrayList<>();
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> {
      offered.add(rate);
      return new StepMeasured(rate, 0.2, 0.3, 0.4, 0.9, 1.5, 0, 0, (long) (rate * 10), 0.036, null);
    }, LatencyObjective.parse("--slo", "p99<=1us"), 1000, 0.05, 1, (step, n) -> { });
    assertEquals(List.of(1000.0), offered, "one step: no rate can hold an objective under every execution");
    String answer = CapacityText.result(result).get(0);
    assertTrue(answer.contains("cause: an objective below the fastest execution (the fastest execution of any step"
        + " took 0.036 ms, over the objective's 0.0010 ms: no rate can hold it)"), answer);
    assertTrue(!answer.contains("--warmup"), answer);
  }

  private static CapacitySearch.Step broke(double rate, StepMeasured m, String... more) {
    List<String> broken = new ArrayList<>(List.of("p99 " + m.p99Ms() + " ms > 5.0 ms"));
    broken.addAll(List.of(more));
    return new CapacitySearch.Step(1, rate, m, broken, List.of());
  }

  private static CapacitySearch.Step step(double rate, double p50, double p99, boolean held) {
    StepMeasured m = new StepMeasured(rate, p50, p50, p99, p99, p99, 0, 0,
        (long) (rate * 10));
    return new CapacitySearch.Step(1, rate, m, held ? List.of() : List.of("p99 " + p99 + " ms > 5.0 ms"), List.of());
  }
}
