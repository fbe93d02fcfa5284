package stress.report.tworuns;

import java.util.Arrays;
import stress.report.MedianInterval;

/**
 * The ratio of two independent samples (the rounds of two runs made at different times, so no round of one pairs
 * with a round of the other): the median of every ratio {@code after[j] / before[i]} (the Hodges-Lehmann estimate, on
 * a log scale) and the distribution-free interval made of those ratios' order statistics whose ranks come from the
 * exact Mann-Whitney distribution: [r(k), r(nm-k+1)] holds the true ratio with probability 1 - 2·P(U ≤ k-1). The
 * narrowest with a coverage of at least {@link MedianInterval#WANTED} is chosen; too few rounds for it give the whole
 * range, its coverage stated.
 */
public final class ShiftInterval {
  /** The method's name, as the output gives it. */
  public static final String METHOD = "Hodges-Lehmann ratio with its Mann-Whitney interval";

  private ShiftInterval() {}

  /** The estimate and interval of {@code after / before}; each sample holds at least one positive value. */
  public static MedianInterval of(double[] before, double[] after) {
    int n = before.length;
    int m = after.length;
    if (n == 0 || m == 0) {
      throw new IllegalArgumentException("a ratio of two samples needs a value in each");
    }
    double[] ratios = new double[n * m];
    int i = 0;
    for (double b : before) {
      for (double a : after) {
        ratios[i++] = a / b;
      }
    }
    Arrays.sort(ratios);
    int total = ratios.length;
    double median = total % 2 == 1 ? ratios[total / 2] : Math.sqrt(ratios[total / 2 - 1] * ratios[total / 2]);
    if (n < 2 && m < 2) {
      return new MedianInterval(median, median, median, 0, 1);
    }
    double[] cumulative = cumulative(n, m);
    int k = 1;
    while (k + 1 <= total / 2 && 1 - 2 * cumulative[k] >= MedianInterval.WANTED) {
      k++;
    }
    return new MedianInterval(median, ratios[k - 1], ratios[total - k], 1 - 2 * cumulative[k - 1], n + m);
  }

  /** P(U ≤ u) for u = 0 .. n·m of the Mann-Whitney statistic of samples of n and m under no difference. */
  static double[] cumulative(int n, int m) {
    // ways[a][b][u]: arrangements of a and b values with statistic u, built one value at a time
    double[][] ways = new double[m + 1][];
    for (int b = 0; b <= m; b++) {
      ways[b] = new double[1];
      ways[b][0] = 1;
    }
    for (int a = 1; a <= n; a++) {
      double[][] next = new double[m + 1][];
      next[0] = new double[] {1};
      for (int b = 1; b <= m; b++) {
        double[] counts = new double[a * b + 1];
        // the largest value belongs to the first sample (adds b to U) or to the second (adds nothing)
        double[] fromA = ways[b];
        for (int u = 0; u < fromA.length; u++) {
          counts[u + b] += fromA[u];
        }
        double[] fromB = next[b - 1];
        for (int u = 0; u < fromB.length; u++) {
          counts[u] += fromB[u];
        }
        next[b] = counts;
      }
      ways = next;
    }
    double[] counts = ways[m];
    double all = Arrays.stream(counts).sum();
    double[] cumulative = new double[counts.length];
    double running = 0;
    for (int u = 0; u < counts.length; u++) {
      running += counts[u];
      cumulative[u] = running / all;
    }
    return cumulative;
  }
}
