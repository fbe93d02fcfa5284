package stress.app.capacity;

import java.util.Comparator;
import java.util.List;
import stress.config.LatencyObjective;

/**
 * Why a capacity search's objective broke, named only where the steps' own figures show it, and said with them:
 * <ul>
 *   <li>a server queue: p50 and p99 rose together from the rate held to the rate that broke, or the server fell
 *       behind the rate;</li>
 *   <li>host stalls: the host's CPUs busy with work of neither the client nor the server (at least
 *       {@link StepClientFigures#OTHERS_BUSY} of them), or p50 flat while p99 jumps between offers of about the same
 *       rate, or rises as the rate falls;</li>
 *   <li>the client's limit: the rate not achieved with the client's CPU at its share, or with its pacer waking late
 *       for its slots on a host not busy with others; never on a step that achieved its rate;</li>
 *   <li>the operation's own time: p50 itself near or above the objective (at least {@value #OWN_TIME} of it).</li>
 * </ul>
 * Where the figures fit none of these it says it cannot tell, and what would tell.
 *
 * @param kind     the cause
 * @param sentence the cause with its figures, e.g. {@code a server queue: p50 0.4 -> 1.2 ms, p99 2.1 -> 9.3 ms ...}
 */
public record BreakCause(Kind kind, String sentence) {
  /** A p50 at least this share of a latency objective is the operation's own time, not a queue's. */
  public static final double OWN_TIME = 0.5;
  /** p50 within this factor between two steps is flat. */
  static final double FLAT_P50 = 1.25;
  /** p99s of offers of about the same rate this many times apart are erratic. */
  static final double ERRATIC_P99 = 2;

  public enum Kind { QUEUE, HOST_STALLS, CLIENT, OWN_TIME, UNKNOWN }

  /**
   * The cause of {@code broke}'s break, from the steps of its round ({@code steps}, in the order run): compared with
   * the highest step below it that held, or, where none held, with the steps above it.
   */
  public static BreakCause of(List<CapacitySearch.Step> steps, CapacitySearch.Step broke, List<LatencyObjective> objectives) {
    StepMeasured m = broke.measured();
    String at = " at " + CapacityText.rate(broke.offered()) + " ops/s";
    if (broke.clientLimited()) {
      boolean cpu = m.client() == null || m.client().pacer() == null
          || m.client().cpuShare() > stress.metrics.ClientUsage.CPU_LIMIT;
      return new BreakCause(Kind.CLIENT, "the client's limit: it achieved " + CapacityText.rate(m.achieved()) + " of "
          + CapacityText.rate(broke.offered()) + " ops/s " + (cpu ? "with its CPU at its share" : "waking late for its"
          + " slots while the host was not busy with others") + " ("
          + (m.client() == null ? "its CPU the bottleneck" : m.client().text()) + ")");
    }
    LatencyObjective objective = objectives.stream().filter(o -> !o.errors()
        && !(StepVerdict.figure(o, m) <= o.limit())).findFirst().orElse(null);
    if (objective == null) {
      return null; // errors or the rate broke, not a latency: the step's own line says so
    }
    String figure = objective.figure().equals("p999") ? "p99.9" : objective.figure();
    if (m.client() != null && m.client().othersBusy()) {
      return new BreakCause(Kind.HOST_STALLS, "host stalls: " + CapacityText.percent(m.client().hostOthers())
          + " of the host's CPUs were busy with work of neither the client nor the server" + at + ", p50 "
          + CapacityText.ms(m.p50Ms()) + " ms" + (figure.equals("p50") ? "" : ", " + figure + " "
          + CapacityText.ms(StepVerdict.figure(objective, m)) + " ms") + client(m) + "; quiet the host, or pin the server and the client to CPUs of their own");
    }
    if (!m.keptUp(broke.offered())) {
      return new BreakCause(Kind.QUEUE, "a server queue: it fell behind the rate, " + CapacityText.rate(m.achieved())
          + " of " + CapacityText.rate(broke.offered()) + " ops/s achieved, p50 " + CapacityText.ms(m.p50Ms()) + " ms"
          + client(m));
    }
    double fastest = fastestP50(steps);
    if (m.p50Ms() >= OWN_TIME * objective.limit() && fastest >= OWN_TIME * objective.limit()) {
      return new BreakCause(Kind.OWN_TIME, "the operation's own time: p50 " + CapacityText.ms(m.p50Ms()) + " ms" + at
          + ", near or above the objective's " + CapacityText.ms(objective.limit()) + " ms, and never under "
          + CapacityText.ms(fastest) + " ms at any rate; a looser objective, or a faster plan (stress explain), is"
          + " the way");
    }
    List<CapacitySearch.Step> round = steps.stream().filter(s -> s.round() == broke.round() && s.check() == 0
        && s != broke).toList();
    double p99 = StepVerdict.figure(objective, m);
    // the reference: the lowest rate that held, far below the knee where a queue has not formed; with none held, a
    // higher rate that broke with a lower figure (the figure rose as the rate fell)
    CapacitySearch.Step lowest = round.stream().filter(s -> s.held() && s.offered() < broke.offered())
        .min(Comparator.comparingDouble(CapacitySearch.Step::offered)).orElse(null);
    CapacitySearch.Step fellAsRose = round.stream().filter(s -> s.offered() > broke.offered() && !s.held()
        && StepVerdict.figure(objective, s.measured()) < p99 / ERRATIC_P99).findFirst().orElse(null);
    // the same rate offered again with the same median but a tail apart: the rate did not set the tail
    CapacitySearch.Step twin = round.stream().filter(s -> Math.abs(s.offered() / broke.offered() - 1) <= 0.05)
        .filter(s -> ratio(s.measured().p50Ms(), m.p50Ms()) < FLAT_P50
            && ratio(StepVerdict.figure(objective, s.measured()), p99) >= ERRATIC_P99).findFirst().orElse(null);
    CapacitySearch.Step stalled = twin != null ? twin
        : fellAsRose != null && ratio(fellAsRose.measured().p50Ms(), m.p50Ms()) < FLAT_P50 ? fellAsRose : null;
    if (stalled != null) {
      return new BreakCause(Kind.HOST_STALLS, "host stalls: p50 flat (" + CapacityText.ms(stalled.measured().p50Ms())
          + " ms at " + CapacityText.rate(stalled.offered()) + " ops/s, " + CapacityText.ms(m.p50Ms()) + " ms" + at
          + ") while " + figure + " was " + CapacityText.ms(StepVerdict.figure(objective, stalled.measured()))
          + " and " + CapacityText.ms(p99) + " ms" + client(m) + ": the rate did not set it; pin the host, lengthen"
          + " the steps, or add rounds");
    }
    if (lowest != null && m.p50Ms() >= FLAT_P50 * lowest.measured().p50Ms()
        && p99 > StepVerdict.figure(objective, lowest.measured())) {
      StepMeasured r = lowest.measured();
      return new BreakCause(Kind.QUEUE, "a server queue: p50 " + CapacityText.ms(r.p50Ms()) + " -> "
          + CapacityText.ms(m.p50Ms()) + " ms and " + figure + " " + CapacityText.ms(StepVerdict.figure(objective, r))
          + " -> " + CapacityText.ms(p99) + " ms from " + CapacityText.rate(lowest.offered()) + " to "
          + CapacityText.rate(broke.offered()) + " ops/s" + client(m));
    }
    return unknown(m, at, figure, p99);
  }

  /**
   * Whether {@code lower}, at half the rate of {@code higher}, broke the same latency objectives with latencies at
   * least {@link CapacitySearch#FLAT} of those above (and at most their inverse), while keeping up, and p50 itself at
   * least {@link #OWN_TIME} of the objective: the objective breaks on the operations' own time.
   */
  static boolean unloaded(CapacitySearch.Step higher, CapacitySearch.Step lower, List<LatencyObjective> objectives,
                          List<CapacitySearch.Step> all) {
    if (higher.unsettled() || lower.unsettled()) {
      return false; // a backlog from the warm-up, not the rate, set their latencies
    }
    StepMeasured m = lower.measured();
    if (!(m.achieved() + m.edgeSlack() >= CapacitySearch.KEEPS_UP * lower.offered())) {
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
      // the operation's own time shows in the median too, not only in the tail, and at every rate: a step that
      // measured a faster median anywhere (a stall raises the median of the steps it falls on) rules it out
      if (!(m.p50Ms() >= OWN_TIME * o.limit() && fastestP50(all) >= OWN_TIME * o.limit())) {
        return false;
      }
    }
    return any;
  }

  /**
   * The lowest p50 any step of the search measured, at any rate, leaving out steps that drained their warm-up's
   * backlog: the operation's own time is at most this.
   */
  static double fastestP50(List<CapacitySearch.Step> steps) {
    return steps.stream().filter(s -> !s.unsettled()).mapToDouble(s -> s.measured().p50Ms()).filter(v -> v > 0)
        .min().orElse(Double.NaN);
  }

  private static BreakCause unknown(StepMeasured m, String at, String figure, double p99) {
    return new BreakCause(Kind.UNKNOWN, "cannot tell the cause: p50 " + CapacityText.ms(m.p50Ms()) + " ms, " + figure
        + " " + CapacityText.ms(p99) + " ms" + at + client(m) + "; pin the host (server and client on CPUs of their"
        + " own), lengthen the steps or add rounds to tell a queue from the host's stalls");
  }

  private static String client(StepMeasured m) {
    return m.client() == null ? "" : " (" + m.client().text() + ")";
  }

  /** The larger over the smaller; infinite when either is not positive. */
  private static double ratio(double a, double b) {
    return a > 0 && b > 0 ? Math.max(a, b) / Math.min(a, b) : Double.POSITIVE_INFINITY;
  }
}
