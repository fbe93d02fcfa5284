package stress.metrics;

import org.HdrHistogram.AbstractHistogram;

/**
 * Latency figures of a histogram, in milliseconds. An empty histogram gives all zeros.
 * Percentiles and the maximum are exact within HdrHistogram's precision (3 significant digits).
 *
 * @param min  smallest value
 * @param avg  mean
 * @param p50  median
 * @param p90  90th percentile
 * @param p95  95th percentile
 * @param p99  99th percentile
 * @param p999 99.9th percentile
 * @param max  largest value
 */
public record LatencyMillis(double min, double avg, double p50, double p90, double p95, double p99, double p999, double max) {
  private static final double NANOS_PER_MILLI = 1_000_000.0;

  /** The figures of a histogram of nanoseconds. */
  public static LatencyMillis of(AbstractHistogram nanos) {
    return new LatencyMillis(
        millis(nanos.getMinValue()),
        nanos.getMean() / NANOS_PER_MILLI,
        percentile(nanos, 50),
        percentile(nanos, 90),
        percentile(nanos, 95),
        percentile(nanos, 99),
        percentile(nanos, 99.9),
        millis(nanos.getMaxValue()));
  }

  static double millis(long nanos) {
    return nanos / NANOS_PER_MILLI;
  }

  static double percentile(AbstractHistogram nanos, double percentile) {
    return millis(nanos.getValueAtPercentile(percentile));
  }
}
