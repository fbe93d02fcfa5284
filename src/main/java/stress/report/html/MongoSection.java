package stress.report.html;

import static stress.report.Decimals.millis;

import java.util.ArrayList;
import java.util.List;
import stress.report.MongoComparison;

/**
 * MongoDB's recorded figures beside the measured ones ({@link MongoComparison}), for runs of a workload derived from
 * MongoDB's logs: a sentence per operation that lost the index MongoDB read, then the table; no section without
 * recorded figures.
 */
final class MongoSection {
  static final String ID = "mongodb";

  private MongoSection() {}

  /** The section, or null when no run carries MongoDB's figures. */
  static Section of(List<NamedResult> runs) {
    boolean overlay = runs.size() > 1;
    List<String> headers = new ArrayList<>(List.of("phase", "operation", "MongoDB n", "MongoDB p50 ms",
        "MongoDB p99 ms", "here n", "here errors", "here p50 ms", "here p99 ms", "ratio p50", "ratio p99",
        "MongoDB plan", "plan here", "route here"));
    if (overlay) {
      headers.add(0, "run");
    }
    List<List<String>> rows = new ArrayList<>();
    List<String> headlines = new ArrayList<>();
    for (NamedResult run : runs) {
      for (MongoComparison.Row r : MongoComparison.rows(run.result())) {
        List<String> row = new ArrayList<>(List.of(r.phase(), r.operation(), Long.toString(r.mongoEntries()),
            Long.toString(r.mongoP50()), Long.toString(r.mongoP99()), Long.toString(r.count()),
            Long.toString(r.errors()), r.count() == 0 ? "" : millis(r.p50()), r.count() == 0 ? "" : millis(r.p99()),
            MongoComparison.ratioText(r.p50Ratio()), MongoComparison.ratioText(r.p99Ratio()), r.mongoPlan(),
            r.plan(), r.route() == null ? "" : r.route()));
        if (overlay) {
          row.add(0, run.name());
        }
        rows.add(row);
        String headline = (overlay ? run.name() + " · " : "") + r.operation() + ": " + r.note() + ".";
        if (!r.note().isEmpty() && !headlines.contains(headline)) {
          headlines.add(headline);
        }
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    return new Section(ID, MongoComparison.TITLE, MongoComparison.EXPLANATION, headlines, List.of(),
        List.of(new DataTable(headers, rows)), false);
  }
}
