package stress.report.assess;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The indexes: per collection the dump's MongoDB indexes mapped to what they become on its table (the CREATE INDEX
 * {@code stress index} writes, the primary key, or not buildable with what to do instead), what {@code stress index
 * --suggest} adds for the operations, and the indexes the assessment built on its target; then per operation shape
 * the plan {@code stress explain} reads afterwards: served by an index or a scan, and its route on a cluster.
 *
 * @param built  whether the assessment built the mapped and suggested indexes on its target (then the later steps
 *               measure with them)
 * @param target the target's kind as detected ({@code PostgreSQL}, {@code Citus coordinator}, ...)
 */
public record IndexesSection(boolean built, String target, List<Collection> collections, List<Shape> shapes)
    implements SectionSummary {

  /**
   * One index of the dump's metadata.
   *
   * @param kind      MongoDB's kind of index ({@code single}, {@code compound}, {@code text}, {@code ttl}, ...)
   * @param buildable whether the tool builds it ({@code builtAs} says as what)
   * @param instead   what to do instead where it is not buildable, else null
   * @param note      how the built index differs from MongoDB's, or null
   */
  public record DumpIndex(String name, String key, String options, String kind, boolean buildable, String builtAs,
                          String createIndex, String instead, String note) {}

  /**
   * One index {@code stress index --suggest} names for the operations.
   *
   * @param outcome {@code kept} or {@code dropped} by its trial, or {@code already built}
   * @param reason  the trial's line (the planner's estimates with it and without), or the index already there
   */
  public record Suggested(String entry, String createIndex, List<String> forOperations, String outcome,
                          String reason) {}

  /** One index the assessment created, from the dump's metadata ({@code dump}) or suggested ({@code suggested}). */
  public record Built(String name, String createIndex, String source, double seconds) {}

  /**
   * One collection.
   *
   * @param workloadFile the file its indexes were built and its operations explained from (the workload's file with
   *                     the dump's buildable indexes as its {@code indexes:})
   * @param error        why its indexes or plans were not read, or null
   */
  public record Collection(String ns, String table, String workloadFile, List<DumpIndex> dumpIndexes,
                           List<Suggested> suggested, List<Built> built, String error) {}

  /**
   * One operation shape's plan after the indexes were built, in one plan mode.
   *
   * @param weight     the operation's weight in its workload file (its logged count for a derived one)
   * @param served     every statement of it that reads the table reads an index
   * @param index      the indexes its plans read, or {@code seq scan}
   * @param bySuggested whether an index it reads is one the assessment built
   * @param route      {@code single}, {@code several}, {@code all} (shards, datanodes or segments), {@code NA} on
   *                   plain PostgreSQL, {@code refused} or {@code unknown}
   * @param plan       the summary line: the route's verdict and the index line of each statement
   */
  public record Shape(String ns, String operation, long weight, String mode, boolean served, String index,
                      boolean bySuggested, String route, int statements, String plan) {}

  @Override
  public List<String> summaryLines() {
    List<String> lines = new ArrayList<>();
    List<DumpIndex> all = collections.stream().flatMap(c -> c.dumpIndexes().stream()).toList();
    if (!all.isEmpty()) {
      Map<String, Long> not = new TreeMap<>();
      all.stream().filter(d -> !d.buildable()).forEach(d -> not.merge(d.kind(), 1L, Long::sum));
      long btree = all.stream().filter(d -> "btree".equals(d.builtAs())).count();
      lines.add("dump's indexes: " + all.size() + ", " + btree + " built as btree, " + all.stream()
          .filter(d -> "primary key".equals(d.builtAs())).count() + " the primary key, " + (all.size() - btree
          - all.stream().filter(d -> "primary key".equals(d.builtAs())).count()) + " not buildable"
          + (!not.isEmpty() ? " (" + String.join(", ", not.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
          .toList()) + ")" : ""));
    }
    Map<String, Long> outcomes = new LinkedHashMap<>();
    collections.stream().flatMap(c -> c.suggested().stream()).forEach(s -> outcomes.merge(s.outcome(), 1L, Long::sum));
    long created = collections.stream().mapToLong(c -> c.built().size()).sum();
    lines.add("suggested for the operations: " + (outcomes.isEmpty() ? "none" : String.join(", ", outcomes.entrySet()
        .stream().map(e -> e.getValue() + " " + e.getKey()).toList())) + "; " + (built ? created
        + " indexes built on the target, which the later steps measure with" : "nothing built"));
    long weight = shapes.stream().mapToLong(Shape::weight).sum();
    long servedWeight = shapes.stream().filter(Shape::served).mapToLong(Shape::weight).sum();
    List<String> scans = shapes.stream().filter(s -> !s.served()).map(Shape::operation).toList();
    lines.add(String.format(Locale.ROOT, "plans: %d of %d shapes served by an index (%.1f%% of the weight)%s",
        shapes.stream().filter(Shape::served).count(), shapes.size(), weight == 0 ? 0.0 : 100.0 * servedWeight / weight,
        scans.isEmpty() ? "" : "; scans: " + String.join(", ", scans.size() > 4 ? scans.subList(0, 4) : scans)
            + (scans.size() > 4 ? " and " + (scans.size() - 4) + " more" : "")));
    long spread = shapes.stream().filter(s -> s.route().equals("all") || s.route().equals("several")).count();
    if (shapes.stream().anyMatch(s -> !s.route().equals("NA"))) {
      lines.add("routes on " + target + ": " + shapes.stream().filter(s -> s.route().equals("single")).count()
          + " shapes to one node, " + spread + " to several or all");
    }
    collections.stream().filter(c -> c.error() != null).forEach(c -> lines.add(c.ns() + ": " + c.error()));
    return lines;
  }
}
