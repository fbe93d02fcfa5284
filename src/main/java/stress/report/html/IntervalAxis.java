package stress.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;

/**
 * The x axis shared by every time chart of a page: the n-th measured interval of every phase (of every run)
 * sits at the same x, the measured seconds at the end of the n-th interval of the first phase that has one.
 * Phases are cut a few milliseconds apart (10.00 s in one, 10.01 s in the next), so aligning by seconds would
 * put their intervals on different rows and points; aligning by index puts them side by side.
 */
final class IntervalAxis {
  private final List<Double> seconds;

  private IntervalAxis(List<Double> seconds) {
    this.seconds = List.copyOf(seconds);
  }

  /** The axis of all these phases: as many positions as the phase with the most measured intervals. */
  static IntervalAxis of(List<PhaseStats> phases) {
    List<Double> seconds = new ArrayList<>();
    for (PhaseStats phase : phases) {
      List<IntervalStats> measured = measured(phase);
      for (int i = seconds.size(); i < measured.size(); i++) {
        seconds.add(measured.get(i).elapsedSeconds());
      }
    }
    return new IntervalAxis(seconds);
  }

  /** The measured intervals of a phase, warm-up left out, in order. */
  static List<IntervalStats> measured(PhaseStats phase) {
    return phase.intervals().stream().filter(interval -> !interval.warmup()).toList();
  }

  /** Seconds measured at the end of the interval at {@code index}. */
  double seconds(int index) {
    return seconds.get(index);
  }

  int size() {
    return seconds.size();
  }

  /** One point per measured interval of the phase, at its position on this axis. */
  List<Point> points(PhaseStats phase, ToDoubleFunction<IntervalStats> value) {
    List<IntervalStats> measured = measured(phase);
    List<Point> points = new ArrayList<>(measured.size());
    for (int i = 0; i < measured.size(); i++) {
      points.add(new Point(seconds(i), value.applyAsDouble(measured.get(i))));
    }
    return points;
  }

  /** The same values moved onto this axis: the n-th point to the n-th position. */
  List<Point> align(List<Point> byInterval) {
    List<Point> points = new ArrayList<>(byInterval.size());
    for (int i = 0; i < byInterval.size(); i++) {
      points.add(new Point(seconds(i), byInterval.get(i).y()));
    }
    return points;
  }
}
