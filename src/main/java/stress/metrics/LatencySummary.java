package stress.metrics;

import org.HdrHistogram.AbstractHistogram;

/**
 * The latency figures an interval line shows, in milliseconds: mean, median, 95th and 99th percentile and maximum.
 * Shared by {@link IntervalStats}, {@link IntervalOperationStats} and {@link IntervalHostStats}, which keep the five
 * figures as their own components so that their JSON is flat.
 */
public record LatencySummary(double avgMs, double p50Ms, double p95Ms, double p99Ms, double maxMs) {

  /** The figures of a histogram of nanoseconds; all zeros when it is empty. */
  public static LatencySummary of(AbstractHistogram nanos) {
    return new LatencySummary(nanos.getMean() / 1e6, LatencyMillis.percentile(nanos, 50),
        LatencyMillis.percentile(nanos, 95), LatencyMillis.percentile(nanos, 99), LatencyMillis.millis(nanos.getMaxValue()));
  }
}
