package stress.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import stress.metrics.OperationStats;

/**
 * A comparison of rounds read in one direction, in words, as benchstat and criterion phrase theirs: per combination
 * against its baseline one line whose subject is the one with more ops/s, e.g. {@code prepared vs plain: ops/s x2.08
 * [1.67-3.33] higher (faster); p50 x0.48 [0.30-0.60] lower (faster); p99 x0.90 [0.41-1.52] no difference beyond
 * noise}. Every ratio on the line is the subject's figure / the other's, each round's pair, so a ratio above 1 is
 * always "more of it" and its words say whether that is faster. When the ops/s and a latency verdict disagree, a
 * second line says what that means.
 */
public final class ComparisonReading {
  private ComparisonReading() {}

  /** The heading of the lines, with the least difference the verdicts applied. */
  static String heading(double leastDifference) {
    return "read as (the faster of each pair first; median of the paired ratios [interval]; differences beyond "
        + Decimals.ratio(1 + leastDifference) + " are called):";
  }

  /**
   * One line per combination of a group but its baseline (the first row), read against the baseline or against the
   * row it differs from in one key ({@link #counterpart}), and a line after it where its verdicts disagree.
   *
   * @param group       the rows of one group, the baseline first
   * @param comparedKey the key the group's rows differ in (null: any)
   */
  static List<String> lines(List<RoundComparison.Row> group, double leastDifference, String comparedKey) {
    List<String> lines = new ArrayList<>();
    Set<Set<Map<String, String>>> read = new HashSet<>();
    for (RoundComparison.Row row : group) {
      if (row.baseline()) {
        continue;
      }
      RoundComparison.Row against = counterpart(group, row, comparedKey, read);
      read.add(Set.of(row.combination(), against.combination()));
      boolean rowFirst;
      if (against == group.get(0)) {
        RoundComparison.Figure ops = total(row, RoundComparison.OPS);
        rowFirst = ops == null || ops.vsBaseline() == null || ops.vsBaseline().median() >= 1;
      } else {
        PairedRatio ops = paired(total(row, RoundComparison.OPS), total(against, RoundComparison.OPS), true,
            leastDifference);
        rowFirst = ops == null || ops.interval().median() >= 1;
      }
      RoundComparison.Row subject = rowFirst ? row : against;
      RoundComparison.Row other = rowFirst ? against : row;
      List<PairedRatio> ratios = new ArrayList<>();
      List<String> parts = new ArrayList<>();
      for (String figure : List.of(RoundComparison.OPS, RoundComparison.P50, RoundComparison.P99)) {
        boolean higherIsBetter = figure.equals(RoundComparison.OPS);
        // the row's ratio to the other (against the baseline: the table's); from the other's side, its exact inverse
        PairedRatio forward = paired(total(row, figure), total(against, figure), higherIsBetter, leastDifference);
        PairedRatio ratio = forward == null || rowFirst ? forward : forward.inverse();
        ratios.add(ratio);
        parts.add(figure.replace(" ms", "") + " " + (ratio == null ? "-" : rowFirst ? part(ratio) : inversePart(forward)));
      }
      lines.add(label(subject.combination(), other.combination(), comparedKey) + " vs "
          + label(other.combination(), subject.combination(), comparedKey)
          + factors(subject.combination(), other.combination(), comparedKey) + ": " + String.join("; ", parts));
      String medians = mediansDisagree(subject, other, comparedKey);
      if (medians != null) {
        lines.add("  " + medians);
      }
      String disagreement = disagreement(ratios.get(0), ratios.get(1), ratios.get(2));
      if (disagreement != null) {
        lines.add("  " + disagreement);
      }
    }
    return lines;
  }

  /**
   * The row {@code row} is read against, so that one line says one difference: the baseline where the two differ in
   * one key (always, when a key is compared), else the first row of the group that differs from {@code row} in exactly
   * one key and was not yet read against it (a road whose prepared phases were left out: its plain phase beside
   * the plain phase of another road); else the baseline, its line then saying which keys differ.
   */
  static RoundComparison.Row counterpart(List<RoundComparison.Row> group, RoundComparison.Row row, String comparedKey,
                                         Set<Set<Map<String, String>>> read) {
    RoundComparison.Row baseline = group.get(0);
    if (comparedKey != null || differing(row.combination(), baseline.combination()).size() <= 1) {
      return baseline;
    }
    for (RoundComparison.Row other : group) {
      if (other != row && differing(row.combination(), other.combination()).size() == 1
          && !read.contains(Set.of(row.combination(), other.combination()))) {
        return other;
      }
    }
    return baseline;
  }

  /** {@code " (two factors differ: mode and via)"} where the two combinations differ in more than one key, else "". */
  static String factors(Map<String, String> combination, Map<String, String> other, String comparedKey) {
    List<String> keys = differing(combination, other);
    if (comparedKey != null || keys.size() < 2) {
      return "";
    }
    String count = keys.size() < COUNTS.size() ? COUNTS.get(keys.size()) : Integer.toString(keys.size());
    return " (" + count + " factors differ: " + String.join(", ", keys.subList(0, keys.size() - 1)) + " and "
        + keys.get(keys.size() - 1) + ")";
  }

  private static final List<String> COUNTS = List.of("", "one", "two", "three", "four", "five", "six");

  /** The keys whose values differ between the two, in {@code combination}'s order, then {@code other}'s. */
  private static List<String> differing(Map<String, String> combination, Map<String, String> other) {
    Set<String> keys = new LinkedHashSet<>(combination.keySet());
    keys.addAll(other.keySet());
    return keys.stream().filter(k -> !Objects.equals(combination.get(k), other.get(k))).toList();
  }

  /**
   * Where the paired ratio puts {@code subject} first while its median ops/s is below the other's, the line saying
   * so; else null. The median of the per-round ratios and the ratio of the medians can point apart when the rounds
   * drift: neither is then the faster, and {@link RoundComparison#best} stars neither.
   */
  static String mediansDisagree(RoundComparison.Row subject, RoundComparison.Row other, String comparedKey) {
    RoundComparison.Figure mine = total(subject, RoundComparison.OPS);
    RoundComparison.Figure theirs = total(other, RoundComparison.OPS);
    if (mine == null || theirs == null || !(mine.median() < theirs.median())) {
      return null;
    }
    return "the rounds disagree: paired round by round " + label(subject.combination(), other.combination(),
        comparedKey) + " had more ops/s, yet its median ops/s (" + Decimals.oneDecimal(mine.median()) + ") is below "
        + label(other.combination(), subject.combination(), comparedKey) + "'s (" + Decimals.oneDecimal(theirs.median())
        + "): neither is called the faster, and none is starred";
  }

  /**
   * Every group's lines, each after its group's label when it has one ({@code threads=4: prepared vs plain: ...}),
   * the line saying what a disagreement means joined to the line it explains.
   */
  public static List<String> of(RoundComparison.Result result, String comparedKey) {
    List<String> all = new ArrayList<>();
    for (RoundComparison.Noise noise : result.noise()) {
      List<RoundComparison.Row> rows = result.rows().stream().filter(r -> r.group().equals(noise.group())).toList();
      String prefix = noise.group().isEmpty() ? "" : noise.group() + ": ";
      for (String line : lines(rows, noise.leastDifference(), comparedKey)) {
        if (line.startsWith("  ") && !all.isEmpty()) {
          all.set(all.size() - 1, all.get(all.size() - 1) + ". " + line.strip());
        } else {
          all.add(prefix + line + " (differences beyond " + Decimals.ratio(1 + noise.leastDifference())
              + " called)");
        }
      }
    }
    return all;
  }

  /** E.g. {@code x2.08 [1.67-3.33] higher (faster)}, the interval rounded outward as the table's. */
  static String part(PairedRatio ratio) {
    MedianInterval i = ratio.interval();
    String interval = i.estimated() ? " [" + Decimals.ratioRangeOutward(i.low(), i.high()).replace("x", "") + "]"
        : "";
    return Decimals.ratio(i.median()) + interval + " " + words(ratio);
  }

  /**
   * The inverse of a ratio the table prints, from the figures as printed: the table's {@code x1.01-x1.20} reads
   * {@code [0.83-0.99]}, so the two never seem to say different things.
   */
  static String inversePart(PairedRatio forward) {
    MedianInterval i = forward.interval();
    if (!(i.low() > 0)) {
      return "- (no inverse: the other finished no execution in a round)";
    }
    double median = Decimals.ratioRounded(i.median(), java.math.RoundingMode.HALF_UP);
    String interval = i.estimated() ? " " + Decimals.ratioInterval(
        1 / Decimals.ratioRounded(i.high(), java.math.RoundingMode.CEILING),
        1 / Decimals.ratioRounded(i.low(), java.math.RoundingMode.FLOOR)) : "";
    return Decimals.ratio(1 / median) + interval + " " + words(forward.inverse());
  }

  /**
   * A verdict in words that say its direction: for ops/s {@code higher (faster)}, for a latency {@code lower
   * (faster)}; an interval that excludes 1 but lies within the least difference says so, naming it; one that reaches
   * beyond the least difference without lying beyond it gives no verdict.
   */
  public static String words(PairedRatio ratio) {
    MedianInterval i = ratio.interval();
    boolean more = i.median() >= 1;
    return switch (ratio.verdict()) {
      case FASTER -> ratio.higherIsBetter() ? "higher (faster)" : "lower (faster)";
      case SLOWER -> ratio.higherIsBetter() ? "lower (slower)" : "higher (slower)";
      // with rounds, a single pair is a round left alone by the others' missing figures, not a run of 1 round
      case NO_ESTIMATE -> "only 1 round paired: no noise estimate";
      case NO_DIFFERENCE -> ratio.undecided()
          ? "no verdict (the interval is wide: it reaches beyond " + Decimals.ratio(1 + ratio.leastDifference())
              + ", the least difference called, without lying beyond it)"
          : i.low() > 1 || i.high() < 1
          ? "no difference beyond noise (" + (more ? "above x1" : "below x1") + " but within "
              + Decimals.ratio(1 + ratio.leastDifference()) + ", the least difference called)"
          : ratio.verdict().words();
    };
  }

  /** What it means when the ops/s verdict and a latency verdict disagree; null when they agree. */
  static String disagreement(PairedRatio ops, PairedRatio p50, PairedRatio p99) {
    if (ops == null || ops.verdict() == PairedRatio.Verdict.NO_ESTIMATE) {
      return null;
    }
    for (PairedRatio latency : java.util.Arrays.asList(p50, p99)) {
      if (latency == null || latency.verdict() == ops.verdict()) {
        continue;
      }
      String name = latency == p50 ? "p50" : "p99";
      boolean opsCalled = ops.verdict() != PairedRatio.Verdict.NO_DIFFERENCE;
      boolean latencyCalled = latency.verdict() != PairedRatio.Verdict.NO_DIFFERENCE;
      if (opsCalled && latencyCalled) {
        return "ops/s and " + name + " disagree: more operations per second, yet a higher " + name + ": the"
            + " throughput was bought with longer waits (queueing, a larger batch or pool), so compare by " + name
            + " when latency is what the users feel";
      }
      if (latencyCalled) {
        return name + " differs beyond noise while ops/s does not: in a closed loop ops/s follows the mean time of an"
            + " operation, client and slow tail included, so a " + (latency.verdict() == PairedRatio.Verdict.FASTER
            ? "faster" : "slower") + " " + (latency == p50 ? "typical execution" : "tail") + " did not move the total"
            + " beyond noise";
      }
      if (latency == p50) {
        return "ops/s differs beyond noise while p50 does not: the difference lies outside the typical execution"
            + " (in the slow tail, or in the client's time between executions: connections, pool, parsing)";
      }
      // p99 alone within noise: the tail's estimate is the noisiest figure, not a contradiction worth a line
    }
    return null;
  }

  /** The subject's ratios to the other's, paired by round. */
  private static PairedRatio paired(RoundComparison.Figure subject, RoundComparison.Figure other,
                                    boolean higherIsBetter, double leastDifference) {
    if (subject == null || other == null) {
      return null;
    }
    return PairedRatio.of(values(other), values(subject), higherIsBetter, leastDifference);
  }

  private static double[] values(RoundComparison.Figure figure) {
    return figure.rounds().stream().mapToDouble(v -> v == null ? Double.NaN : v).toArray();
  }

  private static RoundComparison.Figure total(RoundComparison.Row row, String figure) {
    return row.figures().stream().filter(f -> f.operation().equals(OperationStats.TOTAL) && f.figure().equals(figure))
        .findFirst().orElse(null);
  }

  /**
   * What tells a combination from the other: the compared key's value, or the values of the keys they differ in
   * ({@code prepared}), or {@code key=value} pairs where a bare value would not say what it is ({@code threads=8}).
   */
  static String label(Map<String, String> combination, Map<String, String> other, String comparedKey) {
    if (comparedKey != null && combination.containsKey(comparedKey)) {
      return combination.get(comparedKey);
    }
    List<String> differing = new ArrayList<>();
    combination.forEach((k, v) -> {
      if (!Objects.equals(v, other.get(k))) {
        differing.add(k);
      }
    });
    if (differing.isEmpty()) {
      return RoundComparison.label(combination, null);
    }
    List<String> parts = new ArrayList<>();
    boolean bare = differing.size() == 1 && !combination.get(differing.get(0)).matches("[0-9.]+");
    differing.forEach(k -> parts.add(bare ? combination.get(k) : k + "=" + combination.get(k)));
    return String.join(" ", parts);
  }
}
