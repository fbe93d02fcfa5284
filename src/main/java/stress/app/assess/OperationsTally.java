package stress.app.assess;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.report.assess.OperationsSection;
import stress.report.assess.OperationsSection.Shape;

/**
 * The shapes' shares of the logged statements (translated and refused ones together), summed for the application,
 * per collection and per operator of the refusals.
 */
final class OperationsTally {
  /** What every read shares, by the storage as jsonb: said once, not per shape. */
  static final String GENERAL = "every shape alike: documents come out with their keys in jsonb's order (shorter names"
      + " first), and numbers without their BSON kind (an int, a long and a double of one value are one number);"
      + " stress check calls such answers the same within jsonb's limits";

  private OperationsTally() {}

  static OperationsSection section(String source, List<Shape> unweighted, String against, String checkProblem) {
    long total = unweighted.stream().mapToLong(Shape::loggedEntries).sum();
    List<Shape> shapes = new ArrayList<>();
    for (Shape s : unweighted) {
      shapes.add(new Shape(s.ns(), s.table(), s.operation(), s.kind(), s.loggedEntries(), share(s.loggedEntries(),
          total), s.status(), s.difference(), s.differenceOperators(), s.derivedAs(), s.refusedOperator(), s.reason(),
          s.check(), s.checkLine(), s.statement(), s.change()));
    }
    shapes.sort((a, b) -> Long.compare(b.loggedEntries(), a.loggedEntries()));
    Map<String, List<Shape>> byNs = new LinkedHashMap<>();
    shapes.stream().sorted((a, b) -> a.ns().compareTo(b.ns())).forEach(s -> byNs.computeIfAbsent(s.ns(),
        k -> new ArrayList<>()).add(s));
    List<OperationsSection.Collection> collections = new ArrayList<>();
    byNs.forEach((ns, list) -> {
      long entries = list.stream().mapToLong(Shape::loggedEntries).sum();
      String problem = list.stream().filter(s -> s.check().startsWith("not checked: ") && !s.check().equals(
          "not checked: a write") && !s.status().equals(OperationsSection.REFUSED)).map(s -> s.check().substring(
          "not checked: ".length())).findFirst().orElse(null);
      collections.add(new OperationsSection.Collection(ns, list.get(0).table(), list.size(), entries,
          share(entries, total), sum(list, total, OperationsSection.TRANSLATES, OperationsSection.WITH_DIFFERENCE),
          sum(list, total, OperationsSection.WITH_DIFFERENCE), sum(list, total, OperationsSection.REFUSED), problem,
          count(list, "same", "same within jsonb's limits"), count(list, "different"),
          count(list, "refused by PostgreSQL", "refused by MongoDB", "timed out"),
          (int) list.stream().filter(s -> s.check().startsWith("not checked")).count()));
    });
    Map<String, long[]> byOperator = new LinkedHashMap<>();
    Map<String, String> reasons = new LinkedHashMap<>();
    shapes.stream().filter(s -> s.status().equals(OperationsSection.REFUSED)).forEach(s -> {
      String key = s.refusedOperator() == null ? "" : s.refusedOperator();
      byOperator.computeIfAbsent(key, k -> new long[1])[0] += s.loggedEntries();
      reasons.putIfAbsent(key, s.reason());
    });
    List<OperationsSection.OperatorShare> refusedBy = new ArrayList<>();
    byOperator.forEach((op, n) -> refusedBy.add(new OperationsSection.OperatorShare(op.isEmpty() ? null : op, n[0],
        share(n[0], total), reasons.get(op))));
    refusedBy.sort((a, b) -> a.entries() != b.entries() ? Long.compare(b.entries(), a.entries())
        : String.valueOf(a.operator()).compareTo(String.valueOf(b.operator())));
    String weighting = switch (source) {
      case "log" -> "each shape's logged statements (getMores not counted) over those of every shape, the refused"
          + " ones included";
      case "dump" -> "no log: each collection's lookup by _id weighs the same (its file's weight)";
      default -> "the workload's weights, not logged counts";
    };
    return new OperationsSection(source, weighting, total, sum(shapes, total, OperationsSection.TRANSLATES,
        OperationsSection.WITH_DIFFERENCE), sum(shapes, total, OperationsSection.WITH_DIFFERENCE),
        sum(shapes, total, OperationsSection.REFUSED), refusedBy, against, checkProblem, GENERAL, collections, shapes);
  }

  private static double share(long part, long total) {
    return total == 0 ? 0 : (double) part / total;
  }

  private static double sum(List<Shape> shapes, long total, String... statuses) {
    List<String> any = List.of(statuses);
    return share(shapes.stream().filter(s -> any.contains(s.status())).mapToLong(Shape::loggedEntries).sum(), total);
  }

  private static int count(List<Shape> shapes, String... verdicts) {
    List<String> any = List.of(verdicts);
    return (int) shapes.stream().filter(s -> any.contains(s.check())).count();
  }
}
