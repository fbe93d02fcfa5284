package stress.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether the machine held still over a run of rounds, judged by the baseline's own figure in each round: rounds that
 * spread over more than {@link #UNSTEADY_SPREAD} of their median mean the machine drifted (or a neighbour woke up)
 * between rounds. Then only differences beyond {@link #UNSTEADY_LEAST_DIFFERENCE} are called, and the rounds more
 * than {@link #FAR} from the median are named.
 *
 * @param spread    (highest - lowest) / median of the baseline's rounds; 0 for one round
 * @param farRounds the rounds (1-based) whose figure is more than {@link #FAR} from the median, when unsteady
 * @param farRatios each far round's figure / the median, in the order of {@code farRounds}
 */
public record Steadiness(double spread, List<Integer> farRounds, List<Double> farRatios) {
  /** A spread of the baseline's rounds above this (of their median) makes the machine unsteady. */
  public static final double UNSTEADY_SPREAD = 0.20;
  /** A round this far from the median (a share of it) is named when the machine is unsteady. */
  public static final double FAR = 0.10;
  /** The least difference called a difference on a steady machine. */
  public static final double LEAST_DIFFERENCE = 0.05;
  /** The least difference called a difference on an unsteady machine: a ×1.1 there is never a finding. */
  public static final double UNSTEADY_LEAST_DIFFERENCE = 0.15;

  public Steadiness {
    farRounds = List.copyOf(farRounds);
    farRatios = List.copyOf(farRatios);
  }

  /**
   * The steadiness told by the baseline's figure per round ({@code NaN} for a round that did not run), in round
   * order.
   */
  public static Steadiness of(double[] baselineRounds) {
    double[] present = java.util.Arrays.stream(baselineRounds).filter(Double::isFinite).toArray();
    if (present.length < 2) {
      return new Steadiness(0, List.of(), List.of());
    }
    double median = MedianInterval.of(present).median();
    double low = java.util.Arrays.stream(present).min().orElseThrow();
    double high = java.util.Arrays.stream(present).max().orElseThrow();
    double spread = median > 0 ? (high - low) / median : 0;
    List<Integer> far = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    if (spread > UNSTEADY_SPREAD) {
      for (int r = 0; r < baselineRounds.length; r++) {
        double v = baselineRounds[r];
        if (Double.isFinite(v) && median > 0 && Math.abs(v - median) > FAR * median) {
          far.add(r + 1);
          ratios.add(v / median);
        }
      }
    }
    return new Steadiness(spread, far, ratios);
  }

  /**
   * The sentence of another row of the group whose rounds spread more than {@link #UNSTEADY_SPREAD} where the
   * baseline's did not: a "steady" said from the baseline alone would hide it. E.g. {@code unsteady rounds:
   * mode=plain via=pgbouncer's ops/s spread over 105% of its median between rounds (3,318-10,715), the baseline's over
   * 0%; only differences beyond x1.15 are called}; null when the row held as steady as the baseline is judged.
   */
  public String rowSentence(String row, double[] rowRounds, String figure) {
    Steadiness own = of(rowRounds);
    if (unsteady() || !own.unsteady()) {
      return null;
    }
    double[] present = java.util.Arrays.stream(rowRounds).filter(Double::isFinite).toArray();
    return String.format(java.util.Locale.ROOT, "unsteady rounds: %s's %s spread over %d%% of its median between"
        + " rounds (%,.0f-%,.0f), the baseline's over %d%%; only differences beyond %s are called", row, figure,
        Math.round(own.spread() * 100), java.util.Arrays.stream(present).min().orElseThrow(),
        java.util.Arrays.stream(present).max().orElseThrow(), Math.round(spread * 100),
        Decimals.ratio(1 + UNSTEADY_LEAST_DIFFERENCE));
  }

  /** The baseline's rounds spread more than {@link #UNSTEADY_SPREAD}. */
  public boolean unsteady() {
    return spread > UNSTEADY_SPREAD;
  }

  /** The least difference a verdict needs on this machine. */
  public double leastDifference() {
    return unsteady() ? UNSTEADY_LEAST_DIFFERENCE : LEAST_DIFFERENCE;
  }

  /**
   * E.g. {@code unsteady machine: the baseline's rounds spread over 48% of their median (round 3 at x0.52, round 4 at
   * x1.31 of it); only differences beyond x1.15 are called}; null when steady.
   */
  public String sentence(String figure) {
    if (!unsteady()) {
      return null;
    }
    StringBuilder named = new StringBuilder();
    for (int i = 0; i < farRounds.size(); i++) {
      named.append(i == 0 ? "" : ", ").append("round ").append(farRounds.get(i)).append(" at ")
          .append(Decimals.ratio(farRatios.get(i)));
    }
    return "unsteady machine: the baseline's " + figure + " spread over " + Math.round(spread * 100)
        + "% of its median between rounds" + (named.length() == 0 ? "" : " (" + named + " of it)")
        + "; only differences beyond " + Decimals.ratio(1 + UNSTEADY_LEAST_DIFFERENCE) + " are called";
  }
}
