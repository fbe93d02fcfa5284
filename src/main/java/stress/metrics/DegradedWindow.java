package stress.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A time some executions failed while others succeeded, e.g. the keys of one stopped node of a cluster failing
 * while the other nodes' keys go on. It is formed from report intervals: a run of adjacent measured intervals each
 * with at least one failed and one successful execution, so its times are interval edges (precise to
 * --report-interval). An interval in which nothing succeeded belongs to an {@link Outage} (whose times come from
 * the workers' own clocks) and ends the run.
 *
 * @param startSeconds     the start of its first interval, seconds from the start of measuring
 * @param endSeconds       the end of its last interval
 * @param executions       executions that ended in it, failed or not
 * @param failed           those that failed
 * @param shareFailed      failed / executions
 * @param errorsBySqlState the failures by SQLState
 * @param failedNodes      the failures by the node of the cluster their message names; empty when none named one
 * @param source           in a merged result, the input that saw it (times are that input's own); null otherwise
 */
public record DegradedWindow(double startSeconds, double endSeconds, long executions, long failed, double shareFailed,
                             Map<String, Long> errorsBySqlState,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> failedNodes,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String source) {
  public DegradedWindow {
    if (endSeconds < startSeconds) {
      throw new IllegalArgumentException("a degraded window cannot end (" + endSeconds + " s) before it starts ("
          + startSeconds + " s)");
    }
    if (failed < 0 || executions < failed) {
      throw new IllegalArgumentException("a degraded window needs 0 <= failed <= executions, got " + failed + " of "
          + executions);
    }
    shareFailed = executions == 0 ? 0 : (double) failed / executions;
    errorsBySqlState = Outage.sorted(errorsBySqlState);
    failedNodes = Outage.sorted(failedNodes);
  }

  /** The same window labelled with the input of a merge that saw it. */
  public DegradedWindow from(String input) {
    return new DegradedWindow(startSeconds, endSeconds, executions, failed, shareFailed, errorsBySqlState, failedNodes,
        input);
  }

  /** Seconds the window lasted. */
  public double lengthSeconds() {
    return endSeconds - startSeconds;
  }

  /** True for an interval with failed and successful executions. */
  public static boolean degraded(IntervalStats interval) {
    return interval.errorCount() > 0 && interval.count() > 0;
  }

  /**
   * An all-failed stretch shorter than this inside a degraded window is part of that window, not an outage: while
   * half the executions keep succeeding, every worker failing together for a moment is chance, not unavailability.
   */
  public static final double SHORTEST_OUTAGE_INSIDE_SECONDS = 1.0;

  /**
   * The outages that are not part of a degraded window. One is left out when it lies inside a window, lasted less
   * than {@link #SHORTEST_OUTAGE_INSIDE_SECONDS} or saw fewer failures than the workers running, and holds at most
   * half of that window's failures; or when it reaches over a window's first or last edge, was both shorter and saw
   * fewer failures, and holds at most half of them. While most of a window's failures fall outside an all-failed
   * moment, the window (e.g. one node of a cluster down) is what goes on and the moment is chance; a window whose
   * failures are mostly the moment's own is that moment rounded out to report intervals, e.g. a server restarting
   * for half a second, whose pooled workers may wait rather than fail. The window's edges are report intervals'
   * while an outage's are the workers' own times, so a moment of one failure at a window's end ends a few
   * milliseconds after it. The failures of a left-out outage stay counted in the window and its intervals.
   *
   * @param threads the workers running in the phase
   */
  public static List<Outage> outagesBeyond(List<Outage> outages, List<DegradedWindow> windows, int threads) {
    List<Outage> kept = new ArrayList<>();
    for (Outage o : outages) {
      if (!partOfAWindow(o, windows, threads)) {
        kept.add(o);
      }
    }
    return kept;
  }

  private static boolean partOfAWindow(Outage o, List<DegradedWindow> windows, int threads) {
    if (o.endSeconds() == null) {
      return false;
    }
    boolean shorter = o.endSeconds() - o.startSeconds() < SHORTEST_OUTAGE_INSIDE_SECONDS;
    boolean few = o.failed() < threads;
    for (DegradedWindow w : windows) {
      boolean inside = o.startSeconds() >= w.startSeconds() && o.endSeconds() <= w.endSeconds();
      boolean overEdge = o.startSeconds() <= w.endSeconds() && o.endSeconds() >= w.startSeconds();
      boolean mostFailuresOutside = w.failed() - o.failed() >= o.failed();
      if (mostFailuresOutside && (inside && (shorter || few) || overEdge && shorter && few)) {
        return true;
      }
    }
    return false;
  }

  /** The degraded windows of a phase's measured intervals (warm-up left out), in order. */
  public static List<DegradedWindow> of(List<IntervalStats> intervals) {
    List<DegradedWindow> windows = new ArrayList<>();
    List<IntervalStats> run = new ArrayList<>();
    for (IntervalStats interval : intervals) {
      if (interval.warmup()) {
        continue;
      }
      if (degraded(interval)) {
        run.add(interval);
      } else if (!run.isEmpty()) {
        windows.add(window(run));
        run.clear();
      }
    }
    if (!run.isEmpty()) {
      windows.add(window(run));
    }
    return windows;
  }

  private static DegradedWindow window(List<IntervalStats> run) {
    IntervalStats first = run.get(0);
    long executions = 0;
    long failed = 0;
    Map<String, Long> states = new TreeMap<>();
    Map<String, Long> nodes = new TreeMap<>();
    for (IntervalStats i : run) {
      executions += i.count() + i.errorCount();
      failed += i.errorCount();
      i.errorsBySqlState().forEach((state, n) -> states.merge(state, n, Long::sum));
      i.failedNodes().forEach((node, n) -> nodes.merge(node, n, Long::sum));
    }
    double start = Math.max(0, first.elapsedSeconds() - first.durationSeconds());
    return new DegradedWindow(start, run.get(run.size() - 1).elapsedSeconds(), executions, failed, 0, states, nodes,
        null);
  }
}
