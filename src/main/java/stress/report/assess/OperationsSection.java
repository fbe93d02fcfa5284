package stress.report.assess;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Each operation shape of the application, weighted by its share of the logged operations: whether the translation
 * takes it (as MongoDB runs it, or with a named difference) or refuses it (the operator and the reason), and, with a
 * MongoDB server given, whether the answers agree as {@code stress check} compares them.
 *
 * @param source        {@code log}, {@code workload} or {@code dump} (the lookups by {@code _id} generated for a
 *                      dump without a log, not the application's own operations)
 * @param weighting     what the shares are of, in words
 * @param entries       the statements the shares are of: those of the translated shapes and of the refused ones
 * @param translates    the share that translates, as MongoDB runs it or with a named difference (0..1)
 * @param withDifference the share that translates with a named difference (part of {@code translates})
 * @param refused       the share the translation refuses
 * @param refusedBy     the refused share per operator the refusals name, most first
 * @param against       the MongoDB server the answers were checked on (without its password), or null
 * @param checkProblem  why no answer was checked, in one line (no server given, the server answers for another
 *                      database, the budget), or null when the checks ran
 * @param general       what differs for every shape alike (the storage as jsonb), said once
 */
public record OperationsSection(String source, String weighting, long entries, double translates,
                                double withDifference, double refused, List<OperatorShare> refusedBy, String against,
                                String checkProblem, String general, List<Collection> collections, List<Shape> shapes)
    implements SectionSummary {
  public static final String TRANSLATES = "translates";
  public static final String WITH_DIFFERENCE = "translates-with-difference";
  public static final String REFUSED = "refused";

  /**
   * One operation shape.
   *
   * @param operation       the workload file's operation name (for a refused shape, its kind: it has no file)
   * @param loggedEntries   its logged statements (for a workload without a log, its weight)
   * @param share           its share of {@link #entries} (0..1)
   * @param status          {@link #TRANSLATES}, {@link #WITH_DIFFERENCE} or {@link #REFUSED}
   * @param difference      the named differences from MongoDB, or null
   * @param differenceOperators the operators that show them
   * @param derivedAs       how the derived statement differs from what MongoDB ran (a distinct as a pipeline), or null
   * @param refusedOperator the operator the refusal names, or null
   * @param reason          the refusal, or null
   * @param check           the answer check's verdict: {@code same}, {@code same within jsonb's limits},
   *                        {@code different}, {@code refused by PostgreSQL}, {@code refused by MongoDB},
   *                        {@code timed out}, or {@code not checked: WHY}
   * @param checkLine       the check's own line for it, or null
   * @param statement       the statement as the workload file (or the log) holds it, shortened
   * @param change          what to change for it, or null
   */
  public record Shape(String ns, String table, String operation, String kind, long loggedEntries, double share,
                      String status, String difference, List<String> differenceOperators, String derivedAs,
                      String refusedOperator, String reason, String check, String checkLine, String statement,
                      String change) {}

  /** One collection's shapes together; its check counts are shapes, not entries. */
  public record Collection(String ns, String table, int shapes, long loggedEntries, double share, double translates,
                           double withDifference, double refused, String checkProblem, int same, int different,
                           int refusedByOneSide, int notChecked) {}

  /** The refused share of one operator (null: the refusals that name none). */
  public record OperatorShare(String operator, long entries, double share, String reason) {}

  @Override
  public List<String> summaryLines() {
    List<String> lines = new ArrayList<>();
    if (source.equals("dump")) {
      lines.add("no log: the shapes are the lookups by _id generated per collection (" + shapes.size() + "), not the"
          + " application's own operations");
    }
    StringBuilder line = new StringBuilder(percent(translates) + " of the " + (source.equals("log")
        ? "logged operations" : "operations") + " translate");
    if (withDifference > 0) {
      line.append(" (").append(percent(withDifference)).append(" with a named difference)");
    }
    for (OperatorShare o : refusedBy) {
      line.append("; ").append(percent(o.share())).append(o.operator() == null ? " refused (no operator named)"
          : " use " + o.operator() + " (refused)");
    }
    lines.add(line.toString());
    if (checkProblem != null) {
      lines.add("answers not checked: " + checkProblem);
    } else if (against != null) {
      lines.add("answers on " + against + ": " + count("same") + " same, " + count("same within jsonb's limits")
          + " same within jsonb's limits, " + count("different") + " different, " + (count("refused by PostgreSQL")
          + count("refused by MongoDB") + count("timed out")) + " refused by one side, " + shapes.stream()
          .filter(s -> s.check().startsWith("not checked")).count() + " not checked (shapes)");
    }
    return lines;
  }

  private long count(String verdict) {
    return shapes.stream().filter(s -> s.check().equals(verdict)).count();
  }

  /** A share as the summary says it: one decimal, none when it is 0 ({@code 12.5%}, {@code 75%}); never 0% or 100% for a part. */
  public static String percent(double share) {
    double p = share * 100;
    if (p > 0 && p < 0.05) {
      return "<0.1%";
    }
    if (p < 100 && p >= 99.95) {
      return ">99.9%";
    }
    return String.format(Locale.ROOT, "%.1f", p).replaceFirst("\\.0$", "") + "%";
  }
}
