package stress.metrics;

import java.util.Objects;

/**
 * One operation's share of a report interval.
 *
 * @param name         operation name
 * @param count        successful operations in the interval
 * @param opsPerSecond successful operations per second
 * @param avgMs        mean latency of the successes
 * @param p95Ms        95th percentile latency of the successes
 * @param p99Ms        99th percentile latency of the successes
 * @param errorCount   failed operations in the interval
 */
public record IntervalOperationStats(String name, long count, double opsPerSecond, double avgMs, double p95Ms, double p99Ms, long errorCount) {
  public IntervalOperationStats {
    Objects.requireNonNull(name, "name");
  }
}
