package stress.report.html;

import java.util.ArrayList;
import java.util.List;
import stress.report.Decimals;
import stress.report.InstanceRow;
import stress.report.InstanceTable;

/** The instances of a merged run of several, a row per instance and phase, and each phase's start and end skew. */
final class InstancesSection {
  static final String ID = "instances";

  private InstancesSection() {}

  /** The section, or null when no run has instances. */
  static Section of(List<NamedResult> runs) {
    boolean overlay = runs.size() > 1;
    List<String> headers = new ArrayList<>(List.of("phase", "instance", "host", "state", "count", "ops/s", "p50 ms",
        "p99 ms", "errors", "start +ms", "end +ms"));
    if (overlay) {
      headers.add(0, "run");
    }
    List<List<String>> rows = new ArrayList<>();
    List<String> headlines = new ArrayList<>();
    for (NamedResult run : runs) {
      if (!run.result().instances().isEmpty()) {
        headlines.add((overlay ? run.name() + " · " : "") + InstanceTable.states(run.result()) + ".");
      }
      for (InstanceTable.Skew skew : InstanceTable.skews(run.result())) {
        headlines.add((overlay ? run.name() + " · " : "") + skew.phase() + ": " + run.result().instances().size()
            + " instances started within " + InstanceTable.ms(skew.startMs()) + " ms and ended within "
            + InstanceTable.ms(skew.endMs()) + " ms of each other.");
      }
      for (InstanceRow instance : run.result().instances()) {
        for (InstanceRow.Phase p : instance.phases()) {
          List<String> row = new ArrayList<>(List.of(p.phase(), Integer.toString(instance.instance()), instance.host(),
              java.util.Objects.requireNonNullElse(instance.state(), "done"), Long.toString(p.count()), Decimals.oneDecimal(p.opsPerSecond()), Decimals.millis(p.p50Ms()),
              Decimals.millis(p.p99Ms()), Long.toString(p.errors()), InstanceTable.ms(p.startOffsetMs()),
              InstanceTable.ms(p.endOffsetMs())));
          if (overlay) {
            row.add(0, run.name());
          }
          rows.add(row);
        }
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    return new Section(ID, "Instances", "Each instance of the run on its own (the results above add them up), and when"
        + " it started and ended each phase, in ms after the first instance, by the target database's clock.",
        headlines, List.of(), List.of(new DataTable(headers, rows)), false);
  }
}
