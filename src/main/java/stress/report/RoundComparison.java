package stress.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import stress.metrics.OperationStats;
import stress.metrics.PhaseStats;

/**
 * The comparison of a run of several rounds ({@code --rounds N}): each combination's figures per round, their median
 * and range, and beside the baseline's the median of the paired per-round ratios with its {@link MedianInterval} and
 * a verdict ({@link PairedRatio}). The total's ops/s, p50 and p99 per combination; in a mix of several operations
 * each operation's p50 and p99 too, never its ops/s: in a closed loop an operation's ops/s is its weight's share of
 * the total, so its ratio would only repeat the total's.
 *
 * <p>Combinations are grouped by everything but the compared key ({@link #comparedKey}: {@code table} in {@code run
 * --compare-tables}, {@code target} in {@code run --against}, none otherwise: one group); the first combination of a
 * group, in the run's first round, is its baseline, and of targets the one on PostgreSQL: a server at 4 threads is
 * compared with PostgreSQL at 4 threads, never at 2.
 */
public final class RoundComparison {
  /** The figures compared for the total, and for each operation of a mix (latencies only). */
  static final String OPS = "ops/s";
  static final String P50 = "p50 ms";
  static final String P99 = "p99 ms";
  /** The combination key of the target a phase measured ({@code run --against}), and the target compared with. */
  public static final String TARGET = "target";
  public static final String POSTGRESQL = "postgresql";

  private RoundComparison() {}

  /**
   * The key whose values a result compares within groups of otherwise equal combinations: {@code table} for a result
   * of compared tables, {@code target} when its phases carry their target, null when every combination is compared
   * with the first.
   */
  public static String comparedKey(RunResult result) {
    if (!result.tables().isEmpty()) {
      return LayoutComparison.TABLE;
    }
    return result.phases().stream().anyMatch(p -> p.combination().containsKey(TARGET)) ? TARGET : null;
  }

  /**
   * The combinations grouped by everything but the compared key, groups and members in the order given, the baseline
   * first in each: the given first, or of targets the one on PostgreSQL.
   */
  public static Map<String, List<Map<String, String>>> groups(Collection<Map<String, String>> combinations,
                                                              String comparedKey) {
    Map<String, List<Map<String, String>>> groups = new LinkedHashMap<>();
    combinations.forEach(c -> groups.computeIfAbsent(group(c, comparedKey), k -> new ArrayList<>()).add(c));
    if (TARGET.equals(comparedKey)) {
      // stable: PostgreSQL first, the servers after it in their order
      groups.values().forEach(members -> members.sort(
          Comparator.comparing((Map<String, String> c) -> !POSTGRESQL.equals(c.get(TARGET)))));
    }
    return groups;
  }

  /**
   * A ratio to the baseline with its interval and verdict.
   *
   * @param median   median of the paired per-round ratios (this combination / the baseline)
   * @param low      lower end of the interval
   * @param high     upper end
   * @param coverage the interval's coverage, e.g. 0.9375
   * @param verdict  faster, slower, no difference beyond noise, or no noise estimate
   */
  public record Ratio(double median, double low, double high, double coverage, String verdict) {
    static Ratio of(PairedRatio p, int rounds) {
      MedianInterval i = p.interval();
      // one pair left of several rounds: the others ran none of it on a side, which "1 round" would hide
      String verdict = p.verdict() == PairedRatio.Verdict.NO_ESTIMATE && rounds > 1 ? "1 of " + rounds + " rounds"
          + " paired (in the others a side finished no execution of it): no noise estimate" : p.said();
      return new Ratio(i.median(), i.low(), i.high(), i.coverage(), verdict);
    }
  }

  /**
   * One figure of one combination.
   *
   * @param operation  the operation, or {@code total}
   * @param figure     {@code ops/s}, {@code p50 ms} or {@code p99 ms}
   * @param rounds     the figure in each round, in round order (null where the round did not run it)
   * @param median     their median
   * @param low        the lowest round
   * @param high       the highest round
   * @param vsBaseline the ratio to the baseline's figure; null for the baseline itself or when no pair was left
   */
  public record Figure(String operation, String figure, List<Double> rounds, double median, double low, double high,
                       Ratio vsBaseline) {}

  /**
   * One combination.
   *
   * @param group       what it shares with the combinations it is compared with (the combination without the
   *                    compared key), empty when all are compared with each other
   * @param combination its settings
   * @param baseline    whether the others of its group are compared with it
   * @param figures     the total's figures, then each operation's latencies in a mix
   */
  public record Row(String group, Map<String, String> combination, boolean baseline, List<Figure> figures) {}

  /**
   * A group's noise: how far its baseline's rounds spread, and the least difference its verdicts needed.
   *
   * @param group           as in {@link Row#group}
   * @param spread          (highest - lowest) / median of the baseline's ops/s over the rounds
   * @param leastDifference e.g. 0.05: a verdict needs the interval beyond ×1.05
   * @param unsteady        the sentence saying the machine was unsteady, or null
   */
  public record Noise(String group, double spread, double leastDifference, String unsteady) {}

  /**
   * The whole comparison, as the JSON result carries it.
   *
   * @param rounds   how many rounds ran
   * @param method   how the intervals are made
   * @param coverage the coverage of an interval over all the rounds
   * @param noise    per group
   * @param rows     per combination
   * @param leftOut  the sentence saying a round interrupted before every combination ran was left out, or null
   */
  public record Result(int rounds, String method, double coverage, List<Noise> noise, List<Row> rows,
                       String leftOut) {}

  /** Whether any phase of the result ran in a round of several. */
  public static boolean hasRounds(RunResult result) {
    return result.phases().stream().anyMatch(p -> p.round() != null);
  }

  /**
   * The comparison of a result with rounds, or null without rounds, or for a capacity search, whose rounds are the
   * search's and whose phases are steps at offered rates ({@link CapacitySteps}), not combinations to pair.
   *
   * @param comparedKey the combination key whose values are compared within a group ({@link #comparedKey}), or null
   *                    to compare every combination with the first
   */
  public static Result of(RunResult result, String comparedKey) {
    if (!hasRounds(result) || CapacitySteps.isSearch(result)) {
      return null;
    }
    int ran = result.phases().stream().mapToInt(p -> p.round() == null ? 1 : p.round()).max().orElse(1);
    String leftOut = interruptedRound(result, ran);
    int rounds = leftOut == null ? ran : ran - 1;
    // combinations in the order of their first phase; the first round runs them as the grid lists them
    Map<Map<String, String>, PhaseResult[]> byCombination = new LinkedHashMap<>();
    for (PhaseResult p : result.phases()) {
      int round = p.round() == null ? 1 : p.round();
      if (round <= rounds) {
        byCombination.computeIfAbsent(p.combination(), k -> new PhaseResult[rounds])[round - 1] = p;
      }
    }
    Map<String, List<Map<String, String>>> groups = groups(byCombination.keySet(), comparedKey);
    List<Row> rows = new ArrayList<>();
    List<Noise> noise = new ArrayList<>();
    groups.forEach((group, combinations) -> {
      PhaseResult[] base = byCombination.get(combinations.get(0));
      Steadiness steadiness = Steadiness.of(values(base, s -> s.total().opsPerSecond()));
      // the widest-spread row beside a steady baseline makes the group's rounds unsteady all the same
      String unsteady = steadiness.sentence(OPS);
      double widest = 0;
      for (Map<String, String> other : combinations.subList(1, combinations.size())) {
        double[] figures = values(byCombination.get(other), s -> s.total().opsPerSecond());
        String sentence = steadiness.rowSentence(label(other, null), figures, OPS);
        double spread = Steadiness.of(figures).spread();
        if (sentence != null && spread > widest) {
          unsteady = sentence;
          widest = spread;
        }
      }
      double least = widest > 0 ? Steadiness.UNSTEADY_LEAST_DIFFERENCE : steadiness.leastDifference();
      noise.add(new Noise(group, steadiness.spread(), least, unsteady));
      List<String> operations = operations(byCombination, combinations);
      for (int c = 0; c < combinations.size(); c++) {
        PhaseResult[] phases = byCombination.get(combinations.get(c));
        boolean baseline = c == 0;
        List<Figure> figures = new ArrayList<>();
        figures.add(figure(OperationStats.TOTAL, OPS, base, phases, baseline, least, s -> s.total().opsPerSecond(),
            true));
        figures.add(figure(OperationStats.TOTAL, P50, base, phases, baseline, least, s -> latency(s.total(), true),
            false));
        figures.add(figure(OperationStats.TOTAL, P99, base, phases, baseline, least, s -> latency(s.total(), false),
            false));
        if (operations.size() > 1) {
          for (String op : operations) {
            String reading = baseline ? null : sameRouteAndPlan(result, comparedKey, combinations.get(0),
                combinations.get(c), op);
            figures.add(attributed(figure(op, P50, base, phases, baseline, least,
                s -> latency(operation(s, op), true), false), reading));
            figures.add(attributed(figure(op, P99, base, phases, baseline, least,
                s -> latency(operation(s, op), false), false), reading));
          }
        }
        rows.add(new Row(group, combinations.get(c), baseline, figures));
      }
    });
    return new Result(rounds, MedianInterval.METHOD, MedianInterval.of(new double[rounds]).coverage(), noise, rows,
        leftOut);
  }

  /**
   * The sentence saying the last round was interrupted before every combination ran in it, or null. Such a round
   * pairs only some combinations, each with a baseline measured under another load of the machine than the others':
   * it is left out of every pair and of the coverage stated.
   */
  private static String interruptedRound(RunResult result, int last) {
    if (!result.interrupted() || last < 2) {
      return null;
    }
    long combinations = result.phases().stream().map(PhaseResult::combination).distinct().count();
    long inLast = result.phases().stream().filter(p -> p.round() != null && p.round() == last)
        .map(PhaseResult::combination).distinct().count();
    if (inLast >= combinations) {
      return null;
    }
    return "round " + last + " was interrupted after " + inLast + " of "
        + stress.model.Plural.of(combinations, "combination") + ": it is left out of the pairs and of the coverage, so "
        + stress.model.Plural.of(last - 1, "round") + (last - 1 == 1 ? " is" : " are") + " compared";
  }

  /**
   * The combination of a group with the most ops/s by the figure its verdict reads: the median of its paired ratios
   * to the baseline (the baseline's own is 1); the first of them on a tie. Null where another row's median ops/s is
   * higher: the medians of each row's own rounds then rank the rows otherwise than their pairs do, and a star on
   * either would take a side.
   */
  public static Row best(List<Row> group) {
    Row best = group.get(0);
    double bestRatio = pairedOps(best);
    for (Row row : group) {
      double ratio = pairedOps(row);
      if (ratio > bestRatio || Double.isNaN(bestRatio) && Double.isFinite(ratio)) {
        best = row;
        bestRatio = ratio;
      }
    }
    // the paired ratio and the medians pointing apart: neither is the faster (the reading says so in a line)
    double bestMedian = best.figures().get(0).median();
    boolean outdone = group.stream().anyMatch(r -> r.figures().get(0).median() > bestMedian);
    return outdone ? null : best;
  }

  /**
   * The best combination of a whole comparison: of one group its {@link #best(List)}; of several (each with its own
   * baseline, so paired ratios do not compare across them) the group best with the highest median ops/s; null where
   * no group has one.
   */
  public static Row best(Result result) {
    Map<String, List<Row>> groups = new LinkedHashMap<>();
    result.rows().forEach(r -> groups.computeIfAbsent(r.group(), k -> new ArrayList<>()).add(r));
    return groups.values().stream().map(RoundComparison::best).filter(Objects::nonNull)
        .reduce((a, b) -> b.figures().get(0).median() > a.figures().get(0).median() ? b : a).orElse(null);
  }

  /** The median of a row's paired ops/s ratios to its baseline: 1 for the baseline, NaN with no pair. */
  private static double pairedOps(Row row) {
    if (row.baseline()) {
      return 1;
    }
    Ratio r = row.figures().get(0).vsBaseline();
    return r == null ? Double.NaN : r.median();
  }

  /**
   * {@link LayoutComparison#SAME_IN_MIX} when an operation of a table comparison has the same route and plan on this
   * combination's table as on the baseline's, else null.
   */
  private static String sameRouteAndPlan(RunResult result, String comparedKey, Map<String, String> baseline,
                                         Map<String, String> combination, String op) {
    if (!LayoutComparison.TABLE.equals(comparedKey)) {
      return null;
    }
    String reading = LayoutComparison.reading(result.tables(), baseline.get(comparedKey),
        combination.get(comparedKey), op, combination.getOrDefault("mode", ""), true);
    return LayoutComparison.SAME_IN_MIX.equals(reading) ? reading : null;
  }

  /** A verdict of a difference, with what it comes from when the layout's route and plan do not explain it. */
  private static Figure attributed(Figure f, String reading) {
    Ratio r = f.vsBaseline();
    if (reading == null || r == null || !(r.verdict().equals(PairedRatio.Verdict.FASTER.words())
        || r.verdict().equals(PairedRatio.Verdict.SLOWER.words()))) {
      return f;
    }
    return new Figure(f.operation(), f.figure(), f.rounds(), f.median(), f.low(), f.high(),
        new Ratio(r.median(), r.low(), r.high(), r.coverage(), r.verdict() + "; " + reading));
  }

  private static Figure figure(String operation, String name, PhaseResult[] base, PhaseResult[] phases,
                               boolean baseline, double least, Function<PhaseStats, Double> value,
                               boolean higherIsBetter) {
    double[] own = values(phases, value);
    double[] present = Arrays.stream(own).filter(Double::isFinite).toArray();
    List<Double> rounds = new ArrayList<>();
    for (double v : own) {
      rounds.add(Double.isFinite(v) ? v : null);
    }
    if (present.length == 0) {
      return new Figure(operation, name, rounds, Double.NaN, Double.NaN, Double.NaN, null);
    }
    PairedRatio ratio = baseline ? null : PairedRatio.of(values(base, value), own, higherIsBetter, least);
    return new Figure(operation, name, rounds, MedianInterval.of(present).median(),
        Arrays.stream(present).min().orElseThrow(), Arrays.stream(present).max().orElseThrow(),
        ratio == null ? null : Ratio.of(ratio, own.length));
  }

  /** The figure of each round's phase, NaN where the round did not run it. */
  private static double[] values(PhaseResult[] phases, Function<PhaseStats, Double> value) {
    double[] values = new double[phases.length];
    for (int r = 0; r < phases.length; r++) {
      Double v = phases[r] == null ? null : value.apply(phases[r].stats());
      values[r] = v == null ? Double.NaN : v;
    }
    return values;
  }

  /** p50 or p99 of the successful executions; NaN when none succeeded (a latency of nothing is no figure). */
  public static Double latency(OperationStats op, boolean p50) {
    if (op == null || op.count() == 0) {
      return Double.NaN;
    }
    return p50 ? op.latencyMs().p50() : op.latencyMs().p99();
  }

  private static OperationStats operation(PhaseStats stats, String name) {
    return stats.operations().stream().filter(o -> o.name().equals(name)).findFirst().orElse(null);
  }

  private static List<String> operations(Map<Map<String, String>, PhaseResult[]> byCombination,
                                         List<Map<String, String>> combinations) {
    Set<String> names = new LinkedHashSet<>();
    for (Map<String, String> c : combinations) {
      for (PhaseResult p : byCombination.get(c)) {
        if (p != null) {
          p.stats().operations().forEach(o -> names.add(o.name()));
        }
      }
    }
    return List.copyOf(names);
  }

  /** The combination without the compared key, as {@code k=v k=v}; empty when nothing is left out. */
  public static String group(Map<String, String> combination, String comparedKey) {
    return comparedKey == null ? "" : label(combination, comparedKey);
  }

  /** A combination as {@code k=v k=v}, without the key {@code leftOut} (null: every key). */
  public static String label(Map<String, String> combination, String leftOut) {
    StringBuilder label = new StringBuilder();
    combination.forEach((k, v) -> {
      if (!Objects.equals(k, leftOut)) {
        label.append(label.length() == 0 ? "" : " ").append(k).append('=').append(v);
      }
    });
    return label.toString();
  }
}
