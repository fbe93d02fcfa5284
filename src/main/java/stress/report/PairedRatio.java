package stress.report;

/**
 * One figure of a combination beside the same figure of the baseline, round by round: the ratio of each round's pair
 * (the two ran in the same round, close in time, so a slow drift of the machine cancels), the median of those ratios
 * with its {@link MedianInterval}, and the verdict.
 *
 * @param interval   the paired ratios' median and interval
 * @param higherIsBetter true for ops/s, false for latencies
 * @param leastDifference the smallest difference called one, e.g. 0.05: the interval must lie beyond ×1.05 (or below
 *                   1/1.05) for a verdict
 * @param verdict    what the interval says
 */
public record PairedRatio(MedianInterval interval, boolean higherIsBetter, double leastDifference, Verdict verdict) {

  /** What a comparison says. */
  public enum Verdict {
    FASTER("faster"),
    SLOWER("slower"),
    NO_DIFFERENCE("no difference beyond noise"),
    NO_ESTIMATE("1 round: no noise estimate");

    private final String words;

    Verdict(String words) {
      this.words = words;
    }

    /** As printed. */
    public String words() {
      return words;
    }
  }

  /**
   * The ratios {@code candidate[i] / baseline[i]}, pairs where either side is missing (NaN) or the baseline is 0
   * left out.
   *
   * @return null when no pair is left
   */
  public static PairedRatio of(double[] baseline, double[] candidate, boolean higherIsBetter, double leastDifference) {
    int n = Math.min(baseline.length, candidate.length);
    double[] ratios = new double[n];
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if (Double.isFinite(baseline[i]) && Double.isFinite(candidate[i]) && baseline[i] > 0) {
        ratios[kept++] = candidate[i] / baseline[i];
      }
    }
    if (kept == 0) {
      return null;
    }
    MedianInterval interval = MedianInterval.of(java.util.Arrays.copyOf(ratios, kept));
    return new PairedRatio(interval, higherIsBetter, leastDifference, verdict(interval, higherIsBetter,
        leastDifference));
  }

  /**
   * Whether the interval is too wide for any verdict: no difference was called, yet it reaches beyond the least
   * difference (x2.59 [1.13-4.04] with x1.15 called is not "within x1.15"). Only a least difference above 0 has a
   * band to lie within.
   */
  public boolean undecided() {
    return verdict == Verdict.NO_DIFFERENCE && leastDifference > 0
        && (interval.high() > 1 + leastDifference || interval.low() < 1 / (1 + leastDifference));
  }

  /** The verdict as a table's cell prints it: {@link #NO_VERDICT} where {@link #undecided}. */
  public String said() {
    return undecided() ? NO_VERDICT : verdict.words();
  }

  /** Said where the interval crosses the least difference. */
  public static final String NO_VERDICT = "no verdict: the interval crosses the least difference";

  /**
   * The same comparison read the other way: the other's figure / this one's, each ratio and end inverted, the
   * interval's ends swapped and the verdict turned (faster becomes slower).
   */
  public PairedRatio inverse() {
    MedianInterval i = interval;
    Verdict turned = switch (verdict) {
      case FASTER -> Verdict.SLOWER;
      case SLOWER -> Verdict.FASTER;
      default -> verdict;
    };
    return new PairedRatio(new MedianInterval(1 / i.median(), 1 / i.high(), 1 / i.low(), i.coverage(), i.count()),
        higherIsBetter, leastDifference, turned);
  }

  /**
   * Faster or slower only when the whole interval lies beyond the least difference (above 1 + d, or below
   * 1 / (1 + d)); a single round gives no interval and so no verdict.
   */
  public static Verdict verdict(MedianInterval interval, boolean higherIsBetter, double leastDifference) {
    if (!interval.estimated()) {
      return Verdict.NO_ESTIMATE;
    }
    boolean above = interval.low() > 1 + leastDifference;
    boolean below = interval.high() < 1 / (1 + leastDifference);
    if (above) {
      return higherIsBetter ? Verdict.FASTER : Verdict.SLOWER;
    }
    if (below) {
      return higherIsBetter ? Verdict.SLOWER : Verdict.FASTER;
    }
    return Verdict.NO_DIFFERENCE;
  }
}
