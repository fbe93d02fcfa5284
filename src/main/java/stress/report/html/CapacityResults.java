package stress.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import stress.report.Decimals;
import stress.report.capacity.CapacitySearchResult.Step;
import stress.report.capacity.CapacitySearchResult;

/**
 * The Results table of capacity searches: a row per combination searched, its capacity under the objectives and the
 * step that held at that rate, with what it achieved and its latency. Never a step's ops/s as the run's result: the
 * step with the most ops/s is the highest rate offered, often one that broke.
 */
final class CapacityResults {
  static final String NOTE = "For a capacity search, a row per combination searched: its capacity under the"
      + " objectives (over rounds the median of the rounds' answers with its interval), then the step that held at"
      + " that rate, what it achieved and its latency (none when the median falls between two rounds' answers); its"
      + " steps are not compared with each other: see Capacity.";

  private CapacityResults() {}

  /** Whether a run is a capacity search, which the Results table gives by {@link #table}. */
  static boolean isSearch(NamedResult run) {
    return stress.report.CapacitySteps.isSearch(run.result());
  }

  /** The rows of every run that searched a capacity; null when none did. */
  static DataTable table(List<NamedResult> runs) {
    boolean overlay = runs.size() > 1;
    List<NamedResult> searched = runs.stream().filter(CapacityResults::isSearch).toList();
    if (searched.isEmpty()) {
      return null;
    }
    boolean compared = searched.stream()
        .anyMatch(run -> !CapacitySearchResult.searches(run.result()).containsKey(""));
    List<String> headers = new ArrayList<>();
    if (overlay) {
      headers.add("run");
    }
    if (compared) {
      headers.add("combination");
    }
    headers.addAll(List.of("capacity ops/s", "under", "step at the capacity", "achieved ops/s", "p50 ms", "p99 ms",
        "error share"));
    List<List<String>> rows = new ArrayList<>();
    for (NamedResult run : searched) {
      for (Map.Entry<String, CapacitySearchResult> e : CapacitySearchResult.searches(run.result()).entrySet()) {
        CapacitySearchResult search = e.getValue();
        List<String> row = new ArrayList<>();
        if (overlay) {
          row.add(run.name());
        }
        if (compared) {
          row.add(e.getKey());
        }
        row.add(search.capacityText().replace(" ops/s", ""));
        row.add(search.objectivesText());
        Step step = atCapacity(search);
        if (step == null) {
          row.addAll(List.of("-", "-", "-", "-", "-"));
        } else {
          row.add("step " + step.number() + (search.rounds().size() > 1 ? " (round " + step.round() + ")" : ""));
          row.add(CapacitySearchResult.rate(step.achieved()));
          row.add(Double.isFinite(step.latency("p50")) ? Decimals.millis(step.latency("p50")) : "-");
          row.add(Double.isFinite(step.latency("p99")) ? Decimals.millis(step.latency("p99")) : "-");
          row.add(CapacitySearchResult.percent(step.errorShare()));
        }
        rows.add(row);
      }
    }
    return new DataTable(headers, rows);
  }

  /**
   * The step that held at the capacity's rate in a round whose answer the capacity is (a round's answer is the rate
   * of a step that held in it), its last; or null: no capacity found, or a median of an even number of rounds
   * between two answers.
   */
  static Step atCapacity(CapacitySearchResult search) {
    Step found = null;
    for (Step step : search.steps()) {
      boolean answer = search.rounds().stream()
          .anyMatch(r -> r.round() == step.round() && step.check() == 0 && same(r.capacity(), search.capacity()));
      if (step.held() && answer && same(step.offered(), search.capacity())) {
        found = step;
      }
    }
    return found;
  }

  private static boolean same(double a, double b) {
    return Double.isFinite(a) && Double.isFinite(b) && Math.abs(a - b) <= 1e-9 * Math.abs(b);
  }
}
