package stress.app.output;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.report.PhaseResult;

/**
 * What the comparisons of one workload run in turn ({@code --compare-tables}, {@code --against}) share beside
 * {@link RunOutputs}: each run's phases marked with what they ran on, and the line of a run that failed.
 */
public final class ComparedRuns {
  private ComparedRuns() {}

  /** The phase with {@code key=value} first in its combination and label, and its round when there are several. */
  public static PhaseResult marked(PhaseResult phase, String key, String value, Integer round) {
    Map<String, String> combination = new LinkedHashMap<>();
    combination.put(key, value);
    combination.putAll(phase.combination());
    PhaseResult labelled = phase.relabelled(key + "=" + value + " " + phase.label(), combination);
    return round == null ? labelled : labelled.inRound(round);
  }

  /**
   * The phase with only what every kind of target has in its combination and label (the threads): PostgreSQL's
   * statement mode, pool and session settings (jit among them) are its own, said once for its target, and never label
   * a MongoDB target's row ({@code run --against}, where each is a single choice).
   */
  public static PhaseResult sharedByTargets(PhaseResult phase) {
    Map<String, String> shared = new LinkedHashMap<>();
    phase.combination().forEach((key, value) -> {
      if (key.equals("threads")) {
        shared.put(key, value);
      }
    });
    String label = shared.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(java.util.stream.Collectors.joining(" "));
    return phase.relabelled(label, shared);
  }

  /**
   * The phases of one target's run as its rows read: on a MongoDB target ({@code mongodb}) by their threads alone, as
   * PostgreSQL's statement mode, pool and settings never reached it; on PostgreSQL as they ran.
   */
  public static List<PhaseResult> asRunOn(List<PhaseResult> phases, boolean mongodb) {
    return mongodb ? phases.stream().map(ComparedRuns::sharedByTargets).toList() : phases;
  }

  /** One line for a failure: its message's first line, with the SQLState when it has one. */
  public static String oneLine(Exception e) {
    String message = stress.mongodb.MongoTarget.firstLine(e.getMessage());
    message = message.isBlank() ? e.getClass().getSimpleName() : message;
    return e instanceof java.sql.SQLException sql && sql.getSQLState() != null && !message.contains(sql.getSQLState())
        ? message + " (SQLState " + sql.getSQLState() + ")" : message;
  }
}
