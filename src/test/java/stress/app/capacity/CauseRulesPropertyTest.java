package stress.app.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import stress.app.capacity.CauseRules.Cause;
import stress.metrics.PacerLag;

/**
 * The cause decision over generated evidence: every sentence it writes is read back as a user reads it, its figures
 * parsed from the text, and each rule of docs/capacity.md applied to them here, written out again with the table's
 * thresholds: a cause is named exactly when its rule holds on the printed figures, and "not determined" only when
 * none does.
 */
class CauseRulesPropertyTest {
  private static final int CASES = 20_000;

  @Test
  void everyCauseNamedHoldsItsRuleOnTheFiguresPrintedBesideItAndNoOtherRuleHolds() {
    Random random = new Random(91);
    int named = 0;
    int[] each = new int[Cause.values().length];
    for (int i = 0; i < CASES; i++) {
      CauseEvidence e = evidence(random);
      BreakCause decision = CauseRules.decide(e);
      String s = decision.sentence();
      Printed p = Printed.of(s);
      List<Cause> expected = rulesThatHold(p, e, s);
      if (!expected.equals(decision.causes())) {
        fail("case " + i + ": the rules hold for " + expected + " on the printed figures, the decision named "
            + decision.causes() + ":\n" + s);
      }
      if (decision.causes().isEmpty()) {
        assertTrue(s.startsWith("cause not determined"), s);
      } else {
        named++;
        decision.causes().forEach(c -> each[c.ordinal()]++);
        assertTrue(s.startsWith(decision.causes().size() == 1 ? "cause: " : decision.causes().size() == 2
            ? "both causes: " : "causes: "), s);
        for (Cause c : decision.causes()) {
          assertTrue(s.contains(c.words() + " ("), "each cause said with its figures: " + s);
        }
      }
    }
    for (Cause c : Cause.values()) {
      assertTrue(each[c.ordinal()] > 100, "the generator reaches " + c + " often: " + each[c.ordinal()]);
    }
    assertTrue(named > CASES / 4 && named < CASES, "both named and undetermined cases: " + named);
  }

  /** The rules of docs/capacity.md, on the figures as printed. */
  private static List<Cause> rulesThatHold(Printed p, CauseEvidence e, String s) {
    List<Cause> held = new ArrayList<>();
    if (p.limit != null && p.fastest != null && p.fastest > p.limit) {
      return List.of(Cause.OBJECTIVE_BELOW_FASTEST);
    }
    boolean drained = e.achieved() - e.edgeSlack() > 1.01 * e.offered();
    boolean tooShort = e.operations() < e.operationsNeeded() || drained;
    if (tooShort) {
      held.add(Cause.TOO_SHORT);
    }
    if (e.errorsBroke()) {
      held.add(Cause.ERRORS);
    }
    boolean othersBusy = p.others != null && p.others >= 15;
    boolean late = p.wokeLate != null && p.limit != null && p.wokeLate >= 0.5 * p.limit;
    boolean client = false;
    if (p.cpu != null) {
      double work = Double.parseDouble(String.format(java.util.Locale.ROOT, "%.2f",
          p.cpu / 100 * (1 - (p.jit == null ? 0 : p.jit / 100)) * p.cores));
      int usable = Math.max(1, Math.min(p.cores, p.workers));
      client = p.cpu >= 85
          || usable < p.cores && work >= 0.85 * usable - 1e-9
          || p.gc > 10 && p.cpu / 100 * p.cores >= 0.5 * p.gc / 100 - 1e-9 && !othersBusy
          || late && p.hostBusy != null && p.hostBusy < 85 && !othersBusy;
    }
    if (client) {
      held.add(Cause.CLIENT);
    }
    if (othersBusy || !tooShort && e.sameRate() != null && flatAndApart(s, "p50 flat, ")
        || !tooShort && e.higherLower() != null || late && p.hostBusy != null && p.hostBusy >= 85) {
      held.add(Cause.HOST_STALLS);
    }
    if (tooShort) {
      return held; // the latencies are of no rate: no queue, no own time
    }
    boolean keptUp = e.achieved() + e.edgeSlack() >= 0.99 * e.offered();
    CauseEvidence.Other below = e.heldBelow();
    if (!keptUp && !client || below != null && p.p50 >= 1.25 * ms(below.p50Ms()) && p.value != null
        && p.value > ms(below.value())) {
      held.add(Cause.QUEUE);
    }
    if (p.limit != null && p.p50 >= 0.5 * p.limit && ms(e.fastestP50Ms()) >= 0.5 * p.limit) {
      held.add(Cause.OWN_TIME);
    }
    return held;
  }

  /** The host-stalls sentence's two p50s within 1.25x and its two figures 2x apart or more, as printed. */
  private static boolean flatAndApart(String s, String from) {
    int at = s.indexOf(from);
    if (at < 0) {
      return false;
    }
    Matcher m = Pattern.compile("p50 flat, ([0-9.]+) and ([0-9.]+) ms at [0-9.]+ and [0-9.]+ ops/s, while \\S+ was"
        + " ([0-9.]+) and ([0-9.]+) ms").matcher(s.substring(at));
    assertTrue(m.lookingAt(), s);
    double a = Double.parseDouble(m.group(1));
    double b = Double.parseDouble(m.group(2));
    double x = Double.parseDouble(m.group(3));
    double y = Double.parseDouble(m.group(4));
    return Math.max(a, b) / Math.min(a, b) < 1.25 + 0.05 && Math.max(x, y) / Math.min(x, y) >= 2 - 0.05;
  }

  private static double ms(double v) {
    return Double.parseDouble(CapacityText.ms(v));
  }

  /** The figures of a decision's bracket, parsed as a reader would. */
  private record Printed(double p50, Double value, Double limit, Double fastest, Double cpu, int cores, int workers,
                         double gc, Double jit, Double hostBusy, Double others, Double wokeLate) {
    static Printed of(String s) {
      int open = s.indexOf(" [at ");
      String f = s.substring(open + 2, s.indexOf(']', open));
      return new Printed(num(f, "p50 ([0-9.]+) ms"), opt(f, ", p(?:90|95|99|99\\.9) ([0-9.]+) ms"),
          opt(f, "\\(objective ([0-9.]+) ms\\)"), opt(f, "fastest execution ([0-9.]+) ms"),
          opt(f, "client CPU ([0-9.]+)% of its"), (int) orZero(opt(f, "of its ([0-9]+) cores? \\(")),
          (int) orZero(opt(f, "\\(([0-9]+) worker threads?\\)")), orZero(opt(f, ", GC ([0-9.]+)%")),
          opt(f, ", JIT ([0-9.]+)% of its CPU"), opt(f, "host CPUs ([0-9.]+)% busy"), opt(f, "others ([0-9.]+)%"),
          opt(f, "woke p99 ([0-9.]+) ms late"));
    }

    private static double orZero(Double v) {
      return v == null ? 0 : v;
    }

    private static double num(String f, String regex) {
      Double v = opt(f, regex);
      assertTrue(v != null, regex + " in " + f);
      return v;
    }

    private static Double opt(String f, String regex) {
      Matcher m = Pattern.compile(regex).matcher(f);
      return m.find() ? Double.parseDouble(m.group(1)) : null;
    }
  }

  private static CauseEvidence evidence(Random r) {
    double limit = pick(r, 1.0, 5.0, 20.0, 50.0);
    double offered = pick(r, 100.0, 1000.0, 4970.0, 13200.0);
    double achieved = offered * pick(r, 1.0, 1.0, 0.995, 0.9, 0.5, 0.23, 1.05);
    boolean latency = r.nextInt(8) > 0;
    double p50 = limit * (0.01 + r.nextDouble() * 1.2);
    double value = latency ? limit * (1.01 + r.nextDouble() * 10) : limit * r.nextDouble();
    double fastest = r.nextInt(10) == 0 ? limit * (1 + r.nextDouble()) : Math.min(p50, limit * r.nextDouble() * 0.4);
    double fastestP50 = r.nextBoolean() ? p50 : p50 * r.nextDouble();
    CauseEvidence.Other below = r.nextBoolean() ? null : new CauseEvidence.Other(offered / 4,
        p50 * (0.3 + r.nextDouble()), value * r.nextDouble());
    CauseEvidence.Other same = latency && r.nextInt(6) == 0 ? new CauseEvidence.Other(offered, p50 * 1.1,
        value / (2 + r.nextDouble())) : null;
    CauseEvidence.Other higher = latency && r.nextInt(6) == 0 ? new CauseEvidence.Other(offered * 2, p50 * 0.9,
        value / (2.5 + r.nextDouble())) : null;
    boolean errors = r.nextInt(8) == 0;
    long needed = r.nextInt(12) == 0 ? 20_000 : 100;
    return new CauseEvidence(offered, achieved, 0, 10_000, needed, latency ? "p99" : null,
        latency ? value : Double.NaN, latency ? limit : Double.NaN, p50, fastest, fastestP50, latency ? below : null,
        same, higher, errors ? 0.02 : 0, errors, r.nextInt(5) == 0 ? null : client(r, limit));
  }

  private static StepClientFigures client(Random r, double limit) {
    int cores = pick(r, 1, 2, 2, 4);
    int workers = pick(r, 1, 2, 4, 80);
    double cpu = pick(r, 0.022, 0.078, 0.3, 0.5, 0.84, 0.849, 0.85, 0.93) * (0.9 + 0.2 * r.nextDouble());
    double gc = pick(r, 0.001, 0.01, 0.099, 0.11, 0.4);
    double jit = r.nextInt(4) == 0 ? Double.NaN : pick(r, 0.02, 0.071, 0.5, 0.86);
    double busy = r.nextInt(6) == 0 ? Double.NaN : Math.min(1, pick(r, 0.4, 0.6, 0.84, 0.85, 0.96, 1.0));
    double client = Double.isFinite(busy) ? Math.min(busy, cpu * cores / Math.max(cores, 2)) : Double.NaN;
    double server = Double.isFinite(busy) && r.nextInt(5) > 0 ? (busy - client) * pick(r, 0.1, 0.4, 0.8, 0.86, 1.0)
        : Double.NaN;
    PacerLag pacer = r.nextInt(3) == 0 ? null : new PacerLag(10_000, r.nextDouble(),
        limit * pick(r, 0.0, 0.1, 0.49, 0.5, 0.8, 2.0), limit * 3);
    return new StepClientFigures(Math.min(1, cpu), gc, jit, busy, client, server, pacer, cores, workers);
  }

  @SafeVarargs
  private static <T> T pick(Random r, T... values) {
    return values[r.nextInt(values.length)];
  }

  @Test
  void theFiguresOfTheIssuesStepSayHostStallsAndNeverTheClient() {
    // client CPU 2.2% of its cores, GC 40%, JIT 7.1%; host 100% busy: client 2.2%, server 32%, others 66%; the pacer
    // 100% behind schedule and 0 ms late: 1150 of 4970 ops/s achieved
    StepClientFigures f = new StepClientFigures(0.022, 0.40, 0.071, 1.0, 0.022, 0.32, new PacerLag(11500, 1.0, 0, 0),
        2, 4);
    CauseEvidence e = new CauseEvidence(4970, 1150, 0, 11500, 100, "p99", 90, 5, 2.1, 0.05, 0.3, null, null, null, 0,
        false, f);
    BreakCause cause = CauseRules.decide(e);
    assertEquals(List.of(Cause.HOST_STALLS, Cause.QUEUE), cause.causes(), cause.sentence());
    assertTrue(cause.sentence().startsWith("both causes: host stalls (66% of the host's CPUs busy with work of"
        + " neither the client nor the server, at least 15%) and a server queue (it fell behind the rate, 1150 of 4970"
        + " ops/s achieved, with the client under its limit)"), cause.sentence());
  }
}
