package stress.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * The totals of a measured phase. Warm-up is not part of them; its intervals are kept in
 * {@link #intervals()} flagged {@link IntervalStats#warmup()}, so the non-warm-up intervals add up to the totals.
 *
 * @param durationSeconds     measured duration
 * @param operations          per operation, in the phase's operation order
 * @param total               all operations together (histograms merged exactly)
 * @param reconnects          connections the workers had to open again
 * @param reconnectsPerSecond reconnects per second
 * @param intervals           every report interval of the phase, warm-up included and flagged
 * @param outages             times nothing succeeded (a failed execution to the first success after it, at least
 *                            100 ms), in order; empty when there was none
 * @param degraded            times some executions failed while others succeeded (runs of report intervals), in
 *                            order; empty when there was none, and then left out of the JSON
 */
public record PhaseStats(
    double durationSeconds,
    List<OperationStats> operations,
    OperationStats total,
    long reconnects,
    double reconnectsPerSecond,
    List<IntervalStats> intervals,
    List<Outage> outages,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<DegradedWindow> degraded) {

  public PhaseStats {
    operations = List.copyOf(operations);
    outages = outages == null ? List.of() : List.copyOf(outages);
    degraded = degraded == null ? List.of() : List.copyOf(degraded);
    Objects.requireNonNull(total, "total");
    intervals = List.copyOf(intervals);
    if (operations.isEmpty()) {
      throw new IllegalArgumentException("a phase needs at least one operation");
    }
  }

  /** Stats without outages (results written before outages were tracked). */
  public PhaseStats(double durationSeconds, List<OperationStats> operations, OperationStats total, long reconnects,
                    double reconnectsPerSecond, List<IntervalStats> intervals) {
    this(durationSeconds, operations, total, reconnects, reconnectsPerSecond, intervals, List.of(), List.of());
  }

  /** Stats without degraded windows. */
  public PhaseStats(double durationSeconds, List<OperationStats> operations, OperationStats total, long reconnects,
                    double reconnectsPerSecond, List<IntervalStats> intervals, List<Outage> outages) {
    this(durationSeconds, operations, total, reconnects, reconnectsPerSecond, intervals, outages, List.of());
  }

  /** Builds the stats with the total derived from the operations. */
  public static PhaseStats of(double durationSeconds, List<OperationStats> operations, long reconnects, List<IntervalStats> intervals) {
    return of(durationSeconds, operations, reconnects, intervals, List.of());
  }

  /** Builds the stats with the total derived from the operations, and the outages seen. */
  public static PhaseStats of(double durationSeconds, List<OperationStats> operations, long reconnects,
                              List<IntervalStats> intervals, List<Outage> outages) {
    return of(durationSeconds, operations, reconnects, intervals, outages, List.of());
  }

  /** Builds the stats with the total derived from the operations, the outages and the degraded windows. */
  public static PhaseStats of(double durationSeconds, List<OperationStats> operations, long reconnects,
                              List<IntervalStats> intervals, List<Outage> outages, List<DegradedWindow> degraded) {
    if (reconnects < 0) {
      throw new IllegalArgumentException("reconnects must be 0 or more, got " + reconnects);
    }
    return new PhaseStats(durationSeconds, operations, OperationStats.total(operations, durationSeconds), reconnects,
        Rates.perSecond(reconnects, durationSeconds), intervals, outages, degraded);
  }

  /** The operation of that name. */
  public OperationStats operation(String name) {
    return operations.stream()
        .filter(op -> op.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no operation " + name + " in this phase; it has "
            + operations.stream().map(OperationStats::name).toList()));
  }
}
