package stress.app.assess;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The steps an assessment will run, each with its expected time, fitted to {@code --budget}: when the estimates add up
 * to more, the steps that can shrink (the capacity search, the answer checks) get less, down to their minimum, the
 * last of them first; a step that still does not fit is skipped, and said so. Nothing is cut silently.
 */
final class AssessPlan {
  /** One planned step: what it is, whether it runs and why not, and the time it is given. */
  record Planned(AssessStep step, String skipped, Duration estimate, Duration allowance) {
    boolean runs() {
      return skipped == null;
    }

    /** Whether the budget gave it less than its estimate (it shrinks: fewer steps, shorter runs). */
    boolean shrunk() {
      return runs() && allowance.compareTo(estimate) < 0;
    }
  }

  private final List<Planned> steps;
  private final Duration budget;

  private AssessPlan(List<Planned> steps, Duration budget) {
    this.steps = steps;
    this.budget = budget;
  }

  static AssessPlan of(List<AssessStep> steps, AssessContext context, Duration budget) {
    List<Planned> planned = new ArrayList<>();
    for (AssessStep s : steps) {
      String skip = s.skipReason(context);
      Duration estimate = skip == null ? s.estimate(context) : Duration.ZERO;
      planned.add(new Planned(s, skip, estimate, estimate));
    }
    return new AssessPlan(fit(planned, context, budget), budget);
  }

  /** The allowances fitted to the budget, the slow steps shrunk or skipped from the last one back. */
  static List<Planned> fit(List<Planned> planned, AssessContext context, Duration budget) {
    List<Planned> fitted = new ArrayList<>(planned);
    Duration over = total(fitted).minus(budget);
    for (int i = fitted.size() - 1; i >= 0 && over.compareTo(Duration.ZERO) > 0; i--) {
      Planned p = fitted.get(i);
      if (!p.runs()) {
        continue;
      }
      Duration minimum = p.step().minimum(context);
      Duration spare = p.allowance().minus(minimum);
      if (spare.compareTo(Duration.ZERO) > 0) {
        Duration cut = spare.compareTo(over) < 0 ? spare : over;
        fitted.set(i, new Planned(p.step(), null, p.estimate(), p.allowance().minus(cut)));
        over = over.minus(cut);
      }
    }
    for (int i = fitted.size() - 1; i >= 0 && over.compareTo(Duration.ZERO) > 0; i--) {
      Planned p = fitted.get(i);
      if (p.runs() && !p.step().minimum(context).equals(p.estimate())) {
        fitted.set(i, new Planned(p.step(), "over --budget " + text(budget) + ": the steps before it are expected to"
            + " take " + text(total(fitted).minus(p.allowance())) + "; give a longer --budget to run it",
            p.estimate(), Duration.ZERO));
        over = over.minus(p.allowance());
      }
    }
    return fitted;
  }

  private static Duration total(List<Planned> planned) {
    Duration t = Duration.ZERO;
    for (Planned p : planned) {
      if (p.runs()) {
        t = t.plus(p.allowance());
      }
    }
    return t;
  }

  List<Planned> steps() {
    return steps;
  }

  /** The expected time of the steps that run. */
  Duration total() {
    return total(steps);
  }

  Duration budget() {
    return budget;
  }

  /** A duration as the plan prints it: "45 s", "3 min 20 s", "1 h 5 min". */
  static String text(Duration d) {
    long s = Math.max(0, d.toSeconds());
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
    }
    return String.format(Locale.ROOT, "%d h %d min", s / 3600, s % 3600 / 60);
  }
}
