package stress.report.html;

import static stress.report.Decimals.millis;

import java.util.ArrayList;
import java.util.List;
import stress.report.CollectionComparison;
import stress.report.Decimals;
import stress.report.MongoComparison;

/**
 * MongoDB's recorded figures beside the measured ones ({@link MongoComparison}), for runs of a workload derived from
 * MongoDB's logs: a sentence per operation that lost the index MongoDB read, a chart of both sides' p50 and p99 per
 * operation, then the table; no section without recorded figures.
 */
final class MongoSection {
  static final String ID = "mongodb";

  private MongoSection() {}

  /**
   * The section, or null when no run carries MongoDB's figures.
   *
   * @param chartIds gives its chart's id, when there is a section
   */
  static Section of(List<NamedResult> runs, java.util.function.Supplier<String> chartIds) {
    boolean overlay = runs.size() > 1;
    List<String> headers = new ArrayList<>(List.of("phase", "operation", "MongoDB n", "MongoDB p50 ms",
        "MongoDB p99 ms", "here n", "here errors", "here p50 ms", "here p99 ms", "ratio p50", "ratio p99",
        "MongoDB plan", "plan here", "route here"));
    if (overlay) {
      headers.add(0, "run");
    }
    List<List<String>> rows = new ArrayList<>();
    List<String> headlines = new ArrayList<>();
    List<Bar> bars = new ArrayList<>();
    List<List<String>> collections = new ArrayList<>();
    for (NamedResult run : runs) {
      for (CollectionComparison.Row c : CollectionComparison.rows(run.result())) {
        String prefix = (overlay ? run.name() + " · " : "") + (run.result().phases().size() > 1 ? c.phase() + " · "
            : "");
        if (c.skipped() == null) {
          bars.add(new Bar(prefix + c.collection() + " (all operations)", asRow(c)));
        }
        collections.add(List.of(prefix + c.collection(), c.namespace(), text(c.mongoEntries()),
            c.mongoPerSecond() == null ? "" : Decimals.threeDecimals(c.mongoPerSecond()), text(c.mongoP50()),
            text(c.mongoP99()), c.skipped() != null ? "skipped: " + c.skipped() : Long.toString(c.count()),
            Long.toString(c.errors()), Decimals.oneDecimal(c.opsPerSecond()), c.count() == 0 ? "" : millis(c.p50()),
            c.count() == 0 ? "" : millis(c.p95()), c.count() == 0 ? "" : millis(c.p99()),
            MongoComparison.ratioText(c.p50Ratio()), MongoComparison.ratioText(c.p99Ratio())));
      }
      for (MongoComparison.Row r : MongoComparison.rows(run.result())) {
        bars.add(new Bar((overlay ? run.name() + " · " : "") + (run.result().phases().size() > 1 ? r.phase() + " · "
            : "") + r.operation(), r));
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
    List<DataTable> tables = new ArrayList<>();
    if (!collections.isEmpty()) {
      tables.add(new DataTable(List.of("collection", "namespace", "MongoDB n", "MongoDB /s", "MongoDB p50 ms",
          "MongoDB p99 ms", "here n", "here errors", "here ops/s", "here p50 ms", "here p95 ms", "here p99 ms",
          "ratio p50", "ratio p99"), collections));
    }
    tables.add(new DataTable(headers, rows));
    return new Section(ID, MongoComparison.TITLE, MongoComparison.EXPLANATION + " The chart puts each operation's"
        + " p50 and p99 beside MongoDB's on a log scale, the operations where the two differ most first; a MongoDB"
        + " figure of 0 ms (below its logs' 1 ms resolution) is not drawn." + (collections.isEmpty() ? ""
        : " In a run of an application's collections each operation is named table.operation, each collection has a"
        + " bar of its operations together, and the first table is " + CollectionComparison.TITLE + "."), headlines,
        List.of(chart(chartIds.get(), bars)), tables, false);
  }

  /** A collection's operations together, as a row of the chart. */
  private static MongoComparison.Row asRow(CollectionComparison.Row c) {
    return new MongoComparison.Row(c.phase(), c.collection(), c.mongoEntries() == null ? 0 : c.mongoEntries(),
        c.mongoP50() == null ? 0 : c.mongoP50(), c.mongoP99() == null ? 0 : c.mongoP99(), "", c.count(), c.errors(),
        c.p50(), c.p99(), c.p50Ratio(), c.p99Ratio(), "", null, "");
  }

  private static String text(Number n) {
    return n == null ? "" : n.toString();
  }

  /** One operation (of one phase and run) in the chart. */
  private record Bar(String label, MongoComparison.Row row) {
    /** How far apart the two sides are: the larger distance of the p50 and p99 ratios from 1, on a log scale. */
    double distance() {
      return Math.max(far(row.p50Ratio()), far(row.p99Ratio()));
    }

    private static double far(Double ratio) {
      return ratio == null || ratio <= 0 ? 0 : Math.abs(Math.log(ratio));
    }
  }

  /** MongoDB's p50 and p99 beside the measured ones per operation, log scale, the largest differences first. */
  private static ChartSpec chart(String id, List<Bar> bars) {
    List<Bar> ordered = new ArrayList<>(bars);
    ordered.sort(java.util.Comparator.comparingDouble(Bar::distance).reversed());
    List<String> categories = new ArrayList<>();
    List<Point> mongoP50 = new ArrayList<>();
    List<Point> hereP50 = new ArrayList<>();
    List<Point> mongoP99 = new ArrayList<>();
    List<Point> hereP99 = new ArrayList<>();
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < ordered.size(); i++) {
      MongoComparison.Row r = ordered.get(i).row();
      categories.add(ordered.get(i).label());
      addPositive(mongoP50, i, r.mongoP50());
      addPositive(mongoP99, i, r.mongoP99());
      if (r.count() > 0) {
        addPositive(hereP50, i, r.p50());
        addPositive(hereP99, i, r.p99());
      }
      rows.add(List.of(ordered.get(i).label(), Long.toString(r.mongoP50()), r.count() == 0 ? "" : millis(r.p50()),
          Long.toString(r.mongoP99()), r.count() == 0 ? "" : millis(r.p99())));
    }
    List<Series> series = List.of(
        new Series("MongoDB p50", "mongodb p50", true, "y", mongoP50, List.of(), null),
        new Series("here p50", "here p50", false, "y", hereP50, List.of(), null),
        new Series("MongoDB p99", "mongodb p99", true, "y", mongoP99, List.of(), null),
        new Series("here p99", "here p99", false, "y", hereP99, List.of(), null));
    return new ChartSpec(id, "MongoDB recorded vs measured here, per operation", "bars-log", "operation",
        "ms (log scale)", null, categories, series, new DataTable(List.of("operation", "MongoDB p50 ms",
        "here p50 ms", "MongoDB p99 ms", "here p99 ms"), rows));
  }

  /** A log scale has no 0: such a value is left out, not drawn as a made-up small one. */
  private static void addPositive(List<Point> points, int x, double ms) {
    if (ms > 0) {
      points.add(new Point(x, ms));
    }
  }
}
