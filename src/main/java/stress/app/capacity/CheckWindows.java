package stress.app.capacity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import stress.config.LatencyObjective;
import stress.metrics.IntervalOperationStats;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;

/**
 * A run of the check read window by window: its measured report intervals merged into consecutive windows of
 * {@code --slo-window} (a trailing part under 90% of a window is left out), each objective read over each window. A
 * user's run is longer than a step, and the stalls that break a p99 come every few seconds on a busy host: a run whose
 * whole p99 held can hide windows that broke.
 *
 * @param judged  windows with enough executions to judge every objective
 * @param held    of them, those in which every objective held
 * @param seconds a window's length
 */
public record CheckWindows(int judged, int held, double seconds) {
  /**
   * The largest chance of a run breaking, read from its windows, for its rate to be vouched for: at most one run in
   * five, so that 2 of 3 runs as long hold with a chance of about 90%. The 90%-of-windows rule it replaces accepted 17
   * of 18 windows held, a chance of 29% per 30-s run, and such a capacity held in 1 of 3 plain runs from outside
   * (bench/notes/capacity-check.md, run 10).
   */
  public static final double MAX_RUN_BREAK = 0.2;
  /** No windows read (a scripted step, or a step of the search). */
  public static final CheckWindows NONE = new CheckWindows(0, 0, Double.NaN);

  /** Reads {@code stats}' measured intervals in windows of {@code window} against {@code objectives}. */
  public static CheckWindows of(PhaseStats stats, Duration window, List<LatencyObjective> objectives) {
    List<IntervalStats> measured = stats.intervals().stream().filter(i -> !i.warmup()).toList();
    double seconds = window.toMillis() / 1000.0;
    CheckWindows read = new CheckWindows(0, 0, seconds);
    List<IntervalStats> part = new ArrayList<>();
    double length = 0;
    for (IntervalStats interval : measured) {
      part.add(interval);
      length += interval.durationSeconds();
      if (length + 1e-6 < seconds) {
        continue;
      }
      read = read.closing(part, objectives);
      part.clear();
      length = 0;
    }
    // the run's last report interval can end a little short of a window: most of one is read as one
    return !part.isEmpty() && length >= 0.9 * seconds ? read.closing(part, objectives) : read;
  }

  /** These windows and one more of {@code window}'s intervals, counted where enough executions ran to judge it. */
  private CheckWindows closing(List<IntervalStats> window, List<LatencyObjective> objectives) {
    Boolean holds = holds(window, objectives);
    return holds == null ? this : new CheckWindows(judged + 1, held + (holds ? 1 : 0), seconds);
  }

  /** Whether every objective held over these intervals; null where too few executions ran to judge one. */
  private static Boolean holds(List<IntervalStats> window, List<LatencyObjective> objectives) {
    Histogram all = null;
    long failed = 0;
    long done = 0;
    for (IntervalStats interval : window) {
      failed += interval.errorCount();
      done += interval.count();
      for (IntervalOperationStats op : interval.operations()) {
        if (op.latency() == null) {
          continue;
        }
        Histogram h = op.latency().decode();
        if (all == null) {
          all = new Histogram(h.getHighestTrackableValue(), h.getNumberOfSignificantValueDigits());
          all.setAutoResize(true);
        }
        all.add(h);
      }
    }
    for (LatencyObjective o : objectives) {
      if (done + failed < o.operationsToJudge()) {
        return null;
      }
      double value = o.errors() ? (done + failed == 0 ? 0 : (double) failed / (done + failed))
          : all == null ? Double.NaN : all.getValueAtPercentile(percentile(o.figure())) / 1e6;
      if (!(value <= o.limit())) {
        return false;
      }
    }
    return true;
  }

  private static double percentile(String figure) {
    return switch (figure) {
      case "p50" -> 50;
      case "p90" -> 90;
      case "p95" -> 95;
      case "p99" -> 99;
      default -> 99.9;
    };
  }

  /** E.g. {@code 34 of 36 5-s windows}. */
  public String text() {
    return held + " of " + judged + " " + stress.report.Decimals.seconds(seconds) + "-s windows";
  }

  /**
   * The chance that a run of {@code windowsPerRun} windows breaks if its windows break as often as these did, each on
   * its own: {@code 1 - (held / judged)^windowsPerRun}; 0 where none was read. A broken window is counted as breaking
   * its run, as a stall does a p99 over a few seconds more.
   */
  public double runBreakChance(double windowsPerRun) {
    return judged == 0 ? 0 : 1 - Math.pow((double) held / judged, windowsPerRun);
  }

  /** Whether that chance is at most {@link #MAX_RUN_BREAK}; true where no window was read (nothing to refute). */
  public boolean runsHold(double windowsPerRun) {
    return runBreakChance(windowsPerRun) <= MAX_RUN_BREAK + 1e-9;
  }

  /** These windows and {@code other}'s together. */
  public CheckWindows plus(CheckWindows other) {
    return new CheckWindows(judged + other.judged, held + other.held, Double.isFinite(seconds) ? seconds
        : other.seconds);
  }
}
