package stress.report;

import java.util.Arrays;

/**
 * The median of a few values (e.g. one ratio per round) and the distribution-free interval of the median from order
 * statistics: with n values sorted, [x(k), x(n-k+1)] holds the true median with probability
 * 1 - 2·P(Binomial(n, ½) ≤ k-1), whatever the values' distribution, as long as they are independent and
 * continuous. The narrowest such interval whose coverage is at least {@link #WANTED} is chosen; with fewer than six
 * values none reaches it and the whole range is the interval, its coverage stated (5 values: 93.75%).
 *
 * @param median   the median (the mean of the two middle values for an even count)
 * @param low      the interval's lower end
 * @param high     the interval's upper end
 * @param coverage the probability that such an interval holds the true median; 0 for fewer than two values
 * @param count    how many values
 */
public record MedianInterval(double median, double low, double high, double coverage, int count) {
  /** The coverage an interval is chosen for, when the count allows it. */
  public static final double WANTED = 0.95;
  /** The method's name, as the output and the docs give it. */
  public static final String METHOD = "order-statistics interval of the median";

  /** The median and interval of {@code values} (not changed); at least one value. */
  public static MedianInterval of(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("a median needs at least one value");
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    if (n == 1) {
      return new MedianInterval(median, median, median, 0, 1);
    }
    int k = 1;
    while (k + 1 <= n / 2 && coverage(n, k + 1) >= WANTED) {
      k++;
    }
    return new MedianInterval(median, sorted[k - 1], sorted[n - k], coverage(n, k), n);
  }

  /** 1 - 2·P(Binomial(n, ½) ≤ k-1): the coverage of [x(k), x(n-k+1)]. */
  static double coverage(int n, int k) {
    double tail = 0;
    double term = Math.pow(0.5, n); // P(X = 0)
    for (int i = 0; i < k; i++) {
      tail += term;
      term = term * (n - i) / (i + 1);
    }
    return 1 - 2 * tail;
  }

  /** Whether there is an interval at all: two values or more. */
  public boolean estimated() {
    return count >= 2;
  }
}
