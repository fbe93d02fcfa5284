package stress.app.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import stress.metrics.ClientUsage;

/**
 * The one decision of why a step of a capacity search broke: a rule per cause over the figures of
 * {@link CauseEvidence}, each read as it is printed (a figure printed as 85% is 85% to its rule), and every cause
 * whose rule holds named, with the figures that make it hold. Steps, rounds, searches and comparisons, the text, the
 * JSON and report.html all take their cause from here; docs/capacity.md has the same table.
 *
 * <ol>
 *   <li>An objective below the fastest execution: the objective's limit under the fastest execution of any step.
 *       No rate can hold it, so no other cause is read.</li>
 *   <li>Steps too short to measure a rate: fewer executions than the objectives need to be judged, or over 101% of
 *       the rate achieved (a backlog of the warm-up drained in the window). The latencies are of no rate, so beside it
 *       only errors, the client and the host's figures are read (not the other steps' latencies).</li>
 *   <li>Errors: an error objective (or {@code --max-error-rate}) broke.</li>
 *   <li>The client's limit: its CPU at least {@link ClientUsage#CPU_LIMIT} of its cores, or its CPU less the JIT's
 *       at least that share of the cores its worker threads can use (fewer worker threads than cores);
 *       or GC over {@link ClientUsage#GC_LIMIT} of the wall time with its CPU at least {@value #GC_CPU} of a core per
 *       GC second and the host not busy with others; or its pacer waking late (p99) by {@value #LATE} of the
 *       objective or more while the host's CPUs had room (under {@link ClientUsage#CPU_LIMIT} busy).</li>
 *   <li>Host stalls: {@value #OTHERS_BUSY} or more of the host's CPUs busy with work of neither the client nor the
 *       server; or p50 flat (within {@value #FLAT_P50}x) while the figure was {@value #ERRATIC}x or more apart at the
 *       same rate, or rose that much as the rate fell; or the pacer waking late by {@value #LATE} of the objective
 *       or more on a host whose CPUs were {@link ClientUsage#CPU_LIMIT} busy or more.</li>
 *   <li>A server queue: the rate not achieved (under 99%) with the client's rule not holding; or p50 up
 *       {@value #FLAT_P50}x or more and the figure up from the lowest rate held.</li>
 *   <li>The operation's own time: p50 at least {@value #OWN_TIME} of the objective at this rate and at every rate.</li>
 * </ol>
 * None holding: the cause is not determined, said with the figures.
 */
public final class CauseRules {
  /** A p50 at least this share of a latency objective is the operation's own time, not a queue's. */
  public static final double OWN_TIME = 0.5;
  /** Two p50s within this factor are flat. */
  static final double FLAT_P50 = 1.25;
  /** Two figures this many times apart or more are erratic. */
  static final double ERRATIC = 2;
  /** Above this share of the host's CPUs, work of neither the client nor the server stalls both. */
  static final double OTHERS_BUSY = 0.15;
  /** A pacer that woke late (p99) by this share of the objective or more delayed the executions it started. */
  static final double LATE = 0.5;
  /** Cores of the client's CPU per second of GC: a pause that took wall time without CPU was the host's. */
  static final double GC_CPU = 0.5;

  /** The causes, in the order they are said. */
  public enum Cause {
    OBJECTIVE_BELOW_FASTEST("an objective below the fastest execution", "objective below fastest"),
    TOO_SHORT("steps too short to measure a rate", "steps too short"),
    ERRORS("errors", "errors"),
    CLIENT("the client's limit", "client"),
    HOST_STALLS("host stalls", "host stalls"),
    QUEUE("a server queue", "queue"),
    OWN_TIME("the operation's own time", "own time");

    private final String words;
    private final String word;

    Cause(String words, String word) {
      this.words = words;
      this.word = word;
    }

    public String words() {
      return words;
    }

    /** As a step's line says it, in a word or two. */
    public String word() {
      return word;
    }

    /** As the JSON names it: {@code host stalls}. */
    public String key() {
      return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  private CauseRules() {}

  /** The causes whose rules hold on {@code e}, each with why, and the figures: the decision in words. */
  public static BreakCause decide(CauseEvidence e) {
    List<Cause> causes = new ArrayList<>();
    List<String> whys = new ArrayList<>();
    String below = belowFastest(e);
    String shortSteps = below == null ? tooShort(e) : null;
    if (below != null) {
      add(causes, whys, Cause.OBJECTIVE_BELOW_FASTEST, below);
    } else if (shortSteps != null) {
      // its latencies are of no rate: only what the host and the client did is read beside it
      CauseEvidence host = e.withoutOtherSteps();
      add(causes, whys, Cause.TOO_SHORT, shortSteps);
      add(causes, whys, Cause.ERRORS, errors(host));
      add(causes, whys, Cause.CLIENT, client(host));
      add(causes, whys, Cause.HOST_STALLS, hostStalls(host));
    } else {
      add(causes, whys, Cause.ERRORS, errors(e));
      String client = client(e);
      add(causes, whys, Cause.CLIENT, client);
      add(causes, whys, Cause.HOST_STALLS, hostStalls(e));
      add(causes, whys, Cause.QUEUE, queue(e, client != null));
      add(causes, whys, Cause.OWN_TIME, ownTime(e));
    }
    StringBuilder s = new StringBuilder();
    if (causes.isEmpty()) {
      s.append("cause not determined (no rule of docs/capacity.md holds) [").append(figures(e)).append("]; pin the"
          + " host (server and client on CPUs of their own), lengthen the steps or add rounds to tell");
    } else {
      s.append(causes.size() == 1 ? "cause: " : causes.size() == 2 ? "both causes: " : "causes: ");
      for (int i = 0; i < causes.size(); i++) {
        s.append(i == 0 ? "" : i == causes.size() - 1 ? " and " : ", ").append(causes.get(i).words()).append(" (")
            .append(whys.get(i)).append(')');
      }
      s.append(" [").append(figures(e)).append("]").append(advice(causes));
    }
    return new BreakCause(causes, s.toString());
  }

  private static void add(List<Cause> causes, List<String> whys, Cause cause, String why) {
    if (why != null) {
      causes.add(cause);
      whys.add(why);
    }
  }

  static String errors(CauseEvidence e) {
    return e.errorsBroke() ? "executions failed: " + CapacityText.percent(e.errorShare()) + " of them, over the"
        + " objective" : null;
  }

  static String belowFastest(CauseEvidence e) {
    if (!Double.isFinite(e.limit()) || !Double.isFinite(e.fastestMs()) || !(ms(e.fastestMs()) > e.limit())) {
      return null;
    }
    return "the fastest execution of any step took " + CapacityText.ms(e.fastestMs()) + " ms, over the objective's "
        + CapacityText.ms(e.limit()) + " ms: no rate can hold it";
  }

  static String tooShort(CauseEvidence e) {
    if (e.operations() < e.operationsNeeded()) {
      return e.operations() + " executions, " + e.operationsNeeded() + " needed to judge the objectives";
    }
    if (e.drained()) {
      return "achieved " + CapacityText.rate(e.achieved()) + " of " + CapacityText.rate(e.offered()) + " ops/s,"
          + " over 101%: a backlog of its warm-up drained in its window";
    }
    return null;
  }

  static String client(CauseEvidence e) {
    StepClientFigures c = e.client();
    if (c == null) {
      return null;
    }
    double cpu = pct(c.cpuShare());
    if (cpu >= ClientUsage.CPU_LIMIT) {
      return "its CPU " + CapacityText.percent(c.cpuShare()) + " of its " + cores(c) + ", at least "
          + CapacityText.percent(ClientUsage.CPU_LIMIT);
    }
    // the JIT compiles on threads of its own: what is left is the workers' (and the reporter's) CPU
    double jit = Double.isFinite(c.jitShare()) ? pct(c.jitShare()) : 0;
    String work = String.format(Locale.ROOT, "%.2f", cpu * (1 - jit) * c.cores());
    if (c.usableCores() < c.cores() && Double.parseDouble(work) >= ClientUsage.CPU_LIMIT * c.usableCores() - 1e-9) {
      return "its CPU " + CapacityText.percent(c.cpuShare()) + " of its " + cores(c) + ", " + work
          + " cores without the JIT's " + CapacityText.percent(jit) + ", at least " + CapacityText.percent(
          ClientUsage.CPU_LIMIT) + " of the " + c.usableCores() + " its " + c.workers() + " worker thread"
          + (c.workers() == 1 ? "" : "s") + " can use";
    }
    double gc = pct(c.gcShare());
    if (gc > ClientUsage.GC_LIMIT && cpu * c.cores() >= GC_CPU * gc - 1e-9 && !othersBusy(c)) {
      return "GC " + CapacityText.percent(c.gcShare()) + " of the wall time, over "
          + CapacityText.percent(ClientUsage.GC_LIMIT) + ", with its CPU at " + CapacityText.percent(c.cpuShare())
          + " of its " + cores(c) + ", at least half a core per GC second, on a host not busy with others";
    }
    if (late(e) && Double.isFinite(c.hostBusy()) && pct(c.hostBusy()) < ClientUsage.CPU_LIMIT && !othersBusy(c)) {
      return "its pacer woke p99 " + c.pacer().wokeLateP99Text() + " ms late, at least half the"
          + " objective's " + CapacityText.ms(e.limit()) + " ms, with the host's CPUs " + CapacityText.percent(
          c.hostBusy()) + " busy, under " + CapacityText.percent(ClientUsage.CPU_LIMIT);
    }
    return null;
  }

  static String hostStalls(CauseEvidence e) {
    StepClientFigures c = e.client();
    if (othersBusy(c)) {
      return CapacityText.percent(c.hostOthers()) + " of the host's CPUs busy with work of neither the client nor"
          + " the server, at least " + CapacityText.percent(OTHERS_BUSY);
    }
    if (e.sameRate() != null) {
      CauseEvidence.Other o = e.sameRate();
      return "p50 flat, " + CapacityText.ms(o.p50Ms()) + " and " + CapacityText.ms(e.p50Ms()) + " ms at "
          + CapacityText.rate(o.offered()) + " and " + CapacityText.rate(e.offered()) + " ops/s, while "
          + name(e) + " was " + CapacityText.ms(o.value()) + " and " + CapacityText.ms(e.value()) + " ms: the rate"
          + " did not set it";
    }
    if (e.higherLower() != null) {
      CauseEvidence.Other o = e.higherLower();
      return name(e) + " " + CapacityText.ms(o.value()) + " ms at " + CapacityText.rate(o.offered()) + " ops/s and "
          + CapacityText.ms(e.value()) + " ms at " + CapacityText.rate(e.offered()) + ", p50 flat (" + CapacityText.ms(
          o.p50Ms()) + " and " + CapacityText.ms(e.p50Ms()) + " ms): it rose as the rate fell";
    }
    if (late(e) && Double.isFinite(c.hostBusy()) && pct(c.hostBusy()) >= ClientUsage.CPU_LIMIT) {
      return "the pacer woke p99 " + c.pacer().wokeLateP99Text() + " ms late, at least half the"
          + " objective's " + CapacityText.ms(e.limit()) + " ms, with the host's CPUs " + CapacityText.percent(
          c.hostBusy()) + " busy: the client waited for a CPU";
    }
    return null;
  }

  static String queue(CauseEvidence e, boolean clientLimit) {
    if (!e.keptUp() && !clientLimit) {
      return "it fell behind the rate, " + CapacityText.rate(e.achieved()) + " of " + CapacityText.rate(e.offered())
          + " ops/s achieved, with the client under its limit";
    }
    CauseEvidence.Other held = e.heldBelow();
    if (held != null && ms(e.p50Ms()) >= FLAT_P50 * ms(held.p50Ms()) && ms(e.value()) > ms(held.value())) {
      return "p50 " + CapacityText.ms(held.p50Ms()) + " -> " + CapacityText.ms(e.p50Ms()) + " ms and " + name(e) + " "
          + CapacityText.ms(held.value()) + " -> " + CapacityText.ms(e.value()) + " ms from "
          + CapacityText.rate(held.offered()) + " to " + CapacityText.rate(e.offered()) + " ops/s";
    }
    return null;
  }

  static String ownTime(CauseEvidence e) {
    if (!Double.isFinite(e.limit()) || !(ms(e.p50Ms()) >= OWN_TIME * e.limit())
        || !(ms(e.fastestP50Ms()) >= OWN_TIME * e.limit())) {
      return null;
    }
    return "p50 " + CapacityText.ms(e.p50Ms()) + " ms at " + CapacityText.rate(e.offered()) + " ops/s and never under "
        + CapacityText.ms(e.fastestP50Ms()) + " ms at any rate, at least half the objective's "
        + CapacityText.ms(e.limit()) + " ms";
  }

  /** Whether the host's CPUs were busy with others' work ({@value #OTHERS_BUSY} or more, as printed). */
  static boolean othersBusy(StepClientFigures c) {
    return c != null && Double.isFinite(c.hostOthers()) && pct(c.hostOthers()) >= OTHERS_BUSY;
  }

  /** Whether the pacer woke late (p99) by {@value #LATE} of the broken objective or more, as printed. */
  private static boolean late(CauseEvidence e) {
    StepClientFigures c = e.client();
    return c != null && c.pacer() != null && Double.isFinite(e.limit())
        && Double.parseDouble(c.pacer().wokeLateP99Text()) >= LATE * e.limit();
  }

  /** p50s within {@link #FLAT_P50} of each other. */
  static boolean flat(double a, double b) {
    return a > 0 && b > 0 && Math.max(a, b) / Math.min(a, b) < FLAT_P50;
  }

  /** Figures {@link #ERRATIC} times apart or more. */
  static boolean apart(double a, double b) {
    return a > 0 && b > 0 && Math.max(a, b) / Math.min(a, b) >= ERRATIC;
  }

  /** Every figure a rule reads, as printed. */
  static String figures(CauseEvidence e) {
    StringBuilder f = new StringBuilder("at ").append(CapacityText.rate(e.offered())).append(" ops/s: achieved ")
        .append(CapacityText.rate(e.achieved())).append(", p50 ").append(CapacityText.ms(e.p50Ms())).append(" ms");
    if (e.figure() != null && !e.figure().equals("p50")) {
      f.append(", ").append(name(e)).append(' ').append(CapacityText.ms(e.value())).append(" ms");
    }
    if (Double.isFinite(e.limit())) {
      f.append(" (objective ").append(CapacityText.ms(e.limit())).append(" ms)");
    }
    if (Double.isFinite(e.fastestMs())) {
      f.append(", fastest execution ").append(CapacityText.ms(e.fastestMs())).append(" ms");
    }
    if (e.errorShare() > 0) {
      f.append(", errors ").append(CapacityText.percent(e.errorShare()));
    }
    if (e.client() != null) {
      f.append("; ").append(e.client().text());
    }
    return f.toString();
  }

  /** What would change each cause named, once each. */
  private static String advice(List<Cause> causes) {
    StringBuilder out = new StringBuilder();
    for (Cause cause : causes) {
      String advice = switch (cause) {
        case OBJECTIVE_BELOW_FASTEST -> "loosen the objective";
        case TOO_SHORT -> "lengthen the steps (--duration) and their --warmup";
        case CLIENT -> "run the client on a host of its own or as several instances (--instances)";
        case HOST_STALLS -> "quiet the host, or pin the server and the client to CPUs of their own";
        case OWN_TIME -> "a looser objective, or a faster plan (stress explain), is the way";
        case ERRORS, QUEUE -> null;
      };
      if (advice != null) {
        out.append("; ").append(advice);
      }
    }
    return out.toString();
  }

  private static String cores(StepClientFigures c) {
    return c.cores() + (c.cores() == 1 ? " core" : " cores");
  }

  private static String name(CauseEvidence e) {
    return e.figure() == null ? "-" : e.figure().equals("p999") ? "p99.9" : e.figure();
  }

  /** A share as printed (2 significant digits of its percentage). */
  static double pct(double share) {
    return Double.isFinite(share) ? Double.parseDouble(CapacityText.percent(share).replace("%", "")) / 100 : share;
  }

  /** Milliseconds as printed. */
  static double ms(double v) {
    return Double.isFinite(v) ? Double.parseDouble(CapacityText.ms(v)) : v;
  }
}
