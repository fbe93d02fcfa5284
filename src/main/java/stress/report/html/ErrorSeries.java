package stress.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import stress.metrics.IntervalOperationStats;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;

/** Failed operations per second of each measured interval, one series per SQLState over all operations. */
final class ErrorSeries {
  /**
   * The series name of failures an interval counted without a SQLState breakdown (results written before
   * intervals kept one).
   */
  static final String NOT_BROKEN_DOWN = "SQLState not recorded";

  private ErrorSeries() {}

  /** SQLState (in order) to points (elapsed seconds, errors/s); every state has a point in every interval. */
  static Map<String, List<Point>> bySqlState(PhaseStats stats) {
    List<IntervalStats> measured = stats.intervals().stream().filter(interval -> !interval.warmup()).toList();
    TreeSet<String> states = new TreeSet<>();
    boolean incomplete = false;
    for (IntervalStats interval : measured) {
      states.addAll(counts(interval).keySet());
      incomplete |= rest(interval) > 0;
    }
    if (incomplete) {
      states.add(NOT_BROKEN_DOWN);
    }
    Map<String, List<Point>> series = new TreeMap<>();
    for (String state : states) {
      List<Point> points = new ArrayList<>();
      for (IntervalStats interval : measured) {
        long count = state.equals(NOT_BROKEN_DOWN) ? rest(interval) : counts(interval).getOrDefault(state, 0L);
        points.add(new Point(interval.elapsedSeconds(), perSecond(count, interval.durationSeconds())));
      }
      series.put(state, points);
    }
    return series;
  }

  private static Map<String, Long> counts(IntervalStats interval) {
    Map<String, Long> counts = new TreeMap<>();
    for (IntervalOperationStats op : interval.operations()) {
      op.errorsBySqlState().forEach((state, count) -> counts.merge(state, count, Long::sum));
    }
    return counts;
  }

  /** Failures of the interval that no SQLState entry accounts for. */
  private static long rest(IntervalStats interval) {
    long broken = counts(interval).values().stream().mapToLong(Long::longValue).sum();
    return Math.max(0, interval.errorCount() - broken);
  }

  private static double perSecond(long count, double seconds) {
    return seconds > 0 ? count / seconds : 0;
  }
}
