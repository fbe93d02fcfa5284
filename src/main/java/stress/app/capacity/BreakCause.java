package stress.app.capacity;

import java.util.List;
import stress.config.LatencyObjective;

/**
 * Why a step of a capacity search broke, as {@link CauseRules} decided it: every cause whose rule holds on the figures,
 * none when none does, and the decision in words with those figures.
 *
 * @param causes   the causes whose rules hold, in the order said; empty: not determined
 * @param sentence e.g. {@code cause: a server queue (p50 0.30 -> 1.2 ms and p99 1.0 -> 9.0 ms from 100 to 1000 ops/s)
 *                 [at 1000 ops/s: ...]}
 */
public record BreakCause(List<CauseRules.Cause> causes, String sentence) {
  public BreakCause {
    causes = List.copyOf(causes);
  }

  /** The cause of {@code broke}'s break, from the steps of its search ({@code steps}, in the order run). */
  public static BreakCause of(List<CapacitySearch.Step> steps, CapacitySearch.Step broke,
                              List<LatencyObjective> objectives) {
    return CauseRules.decide(CauseEvidence.of(steps, broke, objectives));
  }

  /** Whether {@code cause}'s rule holds. */
  public boolean has(CauseRules.Cause cause) {
    return causes.contains(cause);
  }

  /** Whether no rule holds. */
  public boolean undetermined() {
    return causes.isEmpty();
  }

  /** The causes as the JSON names them, e.g. {@code [host stalls, a server queue]}; empty: not determined. */
  public List<String> keys() {
    return causes.stream().map(CauseRules.Cause::key).toList();
  }

  /**
   * Whether {@code lower}, at half the rate of {@code higher}, broke the same latency objectives with latencies at
   * least {@link CapacitySearch#FLAT} of those above (and at most their inverse), while keeping up, and the
   * operation's own time the cause ({@link CauseRules#ownTime}): halving the rate does not help.
   */
  static boolean unloaded(CapacitySearch.Step higher, CapacitySearch.Step lower, List<LatencyObjective> objectives,
                          List<CapacitySearch.Step> all) {
    if (higher.unsettled() || lower.unsettled()) {
      return false; // a backlog from the warm-up, not the rate, set their latencies
    }
    StepMeasured m = lower.measured();
    if (!m.keptUp(lower.offered())) {
      return false;
    }
    boolean any = false;
    for (LatencyObjective o : objectives) {
      double below = StepVerdict.figure(o, lower.measured());
      if (o.errors() || below <= o.limit()) {
        continue;
      }
      any = true;
      double above = StepVerdict.figure(o, higher.measured());
      // flat both ways: a figure that rose as the rate halved is erratic (the host's stalls), not the operation's time
      if (!(below >= CapacitySearch.FLAT * above && below <= above / CapacitySearch.FLAT)) {
        return false;
      }
    }
    return any && of(all, lower, objectives).has(CauseRules.Cause.OWN_TIME);
  }
}
