package stress.report.html;

import static stress.report.Decimals.duration;
import static stress.report.Decimals.millis;
import static stress.report.Decimals.oneDecimal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import stress.metrics.OperationStats;
import stress.metrics.PhaseStats;
import stress.report.PhaseResult;

/**
 * The settings in force, the detected target and each phase's totals with its connection and settings read back:
 * the reference part of the page, shown last and folded.
 */
final class SettingsSection {
  private final List<NamedResult> runs;
  private final boolean overlay;

  private SettingsSection(List<NamedResult> runs) {
    this.runs = runs;
    this.overlay = runs.size() > 1;
  }

  static Section of(List<NamedResult> runs) {
    SettingsSection model = new SettingsSection(runs);
    List<DataTable> tables = new ArrayList<>();
    tables.add(model.keyValues("setting", run -> Flattened.of(run.result().settings())));
    tables.add(model.keyValues("target", run -> Flattened.of(run.result().target())));
    tables.add(model.phaseTotals());
    return new Section("settings", "Settings and target",
        "The settings in force and the detected target" + (model.overlay ? ", one column per run" : "")
            + ", then each phase's totals with its connection and the session settings read back.",
        List.of(), List.of(), tables, true);
  }

  private DataTable keyValues(String what, Function<NamedResult, Map<String, String>> values) {
    List<Map<String, String>> perRun = runs.stream().map(values).toList();
    Set<String> keys = new LinkedHashSet<>();
    perRun.forEach(map -> keys.addAll(map.keySet()));
    List<String> headers = new ArrayList<>();
    headers.add(what);
    runs.forEach(run -> headers.add(overlay ? run.name() : "value"));
    List<List<String>> rows = new ArrayList<>();
    for (String key : keys) {
      List<String> row = new ArrayList<>();
      row.add(key);
      perRun.forEach(map -> row.add(map.getOrDefault(key, "")));
      rows.add(row);
    }
    return new DataTable(headers, rows);
  }

  private DataTable phaseTotals() {
    List<String> headers = new ArrayList<>(List.of("phase", "duration s", "ops/s", "avg ms", "p50 ms", "p95 ms", "p99 ms",
        "max ms", "errors", "reconnects", "connection", "settings read back"));
    if (overlay) {
      headers.add(0, "run");
    }
    List<List<String>> rows = new ArrayList<>();
    for (NamedResult run : runs) {
      for (PhaseResult phase : run.result().phases()) {
        PhaseStats stats = phase.stats();
        OperationStats total = stats.total();
        List<String> row = new ArrayList<>(List.of(phase.label(), duration(stats.durationSeconds()),
            oneDecimal(total.opsPerSecond()), millis(total.latencyMs().avg()), millis(total.latencyMs().p50()),
            millis(total.latencyMs().p95()), millis(total.latencyMs().p99()), millis(total.latencyMs().max()),
            Long.toString(total.errorCount()), Long.toString(stats.reconnects()), pairs(phase.connection()),
            pairs(phase.settingsReadBack())));
        if (overlay) {
          row.add(0, run.name());
        }
        rows.add(row);
      }
    }
    return new DataTable(headers, rows);
  }

  /** {@code key=value; key=value}, in the map's order. */
  static String pairs(Map<String, ?> map) {
    StringBuilder out = new StringBuilder();
    map.forEach((key, value) -> out.append(out.isEmpty() ? "" : "; ").append(key).append('=').append(value));
    return out.toString();
  }
}
