package stress.report;

import java.util.List;
import stress.metrics.Outage;
import stress.model.Plural;

/**
 * What a ratio of one-round phases must carry when a phase ran across an outage: its ops/s and latencies then measure
 * the outage as much as the combination, e.g. {@code phase 1 ran across an outage through the pooler: 1234 failed
 * executions}.
 * The errors column alone would leave the ratio read as the combinations' difference.
 */
final class OutageNote {
  private OutageNote() {}

  /** The note of {@code phase} (the {@code number}-th of the run), or null when no outage was seen in it. */
  static String of(PhaseResult phase, int number) {
    List<Outage> outages = phase.stats().outages();
    if (outages.isEmpty()) {
      return null;
    }
    long failed = outages.stream().mapToLong(Outage::failed).sum();
    // a phase whose pooler was read (its figures, or its console stopping): its outage was on the pooler's road
    boolean pooled = phase.connection().keySet().stream().anyMatch(k -> k.startsWith("pooler "));
    return "phase " + number + " ran across " + (outages.size() > 1 ? outages.size() + " outages" : "an outage")
        + (pooled ? " through the pooler" : "") + (failed > 0 ? ": " + Plural.of(failed, "failed execution") : "");
  }
}
