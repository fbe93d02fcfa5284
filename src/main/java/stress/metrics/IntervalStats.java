package stress.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of one report interval, over all workers. Latencies are of successful operations only.
 *
 * @param elapsedSeconds      seconds from the start of measuring to the end of this interval; during
 *                            warm-up, seconds from the start of the phase
 * @param warmup              whether the interval belongs to the warm-up (not part of the totals)
 * @param durationSeconds     length of the interval the rates refer to
 * @param activeThreads       worker threads running, as told by the runner
 * @param count               successful operations
 * @param opsPerSecond        successful operations per second
 * @param rows                rows reported by the successful operations
 * @param rowsPerSecond       rows per second
 * @param avgMs               mean latency
 * @param p50Ms               median latency
 * @param p95Ms               95th percentile latency
 * @param p99Ms               99th percentile latency
 * @param maxMs               largest latency
 * @param errorCount          failed operations
 * @param errorsPerSecond     failed operations per second
 * @param reconnects          connections the workers had to open again
 * @param reconnectsPerSecond reconnects per second
 * @param operations          the same per operation, in the phase's operation order
 * @param errorsBySqlState    failed operations of the interval by SQLState, all operations together
 *                            ({@value ErrorStats#UNKNOWN} when the driver gave none), sorted by SQLState
 * @param retries             attempts run again after a serialization failure or deadlock (--retries)
 * @param hosts               the same per host when the workers are spread over several hosts, in the order the
 *                            hosts first appear among the workers; empty otherwise, and then left out of the JSON
 *                            (results written before it existed read back with it empty)
 * @param failedNodes         failed executions of the interval by the node of the cluster their message names
 *                            (Citus {@code host:port}, Postgres-XL datanode), sorted; empty when none named one, and
 *                            then left out of the JSON
 */
public record IntervalStats(
    double elapsedSeconds,
    boolean warmup,
    double durationSeconds,
    int activeThreads,
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
    long reconnects,
    double reconnectsPerSecond,
    List<IntervalOperationStats> operations,
    Map<String, Long> errorsBySqlState,
    long retries,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<IntervalHostStats> hosts,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> failedNodes) {

  public IntervalStats {
    operations = List.copyOf(operations);
    failedNodes = Outage.sorted(failedNodes);
    hosts = hosts == null ? List.of() : List.copyOf(hosts);
    errorsBySqlState = errorsBySqlState == null ? Map.of()
        : Collections.unmodifiableMap(new TreeMap<>(errorsBySqlState));
  }

  /** An interval without the failures by SQLState and retries (results written before they were counted). */
  public IntervalStats(double elapsedSeconds, boolean warmup, double durationSeconds, int activeThreads, long count,
                       double opsPerSecond, long rows, double rowsPerSecond, double avgMs, double p50Ms, double p95Ms,
                       double p99Ms, double maxMs, long errorCount, double errorsPerSecond, long reconnects,
                       double reconnectsPerSecond, List<IntervalOperationStats> operations) {
    this(elapsedSeconds, warmup, durationSeconds, activeThreads, count, opsPerSecond, rows, rowsPerSecond, avgMs,
        p50Ms, p95Ms, p99Ms, maxMs, errorCount, errorsPerSecond, reconnects, reconnectsPerSecond, operations,
        Map.of(), 0, List.of(), Map.of());
  }

  /** An interval without per-host figures (workers not spread over hosts). */
  public IntervalStats(double elapsedSeconds, boolean warmup, double durationSeconds, int activeThreads, long count,
                       double opsPerSecond, long rows, double rowsPerSecond, double avgMs, double p50Ms, double p95Ms,
                       double p99Ms, double maxMs, long errorCount, double errorsPerSecond, long reconnects,
                       double reconnectsPerSecond, List<IntervalOperationStats> operations,
                       Map<String, Long> errorsBySqlState, long retries) {
    this(elapsedSeconds, warmup, durationSeconds, activeThreads, count, opsPerSecond, rows, rowsPerSecond, avgMs,
        p50Ms, p95Ms, p99Ms, maxMs, errorCount, errorsPerSecond, reconnects, reconnectsPerSecond, operations,
        errorsBySqlState, retries, List.of(), Map.of());
  }

  /** An interval whose failures named no node. */
  public IntervalStats(double elapsedSeconds, boolean warmup, double durationSeconds, int activeThreads, long count,
                       double opsPerSecond, long rows, double rowsPerSecond, double avgMs, double p50Ms, double p95Ms,
                       double p99Ms, double maxMs, long errorCount, double errorsPerSecond, long reconnects,
                       double reconnectsPerSecond, List<IntervalOperationStats> operations,
                       Map<String, Long> errorsBySqlState, long retries, List<IntervalHostStats> hosts) {
    this(elapsedSeconds, warmup, durationSeconds, activeThreads, count, opsPerSecond, rows, rowsPerSecond, avgMs,
        p50Ms, p95Ms, p99Ms, maxMs, errorCount, errorsPerSecond, reconnects, reconnectsPerSecond, operations,
        errorsBySqlState, retries, hosts, Map.of());
  }

  /** The five latency figures of all operations as one value. */
  public LatencySummary latencySummary() {
    return new LatencySummary(avgMs, p50Ms, p95Ms, p99Ms, maxMs);
  }

  /** This interval flagged as warm-up. */
  public IntervalStats asWarmup() {
    return new IntervalStats(elapsedSeconds, true, durationSeconds, activeThreads, count, opsPerSecond, rows, rowsPerSecond,
        avgMs, p50Ms, p95Ms, p99Ms, maxMs, errorCount, errorsPerSecond, reconnects, reconnectsPerSecond, operations,
        errorsBySqlState, retries, hosts, failedNodes);
  }
}
