package stress.report;

import static stress.report.Decimals.millis;
import static stress.report.Decimals.oneDecimal;
import static stress.report.TextTable.Align.LEFT;
import static stress.report.TextTable.Align.RIGHT;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The instances of a merged run of several ({@link InstanceRow}): per phase a row per instance, and how far apart
 * they started and ended (the skew: the latest minus the earliest, by the target database's clock).
 */
public final class InstanceTable {
  private InstanceTable() {}

  /** One phase's skew: the spread of its instances' starts and ends, ms; null when a time is missing. */
  public record Skew(String phase, Double startMs, Double endMs) {}

  /** The skew of every phase, in run order. */
  public static List<Skew> skews(RunResult result) {
    List<Skew> skews = new ArrayList<>();
    if (result.instances().isEmpty()) {
      return skews;
    }
    int phases = result.instances().get(0).phases().size();
    for (int p = 0; p < phases; p++) {
      int phase = p;
      List<InstanceRow.Phase> rows = result.instances().stream().map(r -> r.phases().get(phase)).toList();
      skews.add(new Skew(rows.get(0).phase(), spread(rows.stream().map(InstanceRow.Phase::startOffsetMs).toList()),
          spread(rows.stream().map(InstanceRow.Phase::endOffsetMs).toList())));
    }
    return skews;
  }

  private static Double spread(List<Double> offsets) {
    if (offsets.stream().anyMatch(Objects::isNull)) {
      return null;
    }
    return offsets.stream().mapToDouble(Double::doubleValue).max().orElse(0)
        - offsets.stream().mapToDouble(Double::doubleValue).min().orElse(0);
  }

  /** The table, or empty for a result without instances. */
  public static String text(RunResult result) {
    if (result.instances().isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("instances (start and end in ms after the first instance's, by the target"
        + " database's clock):\n");
    List<Skew> skews = skews(result);
    for (int p = 0; p < skews.size(); p++) {
      Skew skew = skews.get(p);
      out.append(skew.phase()).append(": start skew ").append(ms(skew.startMs())).append(" ms, end skew ")
          .append(ms(skew.endMs())).append(" ms\n");
      TextTable table = new TextTable(List.of("instance", "host", "state", "count", "ops/s", "p50", "p99", "errors",
          "start", "end"), List.of(RIGHT, LEFT, LEFT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT));
      for (InstanceRow row : result.instances()) {
        InstanceRow.Phase ph = row.phases().get(p);
        table.row(List.of(Integer.toString(row.instance()), row.host(), Objects.requireNonNullElse(row.state(), "done"),
            Long.toString(ph.count()),
            oneDecimal(ph.opsPerSecond()), millis(ph.p50Ms()), millis(ph.p99Ms()), Long.toString(ph.errors()),
            "+" + ms(ph.startOffsetMs()), "+" + ms(ph.endOffsetMs())));
      }
      out.append(table.render());
    }
    return out.toString();
  }

  /**
   * What happened to each instance, one sentence, e.g. "3 instances: 1 and 3 done, 2 interrupted (stopped by a
   * signal): its last phase is partial"; empty for a result without instances.
   */
  public static String states(RunResult result) {
    if (result.instances().isEmpty()) {
      return "";
    }
    java.util.Map<String, List<String>> byState = new java.util.LinkedHashMap<>();
    List<String> why = new ArrayList<>();
    for (InstanceRow row : result.instances()) {
      String state = row.state() == null ? "done" : row.state();
      byState.computeIfAbsent(state, k -> new ArrayList<>()).add(Integer.toString(row.instance()));
      if (row.message() != null) {
        why.add(row.instance() + ": " + row.message());
      }
    }
    List<String> parts = new ArrayList<>();
    byState.forEach((state, numbers) -> parts.add((numbers.size() == 1 ? "instance " : "instances ")
        + String.join(", ", numbers) + " " + state));
    boolean partial = result.instances().stream().anyMatch(InstanceRow::interrupted);
    int n = result.instances().size();
    return n + (n == 1 ? " instance: " : " instances: ") + String.join("; ", parts)
        + (why.isEmpty() ? "" : " (" + String.join("; ", why) + ")")
        + (partial ? "; an interrupted instance's last phase is partial" : "");
  }

  /** Milliseconds as the text shows them, or ? when not known. */
  public static String ms(Double value) {
    return value == null ? "?" : millis(value);
  }
}
