package stress.app.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import stress.config.LatencyObjective;
import stress.report.Decimals;
import stress.report.MedianInterval;
import stress.report.RoundComparisonText;

/** The text of a capacity search: one line per step, then the capacity, what broke first, and its noise. */
public final class CapacityText {
  /** Said after the capacity of a single search. */
  static final String ONE_SEARCH = "1 round: no noise estimate, --rounds 3 or more gives an interval";

  private CapacityText() {}

  /** E.g. {@code p99<=5ms, errors<=0.1%}. */
  public static String objectives(List<LatencyObjective> objectives) {
    return objectives.stream().map(LatencyObjective::describe).collect(Collectors.joining(", "));
  }

  /**
   * One step in under 160 characters, e.g. {@code step 3 (round 1): 4000 ops/s offered, 3998 achieved (100%), 40012
   * ops, p50 0.21 p99 3.1 p99.9 8.0 ms: held}; what it broke in a few words each (the long explanations are said once,
   * below the search).
   */
  public static String step(CapacitySearch.Step step, int number, int rounds) {
    StepMeasured m = step.measured();
    String name = step.check() > 0 ? "check " + step.check() : "step " + number + (rounds > 1 && step.round() > 0
        ? " (round " + step.round() + ")" : "");
    return name + ": " + rate(step.offered()) + " ops/s offered, " + rate(m.achieved()) + " achieved ("
        + Math.round(100 * m.achieved() / step.offered()) + "%), " + m.operations() + " ops, p50 " + ms(m.p50Ms())
        + " p99 " + ms(m.p99Ms()) + " p99.9 " + ms(m.p999Ms()) + " ms" + (m.errorShare() > 0 ? ", errors "
        + percent(m.errorShare()) : "") + ": " + (step.held() ? "held" : "broke " + shortly(step.broken()))
        + (!step.again() ? "" : step.held() ? " (2nd offer; the 1st broke: a passing stall)" : " (again)")
        + (step.confirming() == 0 ? "" : " (confirming " + step.confirming() + "/" + CapacitySearch.CONFIRMING_OFFERS
        + ")");
  }

  /** Each break in a few words: the part before its explanation. */
  private static String shortly(List<String> broken) {
    return broken.stream().map(b -> b.startsWith("achieved ") && b.endsWith("(under 99%)") ? "the rate (under 99%)"
            : b.contains(": ") ? b.substring(0, b.indexOf(": ")) : b)
        .collect(Collectors.joining("; "));
  }

  /**
   * The closing lines: each round's answer (what the search found, the evidence), the check, then the answer: the
   * capacity vouched for, or none and why. Only a capacity most rounds found enters the median (lower bounds never),
   * and only one that held in most of its check is vouched for.
   */
  public static List<String> result(CapacitySearch.Result result) {
    List<String> lines = new ArrayList<>();
    for (CapacityRound round : result.rounds()) {
      lines.add((result.rounds().size() > 1 ? "round " + round.round() : "the search") + ": " + answer(round, result));
    }
    if (result.check() != null) {
      lines.addAll(result.check().lines(result.objectives(), checkedFigure(result.objectives())));
    }
    lines.add(answer(result));
    return lines;
  }

  /** The answer in one line: the capacity vouched for (or unchecked), or none and why. */
  public static String answer(CapacitySearch.Result result) {
    String under = "capacity under " + objectives(result.objectives()) + ": ";
    MedianInterval i = result.interval();
    int rounds = result.rounds().size();
    if (i == null) {
      return under + "none vouched for: " + (rounds == 1 && result.rounds().get(0).lowerBound()
          ? "at least " + rate(result.rounds().get(0).capacity()) + " ops/s, a lower bound, is all that was measured"
          : disagreement(result));
    }
    String figure = rate(result.capacity()) + " ops/s" + (rounds > 1 ? ", the lowest answer of the " + result.found()
        + " of " + rounds + " rounds that found one (their median " + rate(i.median()) + " [" + rate(i.low()) + "-"
        + rate(i.high()) + "], " + RoundComparisonText.percent(i.coverage()) + " coverage)" : "");
    if (result.check() == null) {
      return under + figure + ", unchecked (--no-slo-check): no plain runs at it confirmed it" + (rounds == 1
          ? "; " + ONE_SEARCH : "");
    }
    CapacityCheck check = result.check();
    String margin = check.within(result.objectives());
    if (!Double.isFinite(result.vouchedRate())) {
      return under + "none vouched for: the search found " + rate(result.capacity()) + " ops/s, but "
          + refutations(result, check.below().size()) + (check.below().size() == CapacityCheck.LEVELS
          ? "; the walk down stopped at its floor, " + CapacityCheck.share(CapacityCheck.LEVELS)
          + " of the capacity found" : "");
    }
    if (result.vouchedOnlyBelow()) {
      CapacityCheck.Level level = check.vouchedBelow(result.objectives()).orElseThrow();
      CapacityCheck.Level between = check.between();
      // the rate between, refuted, is said as the levels above are: no rate above the answer goes unmentioned
      String notBetween = between == null || between == level ? "" : "; and " + rate(between.rate()) + " ops/s,"
          + " between the answer and the rate above it, was not vouched for (" + check.whyNotVouched(between,
          result.objectives(), checkedFigure(result.objectives())) + ")";
      return under + rate(result.vouchedRate()) + " ops/s, " + check.share(level) + " of the capacity"
          + " found, held in " + level.runs().size() + " of " + level.runs().size() + " plain runs within " + margin
          + CapacityCheck.inWindows(level.runs()) + "; the search found " + figure + ", but "
          + refutations(result, level.level() - 1) + notBetween + (rounds == 1 ? "; " + ONE_SEARCH : "");
    }
    if (result.vouchedRate() > result.capacity()) {
      return under + rate(result.vouchedRate()) + " ops/s, " + ratio(CapacityCheck.ABOVE) + " the capacity found,"
          + " held in " + check.atAbove().size() + " of " + check.atAbove().size() + " plain runs within " + margin
          + CapacityCheck.inWindows(check.atAbove())
          + ", as the capacity found did; the search found " + figure + (rounds == 1 ? "; " + ONE_SEARCH : "");
    }
    return under + figure + ", held in " + check.held() + " of " + check.atRate().size()
        + " plain runs at it within " + margin + CapacityCheck.inWindows(check.atRate()) + (rounds == 1 ? "; "
        + ONE_SEARCH : "");
  }

  /**
   * Why the capacity found and the first {@code levels} levels of the walk down were not vouched for, e.g. {@code it
   * held in only 1 of 3 plain runs at it, nor did 10900 ops/s (not every run held) or 8700 ops/s (runs drawn from its
   * windows broke in 34%, above 20%)}.
   */
  private static String refutations(CapacitySearch.Result result, int levels) {
    CapacityCheck check = result.check();
    String checked = checkedFigure(result.objectives());
    String why = check.holds() ? "it held in " + check.held() + " of " + check.atRate().size() + " plain runs"
        + CapacityCheck.inWindows(check.atRate()) + ", yet " + CapacityCheck.whyNotVouched(check.atRate(),
        result.objectives(), checked)
        : "it held in only " + check.held() + " of " + check.atRate().size() + " plain runs at it";
    List<String> lower = check.below().subList(0, levels).stream().map(l -> rate(l.rate()) + " ops/s ("
        + check.whyNotVouched(l, result.objectives(), checked) + ")").toList();
    if (lower.isEmpty()) {
      return why;
    }
    return why + ", nor did " + (lower.size() == 1 ? lower.get(0) : String.join(", ",
        lower.subList(0, lower.size() - 1)) + " or " + lower.get(lower.size() - 1));
  }

  /** Why rounds gave no capacity together: each round's answer in a word, and the rule. */
  private static String disagreement(CapacitySearch.Result result) {
    long found = result.found();
    if (result.rounds().isEmpty()) {
      return "no round ended";
    }
    if (result.rounds().size() == 1) {
      CapacityRound only = result.rounds().get(0);
      return "the search found none" + (only.broke() == null ? "" : "; " + cause(only, result));
    }
    return (found == 0 ? "no round found one" : "found in " + found + " of " + result.rounds().size()
        + " rounds only (a capacity needs most of them)") + ": " + result.rounds().stream()
        .map(r -> "round " + r.round() + " " + (r.found() ? rate(r.capacity()) + " ops/s"
            : r.lowerBound() ? "at least " + rate(r.capacity()) + " (a lower bound)" : "none"))
        .collect(Collectors.joining(", "))
        + (result.rounds().stream().anyMatch(CapacityRound::lowerBound) && found == 0
        ? "; the lowest bound, at least " + rate(result.rounds().stream().filter(CapacityRound::lowerBound)
        .mapToDouble(CapacityRound::capacity).min().orElseThrow()) + " ops/s, is all that was measured" : "");
  }

  /** The latency figure the check prints: the first latency objective's, else p99. */
  static String checkedFigure(List<LatencyObjective> objectives) {
    return objectives.stream().filter(o -> !o.errors()).map(LatencyObjective::figure).findFirst().orElse("p99");
  }

  /**
   * E.g. {@code capacity x3.10 [2.90-3.30] the logged rate (120 ops/s)}: the capacity over the logged rate, and the
   * rounds' answers' interval over it.
   */
  public static String ofLoggedRate(double capacity, MedianInterval rounds, double loggedRate) {
    return "capacity " + Decimals.ratio(capacity / loggedRate) + (rounds.estimated() ? " "
        + Decimals.ratioInterval(rounds.low() / loggedRate, rounds.high() / loggedRate) : "") + " the logged rate ("
        + rate(loggedRate)
        + " ops/s, the rate the application's log shows)";
  }

  /** E.g. {@code capacity x1.40 the logged peak (300 ops/s, the statements of the log's busiest second)}. */
  public static String ofLoggedPeak(double capacity, double loggedPeak) {
    return "capacity " + Decimals.ratio(capacity / loggedPeak) + " the logged peak (" + rate(loggedPeak)
        + " ops/s, the statements of the log's busiest second)";
  }

  /** One round's answer in words, with the cause of its break and the figures behind it ({@link CauseRules}). */
  public static String answer(CapacityRound round, CapacitySearch.Result result) {
    double resolution = result.resolution();
    String cause = round.broke() == null ? null : cause(round, result);
    if (!Double.isFinite(round.capacity()) && round.broke().objectiveBelowFastest()) {
      return "none: " + String.join("; ", round.broke().broken()) + " at " + rate(round.broke().offered())
          + " ops/s" + because(cause);
    }
    if (!Double.isFinite(round.capacity()) && round.unloaded()) {
      return "none: " + String.join("; ", round.broke().broken()) + " at " + rate(round.broke().offered())
          + " ops/s, where half the rate above left it within " + Math.round((1 - CapacitySearch.FLAT) * 100)
          + "%" + because(cause);
    }
    if (!Double.isFinite(round.capacity()) && round.broke().unsettled()) {
      return "none: at " + rate(round.broke().offered()) + " ops/s each offer achieved more than the rate offered ("
          + rate(round.broke().measured().achieved()) + " ops/s): a backlog left by the step's warm-up drained in its"
          + " measured window, so the steps measured their start (a client or host still warming up), not a rate"
          + because(cause);
    }
    if (!Double.isFinite(round.capacity()) && round.broke().unjudged()) {
      String why = round.broke().broken().stream().filter(b -> b.contains(" not judged: ")).findFirst().orElseThrow();
      return "none: at " + rate(round.broke().offered()) + " ops/s a step runs too few operations to judge "
          + why.replace(" not judged: ", " (") + "), and every higher rate tried broke an objective" + because(cause);
    }
    if (round.unconfirmed()) {
      return "none held " + CapacitySearch.CONFIRMING_OFFERS + " offers running: " + rate(round.knee())
          + " ops/s held once; " + KneeConfirmation.brokeOn(result.steps(), round.round()) + "; the last broke on "
          + String.join("; ", round.broke().broken()) + because(cause);
    }
    if (!Double.isFinite(round.capacity())) {
      return "none: every rate tried broke an objective, the lowest " + rate(round.broke().offered()) + " ops/s ("
          + String.join("; ", round.broke().broken()) + ")" + because(cause);
    }
    if (round.broke() == null) {
      return "at least " + rate(round.capacity()) + " ops/s, a lower bound (no step broke; the search's steps ran out)";
    }
    if (round.clientLimit()) {
      return "at least " + rate(round.capacity()) + " ops/s, a lower bound, as " + rate(round.broke().offered())
          + " ops/s was not achieved" + because(cause);
    }
    return rate(round.capacity()) + " ops/s, the highest rate held " + round.offers() + " offers running (resolution "
        + Math.round(resolution * 100) + "%); " + rate(round.broke().offered()) + " ops/s broke "
        + (round.broke().confirming() > 0 ? "on its offer " + round.broke().confirming() + " of "
        + CapacitySearch.CONFIRMING_OFFERS : "first") + " on " + String.join("; ", round.broke().broken())
        + because(cause);
  }

  private static String because(String cause) {
    return cause == null ? "" : "; " + cause;
  }

  /** The cause of the round's break with its figures ({@link CauseRules}), as the result decided it. */
  private static String cause(CapacityRound round, CapacitySearch.Result result) {
    return result.cause(round).sentence();
  }

  /**
   * What rose first from the capacity step to the step that broke: per operation its p99 at both, the one that rose
   * most first; null without both steps.
   */
  public static String roseFirst(Map<String, Double> atCapacity, Map<String, Double> above) {
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

  /** As the report writes it ({@link stress.report.capacity.CapacitySearchResult#rate}): 4210, 97.5, 0.523. */
  public static String rate(double rate) {
    return stress.report.capacity.CapacitySearchResult.rate(rate);
  }

  /** E.g. {@code 1.2x}. */
  public static String ratio(double ratio) {
    return Decimals.ratio(ratio);
  }

  static String ms(double ms) {
    return Double.isFinite(ms) ? Decimals.millis(ms) : "-";
  }

  static String percent(double share) {
    return stress.report.capacity.CapacitySearchResult.percent(share);
  }
}
