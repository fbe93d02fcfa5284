package stress.app.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.config.LatencyObjective;

/**
 * The capacity search on a scripted server: an M/M/1 queue, whose response time is exponential with rate (mu -
 * lambda), so its p-th percentile is -ln(1 - p) / (mu - lambda) and p99 crosses an objective L at exactly
 * lambda = mu - ln(100) / L ({@link QueueModel}).
 */
class CapacitySearchTest {
  private static final List<LatencyObjective> P99_20MS = LatencyObjective.parse("--slo", "p99<=20ms");

  private static double knee(double mu) {
    return mu - 1000 * Math.log(100) / 20;
  }

  @Test
  void theSearchFindsWhereP99CrossesTheObjectiveWithinItsResolution() throws Exception {
    List<String> lines = new ArrayList<>();
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> QueueModel.step(1000, rate, Double.MAX_VALUE),
        P99_20MS, 100, 0.05, 1, (step, n) -> lines.add(CapacityText.step(step, n, 1)));
    double truth = knee(1000); // 769.7
    double found = result.rounds().get(0).capacity();
    assertTrue(found <= truth && found >= truth / 1.05, "within 5% below " + truth + ": " + found);
    CapacitySearch.Step broke = result.rounds().get(0).broke();
    assertTrue(broke.offered() > truth && broke.offered() / found - 1 <= 0.05, broke.toString());
    assertTrue(broke.broken().get(0).startsWith("p99 "), broke.broken().toString());
    assertTrue(result.steps().size() <= 14, "doubling then halving, then two offers confirming: "
        + result.steps().size() + " steps");
    assertEquals(List.of(2, 3), result.steps().stream().filter(s -> s.confirming() > 0)
        .map(CapacitySearch.Step::confirming).toList(), "the knee held twice more");
    assertTrue(lines.get(0).startsWith("step 1: 100 ops/s offered, 100 achieved (100%)"), lines.get(0));
    assertTrue(lines.stream().allMatch(l -> l.length() < 160), "a step in under 160 characters: " + lines);
    assertTrue(lines.get(0).endsWith(": held"), lines.get(0));
    List<String> text = CapacityText.result(result);
    assertTrue(text.get(0).startsWith("the search: 7"), text.toString());
    assertTrue(text.get(0).contains("; cause: a server queue (p50 "), "p50 and p99 rose with the rate: " + text);
    assertTrue(text.get(text.size() - 1).startsWith("capacity under p99<=20ms: 7")
        && text.get(text.size() - 1).contains("unchecked (--no-slo-check)"), text.toString());
  }

  @Test
  void aStartAboveTheCapacityHalvesDownFirst() throws Exception {
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> QueueModel.step(1000, rate, Double.MAX_VALUE),
        P99_20MS, 5000, 0.02, 1, (step, n) -> { });
    double found = result.rounds().get(0).capacity();
    assertTrue(found <= knee(1000) && found >= knee(1000) / 1.02, Double.toString(found));
    assertTrue(result.steps().get(0).broken().stream().anyMatch(b -> b.startsWith("achieved 1000 of 5000")),
        "a rate above mu is not kept up with: " + result.steps().get(0).broken());
  }

  @Test
  void aClientThatCannotOfferTheRateIsNamedAsTheLimit() throws Exception {
    // the client can offer 500 ops/s at most; the server would hold 769.7
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> QueueModel.step(1000, rate, 500), P99_20MS, 100, 0.05,
        1, (step, n) -> { });
    CapacityRound round = result.rounds().get(0);
    assertTrue(round.clientLimit(), round.toString());
    assertEquals(400, round.capacity(), 1e-9, "100, 200, 400 held; 800 the client could not offer");
    String line = CapacityText.result(result).get(0);
    assertTrue(line.contains("at least 400 ops/s, a lower bound, as 800 ops/s was not achieved; both causes: the"
        + " client's limit (its CPU 95% of its 1 core, at least 85%) and a server queue ("), line);
    assertNull(result.interval(), "a lower bound is never a capacity, nor in a median");
    assertEquals("capacity under p99<=20ms: none vouched for: at least 400 ops/s, a lower bound, is all that was"
        + " measured", CapacityText.answer(result));
  }

  @Test
  void withRoundsUnderDriftTheIntervalCoversTheTrueCapacity() throws Exception {
    // the machine drifts: the server completes 900, 1000, 1100, 950, 1050 per second in rounds 1..5
    double[] mu = {900, 1000, 1100, 950, 1050};
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> QueueModel.step(mu[round - 1], rate,
        Double.MAX_VALUE), P99_20MS, 100, 0.02, 5, (step, n) -> { });
    double truth = knee(1000); // the median machine's
    assertTrue(result.interval().low() <= truth && truth <= result.interval().high() * 1.02,
        "[" + result.interval().low() + ", " + result.interval().high() + "] holds " + truth);
    assertEquals(0.9375, result.interval().coverage(), 1e-4);
    double lowest = result.rounds().stream().mapToDouble(CapacityRound::capacity).min().orElseThrow();
    assertEquals(lowest, result.capacity(), "a rate every round held, not their median");
    assertTrue(lowest < result.interval().median(), "the slowest machine's round answers lowest");
    assertTrue(CapacityText.answer(result).startsWith("capacity under p99<=20ms: " + CapacityText.rate(lowest)
        + " ops/s, the lowest answer of the 5 of 5 rounds that found one (their median "
        + CapacityText.rate(result.interval().median()) + " ["), CapacityText.answer(result));
  }

  @Test
  void aStepShortByLessThanOneExecutionPerThreadKeepsUp() throws Exception {
    // 68.7 ops/s offered for 1 s by 4 threads: 68 executions fit in the window, 1% short on a count alone
    List<LatencyObjective> p90 = LatencyObjective.parse("--slo", "p90<=20ms"); // 20 operations judge a p90
    StepMeasured edges = new StepMeasured(68, 0.2, 0.3, 0.4, 4.1, 4.1, 0, 4 / 1.0, 68);
    assertEquals(List.of(), StepVerdict.broken(68.7, edges, p90));
    StepMeasured behind = new StepMeasured(63, 0.2, 0.3, 0.4, 4.1, 4.1, 0, 4 / 1.0, 63);
    assertEquals(List.of("achieved 63 of 68.7 ops/s offered (under 99%)"),
        StepVerdict.broken(68.7, behind, p90), "more than one execution per thread short is behind");
  }

  @Test
  void failedExecutionsBreakAStepBeyondTheMaxErrorRateWhenNoObjectiveNamesErrors() {
    StepMeasured failing = new StepMeasured(1000, 0.2, 0.3, 0.4, 4.1, 4.1, 0.01, 0, 10000);
    assertEquals(List.of("errors 1% > 0% (--max-error-rate)"), StepVerdict.broken(1000, failing, P99_20MS, 0),
        "fast failures are never a capacity");
    assertEquals(List.of(), StepVerdict.broken(1000, failing, P99_20MS, 0.02), "within --max-error-rate 0.02");
    assertEquals(List.of(), StepVerdict.broken(1000, failing, LatencyObjective.parse("--slo",
        "p99<=20ms,errors<=2%"), 0), "an error objective given decides instead");
  }

  @Test
  void aStepOfTooFewOperationsToJudgeItsPercentileEndsTheRoundInsteadOfDecidingByChance() throws Exception {
    // 68 operations hold one or two beyond their p99: a p99 of them is the slowest execution, not a percentile
    StepMeasured few = new StepMeasured(68, 0.2, 0.3, 0.4, 4.1, 4.1, 0, 4, 68);
    assertEquals(List.of("p99 not judged: 68 operations, 200 needed"), StepVerdict.broken(68.7, few, P99_20MS));
    assertEquals(200, P99_20MS.get(0).operationsToJudge());
    assertEquals(2000, LatencyObjective.parse("--slo", "p999<=1s").get(0).operationsToJudge());
    // a server whose p99 is half a millisecond per ops/s offered holds p99<=1ms only at 2 ops/s: halving from 100
    // ends where a step (10 s here) runs under 200 operations, before it gets there
    List<Double> offered = new ArrayList<>();
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> {
      offered.add(rate);
      return new StepMeasured(rate, rate / 4, rate / 3, rate / 3, rate / 2, rate, 0, 0,
          (long) (rate * 10));
    }, LatencyObjective.parse("--slo", "p99<=1ms"), 100, 0.05, 1, (step, n) -> { });
    // the first two breaks are offered again (they kept up); 12.5 ops/s for 10 s is 125 operations: the last step
    assertEquals(List.of(100.0, 100.0, 50.0, 50.0, 25.0, 12.5), offered);
    assertTrue(result.rounds().get(0).broke().unjudged());
    assertTrue(CapacityText.result(result).get(0).contains("none: at 12.5 ops/s a step runs too few operations to judge"
        + " p99 (125 operations, 200 needed), and every higher rate tried broke an objective"),
        CapacityText.result(result).get(0));
  }

  @Test
  void aBreakThatDoesNotRepeatOnASecondOfferIsTheHostsAndTheSearchGoesOn() throws Exception {
    // the host stalls once, during the first offer of 400 ops/s: its p99 rises far over the objective; without a
    // second offer the search would stop growing there and answer about 300, under the true 769.7
    int[] offersOf400 = {0};
    List<String> lines = new ArrayList<>();
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> {
      StepMeasured m = QueueModel.step(1000, rate, Double.MAX_VALUE);
      if (rate == 400 && offersOf400[0]++ == 0) {
        return new StepMeasured(m.achieved(), m.p50Ms(), m.p90Ms(), m.p95Ms(), 250, 400, 0, 0,
            m.operations());
      }
      return m;
    }, P99_20MS, 100, 0.05, 1, (step, n) -> lines.add(CapacityText.step(step, n, 1)));
    double found = result.rounds().get(0).capacity();
    assertTrue(found <= knee(1000) && found >= knee(1000) / 1.05, Double.toString(found));
    assertEquals(2, offersOf400[0]);
    assertTrue(lines.get(2).endsWith("broke p99 250.0 ms > 20.0 ms"), lines.get(2));
    assertTrue(lines.get(3).endsWith("held (2nd offer; the 1st broke: a passing stall)"), lines.get(3));
    // a step over the capacity that breaks on p99 while keeping up is offered again too, and its break confirmed
    assertTrue(lines.stream().anyMatch(l -> l.endsWith(" (again)")), String.join("\n", lines));
  }

  @Test
  void aStepThatFellBehindTheRateIsNotOfferedAgain() throws Exception {
    List<Double> offered = new ArrayList<>();
    CapacitySearch.search((rate, round) -> {
      offered.add(rate);
      return QueueModel.step(1000, rate, Double.MAX_VALUE);
    }, P99_20MS, 5000, 0.05, 1, (step, n) -> { });
    assertEquals(5000, offered.get(0));
    assertEquals(2500, offered.get(1), "5000 is over mu: the server fell behind, a real break, not offered again");
  }

  @Test
  void aRateThatHoldsOnlyNowAndThenIsNotTheCapacity() throws Exception {
    // over 700 ops/s the server holds p99 on a rate's first offer only, then breaks it (30 ms) while keeping up: the
    // bisection, which takes one hold as an answer, finds about 760; a plain run there would break
    java.util.Map<Double, Integer> offers = new java.util.HashMap<>();
    List<String> lines = new ArrayList<>();
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> {
      StepMeasured m = QueueModel.step(1000, rate, Double.MAX_VALUE);
      if (rate > 700 && rate < knee(1000) && offers.merge(rate, 1, Integer::sum) > 1) {
        return new StepMeasured(m.achieved(), m.p50Ms(), m.p90Ms(), m.p95Ms(), 30, 40, 0, 0,
            m.operations());
      }
      return m;
    }, P99_20MS, 100, 0.05, 1, (step, n) -> lines.add(CapacityText.step(step, n, 1)));
    CapacityRound round = result.rounds().get(0);
    assertTrue(round.knee() > 700, round.toString());
    assertTrue(round.capacity() <= 700 && round.capacity() >= 700 / 1.05, "the steady 700 within the resolution: "
        + round);
    assertEquals(CapacitySearch.CONFIRMING_OFFERS, round.offers());
    assertTrue(lines.stream().anyMatch(l -> l.endsWith("broke p99 30.0 ms > 20.0 ms (confirming 2/3)")),
        String.join("\n", lines));
    assertEquals(3, result.steps().stream().filter(s -> s.offered() == round.capacity() && s.held()).count(),
        "held three offers running");
    String answer = CapacityText.result(result).get(0);
    assertTrue(answer.contains(" ops/s, the highest rate held 3 offers running (resolution 5%); ")
        && answer.contains(" ops/s broke on its offer 2 of 3 on p99 30.0 ms > 20.0 ms"), answer);
  }

  @Test
  void aSearchWhoseEveryRateHoldsOnlyOnceVouchesForNoCapacity() throws Exception {
    // a host whose stalls break every second offer, whatever the rate: no rate is steady, and a figure would be chance
    java.util.Map<Double, Integer> offers = new java.util.HashMap<>();
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> {
      StepMeasured m = QueueModel.step(1000, rate, Double.MAX_VALUE);
      if (offers.merge(rate, 1, Integer::sum) > 1) {
        return new StepMeasured(m.achieved(), m.p50Ms(), m.p90Ms(), m.p95Ms(), 30, 40, 0, 0,
            m.operations());
      }
      return m;
    }, P99_20MS, 100, 0.05, 1, (step, n) -> { });
    CapacityRound round = result.rounds().get(0);
    assertTrue(round.unconfirmed(), round.toString());
    assertNull(result.interval(), "no capacity to give");
    assertEquals(CapacitySearch.CANDIDATES, result.steps().stream().filter(s -> s.confirming() > 0 && !s.held())
        .count(), "three rates tried, from the knee down");
    String answer = CapacityText.result(result).get(0);
    assertTrue(answer.startsWith("the search: none held 3 offers running: 7"), answer);
    assertTrue(answer.contains("causes: host stalls (p50 flat, "), "the same rate and median, a tail 3 times apart: "
        + answer);
    // what happened to each rate that confirmed, and only that: every one broke on its 2nd offer here
    assertTrue(answer.contains("on the offers that confirm a rate, 750 ops/s broke on its 2nd, 714 broke on its 2nd"),
        answer);
  }

  @Test
  void aStepThatDrainedItsWarmUpsBacklogIsOfferedAgainAndNeverReadAsTheOperationsOwnTime() throws Exception {
    // a client that stalls at each step's start early in its life: the first two steps drain a
    // backlog in their window (achieved 120% of the rate, p99 600 ms); the search must neither stop there nor read
    // the flat latency of two such steps as the operations' own time
    int[] offered = {0};
    List<String> lines = new ArrayList<>();
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> {
      StepMeasured m = QueueModel.step(1000, rate, Double.MAX_VALUE);
      if (offered[0]++ < 2) {
        return new StepMeasured(1.2 * rate, 24, 300, 400, 600, 650, 0, 0, m.operations());
      }
      return m;
    }, P99_20MS, 400, 0.05, 1, (step, n) -> lines.add(CapacityText.step(step, n, 1)));
    double found = result.rounds().get(0).capacity();
    assertTrue(found <= knee(1000) && found >= knee(1000) / 1.05 / 1.05, found + "\n" + String.join("\n", lines));
    assertTrue(lines.get(0).endsWith("achieved 480 ops/s, over the 400 offered"), lines.get(0));
    assertEquals(List.of(CauseRules.Cause.TOO_SHORT), result.steps().get(0).cause().causes());
    assertTrue(result.steps().get(0).broken().contains("achieved 480 ops/s, over the 400 offered: a backlog from the"
        + " warm-up drained in the measured window, the start measured, not the rate"), result.steps().toString());
    assertTrue(lines.get(1).startsWith("step 2: 400 ops/s offered"), "the same rate again: " + lines.get(1));

    // a warm-up that never drains: the round says so instead of giving a figure
    CapacitySearch.Result never = CapacitySearch.search((rate, round) -> new StepMeasured(1.2 * rate, 24,
        300, 400, 600, 650, 0, 0, (long) (rate * 3)), P99_20MS, 400, 0.05, 1, (step, n) -> { });
    assertEquals(3, never.steps().size(), "offered three times, then given up: " + never.steps());
    assertNull(never.interval());
    assertTrue(CapacityText.result(never).get(0).contains("none: at 400 ops/s each offer achieved more than the rate"
        + " offered (480 ops/s)") && CapacityText.result(never).get(0).endsWith("lengthen the steps (--duration) and"
        + " their --warmup"),
        CapacityText.result(never).get(0));
  }

  @Test
  void aCapacityFoundInOneRoundOfTwoIsNone() throws Exception {
    // round 1 finds the knee; in round 2 every second offer breaks, so it confirms nothing
    java.util.Map<Double, Integer> offers = new java.util.HashMap<>();
    CapacitySearch.Result result = CapacitySearch.search((rate, round) -> {
      StepMeasured m = QueueModel.step(1000, rate, Double.MAX_VALUE);
      if (round == 2 && offers.merge(rate, 1, Integer::sum) > 1) {
        return new StepMeasured(m.achieved(), m.p50Ms(), m.p90Ms(), m.p95Ms(), 30, 40, 0, 0,
            m.operations());
      }
      return m;
    }, P99_20MS, 100, 0.05, 2, (step, n) -> { });
    assertTrue(result.rounds().get(0).found() && !result.rounds().get(1).found(), result.rounds().toString());
    assertNull(result.interval(), "1 of 2 rounds is not most of them");
    String answer = CapacityText.answer(result);
    assertTrue(answer.startsWith("capacity under p99<=20ms: none vouched for: found in 1 of 2 rounds only (a capacity"
        + " needs most of them): round 1 7") && answer.contains(" ops/s, round 2 none"), answer);
  }

  @Test
  void theCheckVouchesOnlyForACapacityThatHeldInMostOfItsPlainRuns() throws Exception {
    CapacitySearch steady = searchedOnce();
    CapacitySearch.Steps queue = (rate, round) -> QueueModel.step(1000, rate, Double.MAX_VALUE);
    check(steady, queue);
    CapacitySearch.Result narrow = steady.result();
    assertEquals(3, narrow.check().held());
    assertEquals(3, narrow.check().aboveBroke(), "1.2 times the knee is over it");
    // within 5% below the knee, the queue's p99 is over 16 ms: held, but not within 0.8 of the objective
    assertTrue(steady.walksTo(1), narrow.check().toString());
    assertNull(narrow.vouched(), "not yet: the level below is to be checked");
    assertTrue(CapacityText.answer(narrow).contains("none vouched for: the search found "), CapacityText.answer(narrow));
    walkDown(steady, queue);
    CapacitySearch.Result held = steady.result();
    double found = held.capacity();
    assertEquals(1, held.check().below().size(), "vouched for at the first level: no lower one checked");
    // 0.8 of it held, p99 12 ms within 16; so did the rate between it and the capacity found
    assertEquals(Math.sqrt(CapacityCheck.BELOW) * found, held.vouchedRate(), 1e-9, held.check().toString());
    assertNotNull(held.vouched());
    assertTrue(held.answerRate() < found);
    List<String> lines = CapacityText.result(held);
    assertTrue(lines.get(lines.size() - 4).contains(": the runs at " + CapacityText.rate(found) + " ops/s each held,"
        + " but not each within p99 16.0 ms (0.8 of the objective): p99 18.4, 18.4, 18.4 ms, so a plain run at it"
        + " may break; checked lower, each level 0.8 of the one above"), lines.toString());
    double level = held.check().levelRate(1);
    assertTrue(lines.get(lines.size() - 3).startsWith("checked below: " + CapacityText.rate(level)
        + " ops/s (0.80 of the capacity found) held p99<=20ms in 3 of 3 plain runs (p99 1"), lines.toString());
    assertTrue(lines.get(lines.size() - 3).endsWith(": vouched for, so the rate between it and the one above was"
        + " checked"), lines.toString());
    assertTrue(lines.get(lines.size() - 2).startsWith("checked between: " + CapacityText.rate(held.vouchedRate())
        + " ops/s (0.89 of the capacity found, between " + CapacityText.rate(level) + " vouched for and "
        + CapacityText.rate(found) + " above it) held p99<=20ms in 3 of 3 plain runs (p99 1"), lines.toString());
    assertTrue(lines.get(lines.size() - 2).endsWith(": the capacity vouched for"), lines.toString());
    assertTrue(CapacityText.answer(held).startsWith("capacity under p99<=20ms: " + CapacityText.rate(held.vouchedRate())
        + " ops/s, 0.89 of the capacity found, held in 3 of 3 plain runs within p99 16.0 ms (0.8 of the objective);"
        + " the search found " + CapacityText.rate(found) + " ops/s, but it held in 3 of 3 plain runs, yet not each"
        + " within p99 16.0 ms"), CapacityText.answer(held));

    // a server with room to spare at the rate found: p99 far under the objective in every run of the check
    CapacitySearch roomy = new CapacitySearch(P99_20MS, 100, 0.05, (step, n) -> { });
    roomy.round(queue, 1);
    double roomyFound = roomy.result().capacity();
    CapacitySearch.Steps faster = (rate, round) -> QueueModel.step(rate == roomyFound ? 5000 : 1000, rate,
        Double.MAX_VALUE);
    for (int run = 1; run <= 3; run++) {
      roomy.checkRun(faster, run);
    }
    assertTrue(!roomy.walksTo(1) && roomy.result().vouchedRate() == roomyFound, roomy.result().check().toString());
    assertTrue(CapacityText.answer(roomy.result()).endsWith(" ops/s, held in 3 of 3 plain runs at it within p99 16.0 ms"
        + " (0.8 of the objective); " + CapacityText.ONE_SEARCH), CapacityText.answer(roomy.result()));

    // the host stalls during the check: two of three runs at the capacity break
    CapacitySearch stalled = new CapacitySearch(P99_20MS, 100, 0.05, (step, n) -> { });
    stalled.round(queue, 1);
    double capacity = stalled.result().capacity();
    int[] atCapacity = {0};
    CapacitySearch.Steps stalling = (rate, round) -> {
      StepMeasured m = QueueModel.step(1000, rate, Double.MAX_VALUE);
      return rate != capacity || atCapacity[0]++ == 1 ? m : new StepMeasured(m.achieved(), m.p50Ms(),
          m.p90Ms(), m.p95Ms(), 90, 120, 0, 0, m.operations());
    };
    for (int run = 1; run <= 3; run++) {
      stalled.checkRun(stalling, run);
    }
    CapacitySearch.Result broke = stalled.result();
    assertTrue(broke.check().held() < 2, broke.check().toString());
    assertNull(broke.vouched(), "not at the capacity found");
    List<String> text = CapacityText.result(broke);
    assertTrue(text.get(text.size() - 2).startsWith("checked: ") && text.get(text.size() - 2).contains(": the capacity"
        + " the search found did not hold in every plain run at it") && text.get(text.size() - 2).endsWith("; no rate"
        + " vouched for; quiet or pin the host, lengthen the steps, add rounds"), text.toString());
    assertTrue(text.get(text.size() - 1).startsWith("capacity under p99<=20ms: none vouched for: the search found "),
        text.get(text.size() - 1));
    // the walk down: the stalls hit the capacity only, so the first level below holds with the margin, and so does
    // the rate between it and the capacity
    walkDown(stalled, stalling);
    CapacitySearch.Result lower = stalled.result();
    assertEquals(Math.sqrt(CapacityCheck.BELOW) * capacity, lower.vouchedRate(), 1e-9, lower.check().toString());
    assertTrue(CapacityText.answer(lower).contains(" ops/s, 0.89 of the capacity found, held in 3 of 3 plain runs"
        + " within p99 16.0 ms (0.8 of the objective); the search found " + CapacityText.rate(capacity) + " ops/s,"
        + " but it held in only 1 of 3 plain runs at it;"), CapacityText.answer(lower));
  }

  /**
   * A host whose stalls break a run at every rate down to 0.6 of the capacity found: each level ends at its first
   * broken run, the walk goes on until a level holds every run within the margin, and every level is said.
   */
  @Test
  void theCheckWalksDownLevelByLevelUntilARateIsVouchedFor() throws Exception {
    CapacitySearch search = searchedOnce();
    double found = search.result().capacity();
    int[] runs = {0};
    CapacitySearch.Steps stalls = stallsAbove(0.6 * found, runs);
    check(search, stalls);
    int offered = runs[0];
    walkDown(search, stalls);
    CapacityCheck check = search.result().check();
    assertEquals(3, check.below().size(), check.toString());
    assertEquals(List.of(true, true, false), check.below().stream().map(CapacityCheck.Level::broke).toList());
    assertTrue(check.below().get(0).runs().size() < 3 && check.below().get(1).runs().size() < 3,
        "a level ends at its first broken run: " + check.below());
    assertEquals(offered + check.below().stream().mapToInt(l -> l.runs().size()).sum()
        + check.between().runs().size(), runs[0]);
    // the third level (0.51) held, and so did the rate between it and the second (0.57, under the stalls' 0.6)
    double vouched = search.result().vouchedRate();
    assertEquals(found * Math.pow(CapacityCheck.BELOW, 2.5), vouched, 1e-9);
    String answer = CapacityText.answer(search.result());
    assertTrue(answer.contains(" ops/s, 0.57 of the capacity found, held in 3 of 3 plain runs within p99 16.0 ms")
        && answer.contains(", nor did " + CapacityText.rate(check.levelRate(1)) + " ops/s (not every run held) or "
        + CapacityText.rate(check.levelRate(2)) + " ops/s (not every run held)"), answer);
    List<String> lines = CapacityText.result(search.result());
    assertEquals(3, lines.stream().filter(l -> l.startsWith("checked below: ")).count(), lines.toString());
    assertTrue(lines.stream().filter(l -> l.startsWith("checked below: ")).limit(2)
        .allMatch(l -> l.endsWith(": not vouched for (not every run held)")), lines.toString());

    // stalls at every rate: the walk stops at its floor, and says so
    CapacitySearch nowhere = searchedOnce();
    CapacitySearch.Steps always = (rate, round) -> {
      StepMeasured m = QueueModel.step(1000, rate, Double.MAX_VALUE);
      return new StepMeasured(m.achieved(), m.p50Ms(), m.p90Ms(), m.p95Ms(), 90, 120, 0, 0, m.operations());
    };
    check(nowhere, always);
    walkDown(nowhere, always);
    assertEquals(CapacityCheck.LEVELS, nowhere.result().check().below().size());
    assertTrue(!nowhere.walksTo(CapacityCheck.LEVELS + 1));
    assertTrue(CapacityText.answer(nowhere.result()).endsWith("; the walk down stopped at its floor, 0.41 of the"
        + " capacity found"), CapacityText.answer(nowhere.result()));
    List<String> none = CapacityText.result(nowhere.result());
    assertTrue(none.get(none.size() - 2).endsWith("; no rate vouched for down to the walk's floor, 0.41 of the"
        + " capacity found; quiet or pin the host, or loosen the objective"), none.toString());
  }

  /**
   * Stalls down to 0.55 of the capacity found: the third level (0.51) holds, the rate between it and the second (0.57)
   * breaks at its first stalled run, so the third level is the answer, and the rate between is said as refuted.
   */
  @Test
  void aRateBetweenThatBreaksLeavesTheLevelVouchedFor() throws Exception {
    CapacitySearch search = searchedOnce();
    double found = search.result().capacity();
    int[] runs = {0};
    CapacitySearch.Steps stalls = stallsAbove(0.55 * found, runs);
    check(search, stalls);
    walkDown(search, stalls);
    CapacityCheck check = search.result().check();
    assertTrue(check.between() != null && check.between().broke() && check.between().runs().size() < 3,
        "the rate between ends at its first broken run: " + check.between());
    assertTrue(!search.checksBetween());
    assertEquals(check.levelRate(3), search.result().vouchedRate(), 1e-9);
    String answer = CapacityText.answer(search.result());
    assertTrue(answer.contains(" ops/s, 0.51 of the capacity found, held in 3 of 3 plain runs") && answer.contains(
        "; and " + CapacityText.rate(check.between().rate()) + " ops/s, between the answer and the rate above it, was"
        + " not vouched for (not every run held)"), answer);
    List<String> lines = CapacityText.result(search.result());
    assertTrue(lines.get(lines.size() - 2).startsWith("checked between: ") && lines.get(lines.size() - 2).endsWith(
        ": not vouched for (not every run held), so the capacity vouched for is " + CapacityText.rate(
        check.levelRate(3)) + " ops/s"), lines.toString());
  }

  /** Every second run at {@code limit} ops/s or more stalls (p99 90 ms), none below it; {@code runs} counts them. */
  private static CapacitySearch.Steps stallsAbove(double limit, int[] runs) {
    return (rate, round) -> {
      StepMeasured m = QueueModel.step(1000, rate, Double.MAX_VALUE);
      runs[0]++;
      return rate < limit || runs[0] % 2 == 1 ? m : new StepMeasured(m.achieved(), m.p50Ms(), m.p90Ms(),
          m.p95Ms(), 90, 120, 0, 0, m.operations());
    };
  }

  /** A walk cut short (interrupted) after one run of a level that held: too few runs to vouch for it, and said so. */
  @Test
  void aLevelWithFewerRunsThanTheCapacityIsNotVouchedFor() throws Exception {
    CapacitySearch search = searchedOnce();
    CapacitySearch.Steps queue = (rate, round) -> QueueModel.step(1000, rate, Double.MAX_VALUE);
    check(search, queue);
    search.belowRun(queue, 1, 4);
    CapacitySearch.Result cut = search.result();
    assertTrue(CapacityCheck.withMargin(cut.check().below().get(0).runs(), P99_20MS), "its one run held: "
        + cut.check());
    assertTrue(!Double.isFinite(cut.vouchedRate()), cut.check().toString());
    assertTrue(!search.walksTo(2), "the walk goes on only after a level that cannot be vouched for");
    List<String> lines = CapacityText.result(cut);
    assertTrue(lines.get(lines.size() - 2).contains(" in 1 of 1 plain runs (p99 ") && lines.get(lines.size() - 2)
        .contains(": not vouched for (fewer runs than the capacity's); no rate vouched for, the walk stopped before"
        + " its floor"), lines.toString());
    assertTrue(CapacityText.answer(cut).contains("none vouched for: the search found ")
        && CapacityText.answer(cut).contains("(fewer runs than the capacity's)"), CapacityText.answer(cut));
  }

  /** A search of one round on the M/M/1 queue of mu 1000 ops/s, whose p99 crosses 20 ms at {@code knee(1000)}. */
  static CapacitySearch searchedOnce() throws Exception {
    CapacitySearch search = new CapacitySearch(P99_20MS, 100, 0.05, (step, n) -> { });
    search.round((rate, round) -> QueueModel.step(1000, rate, Double.MAX_VALUE), 1);
    return search;
  }

  /** The check's 3 runs at the capacity found and above it, as the job runs them for a search of 1-3 rounds. */
  static void check(CapacitySearch search, CapacitySearch.Steps steps) throws Exception {
    for (int run = 1; run <= 3; run++) {
      search.checkRun(steps, run);
    }
  }

  /**
   * The walk down as the job runs it: level by level, up to 3 runs each, a level ending at its first broken run; then
   * the rate between the level vouched for and the one above, up to 3 runs.
   */
  static void walkDown(CapacitySearch search, CapacitySearch.Steps steps) throws Exception {
    int level = 1;
    for (; search.walksTo(level); level++) {
      for (int run = 1; run <= 3 && !search.levelBroke(level); run++) {
        search.belowRun(steps, level, 3 * level + run);
      }
    }
    for (int run = 1; search.checksBetween(); run++) {
      search.betweenRun(steps, 3 * level + run);
    }
  }

  @Test
  void theRateAboveIsVouchedForWhenEachOfItsRunsHeldWithinTheMargin() throws Exception {
    // the search ran on a busy host and found a rate well under the knee; the check runs on a quieter one (mu 2000)
    CapacitySearch search = new CapacitySearch(P99_20MS, 100, 0.05, (step, n) -> { });
    search.round((rate, round) -> QueueModel.step(1000, rate, Double.MAX_VALUE), 1);
    double found = search.result().capacity();
    CapacitySearch.Steps quieter = (rate, round) -> QueueModel.step(2000, rate, Double.MAX_VALUE);
    for (int run = 1; run <= 2; run++) {
      search.checkRun(quieter, run);
    }
    // two runs at each: the rate above has the capacity's evidence so far
    assertEquals(CapacityCheck.ABOVE * found, search.result().vouchedRate(), 1e-9);
    search.checkRun(quieter, 3);
    CapacitySearch.Result result = search.result();
    assertEquals(0, result.check().aboveBroke(), result.check().toString());
    assertEquals(CapacityCheck.ABOVE * found, result.vouchedRate(), 1e-9, "x1.2 held each run within 16 ms");
    assertEquals(result.vouchedRate(), result.answerRate(), 1e-9);
    List<String> lines = CapacityText.result(result);
    assertTrue(lines.get(lines.size() - 2).endsWith(": the rate above held too, each run within p99 16.0 ms (0.8 of"
        + " the objective), so it is the capacity vouched for; no rate above it was checked, so the capacity may be"
        + " higher still"), lines.toString());
    assertTrue(CapacityText.answer(result).startsWith("capacity under p99<=20ms: "
        + CapacityText.rate(result.vouchedRate()) + " ops/s, x1.20 the capacity found, held in 3 of 3 plain runs"
        + " within p99 16.0 ms (0.8 of the objective), as the capacity found did; the search found "
        + CapacityText.rate(found) + " ops/s"), CapacityText.answer(result));

    // one run above within the objective but not within the margin: the capacity found is the answer, as before
    CapacitySearch near = new CapacitySearch(P99_20MS, 100, 0.05, (step, n) -> { });
    near.round((rate, round) -> QueueModel.step(1000, rate, Double.MAX_VALUE), 1);
    double nearFound = near.result().capacity();
    int[] above = {0};
    CapacitySearch.Steps oneSlow = (rate, round) -> QueueModel.step(rate == nearFound || above[0]++ != 1 ? 2000
        : rate + 1000 * Math.log(100) / 18, rate, Double.MAX_VALUE); // that run's p99 is 18 ms
    for (int run = 1; run <= 3; run++) {
      near.checkRun(oneSlow, run);
    }
    assertEquals(nearFound, near.result().vouchedRate(), 1e-9, near.result().check().toString());
    assertTrue(CapacityText.result(near.result()).get(CapacityText.result(near.result()).size() - 2)
        .endsWith(": the rate above held in 3 of 3 too, but is not vouched for (not each within p99 16.0 ms (0.8 of"
            + " the objective): p99 4.2, 18.0, 4.2 ms), so the capacity may be higher than found (a conservative"
            + " answer)"), CapacityText.result(near.result()).toString());
  }

  @Test
  void aFigureJustOverItsLimitShowsTheDigitsThatPutItOver() {
    StepMeasured m = new StepMeasured(1000, 0.2, 0.3, 0.4, 5.04, 6, 0, 0, 10_000);
    assertEquals(List.of("p99 5.040 ms > 5.0 ms"), StepVerdict.broken(1000, m, LatencyObjective.parse("--slo",
        "p99<=5ms")));
    assertEquals("7.2", StepVerdict.over(7.2, 5));
  }

  @Test
  void aRateWhoseRunsHeldButWhoseWindowsBrokeOneInThreeIsNotVouchedFor() throws Exception {
    // every run of the check holds p99 within the margin over its whole length, but one 5-s window in three broke
    // (the host's stalls): the windows say the next minute of a user's run would break, so no rate is vouched for
    CapacitySearch search = new CapacitySearch(P99_20MS, 100, 0.05, (step, n) -> { });
    search.round((rate, round) -> QueueModel.step(1000, rate, Double.MAX_VALUE), 1);
    CapacitySearch.Steps stalling = (rate, round) -> {
      StepMeasured m = QueueModel.step(1000, rate, Double.MAX_VALUE);
      return new StepMeasured(m.achieved(), m.p50Ms(), m.p90Ms(), m.p95Ms(), 5, 6, 0, 0, m.operations(), Double.NaN,
          null, CheckWindowsTest.windows(6, 4, 100, P99_20MS));
    };
    for (int run = 1; run <= 3; run++) {
      search.checkRun(stalling, run);
    }
    walkDown(search, stalling);
    CapacitySearch.Result stalled = search.result();
    assertTrue(stalled.check().holds(), "every run held over its whole length");
    assertTrue(!Double.isFinite(stalled.vouchedRate()), CapacityText.answer(stalled));
    assertTrue(CapacityText.answer(stalled).contains("none vouched for: the search found ")
        && CapacityText.answer(stalled).matches("(?s).*, and in 12 of 18 5-s windows: runs of 30 s drawn from these"
        + " windows hold a broken one in 91%, above 20%.*, yet runs drawn from its windows hold a broken one in 91%,"
        + " above 20%, nor did ([0-9]+ ops/s \\(runs drawn from its windows hold a broken one in 91%, above 20%\\)"
        + "(, | or )){3}[0-9]+ ops/s \\(runs drawn from its windows hold a broken one in 91%, above 20%\\); the walk"
        + " down stopped at its floor, 0.41 of the capacity found"),
        CapacityText.answer(stalled));

    // every window held: vouched for, the windows said (one broken window in 36 would give a 60-s run a 29% chance of
    // breaking: not vouched for)
    CapacitySearch steady = new CapacitySearch(P99_20MS, 100, 0.05, (step, n) -> { });
    steady.round((rate, round) -> QueueModel.step(1000, rate, Double.MAX_VALUE), 1);
    CapacitySearch.Steps mostly = (rate, round) -> {
      StepMeasured m = QueueModel.step(1000, rate, Double.MAX_VALUE);
      return new StepMeasured(m.achieved(), m.p50Ms(), m.p90Ms(), m.p95Ms(), 5, 6, 0, 0, m.operations(), Double.NaN,
          null, CheckWindowsTest.windows(12, 12, 0, P99_20MS));
    };
    for (int r = 1; r <= 3; r++) {
      steady.checkRun(mostly, r);
    }
    CapacitySearch.Result vouched = steady.result();
    assertTrue(Double.isFinite(vouched.vouchedRate()), CapacityText.answer(vouched));
    assertTrue(CapacityText.answer(vouched).contains("and by its 5-s windows at most a 20% chance of a run breaking")
        && CapacityText.answer(vouched).contains(", and in 36 of 36 5-s windows"), CapacityText.answer(vouched));
  }
}
