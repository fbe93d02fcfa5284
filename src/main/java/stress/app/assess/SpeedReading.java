package stress.app.assess;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.app.setup.ApplicationSetup;
import stress.metrics.OperationStats;
import stress.model.MongoRecorded;
import stress.report.CapacityEntry;
import stress.report.MongoComparison;
import stress.report.PhaseResult;
import stress.report.RecordedCollection;
import stress.report.RunResult;
import stress.report.assess.SpeedSection;
import stress.report.capacity.CapacitySearchResult;
import stress.workload.Application;

/**
 * The speed section's figures read from the runs' results as the commands wrote them: per operation MongoDB's logged
 * figures beside the measured ones ({@link MongoComparison}, what {@code run --workload DIR} prints as "MongoDB recorded
 * vs measured here"), the application's totals, and the capacity search's entry ({@link CapacityEntry}), never worked
 * out again.
 */
final class SpeedReading {
  private SpeedReading() {}

  /** Every operation of every collection, in the listing's and the files' order, measured or said why not. */
  static List<SpeedSection.Shape> shapes(Application application, RunResult run) {
    Map<String, MongoComparison.Row> rows = new LinkedHashMap<>();
    MongoComparison.rows(run).forEach(r -> rows.putIfAbsent(r.operation(), r));
    PhaseResult phase = run.phases().isEmpty() ? null : run.phases().get(0);
    Map<String, String> skipped = new LinkedHashMap<>();
    for (RecordedCollection c : run.collections()) {
      if (c.skipped() != null) {
        skipped.put(c.namespace(), c.skipped());
      }
    }
    List<SpeedSection.Shape> shapes = new ArrayList<>();
    for (Application.Collection c : application.collections()) {
      for (String op : c.workload().operations().keySet()) {
        String name = c.operationName(op);
        MongoRecorded logged = c.workload().recorded().get(name);
        if (logged == null) {
          logged = c.workload().recorded().get(op);
        }
        OperationStats measured = phase == null ? null : phase.stats().operations().stream()
            .filter(o -> o.name().equals(name)).findFirst().orElse(null);
        MongoComparison.Row row = rows.get(name);
        String why = skipped.containsKey(c.namespace()) ? skipped.get(c.namespace())
            : measured == null || measured.count() == 0 ? "no execution succeeded" : null;
        long count = measured == null ? 0 : measured.count();
        Double p50 = count == 0 ? null : row != null ? row.p50() : measured.latencyMs().p50();
        Double p99 = count == 0 ? null : row != null ? row.p99() : measured.latencyMs().p99();
        Double loggedP50 = logged == null ? null : (double) logged.p50Millis();
        Double loggedP99 = logged == null ? null : (double) logged.p99Millis();
        Double ratio = row != null ? row.p99Ratio()
            : p99 != null && loggedP99 != null && loggedP99 > 0 ? p99 / loggedP99 : null;
        shapes.add(new SpeedSection.Shape(c.namespace(), op, p50, p99, loggedP50, loggedP99,
            logged == null ? 0 : logged.entries(), count, measured == null ? 0 : measured.errorCount(), ratio, why));
      }
    }
    return shapes;
  }

  /** The application's run: the rate offered and achieved, the logged rate of the collections run, the totals. */
  static SpeedSection.Application application(RunResult run, boolean paced, String reproduce) {
    PhaseResult phase = run.phases().get(0);
    OperationStats total = phase.stats().total();
    Double offered = number(run.settings().get("rate"));
    Double logged = number(run.settings().get(ApplicationSetup.LOGGED_RATE_RUN));
    if (logged == null && paced) {
      logged = offered; // no collection skipped: the run was paced at the logged rate itself
    }
    List<String> skipped = run.collections().stream().filter(c -> c.skipped() != null)
        .map(c -> c.namespace() + ": " + c.skipped()).toList();
    return new SpeedSection.Application(offered != null && offered > 0 ? offered : null, total.opsPerSecond(), logged,
        total.latencyMs().p50(), total.latencyMs().p99(), total.count(), total.errorCount(),
        phase.stats().durationSeconds(), skipped, reproduce);
  }

  /**
   * The capacity as the search's entry in its result holds it: the capacity vouched for (only a checked one), its
   * multiples of the logged rate and peak, the answer in the search's words and the cause of the last round's break.
   */
  static SpeedSection.Capacity capacity(RunResult search, String objective, String shrunk, String reproduce) {
    CapacityEntry entry = CapacityEntry.of(search);
    if (entry == null) {
      throw new IllegalStateException("the capacity search's result holds no capacity entry");
    }
    Map<?, ?> head = entry.head();
    CapacitySearchResult result = CapacitySearchResult.of(search);
    boolean vouched = Boolean.TRUE.equals(head.get("vouched for"));
    Double rate = vouched ? number(head.get("capacity ops/s")) : null;
    String cause = null;
    List<String> causes = List.of();
    if (head.get("rounds") instanceof List<?> rounds && !rounds.isEmpty()
        && rounds.get(rounds.size() - 1) instanceof Map<?, ?> last) {
      cause = last.get("cause in words") == null ? null : String.valueOf(last.get("cause in words"));
      causes = last.get("causes") instanceof List<?> keys ? keys.stream().map(String::valueOf).toList() : List.of();
    }
    if (!vouched && head.get(CapacityEntry.TIME_LIMIT) != null) {
      // the allowance, not the server, ended the search: what it says is not a cause of the server's
      cause = String.valueOf(head.get(CapacityEntry.TIME_LIMIT)) + " (the step's share of --budget)";
      causes = List.of("time limit");
    }
    return new SpeedSection.Capacity(objective, rate, vouched && rate != null,
        rate == null ? null : number(head.get("multiple of the logged rate")), number(head.get("logged rate ops/s")),
        rate == null ? null : number(head.get("multiple of the logged peak")), number(head.get("logged peak ops/s")),
        result == null ? null : result.answer(), cause, causes, shrunk, null, reproduce);
  }

  /** The capacity not searched, and why. */
  static SpeedSection.Capacity notSearched(String objective, double loggedRate, String why, String shrunk) {
    return new SpeedSection.Capacity(objective, null, false, null, Double.isFinite(loggedRate) ? loggedRate : null,
        null, null, null, null, List.of(), shrunk, why, null);
  }

  private static Double number(Object value) {
    if (value instanceof Number n && Double.isFinite(n.doubleValue())) {
      return n.doubleValue();
    }
    return null;
  }
}
