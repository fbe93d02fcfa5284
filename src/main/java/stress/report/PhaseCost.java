package stress.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run of phases will cost and whether its phases can measure anything, said before the first one starts: the
 * number of phases and the expected wall time (warm-up included), a single combination run in rounds (which compares
 * nothing), and phases too short to measure. After the run, {@link #shortPhases} names the phases that were.
 */
public final class PhaseCost {
  /** A phase shorter than this measures mostly its start: the pool's first connections, the JIT, a GC. */
  public static final double MIN_SECONDS = 1.0;
  /** Fewer executions than this leave a p99 resting on four or fewer of them. */
  public static final long MIN_EXECUTIONS = 500;

  private PhaseCost() {}

  /**
   * The lines to print before the first phase; empty for a single phase of a measurable length.
   *
   * @param combinations the combinations a round runs (tables or targets included)
   * @param rounds       {@code --rounds}
   * @param duration     each phase's measured time, or null when phases run a number of operations
   * @param ops          {@code --ops}, 0 when phases run for a duration
   * @param warmup       each phase's warm-up
   * @param compared     what a second combination would come from, e.g. {@code --mode, --pool, --threads or --set}
   */
  public static List<String> before(int combinations, int rounds, Duration duration, long ops, Duration warmup,
                                    String compared) {
    List<String> lines = new ArrayList<>();
    int phases = combinations * rounds;
    double warm = warmup.toMillis() / 1000.0;
    if (phases > 1) {
      String each = "each " + human(warm) + " warm-up + "
          + (ops > 0 ? "until " + ops + " operations" : human(duration.toMillis() / 1000.0));
      String total = ops > 0
          ? "the warm-ups alone " + human(phases * warm) + ", the rest as fast as the server is"
          : "about " + human(phases * (warm + duration.toMillis() / 1000.0)) + ", "
              + human(phases * warm) + " of it warm-up";
      lines.add("plan: " + phases + " phases (" + combinations + " combination" + (combinations == 1 ? "" : "s")
          + (rounds > 1 ? " x " + rounds + " rounds, interleaved" : "") + "), " + each + ": " + total
          + " (set-up and the pauses between phases not counted)");
    }
    if (combinations == 1 && rounds > 1) {
      lines.add("1 combination in " + rounds + " rounds: the rounds measure its stability only, nothing is compared;"
          + " list a second value of " + compared + " to compare");
    }
    if (ops == 0 && duration.toMillis() < MIN_SECONDS * 1000) {
      lines.add("warning: --duration " + human(duration.toMillis() / 1000.0) + " is too short to measure:"
          + " a phase under " + human(MIN_SECONDS) + " measures mostly its start (connections, the"
          + " client's JIT, a GC); the comparison marks such phases; --duration 10s gives figures that repeat");
    } else if (ops > 0 && ops < MIN_EXECUTIONS) {
      lines.add("warning: --ops " + ops + " is too few to measure: under " + MIN_EXECUTIONS + " executions a"
          + " phase's p99 rests on four or fewer of them; the comparison marks such phases; --ops 10000 or"
          + " --duration 10s gives figures that repeat");
    }
    return lines;
  }

  /**
   * E.g. {@code short phases: 4 of 6 measured under 1 s or under 500 executions (phases 1, 2, 5, 6): their figures
   * describe mostly each phase's start, and the verdicts rest on them}; null when none was.
   */
  public static String shortPhases(List<PhaseResult> phases) {
    List<String> which = new ArrayList<>();
    for (int i = 0; i < phases.size(); i++) {
      PhaseResult p = phases.get(i);
      if (p.stats().durationSeconds() < MIN_SECONDS || p.stats().total().count() < MIN_EXECUTIONS) {
        which.add(Integer.toString(i + 1));
      }
    }
    if (which.isEmpty()) {
      return null;
    }
    return "short phases: " + which.size() + " of " + phases.size() + " measured under "
        + human(MIN_SECONDS) + " or under " + MIN_EXECUTIONS + " executions (phase"
        + (which.size() > 1 ? "s " : " ") + String.join(", ", which) + "): their figures describe mostly each phase's"
        + " start, and the verdicts rest on them; a longer --duration measures the server";
  }

  /** A wall time as a person reads it: 500 ms, 18 s, 10 min 20 s, 2 h 5 min. */
  static String human(double seconds) {
    if (seconds < 1) {
      return Math.round(seconds * 1000) + " ms";
    }
    long whole = Math.round(seconds);
    if (seconds < 60) {
      return Decimals.seconds(seconds) + " s";
    }
    if (whole < 3600) {
      return whole / 60 + " min" + (whole % 60 == 0 ? "" : " " + whole % 60 + " s");
    }
    long minutes = Math.round(seconds / 60);
    return minutes / 60 + " h" + (minutes % 60 == 0 ? "" : " " + minutes % 60 + " min");
  }
}
