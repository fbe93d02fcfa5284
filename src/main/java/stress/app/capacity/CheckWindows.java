package stress.app.capacity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import stress.config.LatencyObjective;
import stress.metrics.IntervalOperationStats;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;

/**
 * Runs of the check read window by window: each run's measured report intervals merged into consecutive windows of
 * {@code --slo-window} (a trailing part under 90% of a window is left out), each objective read over each window. A
 * user's run is longer than a step, and the stalls that break a p99 come every few seconds on a busy host: a run whose
 * whole p99 held can hide windows that broke.
 *
 * <p>A window keeps the counts its objectives are read from (executions, failures, executions slower than each
 * limit): a percentile holds over a window when the executions slower than its limit are at most its share of them
 * (1% for p99), at the histogram's precision.
 *
 * @param windows     the windows with enough executions to judge every objective, in order
 * @param seconds     a window's length
 * @param objectives  what each window was read against
 */
public record CheckWindows(List<Window> windows, double seconds, List<LatencyObjective> objectives) {
  /**
   * The largest chance of a run breaking, read from its windows, for its rate to be vouched for: at most one run in
   * five, so that 2 of 3 runs as long hold with a chance of about 90%. A capacity whose windows gave a 29% chance
   * held in 1 of 3 plain runs from outside (bench/notes/capacity-check.md, run 10).
   */
  public static final double MAX_RUN_BREAK = 0.2;
  /** No windows read (a scripted step, or a step of the search). */
  public static final CheckWindows NONE = new CheckWindows(List.of(), Double.NaN, List.of());

  public CheckWindows {
    windows = List.copyOf(windows);
    objectives = List.copyOf(objectives);
  }

  /**
   * The counts of one window.
   *
   * @param timed  executions whose latency was recorded (the successful ones)
   * @param failed executions that failed
   * @param slower per objective, the timed executions slower than its limit (0 for the error share)
   */
  public record Window(long timed, long failed, List<Long> slower) {
    public Window {
      slower = List.copyOf(slower);
    }

    /** Whether every objective holds over these executions; null where too few ran to judge one. */
    Boolean holds(List<LatencyObjective> objectives) {
      long all = timed + failed;
      boolean held = true;
      for (int i = 0; i < objectives.size(); i++) {
        LatencyObjective o = objectives.get(i);
        if (all < o.operationsToJudge()) {
          return null;
        }
        held &= o.errors() ? (all == 0 || (double) failed / all <= o.limit())
            : timed > 0 && slower.get(i) <= share(o.figure()) * timed + 1e-9;
      }
      return held;
    }
  }

  /** Reads {@code stats}' measured intervals in windows of {@code window} against {@code objectives}. */
  public static CheckWindows of(PhaseStats stats, Duration window, List<LatencyObjective> objectives) {
    List<IntervalStats> measured = stats.intervals().stream().filter(i -> !i.warmup()).toList();
    double seconds = window.toMillis() / 1000.0;
    List<Window> read = new ArrayList<>();
    List<IntervalStats> part = new ArrayList<>();
    double length = 0;
    for (IntervalStats interval : measured) {
      part.add(interval);
      length += interval.durationSeconds();
      if (length + 1e-6 < seconds) {
        continue;
      }
      read.add(counted(part, objectives));
      part.clear();
      length = 0;
    }
    // the run's last report interval can end a little short of a window: most of one is read as one
    if (!part.isEmpty() && length >= 0.9 * seconds) {
      read.add(counted(part, objectives));
    }
    return new CheckWindows(read.stream().filter(w -> w.holds(objectives) != null).toList(), seconds, objectives);
  }

  private static Window counted(List<IntervalStats> intervals, List<LatencyObjective> objectives) {
    long failed = 0;
    List<Histogram> latencies = new ArrayList<>();
    for (IntervalStats interval : intervals) {
      failed += interval.errorCount();
      for (IntervalOperationStats op : interval.operations()) {
        if (op.latency() != null) {
          latencies.add(op.latency().decode());
        }
      }
    }
    long timed = latencies.stream().mapToLong(Histogram::getTotalCount).sum();
    List<Long> slower = new ArrayList<>();
    for (LatencyObjective o : objectives) {
      long limitNs = (long) (o.limit() * 1e6);
      slower.add(o.errors() ? 0 : latencies.stream()
          .mapToLong(h -> h.getTotalCount() - h.getCountBetweenValues(0, limitNs)).sum());
    }
    return new Window(timed, failed, slower);
  }

  /** The share of executions a percentile lets be slower than its limit: 1% for p99. */
  static double share(String figure) {
    return switch (figure) {
      case "p50" -> 0.5;
      case "p90" -> 0.1;
      case "p95" -> 0.05;
      case "p99" -> 0.01;
      default -> 0.001;
    };
  }

  /** Windows read. */
  public int judged() {
    return windows.size();
  }

  /** Of them, those in which every objective held. */
  public int held() {
    return (int) windows.stream().filter(w -> Boolean.TRUE.equals(w.holds(objectives))).count();
  }

  /** E.g. {@code 34 of 36 5-s windows}. */
  public String text() {
    return held() + " of " + judged() + " " + stress.report.Decimals.seconds(seconds) + "-s windows";
  }

  /**
   * The chance that a run of {@code windowsPerRun} windows breaks, read as the chance that such a run, its windows
   * drawn at random from these, holds a broken one: {@code 1 - (held / read)^windows}. Every broken window is taken to
   * break its run, however short its stall: a check reads a minute or two of a host whose stalls vary widely, so one
   * stall it saw says how often they come, not how long the next one lasts. An estimate that let a short stall weigh
   * only its share of a drawn run (each drawn run judged over its executions together) vouched for 12,300 ops/s from
   * 17 of 18 windows held, and 2 of 3 plain runs at it from outside broke, p99 21 and 160 ms of 5 (bench run 13).
   * 0 where every window held or none was read.
   */
  public double runBreakChance(double windowsPerRun) {
    if (held() == judged()) {
      return 0;
    }
    int length = Math.max(1, (int) Math.round(windowsPerRun));
    return 1 - Math.pow((double) held() / judged(), length);
  }

  /** Whether that chance is at most {@link #MAX_RUN_BREAK}; true where no window was read (nothing to refute). */
  public boolean runsHold(double windowsPerRun) {
    return withinBound(runBreakChance(windowsPerRun));
  }

  /** Whether a chance of a run breaking is at most {@link #MAX_RUN_BREAK}. */
  static boolean withinBound(double runBreakChance) {
    return runBreakChance <= MAX_RUN_BREAK + 1e-9;
  }

  /** These windows and {@code other}'s together (read against the same objectives). */
  public CheckWindows plus(CheckWindows other) {
    if (other.windows.isEmpty()) {
      return this;
    }
    if (windows.isEmpty()) {
      return other;
    }
    return new CheckWindows(Stream.concat(windows.stream(), other.windows.stream()).toList(), seconds, objectives);
  }
}
