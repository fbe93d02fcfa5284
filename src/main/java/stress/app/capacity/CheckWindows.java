package stress.app.capacity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
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
  /** Runs drawn to estimate that chance. */
  static final int DRAWS = 2000;
  /** How many times a broken window's slower executions and failures count in a drawn run: a stall twice as long. */
  static final int STALL_WEIGHT = 2;
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

    /** These counts and {@code other}'s together. */
    Window plus(Window other) {
      List<Long> sum = new ArrayList<>();
      for (int i = 0; i < slower.size(); i++) {
        sum.add(slower.get(i) + other.slower.get(i));
      }
      return new Window(timed + other.timed, failed + other.failed, sum);
    }

    /** This window's stall taken {@code weight} times as long: its slower executions and failures counted so often. */
    Window stallWeighed(int weight) {
      return new Window(timed, weight * failed, slower.stream().map(n -> weight * n).toList());
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
   * The chance that a run of {@code windowsPerRun} windows breaks: runs drawn from these windows at random
   * ({@value #DRAWS} of them, with replacement, a fixed seed so that one reading gives one answer), each judged over
   * its executions together, every broken window's slower executions and failures counted {@value #STALL_WEIGHT}
   * times. A stall the check saw says how often stalls come, not how long the next one lasts: judged as seen, 17 of 18
   * windows held vouched for 12,300 ops/s and 2 of 3 plain runs at it from outside broke, p99 21 and 160 ms of 5 (bench
   * run 13); every broken window taken to break its run refused 7,650 ops/s for one 5-s window in 18 while plain runs
   * at 9,180 held p99 0.9 ms (run 14). 0 where every window held or none was read.
   */
  public double runBreakChance(double windowsPerRun) {
    if (held() == judged()) {
      return 0;
    }
    int length = Math.max(1, (int) Math.round(windowsPerRun));
    List<Window> weighed = windows.stream().map(w -> Boolean.TRUE.equals(w.holds(objectives)) ? w
        : w.stallWeighed(STALL_WEIGHT)).toList();
    SplittableRandom random = new SplittableRandom(91);
    int broke = 0;
    for (int draw = 0; draw < DRAWS; draw++) {
      Window run = weighed.get(random.nextInt(weighed.size()));
      for (int i = 1; i < length; i++) {
        run = run.plus(weighed.get(random.nextInt(weighed.size())));
      }
      broke += Boolean.FALSE.equals(run.holds(objectives)) ? 1 : 0;
    }
    return (double) broke / DRAWS;
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
