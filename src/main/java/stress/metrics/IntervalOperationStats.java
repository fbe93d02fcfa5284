package stress.metrics;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One operation's share of a report interval. Latencies are of the successful executions only.
 *
 * @param name             operation name
 * @param count            successful operations in the interval
 * @param opsPerSecond     successful operations per second
 * @param rows             rows reported by the successful operations
 * @param rowsPerSecond    rows per second
 * @param avgMs            mean latency of the successes
 * @param p50Ms            median latency of the successes
 * @param p95Ms            95th percentile latency of the successes
 * @param p99Ms            99th percentile latency of the successes
 * @param maxMs            largest latency of the successes
 * @param errorCount       failed operations in the interval
 * @param errorsBySqlState the failures by SQLState ({@value ErrorStats#UNKNOWN} when the driver gave none,
 *                         e.g. an I/O failure), ordered by SQLState; the counts add up to {@code errorCount}
 *                         (empty in results written before this map existed)
 * @param latency          the interval's latency histogram of the successes in nanoseconds, for HdrHistogram
 *                         interval logs. Not written to the JSON result (it would add about a KB per operation
 *                         and interval), so null in a result read back from JSON.
 */
public record IntervalOperationStats(
    String name,
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
    Map<String, Long> errorsBySqlState,
    @JsonIgnore CompressedHistogram latency) {

  public IntervalOperationStats {
    Objects.requireNonNull(name, "name");
    // results written before the map existed read back as no errors by SQLState
    errorsBySqlState = Collections.unmodifiableMap(new TreeMap<>(errorsBySqlState == null ? Map.of() : errorsBySqlState));
  }

  /** The figures with the latencies as one summary. */
  public IntervalOperationStats(String name, long count, double opsPerSecond, long rows, double rowsPerSecond,
                                LatencySummary summary, long errorCount, Map<String, Long> errorsBySqlState,
                                CompressedHistogram latency) {
    this(name, count, opsPerSecond, rows, rowsPerSecond, summary.avgMs(), summary.p50Ms(), summary.p95Ms(),
        summary.p99Ms(), summary.maxMs(), errorCount, errorsBySqlState, latency);
  }

  /** The five latency figures as one value. */
  public LatencySummary latencySummary() {
    return new LatencySummary(avgMs, p50Ms, p95Ms, p99Ms, maxMs);
  }
}
