package stress.report.capacity;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import stress.report.CapacityEntry;
import stress.report.CapacitySteps;
import stress.report.Decimals;
import stress.report.RoundComparisonText;
import stress.report.RunResult;

/**
 * A capacity search ({@code run --slo}) as a result holds it: read from the settings' {@value CapacityEntry#KEY}
 * entry ({@link CapacityEntry}), which the search writes as plain maps and lists and which reads back the same from result.json. The HTML report and
 * {@code capacity.csv} both read it from here. A search of one combination keeps its steps at the top of that entry;
 * capacities compared keep each combination's search under {@code compared} and the comparison under
 * {@code comparison} ({@link CapacitiesCompared}).
 *
 * @param objectives each objective as the user reads it, e.g. {@code p99<=5ms}, {@code errors<=0.1%}
 * @param resolution e.g. 0.05
 * @param steps      every step, in the order run
 * @param rounds     each round's answer
 * @param capacity   the capacity in ops/s (over rounds, the median of theirs), NaN when no round found one
 * @param low        the low end of its interval, NaN with one round
 * @param high       the high end of its interval, NaN with one round
 * @param coverage   the interval's coverage, NaN with one round
 * @param logged     the capacity as a multiple of the logged rate ({@code --rate log}), else null
 * @param failure    why the search stopped early (one combination of several), else null
 * @param answer     the answer in one line as the text gave it (the capacity vouched for, or none and why); null in a
 *                   result written before it was kept
 */
public record CapacitySearchResult(List<String> objectives, double resolution, List<Step> steps, List<Round> rounds,
                                   double capacity, double low, double high, double coverage, LoggedMultiple logged,
                                   String failure, String answer) {
  /** The latency figures a step can hold, each under its key {@code <figure> ms}, in order. */
  public static final List<String> LATENCIES = List.of("p50", "p90", "p95", "p99", "p99.9");
  /** A latency objective as {@code LatencyObjective.describe} writes it: always in ms. */
  private static final Pattern LATENCY_OBJECTIVE = Pattern.compile("(p50|p90|p95|p99|p999)<=([0-9.]+)ms");

  public CapacitySearchResult {
    objectives = List.copyOf(objectives);
    steps = List.copyOf(steps);
    rounds = List.copyOf(rounds);
  }

  /**
   * One step.
   *
   * @param number    1-based, in the order run
   * @param latencyMs each latency figure the step holds ({@link #LATENCIES}), in that order
   * @param broken    each objective it broke, in words; empty when it held
   * @param confirming which of the {@link CapacitySteps#CONFIRMING_OFFERS} offers confirming a capacity this step was;
   *                   0 for a step of the search itself
   */
  public record Step(int number, int round, double offered, double achieved, Map<String, Double> latencyMs,
                     double errorShare, boolean held, List<String> broken, int confirming, int check) {
    public Step {
      latencyMs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(latencyMs));
      broken = List.copyOf(broken);
    }

    public Step(int number, int round, double offered, double achieved, Map<String, Double> latencyMs,
                double errorShare, boolean held, List<String> broken, int confirming) {
      this(number, round, offered, achieved, latencyMs, errorShare, held, broken, confirming, 0);
    }

    public Step(int number, int round, double offered, double achieved, Map<String, Double> latencyMs,
                double errorShare, boolean held, List<String> broken) {
      this(number, round, offered, achieved, latencyMs, errorShare, held, broken, 0, 0);
    }

    /**
     * {@code held} or {@code broken: ...}, and the confirming offer or run of the check it was: {@code held
     * (confirming: offer 2 of 3)}.
     */
    public String verdict() {
      return (held ? "held" : "broken: " + String.join("; ", broken))
          + (confirming > 0 ? " (confirming: offer " + confirming + " of " + CapacitySteps.CONFIRMING_OFFERS + ")" : "")
          + (check > 0 ? " (check run " + check + ")" : "");
    }

    /** The round as a reader names it: its number, or {@code check} for a run of the check after the search. */
    public String roundName() {
      return check > 0 ? "check" : Integer.toString(round);
    }

    /** The latency figure, NaN when the step does not hold it. */
    public double latency(String figure) {
      Double ms = latencyMs.get(figure);
      return ms == null ? Double.NaN : ms;
    }
  }

  /**
   * One round's answer.
   *
   * @param capacity    the highest rate held, NaN when every rate tried broke
   * @param brokeAt     the lowest broken rate above it, NaN when none broke
   * @param brokeOn     what broke there
   * @param clientLimit the step above broke because the client could not offer it: the capacity is a lower bound
   * @param offers      the offers running the capacity held (3 when confirmed; 0 in a result written before they
   *                    were counted)
   * @param knee        the highest rate held once, NaN when unknown or none held
   */
  public record Round(int round, double capacity, double brokeAt, List<String> brokeOn, boolean clientLimit,
                      int offers, double knee, String inWords) {
    public Round {
      brokeOn = List.copyOf(brokeOn);
    }

    public Round(int round, double capacity, double brokeAt, List<String> brokeOn, boolean clientLimit, int offers,
                 double knee) {
      this(round, capacity, brokeAt, brokeOn, clientLimit, offers, knee, null);
    }

    public Round(int round, double capacity, double brokeAt, List<String> brokeOn, boolean clientLimit) {
      this(round, capacity, brokeAt, brokeOn, clientLimit, 0, Double.NaN, null);
    }

    /** Whether its capacity is a lower bound (the client's limit, or no step broke): never a median's. */
    public boolean lowerBound() {
      return Double.isFinite(capacity) && (clientLimit || !Double.isFinite(brokeAt));
    }
  }

  /**
   * The capacity as a multiple of the rate an application's log shows.
   *
   * @param rate   the logged rate, ops/s
   * @param median the capacity over it
   * @param low    its interval's low end, NaN with one round
   * @param high   its interval's high end, NaN with one round
   */
  public record LoggedMultiple(double rate, double median, double low, double high) {
    /** E.g. {@code x3.10 [2.90-3.30] the logged rate (120 ops/s)}. */
    public String text() {
      return Decimals.ratio(median) + (Double.isFinite(low) && Double.isFinite(high) ? " "
          + Decimals.ratioInterval(low, high) : "")
          + " the logged rate (" + CapacitySearchResult.rate(rate) + " ops/s)";
    }
  }

  /** A latency objective: its figure as the steps name it ({@code p99.9} for {@code p999}) and its limit. */
  public record LatencyLimit(String objective, String figure, double ms) {}

  /**
   * The capacity search of a result; null when the run searched none, or compared the capacities of several
   * combinations ({@link #searches}, {@link CapacitiesCompared}).
   */
  public static CapacitySearchResult of(RunResult result) {
    CapacityEntry entry = CapacityEntry.of(result);
    return entry != null && !entry.compared() ? of(entry.head(), entry.head()) : null;
  }

  /**
   * Every search of a result in the order searched, each under its combination's name ({@code mode=plain}, {@code
   * table=a}, {@code target=mongodb://h/db}); a single search under {@code ""}; empty when the run searched none.
   */
  public static Map<String, CapacitySearchResult> searches(RunResult result) {
    Map<String, CapacitySearchResult> searches = new LinkedHashMap<>();
    CapacityEntry entry = CapacityEntry.of(result);
    if (entry != null) {
      // the objectives, resolution and logged rate of capacities compared are written once above their searches
      entry.searches().forEach((name, json) -> searches.put(name, of(entry.head(), json)));
    }
    return searches;
  }

  /** One search: its own figures from {@code json}, what every search shares from {@code head}. */
  private static CapacitySearchResult of(Map<?, ?> head, Map<?, ?> json) {
    List<Step> steps = new ArrayList<>();
    for (Object item : list(json.get("steps"))) {
      if (!(item instanceof Map<?, ?> s)) {
        continue;
      }
      Map<String, Double> latency = new LinkedHashMap<>();
      for (String figure : LATENCIES) {
        if (s.containsKey(figure + " ms")) {
          latency.put(figure, number(s.get(figure + " ms")));
        }
      }
      steps.add(new Step(steps.size() + 1, (int) number(s.get("round")), number(s.get("offered ops/s")),
          number(s.get("achieved ops/s")), latency, number(s.get("error share")), Boolean.TRUE.equals(s.get("held")),
          strings(s.get("broken")), s.get("confirming offer") == null ? 0 : (int) number(s.get("confirming offer")),
          s.get("check run") == null ? 0 : (int) number(s.get("check run"))));
    }
    List<Round> rounds = new ArrayList<>();
    for (Object item : list(json.get("rounds"))) {
      if (!(item instanceof Map<?, ?> r)) {
        continue;
      }
      rounds.add(new Round((int) number(r.get("round")), number(r.get("capacity ops/s")),
          number(r.get("broke at ops/s")), strings(r.get("broke on")), Boolean.TRUE.equals(r.get("client's limit")),
          r.get("held offers running") == null ? 0 : (int) number(r.get("held offers running")),
          number(r.get("knee ops/s")), r.get("in words") == null ? null : String.valueOf(r.get("in words"))));
    }
    List<Object> interval = list(json.get("interval"));
    List<Object> multiples = list(json.get("multiple interval"));
    LoggedMultiple logged = json.containsKey("multiple of the logged rate")
        ? new LoggedMultiple(number(head.get("logged rate ops/s")), number(json.get("multiple of the logged rate")),
        multiples.size() == 2 ? number(multiples.get(0)) : Double.NaN,
        multiples.size() == 2 ? number(multiples.get(1)) : Double.NaN) : null;
    return new CapacitySearchResult(strings(head.get("objectives")), number(head.get("resolution")), steps, rounds,
        number(json.get("capacity ops/s")), interval.size() == 2 ? number(interval.get(0)) : Double.NaN,
        interval.size() == 2 ? number(interval.get(1)) : Double.NaN, number(json.get("coverage")), logged,
        json.get("failure") == null ? null : String.valueOf(json.get("failure")),
        json.get("answer") == null ? null : String.valueOf(json.get("answer")));
  }

  /** The objectives on latency, each with its limit in ms; the error objective is not one. */
  public List<LatencyLimit> latencyLimits() {
    List<LatencyLimit> limits = new ArrayList<>();
    for (String objective : objectives) {
      Matcher m = LATENCY_OBJECTIVE.matcher(objective);
      if (m.matches()) {
        limits.add(new LatencyLimit(objective, m.group(1).equals("p999") ? "p99.9" : m.group(1),
            Double.parseDouble(m.group(2))));
      }
    }
    return limits;
  }

  /** Whether the capacity has an interval (a search of several rounds that found one). */
  public boolean hasInterval() {
    return Double.isFinite(low) && Double.isFinite(high);
  }

  /** The objectives joined as given: {@code p99<=5ms, errors<=0.1%}. */
  public String objectivesText() {
    return String.join(", ", objectives);
  }

  /**
   * The capacity in words, as the text prints it: one sentence over the rounds (with its interval), then one per
   * round when there are several.
   */
  public List<String> sentences() {
    String under = "capacity under " + objectivesText();
    List<String> lines = new ArrayList<>();
    if (answer != null) { // the text's own words: the answer, then each round's with its cause
      lines.add(answer);
      rounds.forEach(r -> lines.add((rounds.size() > 1 ? "round " + r.round() : "the search") + ": " + r.inWords()));
      if (logged != null) {
        lines.add("capacity " + logged.text() + ", the rate the application's log shows");
      }
      return lines;
    }
    if (rounds.size() > 1) {
      long found = rounds.stream().filter(r -> Double.isFinite(r.capacity())).count();
      lines.add(!Double.isFinite(capacity) ? under + " over " + rounds.size() + " rounds: none found"
          : under + ": " + rate(capacity) + " ops/s" + (hasInterval() ? " [" + rate(low) + "-" + rate(high) + "]" : "")
              + ", the median of " + found + " rounds' answers" + (hasInterval()
              ? " with its interval (" + RoundComparisonText.percent(coverage) + " coverage)" : ""));
    }
    for (Round round : rounds) {
      lines.add((rounds.size() > 1 ? "round " + round.round() + ": " : "") + under + ": " + answer(round)
          + (rounds.size() == 1 && Double.isFinite(round.capacity())
          ? "; 1 round: no noise estimate, --rounds 3 or more gives an interval" : ""));
    }
    if (logged != null) {
      lines.add("capacity " + logged.text() + ", the rate the application's log shows");
    }
    return lines;
  }

  private String answer(Round round) {
    String brokeOn = String.join("; ", round.brokeOn());
    if (!Double.isFinite(round.capacity()) && Double.isFinite(round.knee())) {
      return "none held steadily: " + rate(round.knee()) + " ops/s held once, but it and each rate tried below it"
          + " down to " + rate(round.brokeAt()) + " broke on a later offer, the last on " + brokeOn;
    }
    if (!Double.isFinite(round.capacity())) {
      return "none: every rate tried broke an objective, the lowest " + rate(round.brokeAt()) + " ops/s (" + brokeOn
          + ")";
    }
    if (!Double.isFinite(round.brokeAt())) {
      return "at least " + rate(round.capacity()) + " ops/s (no step broke; the search's steps ran out)";
    }
    if (round.clientLimit()) {
      return "at least " + rate(round.capacity()) + " ops/s: the client could not offer " + rate(round.brokeAt())
          + " (its CPU the bottleneck), so this is the client's limit, not the server's capacity";
    }
    return rate(round.capacity()) + " ops/s, the highest rate held" + (round.offers() > 1 ? " " + round.offers()
        + " offers running" : "") + " (resolution " + Math.round(resolution * 100) + "%); " + rate(round.brokeAt())
        + " ops/s broke first on " + brokeOn;
  }

  /** A rate to three significant digits, whole from 100 up: 4210, 97.5, 0.523; "-" when unknown. */
  public static String rate(double rate) {
    if (!Double.isFinite(rate)) {
      return "-";
    }
    BigDecimal rounded = new BigDecimal(rate).round(new MathContext(3, RoundingMode.HALF_UP));
    return rate >= 100 ? Long.toString(rounded.longValue()) : rounded.stripTrailingZeros().toPlainString();
  }

  /** A share as a percentage to two significant digits: 0%, 0.12%, 3.4%; "-" when unknown. */
  public static String percent(double share) {
    if (!Double.isFinite(share)) {
      return "-";
    }
    return new BigDecimal(share * 100).round(new MathContext(2, RoundingMode.HALF_UP)).stripTrailingZeros()
        .toPlainString() + "%";
  }

  /** The capacity with its interval: {@code 41700 ops/s [36500-45600]}, or {@code none found}. */
  public String capacityText() {
    return !Double.isFinite(capacity) ? "none found"
        : rate(capacity) + " ops/s" + (hasInterval() ? " [" + rate(low) + "-" + rate(high) + "]" : "");
  }

  static double number(Object value) {
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    if (value instanceof String s) { // Jackson writes NaN as a string
      try {
        return Double.parseDouble(s);
      } catch (NumberFormatException e) {
        return Double.NaN;
      }
    }
    return Double.NaN;
  }

  static List<Object> list(Object value) {
    return value instanceof List<?> l ? new ArrayList<>(l) : List.of();
  }

  static List<String> strings(Object value) {
    return list(value).stream().map(String::valueOf).toList();
  }
}
