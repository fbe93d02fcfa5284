package stress.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The phases of a capacity search ({@code run --slo}) are its steps: each offered one rate in an open loop, so the
 * step with the most ops/s is only the highest rate offered, often one that broke an objective. What compares
 * combinations in a closed loop (a best one, ratios to the first row) must not read them; this says which results
 * are searches, and names each phase after its step, since a rate offered a second time repeats its label.
 */
public final class CapacitySteps {
  /** The combination key of a step's offered rate, as the search writes it. */
  public static final String OFFERED = "offered ops/s";
  /** A capacity is a rate held this many offers running: once by the search, then confirmed. */
  public static final int CONFIRMING_OFFERS = 3;
  /** The combination key of a step's round, with {@code --rounds}. */
  public static final String SEARCH_ROUND = "search round";
  /** The combination key of the run of the check after the search a step belongs to. */
  public static final String CHECK_RUN = "capacity check";
  /** Why a search's steps are not compared with each other, one sentence. */
  public static final String NOT_COMPARED = "The phases of a capacity search are its steps, each offering one rate in"
      + " an open loop: the step with the most ops/s is only the highest rate offered (often one that broke an"
      + " objective), not a better combination, so they are not compared here; the Capacity section gives every"
      + " step, held or broken, and the capacity.";

  private CapacitySteps() {}

  /** Whether a result holds a capacity search, of one combination or capacities compared (an empty list holds none). */
  public static boolean isSearch(RunResult result) {
    CapacityEntry entry = CapacityEntry.of(result);
    return entry != null && !entry.searches().isEmpty();
  }

  /**
   * The result with each phase's label starting with its step's number, {@code step 2 · offered ops/s=8960 ...},
   * numbered per combination searched in the order run (as the Capacity section's table of steps numbers them); the
   * result itself when it holds no search.
   */
  public static RunResult numbered(RunResult result) {
    if (!isSearch(result)) {
      return result;
    }
    Map<Map<String, String>, Integer> counts = new HashMap<>();
    List<PhaseResult> phases = new ArrayList<>();
    for (PhaseResult phase : result.phases()) {
      int step = counts.merge(searched(phase.combination()), 1, Integer::sum);
      phases.add(phase.relabelled("step " + step + " · " + phase.label(), phase.combination()));
    }
    return new RunResult(result.toolVersion(), result.startTime(), result.settings(), result.target(), phases,
        result.interrupted(), result.recorded(), result.collections(), result.instances(), result.tables(),
        result.endTime());
  }

  /** The combination searched: the phase's combination without its step's rate and round. */
  static Map<String, String> searched(Map<String, String> combination) {
    Map<String, String> searched = new LinkedHashMap<>(combination);
    searched.remove(OFFERED);
    searched.remove(SEARCH_ROUND);
    searched.remove(CHECK_RUN);
    return searched;
  }
}
