package stress.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import stress.config.LatencyObjective;
import stress.report.Decimals;
import stress.report.MedianInterval;
import stress.report.RoundComparisonText;

/** The text of a capacity search: one line per step, then the capacity, what broke first, and its noise. */
final class CapacityText {
  /** Said after the capacity of a single search. */
  static final String ONE_SEARCH = "1 round: no noise estimate, --rounds 3 or more gives an interval";

  private CapacityText() {}

  /** E.g. {@code p99<=5ms, errors<=0.1%}. */
  static String objectives(List<LatencyObjective> objectives) {
    return objectives.stream().map(LatencyObjective::describe).collect(Collectors.joining(", "));
  }

  /**
   * E.g. {@code step 3 (round 1): offered 4000 ops/s, achieved 3998 (100%), p50 0.21 ms, p99 3.1 ms, p99.9 8.0 ms,
   * errors 0%: held}.
   */
  static String step(CapacitySearch.Step step, int number, int rounds) {
    CapacitySearch.Measured m = step.measured();
    return "step " + number + (rounds > 1 ? " (round " + step.round() + ")" : "") + ": offered " + rate(step.offered())
        + " ops/s, achieved " + rate(m.achieved()) + " (" + Math.round(100 * m.achieved() / step.offered()) + "%) in "
        + m.operations() + " operations, p50 "
        + ms(m.p50Ms()) + " ms, p99 " + ms(m.p99Ms()) + " ms, p99.9 " + ms(m.p999Ms()) + " ms, errors "
        + percent(m.errorShare()) + ": " + (step.held() ? "held" : "broken (" + String.join("; ", step.broken()) + ")")
        + (!step.again() ? "" : step.held() ? " on a second offer: the first break (" + String.join("; ",
        step.brokeFirst()) + ") did not repeat: a passing stall (of the host, or a pause of the server), not the rate" : " again: the break repeats")
        + (step.confirming() == 0 ? "" : " (confirming: offer " + step.confirming() + " of "
        + CapacitySearch.CONFIRMING_OFFERS + ")");
  }

  /** The closing lines: each round's capacity, then the capacity over the rounds. */
  static List<String> result(CapacitySearch.Result result) {
    List<String> lines = new ArrayList<>();
    String under = "capacity under " + objectives(result.objectives());
    for (CapacitySearch.Round round : result.rounds()) {
      String prefix = result.rounds().size() > 1 ? "round " + round.round() + ": " : "";
      lines.add(prefix + under + ": " + answer(round, result.resolution())
          // one search is one draw: a stall of the host during one step moves its answer
          + (result.rounds().size() == 1 && Double.isFinite(round.capacity()) ? "; " + ONE_SEARCH : ""));
    }
    if (result.rounds().size() > 1) {
      MedianInterval i = result.interval();
      long found = result.rounds().stream().filter(r -> Double.isFinite(r.capacity())).count();
      lines.add(i == null ? under + " over " + result.rounds().size() + " rounds: none found"
          : found == 1 ? under + ": " + rate(i.median()) + " ops/s, found in 1 of " + result.rounds().size()
              + " rounds: no noise estimate"
          : under + " over " + found + " rounds: median " + rate(i.median()) + " ops/s [" + rate(i.low()) + "-"
              + rate(i.high()) + "], " + RoundComparisonText.percent(i.coverage()) + " coverage ("
              + MedianInterval.METHOD + ")");
    }
    return lines;
  }

  /** E.g. {@code capacity x3.10 [2.90-3.30] the logged rate (120 ops/s)}. */
  static String ofLoggedRate(MedianInterval capacity, double loggedRate) {
    return "capacity " + Decimals.ratio(capacity.median() / loggedRate) + (capacity.estimated() ? " "
        + Decimals.ratioInterval(capacity.low() / loggedRate, capacity.high() / loggedRate) : "") + " the logged rate (" + rate(loggedRate)
        + " ops/s, the rate the application's log shows)";
  }

  private static String answer(CapacitySearch.Round round, double resolution) {
    if (!Double.isFinite(round.capacity()) && round.unloaded()) {
      return "none: " + String.join("; ", round.broke().broken()) + " at " + rate(round.broke().offered())
          + " ops/s, where half the rate above left it within " + Math.round((1 - CapacitySearch.FLAT) * 100)
          + "%: the operations' own time breaks the objective, not a queue, so no rate holds it; a looser objective,"
          + " or a faster plan (stress explain), is the way";
    }
    if (!Double.isFinite(round.capacity()) && round.broke().unsettled()) {
      return "none: at " + rate(round.broke().offered()) + " ops/s each offer achieved more than the rate offered ("
          + rate(round.broke().measured().achieved()) + " ops/s): a backlog left by the step's warm-up drained in its"
          + " measured window, so the steps measured their start (a client or host still warming up), not a rate;"
          + " give the steps a longer --warmup";
    }
    if (!Double.isFinite(round.capacity()) && round.broke().unjudged()) {
      String why = round.broke().broken().stream().filter(b -> b.contains(" not judged: ")).findFirst().orElseThrow();
      return "none: at " + rate(round.broke().offered()) + " ops/s a step runs too few operations to judge "
          + why.replace(" not judged: ", " (") + "), and every higher rate tried broke an objective";
    }
    if (round.unconfirmed()) {
      return "none held " + CapacitySearch.CONFIRMING_OFFERS + " offers running: " + rate(round.knee())
          + " ops/s held once, but it and each rate tried below it down to " + rate(round.broke().offered())
          + " broke on a later offer, the last on " + String.join("; ", round.broke().broken()) + ": the latency"
          + " near the knee is not steady enough to vouch for a capacity; quiet or pin the host, or lengthen the steps";
    }
    if (!Double.isFinite(round.capacity())) {
      return "none: every rate tried broke an objective, the lowest " + rate(round.broke().offered()) + " ops/s ("
          + String.join("; ", round.broke().broken()) + ")";
    }
    if (round.broke() == null) {
      return "at least " + rate(round.capacity()) + " ops/s (no step broke; the search's steps ran out)";
    }
    if (round.clientLimit()) {
      return "at least " + rate(round.capacity()) + " ops/s: the client could not offer "
          + rate(round.broke().offered()) + " (its CPU the bottleneck), so this is the client's limit, not the"
          + " server's capacity; run the client on a host of its own or as several instances (--instances)";
    }
    return rate(round.capacity()) + " ops/s, the highest rate held " + round.offers() + " offers running (resolution "
        + Math.round(resolution * 100) + "%); " + rate(round.broke().offered()) + " ops/s broke "
        + (round.broke().confirming() > 0 ? "on its offer " + round.broke().confirming() + " of "
        + CapacitySearch.CONFIRMING_OFFERS : "first") + " on " + String.join("; ", round.broke().broken());
  }

  /**
   * What rose first from the capacity step to the step that broke: per operation its p99 at both, the one that rose
   * most first; null without both steps.
   */
  static String roseFirst(Map<String, Double> atCapacity, Map<String, Double> above) {
    String worst = null;
    double most = 0;
    for (Map.Entry<String, Double> e : above.entrySet()) {
      Double before = atCapacity.get(e.getKey());
      if (before != null && before > 0 && e.getValue() / before > most) {
        most = e.getValue() / before;
        worst = e.getKey();
      }
    }
    return worst == null ? null : "the operation whose p99 rose most one step above the capacity: " + worst + " ("
        + ms(atCapacity.get(worst)) + " ms -> " + ms(above.get(worst)) + " ms, " + Decimals.ratio(most) + ")";
  }

  /** As the report writes it ({@link stress.report.CapacitySearchResult#rate}): 4210, 97.5, 0.523. */
  static String rate(double rate) {
    return stress.report.CapacitySearchResult.rate(rate);
  }

  static String ms(double ms) {
    return Double.isFinite(ms) ? Decimals.millis(ms) : "-";
  }

  static String percent(double share) {
    return stress.report.CapacitySearchResult.percent(share);
  }
}
