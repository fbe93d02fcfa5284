package stress.app.capacity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.app.capacity.BreakCause;
import stress.app.capacity.CapacityCheck;
import stress.app.capacity.CapacitySearch;
import stress.app.capacity.CapacityText;
import stress.app.capacity.StepClientFigures;
import stress.report.MedianInterval;

/** A capacity search as result.json keeps it (under the settings' {@code capacity}): plain maps and lists. */
public final class CapacityJson {
  private CapacityJson() {}

  /**
   * One search as before; several as {@code compared} (each combination's search under its name) and
   * {@code comparison} (the paired ratios to the first).
   */
  static Map<String, Object> of(List<CapacityContender> contenders, CapacityComparison comparison,
                                stress.config.CapacityRequest request) {
    if (contenders.size() == 1) {
      Map<String, Object> json = new LinkedHashMap<>(head(request));
      json.putAll(answer(contenders.get(0).search().result(), request.loggedRate(), request.loggedPeak()));
      return json;
    }
    Map<String, Object> json = new LinkedHashMap<>(head(request));
    json.put("compared", contenders.stream().map(c -> {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("combination", c.name());
      if (c.search() != null) {
        one.putAll(answer(c.search().result(), request.loggedRate(), request.loggedPeak()));
      }
      if (c.failure() != null) {
        one.put("failure", c.failure());
      }
      return one;
    }).toList());
    Map<String, Object> compared = new LinkedHashMap<>();
    compared.put("baseline", comparison.baseline());
    compared.put("least difference", comparison.leastDifference());
    compared.put("method", "each round's capacities paired with the baseline's of the same round; "
        + MedianInterval.METHOD + " of the ratios");
    if (!comparison.answersDiffer().isEmpty()) {
      compared.put("answers differ", comparison.answersDiffer());
    }
    compared.put("rows", comparison.rows().stream().skip(1).map(row -> {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("combination", row.name());
      if (row.ratio() != null) {
        one.put("ratio", row.ratio().interval().median());
        if (row.ratio().interval().estimated()) {
          one.put("interval", List.of(row.ratio().interval().low(), row.ratio().interval().high()));
          one.put("coverage", row.ratio().interval().coverage());
        }
      }
      one.put("verdict", comparison.verdict(row));
      one.put("left out of the pairs", row.leftOut());
      return one;
    }).toList());
    json.put("comparison", compared);
    return json;
  }

  /** A level of the walk down, or the rate between, as result.json's {@code check} lists it. */
  private static Map<String, Object> level(CapacityCheck check, CapacityCheck.Level l,
                                           List<stress.config.LatencyObjective> objectives) {
    Map<String, Object> level = new LinkedHashMap<>();
    level.put("level", l.level());
    level.put("ops/s", l.rate());
    level.put("share of the capacity found", l.rate() / check.rate());
    level.put("held", l.held());
    level.put("runs", l.runs().size());
    level.put("held within the margin", CapacityCheck.withMargin(l.runs(), objectives));
    level.put("vouched for", check.vouches(l, objectives));
    CheckWindows w = CapacityCheck.windows(l.runs());
    if (w.judged() > 0) {
      level.put("windows", w.judged());
      level.put("windows held", w.held());
      level.put("run break chance", w.runBreakChance(CapacityCheck.windowsPerRun(l.runs())));
    }
    return level;
  }

  private static Map<String, Object> head(stress.config.CapacityRequest request) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("objectives", request.objectives().stream().map(stress.config.LatencyObjective::describe).toList());
    json.put("resolution", request.resolution());
    json.put("keeps up", "achieved >= " + CapacitySearch.KEEPS_UP + " x offered");
    if (Double.isFinite(request.loggedRate())) {
      json.put("logged rate ops/s", request.loggedRate());
    }
    if (Double.isFinite(request.loggedPeak())) {
      json.put("logged peak ops/s", request.loggedPeak());
    }
    return json;
  }

  /** One search, as a search of one combination writes it. */
  static Map<String, Object> of(CapacitySearch.Result result) {
    Map<String, Object> json = new LinkedHashMap<>(head(new stress.config.CapacityRequest(result.objectives(),
        result.resolution(), Double.NaN)));
    json.putAll(answer(result, Double.NaN, Double.NaN));
    return json;
  }

  /** One search's answer, rounds and steps; with a logged rate and peak, the capacity as a multiple of each. */
  private static Map<String, Object> answer(CapacitySearch.Result result, double loggedRate, double loggedPeak) {
    Map<String, Object> json = new LinkedHashMap<>();
    // the answer as the text gives it; a capacity only when vouched for (or, unchecked, found by most rounds)
    json.put("answer", CapacityText.answer(result));
    json.put("checked", result.check() != null);
    json.put("vouched for", result.vouched() != null);
    json.put("rounds that found one", result.found());
    if (result.check() != null) {
      CapacityCheck check = result.check();
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("rate ops/s", check.rate());
      c.put("above ops/s", check.above());
      c.put("held at the rate", check.held());
      c.put("runs at the rate", check.atRate().size());
      c.put("broke above", check.aboveBroke());
      c.put("runs above", check.atAbove().size());
      c.put("margin", CapacityCheck.MARGIN);
      c.put("held within the margin", CapacityCheck.withMargin(check.atRate(), result.objectives()));
      c.put("held above within the margin", check.aboveHeldWithMargin(result.objectives()));
      CheckWindows windows = CapacityCheck.windows(check.atRate());
      if (windows.judged() > 0) {
        c.put("window seconds", windows.seconds());
        c.put("windows at the rate", windows.judged());
        c.put("windows held at the rate", windows.held());
        c.put("run break chance at the rate", windows.runBreakChance(CapacityCheck.windowsPerRun(check.atRate())));
        c.put("most run break chance", CheckWindows.MAX_RUN_BREAK);
      }
      if (!check.below().isEmpty()) {
        List<Map<String, Object>> levels = new ArrayList<>();
        for (CapacityCheck.Level l : check.below()) {
          levels.add(level(check, l, result.objectives()));
        }
        c.put("below", levels);
      }
      if (check.between() != null) {
        c.put("between", level(check, check.between(), result.objectives()));
      }
      json.put("check", c);
    }
    if (result.interval() != null && Double.isFinite(result.answerRate())) {
      json.put("capacity ops/s", result.answerRate());
      json.put("found ops/s", result.capacity());
      if (result.rounds().size() > 1) {
        json.put("median of the rounds ops/s", result.interval().median());
        json.put("interval", List.of(result.interval().low(), result.interval().high()));
        json.put("coverage", result.interval().coverage());
      }
      if (Double.isFinite(loggedRate) && loggedRate > 0) {
        json.put("multiple of the logged rate", result.answerRate() / loggedRate);
        if (result.rounds().size() > 1) {
          json.put("multiple interval", List.of(result.interval().low() / loggedRate,
              result.interval().high() / loggedRate));
        }
      }
      if (Double.isFinite(loggedPeak) && loggedPeak > 0) {
        json.put("multiple of the logged peak", result.answerRate() / loggedPeak);
      }
    }
    json.put("rounds", result.rounds().stream().map(r -> {
      Map<String, Object> round = new LinkedHashMap<>();
      round.put("round", r.round());
      round.put("capacity ops/s", Double.isFinite(r.capacity()) ? r.capacity() : null);
      round.put("broke at ops/s", r.broke() == null ? null : r.broke().offered());
      round.put("broke on", r.broke() == null ? List.of() : r.broke().broken());
      round.put("client's limit", r.clientLimit());
      round.put("in words", CapacityText.answer(r, result));
      round.put("lower bound", r.lowerBound());
      round.put("found", r.found());
      if (r.broke() != null) {
        BreakCause cause = result.cause(r);
        round.put("causes", cause.keys()); // empty: no rule held, the cause not determined
        round.put("cause in words", cause.sentence());
      }
      round.put("held offers running", r.offers());
      round.put("knee ops/s", Double.isFinite(r.knee()) ? r.knee() : null);
      if (r.unloaded()) {
        round.put("no rate holds", "the latency did not fall as the rate halved: the operations' own time");
      }
      return round;
    }).toList());
    json.put("steps", result.steps().stream().map(s -> {
      Map<String, Object> step = new LinkedHashMap<>();
      step.put("round", s.round());
      step.put("offered ops/s", s.offered());
      step.put("achieved ops/s", s.measured().achieved());
      step.put("p50 ms", s.measured().p50Ms());
      // p90 and p95 only when an objective names them, so the report can draw them beside their objective
      if (named(result, "p90")) {
        step.put("p90 ms", s.measured().p90Ms());
      }
      if (named(result, "p95")) {
        step.put("p95 ms", s.measured().p95Ms());
      }
      step.put("p99 ms", s.measured().p99Ms());
      step.put("p99.9 ms", s.measured().p999Ms());
      step.put("error share", s.measured().errorShare());
      step.put("held", s.held());
      step.put("broken", s.broken());
      if (s.again()) {
        step.put("offered again after a break of", s.brokeFirst());
      }
      if (s.confirming() > 0) {
        step.put("confirming offer", s.confirming());
      }
      if (s.check() > 0) {
        step.put("check run", s.check());
      }
      if (s.measured().windows().judged() > 0) {
        step.put("windows", s.measured().windows().judged());
        step.put("windows held", s.measured().windows().held());
      }
      if (s.cause() != null) {
        step.put("causes", s.cause().keys());
      }
      if (Double.isFinite(s.measured().fastestMs())) {
        step.put("fastest ms", s.measured().fastestMs());
      }
      StepClientFigures client = s.measured().client();
      if (client != null) {
        step.put("client cpu share", client.cpuShare());
        step.put("client gc share", client.gcShare());
        step.put("client jit share", client.jitShare());
        step.put("client cores", client.cores());
        step.put("client worker threads", client.workers());
        step.put("host busy share", client.hostBusy());
        step.put("host client share", client.hostClient());
        step.put("host server share", client.hostServer());
        step.put("host others share", client.hostOthers());
        if (client.pacer() != null) {
          step.put("pacer behind share", client.pacer().behindShare());
          step.put("pacer woke late p99 ms", client.pacer().wokeLateP99Ms());
          step.put("pacer woke late max ms", client.pacer().wokeLateMaxMs());
        }
      }
      return step;
    }).toList());
    return json;
  }

  private static boolean named(CapacitySearch.Result result, String figure) {
    return result.objectives().stream().anyMatch(o -> o.figure().equals(figure));
  }
}
