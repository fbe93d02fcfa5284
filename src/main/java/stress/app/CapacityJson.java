package stress.app;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A capacity search as result.json keeps it (under the settings' {@code capacity}): plain maps and lists. */
final class CapacityJson {
  private CapacityJson() {}

  static Map<String, Object> of(CapacitySearch.Result result) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("objectives", result.objectives().stream().map(stress.config.LatencyObjective::describe).toList());
    json.put("resolution", result.resolution());
    json.put("keeps up", "achieved >= " + CapacitySearch.KEEPS_UP + " x offered");
    if (result.interval() != null) {
      json.put("capacity ops/s", result.interval().median());
      if (result.rounds().size() > 1) {
        json.put("interval", List.of(result.interval().low(), result.interval().high()));
        json.put("coverage", result.interval().coverage());
      }
    }
    json.put("rounds", result.rounds().stream().map(r -> {
      Map<String, Object> round = new LinkedHashMap<>();
      round.put("round", r.round());
      round.put("capacity ops/s", Double.isFinite(r.capacity()) ? r.capacity() : null);
      round.put("broke at ops/s", r.broke() == null ? null : r.broke().offered());
      round.put("broke on", r.broke() == null ? List.of() : r.broke().broken());
      round.put("client's limit", r.clientLimit());
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
      return step;
    }).toList());
    return json;
  }

  private static boolean named(CapacitySearch.Result result, String figure) {
    return result.objectives().stream().anyMatch(o -> o.figure().equals(figure));
  }
}
