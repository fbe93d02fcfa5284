package stress.app.capacity;

import java.util.Comparator;
import java.util.List;
import stress.config.LatencyObjective;

/**
 * Every figure the cause of a broken step is decided by ({@link CauseRules}), gathered from the step and the steps of
 * its search; each is printed with the decision, so a reader can apply the rules to what they read.
 *
 * @param offered          the rate offered, ops/s
 * @param achieved         the rate achieved, ops/s
 * @param edgeSlack        ops/s the window's edges may cut off ({@link StepMeasured#edgeSlack})
 * @param operations       the executions measured
 * @param operationsNeeded the executions the objectives need to be judged; 0 with none
 * @param figure           the latency figure of the first latency objective the step broke ({@code p99}, ...); null
 *                         where it broke none
 * @param value            that figure's value, ms; NaN without one
 * @param limit            that objective's limit, ms; NaN without one
 * @param p50Ms            the step's p50
 * @param fastestMs        the fastest execution of any step of the search, ms; NaN where not known
 * @param fastestP50Ms     the lowest p50 of any step of the search (steps that drained a backlog left out), ms
 * @param heldBelow        the lowest rate of the round that held, below this one; null where none did
 * @param sameRate         an offer of the round within {@value #SAME_RATE} of this rate whose p50 is within
 *                         {@link CauseRules#FLAT_P50} of this one's and whose figure is {@link CauseRules#ERRATIC} or
 *                         more apart; null where none
 * @param higherLower      a higher rate of the round that broke with a figure under 1/{@link CauseRules#ERRATIC} of this
 *                         one's and a p50 within {@link CauseRules#FLAT_P50}: the figure rose as the rate fell; null
 * @param errorShare       the share of executions that failed
 * @param errorsBroke      whether an error objective, or {@code --max-error-rate}, broke
 * @param client           the client's and the host's figures; null where not known
 */
public record CauseEvidence(double offered, double achieved, double edgeSlack, long operations, long operationsNeeded,
                            String figure, double value, double limit, double p50Ms, double fastestMs,
                            double fastestP50Ms, Other heldBelow, Other sameRate, Other higherLower,
                            double errorShare, boolean errorsBroke, StepClientFigures client) {
  /** Offers within this share of each other are of the same rate. */
  static final double SAME_RATE = 0.05;

  /** Another step of the round, as a rule reads it: its rate, its p50 and the same figure as the broken step's. */
  public record Other(double offered, double p50Ms, double value) {}

  /**
   * The evidence on {@code broke}, from the steps of its search ({@code steps}, in the order run; later steps are
   * read too, as a round's answer is given once the round is over).
   */
  public static CauseEvidence of(List<CapacitySearch.Step> steps, CapacitySearch.Step broke,
                                 List<LatencyObjective> objectives) {
    StepMeasured m = broke.measured();
    LatencyObjective objective = objectives.stream().filter(o -> !o.errors()
        && !(StepVerdict.figure(o, m) <= o.limit())).findFirst().orElse(null);
    String figure = objective == null ? null : objective.figure();
    double value = figure == null ? Double.NaN : StepVerdict.figure(figure, m);
    long needed = objectives.stream().mapToLong(LatencyObjective::operationsToJudge).max().orElse(0);
    boolean errors = broke.broken().stream().anyMatch(b -> b.startsWith("errors "));
    List<CapacitySearch.Step> round = steps.stream().filter(s -> s.round() == broke.round() && s.check() == 0
        && s != broke).toList();
    Other heldBelow = null;
    Other sameRate = null;
    Other higherLower = null;
    if (figure != null) {
      heldBelow = round.stream().filter(s -> s.held() && s.offered() < broke.offered())
          .min(Comparator.comparingDouble(CapacitySearch.Step::offered)).map(s -> other(s, figure)).orElse(null);
      sameRate = round.stream().filter(s -> Math.abs(s.offered() / broke.offered() - 1) <= SAME_RATE)
          .map(s -> other(s, figure)).filter(o -> CauseRules.flat(o.p50Ms(), m.p50Ms())
              && CauseRules.apart(o.value(), value)).findFirst().orElse(null);
      higherLower = round.stream().filter(s -> s.offered() > broke.offered() * (1 + SAME_RATE) && !s.held())
          .map(s -> other(s, figure)).filter(o -> CauseRules.flat(o.p50Ms(), m.p50Ms())
              && o.value() * CauseRules.ERRATIC <= value).findFirst().orElse(null);
    }
    double fastest = steps.stream().mapToDouble(s -> s.measured().fastestMs()).filter(Double::isFinite).min()
        .orElse(Double.NaN);
    return new CauseEvidence(broke.offered(), m.achieved(), m.edgeSlack(), m.operations(), needed, figure, value,
        objective == null ? Double.NaN : objective.limit(), m.p50Ms(), fastest, fastestP50(steps), heldBelow,
        sameRate, higherLower, m.errorShare(), errors, m.client());
  }

  /**
   * The lowest p50 any step of the search measured, at any rate, leaving out steps that drained their warm-up's
   * backlog: the operation's own time is at most this.
   */
  static double fastestP50(List<CapacitySearch.Step> steps) {
    return steps.stream().filter(s -> !s.unsettled()).mapToDouble(s -> s.measured().p50Ms()).filter(v -> v > 0)
        .min().orElse(Double.NaN);
  }

  private static Other other(CapacitySearch.Step s, String figure) {
    return new Other(s.offered(), s.measured().p50Ms(), StepVerdict.figure(figure, s.measured()));
  }

  /** This evidence without the other steps' latencies: the step's own figures, the client's and the host's. */
  CauseEvidence withoutOtherSteps() {
    return new CauseEvidence(offered, achieved, edgeSlack, operations, operationsNeeded, figure, value, limit, p50Ms,
        fastestMs, fastestP50Ms, null, null, null, errorShare, errorsBroke, client);
  }

  /** Whether the step achieved the rate offered (within 1%, beyond its window's edges). */
  boolean keptUp() {
    return CapacitySearch.keptUp(achieved, edgeSlack, offered);
  }

  /** Whether it achieved over 101% of the rate: a backlog its warm-up left drained in its window. */
  boolean drained() {
    return CapacitySearch.drained(achieved, edgeSlack, offered);
  }
}
