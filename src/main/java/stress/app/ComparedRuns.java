package stress.app;

import java.util.LinkedHashMap;
import java.util.Map;
import stress.report.PhaseResult;

/**
 * What the comparisons of one workload run in turn ({@code --compare-tables}, {@code --against}) share beside
 * {@link RunOutputs}: each run's phases marked with what they ran on.
 */
final class ComparedRuns {
  private ComparedRuns() {}

  /** The phase with {@code key=value} first in its combination and label, and its round when there are several. */
  static PhaseResult marked(PhaseResult phase, String key, String value, Integer round) {
    Map<String, String> combination = new LinkedHashMap<>();
    combination.put(key, value);
    combination.putAll(phase.combination());
    PhaseResult labelled = phase.relabelled(key + "=" + value + " " + phase.label(), combination);
    return round == null ? labelled : labelled.inRound(round);
  }
}
