package stress.report.tworuns;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import stress.model.UsageException;
import stress.report.CapacitySteps;
import stress.report.Decimals;
import stress.report.RunResult;
import stress.report.capacity.CapacitySearchResult;

/**
 * Two runs' capacities ({@code stress report BEFORE AFTER}, at least one a capacity search): per combination both
 * searched, the ratio of the two capacities. The runs were not interleaved and the ratio has no interval of its own,
 * so it is given without a verdict, each capacity with its own interval. A capacity search beside a closed-loop run,
 * searches under different objectives, or one capacity beside capacities compared are refused: read as closed-loop
 * phases, a search's steps would compare offered rates.
 */
public final class CapacitiesOfTwoRuns {
  private CapacitiesOfTwoRuns() {}

  /** Whether either run is a capacity search, so that {@link #lines} compares them and not their phases. */
  public static boolean applies(RunResult before, RunResult after) {
    return CapacitySteps.isSearch(before) || CapacitySteps.isSearch(after);
  }

  /**
   * Refuses two runs whose comparison would mislead, with one line naming both and the rule.
   *
   * @throws UsageException a search beside a closed-loop run, searches under different objectives, or one capacity
   *                        beside capacities compared
   */
  public static void refuseMisleading(String beforeName, RunResult before, String afterName, RunResult after) {
    Map<String, CapacitySearchResult> b = CapacitySearchResult.searches(before);
    Map<String, CapacitySearchResult> a = CapacitySearchResult.searches(after);
    if (b.isEmpty() != a.isEmpty()) {
      String search = b.isEmpty() ? afterName : beforeName;
      String closed = b.isEmpty() ? beforeName : afterName;
      throw new UsageException("report cannot compare " + beforeName + " and " + afterName + ": " + search
          + " is a capacity search (run --slo), whose phases are steps at offered rates, and " + closed
          + " a closed-loop run; compare two capacity searches under the same objectives, or two runs without --slo");
    }
    if (b.isEmpty()) {
      return;
    }
    List<String> before1 = objectives(b);
    List<String> after1 = objectives(a);
    if (!before1.equals(after1)) {
      throw new UsageException("report cannot compare the capacities of " + beforeName + " and " + afterName + ": "
          + beforeName + " searched under " + String.join(", ", before1) + ", " + afterName + " under "
          + String.join(", ", after1) + "; capacities compare only under the same objectives");
    }
    if (b.containsKey("") != a.containsKey("")) {
      String single = b.containsKey("") ? beforeName : afterName;
      String compared = b.containsKey("") ? afterName : beforeName;
      throw new UsageException("report cannot compare the capacities of " + beforeName + " and " + afterName + ": "
          + single + " searched one capacity, " + compared + " compared capacities ("
          + String.join(", ", (b.containsKey("") ? a : b).keySet()) + "); compare runs that searched the same way");
    }
  }

  /**
   * The lines to print, each a sentence: how the capacities are compared, then per combination both searched (a
   * search of one combination: {@code capacity}) the two capacities and their ratio, after over before.
   */
  public static List<String> lines(String beforeName, RunResult before, String afterName, RunResult after) {
    refuseMisleading(beforeName, before, afterName, after);
    Map<String, CapacitySearchResult> b = CapacitySearchResult.searches(before);
    Map<String, CapacitySearchResult> a = CapacitySearchResult.searches(after);
    List<String> lines = new ArrayList<>();
    lines.add(afterName + "'s capacity against " + beforeName + "'s under " + String.join(", ", objectives(b))
        + ", per combination both searched: the ratio of the two capacities, unpaired (the runs were not interleaved,"
        + " so a drift of the machine between them is not cancelled) and without an interval of its own, so no"
        + " verdict: read it with each capacity's own interval (--rounds 3 or more gives one)");
    int shared = 0;
    for (Map.Entry<String, CapacitySearchResult> entry : b.entrySet()) {
      CapacitySearchResult later = a.get(entry.getKey());
      if (later == null) {
        continue;
      }
      shared++;
      CapacitySearchResult earlier = entry.getValue();
      String ratio = Double.isFinite(earlier.capacity()) && Double.isFinite(later.capacity()) && earlier.capacity() > 0
          ? Decimals.ratio(later.capacity() / earlier.capacity()) + " " + afterName + " / " + beforeName
          : "no ratio: " + (Double.isFinite(earlier.capacity()) ? afterName : beforeName) + " found no capacity";
      lines.add((entry.getKey().isEmpty() ? "capacity" : entry.getKey()) + ": " + beforeName + " "
          + earlier.capacityText() + lowerBound(earlier) + ", " + afterName + " " + later.capacityText()
          + lowerBound(later) + ": " + ratio);
    }
    if (shared == 0) {
      lines.add("no combination was searched in both runs: nothing to compare");
    }
    return lines;
  }

  /** The objectives of a result's searches, which share them. */
  private static List<String> objectives(Map<String, CapacitySearchResult> searches) {
    return searches.values().iterator().next().objectives();
  }

  /** Said when some round's answer is only a lower bound: the client's limit, or no step broke. */
  private static String lowerBound(CapacitySearchResult search) {
    boolean bound = search.rounds().stream().anyMatch(r -> Double.isFinite(r.capacity())
        && (r.clientLimit() || !Double.isFinite(r.brokeAt())));
    return bound ? " (a lower bound in some round: the client's limit, or no step broke)" : "";
  }
}
