package stress.app.capacity;

import java.util.ArrayList;
import java.util.List;
import stress.config.LatencyObjective;

/** What a step of a capacity search broke: each objective over its limit, a rate not kept up with, a start measured. */
final class StepVerdict {
  private StepVerdict() {}

  /** The step's figure an objective names. */
  static double figure(LatencyObjective o, StepMeasured m) {
    return figure(o.figure(), m);
  }

  /** The step's figure named so: {@code p50}, {@code p90}, {@code p95}, {@code p99}, {@code p999} or errors. */
  static double figure(String name, StepMeasured m) {
    return switch (name) {
      case "p50" -> m.p50Ms();
      case "p90" -> m.p90Ms();
      case "p95" -> m.p95Ms();
      case "p99" -> m.p99Ms();
      case "p999" -> m.p999Ms();
      default -> m.errorShare();
    };
  }

  /** A figure over its limit, with the digits that show it over: 5.04, not 5.0 beside a limit of 5.0. */
  static String over(double value, double limit) {
    String shown = CapacityText.ms(value);
    return shown.equals(CapacityText.ms(limit)) ? String.format(java.util.Locale.ROOT, "%.3f", value) : shown;
  }

  /** Which objectives a step broke, and whether it kept up with the rate offered. */
  static List<String> broken(double offered, StepMeasured m, List<LatencyObjective> objectives) {
    return broken(offered, m, objectives, Double.NaN);
  }

  /**
   * As {@link #broken(double, StepMeasured, List)}; without an error objective, a share of failed executions over
   * {@code errorBound} ({@code --max-error-rate}) breaks the step too: failed executions are never free.
   */
  static List<String> broken(double offered, StepMeasured m, List<LatencyObjective> objectives, double errorBound) {
    List<String> broken = new ArrayList<>();
    if (Double.isFinite(errorBound) && objectives.stream().noneMatch(LatencyObjective::errors)
        && m.errorShare() > errorBound) {
      broken.add("errors " + CapacityText.percent(m.errorShare()) + " > " + CapacityText.percent(errorBound)
          + " (--max-error-rate)");
    }
    for (LatencyObjective o : objectives) {
      if (m.operations() < o.operationsToJudge()) {
        broken.add(o.figure() + " not judged: " + m.operations() + " operations, " + o.operationsToJudge()
            + " needed");
        continue;
      }
      double value = figure(o, m);
      if (!(value <= o.limit())) {
        broken.add(o.errors() ? "errors " + CapacityText.percent(value) + " > " + CapacityText.percent(o.limit())
            : o.figure() + " " + over(value, o.limit()) + " ms > " + CapacityText.ms(o.limit()) + " ms");
      }
    }
    if (!m.keptUp(offered)) {
      broken.add("achieved " + CapacityText.rate(m.achieved()) + " of " + CapacityText.rate(offered)
          + " ops/s offered (under 99%)");
    }
    if (!broken.isEmpty() && m.drained(offered)) {
      broken.add("achieved " + CapacityText.rate(m.achieved()) + " ops/s, over the " + CapacityText.rate(offered)
          + " offered: a backlog from the warm-up drained in the measured window, the start measured, not the rate");
    }
    return broken;
  }
}
