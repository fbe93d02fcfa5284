package stress.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * Totals of one operation over a measured phase (or of all operations together).
 * Counts and latencies of successes and of failures are kept apart, so failed statements do not
 * pollute the latency of the successful ones.
 *
 * @param name            operation name ({@value #TOTAL} for the sum over all operations)
 * @param count           successful operations
 * @param opsPerSecond    successful operations per second of the measured duration
 * @param rows            rows reported by the successful operations
 * @param rowsPerSecond   rows per second of the measured duration
 * @param latencyMs       latency of the successful operations
 * @param errorCount      failed operations
 * @param errorsPerSecond failed operations per second
 * @param errors          failures grouped by SQLState, most frequent first
 * @param errorLatencyMs  latency of the failed operations
 * @param histogram       latency of the successful operations in nanoseconds; exact input for merging
 *                        results of several processes. Treat it as read-only.
 * @param errorHistogram  latency of the failed operations in nanoseconds. Treat it as read-only.
 * @param retries         attempts that failed with a serialization failure or deadlock (40001, 40P01) and were
 *                        run again (--retries); not in {@code errorCount}, which counts executions that failed
 *                        for good
 */
public record OperationStats(
    String name,
    long count,
    double opsPerSecond,
    long rows,
    double rowsPerSecond,
    LatencyMillis latencyMs,
    long errorCount,
    double errorsPerSecond,
    List<ErrorStats> errors,
    LatencyMillis errorLatencyMs,
    Histogram histogram,
    Histogram errorHistogram,
    long retries) {

  /** The name of the row that sums all operations. */
  public static final String TOTAL = "total";

  public OperationStats {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(latencyMs, "latencyMs");
    Objects.requireNonNull(errorLatencyMs, "errorLatencyMs");
    Objects.requireNonNull(histogram, "histogram");
    Objects.requireNonNull(errorHistogram, "errorHistogram");
    errors = List.copyOf(errors);
    if (retries < 0) {
      throw new IllegalArgumentException("retries of " + name + " must be 0 or more, got " + retries);
    }
  }

  /** Totals without retries (results written before retries were counted). */
  public OperationStats(String name, long count, double opsPerSecond, long rows, double rowsPerSecond,
                        LatencyMillis latencyMs, long errorCount, double errorsPerSecond, List<ErrorStats> errors,
                        LatencyMillis errorLatencyMs, Histogram histogram, Histogram errorHistogram) {
    this(name, count, opsPerSecond, rows, rowsPerSecond, latencyMs, errorCount, errorsPerSecond, errors,
        errorLatencyMs, histogram, errorHistogram, 0);
  }

  /**
   * Derives every figure from the histograms (nanoseconds), the row count and the grouped errors.
   *
   * @param durationSeconds the measured duration the rates refer to; rates are 0 when it is 0
   */
  public static OperationStats of(
      String name, Histogram histogram, Histogram errorHistogram, long rows, List<ErrorStats> errors, double durationSeconds) {
    return of(name, histogram, errorHistogram, rows, errors, durationSeconds, 0);
  }

  /** As {@link #of(String, Histogram, Histogram, long, List, double)}, with the retried attempts. */
  public static OperationStats of(String name, Histogram histogram, Histogram errorHistogram, long rows,
                                  List<ErrorStats> errors, double durationSeconds, long retries) {
    if (!(durationSeconds >= 0) || Double.isInfinite(durationSeconds)) {
      throw new IllegalArgumentException("duration must be a finite number of seconds, 0 or more, got " + durationSeconds);
    }
    if (rows < 0) {
      throw new IllegalArgumentException("rows of " + name + " must be 0 or more, got " + rows);
    }
    long count = histogram.getTotalCount();
    long errorCount = errorHistogram.getTotalCount();
    return new OperationStats(
        name,
        count,
        Rates.perSecond(count, durationSeconds),
        rows,
        Rates.perSecond(rows, durationSeconds),
        LatencyMillis.of(histogram),
        errorCount,
        Rates.perSecond(errorCount, durationSeconds),
        errors,
        LatencyMillis.of(errorHistogram),
        histogram,
        errorHistogram,
        retries);
  }

  /**
   * The sum of several operations: histograms merged exactly, rows and rates added, errors of the
   * same SQLState added (the first message kept is the one of the earliest operation in the list, the distinct
   * messages added).
   */
  public static OperationStats total(List<OperationStats> operations, double durationSeconds) {
    if (operations.isEmpty()) {
      throw new IllegalArgumentException("a total needs at least one operation");
    }
    Histogram histogram = emptyLike(operations.get(0).histogram());
    Histogram errorHistogram = emptyLike(operations.get(0).errorHistogram());
    long rows = 0;
    long retries = 0;
    List<ErrorStats> errors = new ArrayList<>();
    for (OperationStats op : operations) {
      retries += op.retries();
      histogram.add(op.histogram());
      errorHistogram.add(op.errorHistogram());
      rows += op.rows();
      for (ErrorStats e : op.errors()) {
        addError(errors, e);
      }
    }
    errors.sort(ErrorBook.MOST_FREQUENT_FIRST);
    return of(TOTAL, histogram, errorHistogram, rows, errors, durationSeconds, retries);
  }

  private static void addError(List<ErrorStats> errors, ErrorStats error) {
    for (int i = 0; i < errors.size(); i++) {
      ErrorStats known = errors.get(i);
      if (known.sqlState().equals(error.sqlState())) {
        errors.set(i, known.plus(error));
        return;
      }
    }
    errors.add(error);
  }

  private static Histogram emptyLike(Histogram model) {
    Histogram empty = new Histogram(
        model.getLowestDiscernibleValue(), model.getHighestTrackableValue(), model.getNumberOfSignificantValueDigits());
    // operations may have been recorded with different ranges; never drop a value that does not fit
    empty.setAutoResize(true);
    return empty;
  }
}
