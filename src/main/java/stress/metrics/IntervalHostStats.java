package stress.metrics;

import java.util.Objects;

/**
 * One host's share of a report interval when the workers are spread over several hosts (coordinators): what
 * the workers of that host measured, all operations together. Latencies are of the successful executions only.
 * The hosts of an interval add up to the interval's count, rows, errors and reconnects.
 *
 * @param host            the host as the user gave it, {@code host:port}
 * @param count           successful operations in the interval
 * @param opsPerSecond    successful operations per second
 * @param rows            rows reported by the successful operations
 * @param rowsPerSecond   rows per second
 * @param avgMs           mean latency of the successes
 * @param p50Ms           median latency of the successes
 * @param p95Ms           95th percentile latency of the successes
 * @param p99Ms           99th percentile latency of the successes
 * @param maxMs           largest latency of the successes
 * @param errorCount      failed operations in the interval
 * @param errorsPerSecond failed operations per second
 * @param reconnects      connections the host's workers had to open again
 */
public record IntervalHostStats(
    String host,
    long count,
    double opsPerSecond,
    long rows,
    double rowsPerSecond,
    double avgMs,
    double p50Ms,
    double p95Ms,
    double p99Ms,
    double maxMs,
    long errorCount,
    double errorsPerSecond,
    long reconnects) {

  public IntervalHostStats {
    Objects.requireNonNull(host, "host");
  }

  /** The figures with the latencies as one summary. */
  public IntervalHostStats(String host, long count, double opsPerSecond, long rows, double rowsPerSecond,
                           LatencySummary latency, long errorCount, double errorsPerSecond, long reconnects) {
    this(host, count, opsPerSecond, rows, rowsPerSecond, latency.avgMs(), latency.p50Ms(), latency.p95Ms(),
        latency.p99Ms(), latency.maxMs(), errorCount, errorsPerSecond, reconnects);
  }

  /** The five latency figures as one value. */
  public LatencySummary latencySummary() {
    return new LatencySummary(avgMs, p50Ms, p95Ms, p99Ms, maxMs);
  }
}
