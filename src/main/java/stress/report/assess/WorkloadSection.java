package stress.report.assess;

import java.util.List;
import java.util.Map;

/**
 * Where the application's operations came from and what of them is used: the log's entries accounted for (used,
 * folded into the command they continue, skipped by reason), its applications, and the workload files derived from
 * it, one per collection; or the workload given; or, with a dump alone, a lookup by {@code _id} per collection.
 *
 * @param source    {@code log}, {@code workload} or {@code dump}
 * @param directory the workload directory the later steps run ({@code application.yaml} and one file per collection)
 * @param refusals  each shape the translation refused (counted under {@code skipped} too), with its namespace and
 *                  operator
 */
public record WorkloadSection(String source, String directory, long entries, long used, long folded,
                              List<Skip> skipped, Map<String, Long> applications, List<File> files,
                              List<StandIn> standIns, String representativeness, List<Refusal> refusals)
    implements SectionSummary {
  public WorkloadSection {
    refusals = refusals == null ? List.of() : refusals; // a file saved before refusals were kept
  }

  /**
   * One refused shape: its namespace, kind, the operator the refusal names (null: none), the refusal, its logged
   * statements and the getMores that continued them, and the shape as derived.
   */
  public record Refusal(String ns, String kind, String operator, String reason, long entries, long getMores,
                        String statement) {}

  /** One reason entries were skipped: how many, MongoDB's time of them, and what each was. */
  public record Skip(String reason, long entries, double millis, Map<String, Long> details) {}

  /** One collection's workload file. */
  public record File(String ns, String table, String file, int operations, long entries) {}

  /** A stand-in collection built from the log's values (a log without a dump): not the application's data. */
  public record StandIn(String ns, long documents, boolean placeholder) {}

  @Override
  public List<String> summaryLines() {
    List<String> lines = new java.util.ArrayList<>();
    long ops = files.stream().mapToLong(File::operations).sum();
    switch (source) {
      case "log" -> lines.add(String.format(java.util.Locale.ROOT, "log: %d entries, %d used, %d folded into the"
          + " command they continue, %d skipped; %d operations in %d collections", entries, used, folded,
          entries - used - folded, ops, files.size()));
      case "workload" -> lines.add("the workload given: " + directory);
      default -> lines.add("no log: a lookup by _id per collection (" + files.size() + " collections), not the"
          + " application's own operations");
    }
    if (!standIns.isEmpty()) {
      lines.add("no dump: stand-in collections built from the log's values (" + standIns.size() + "), not the"
          + " application's data");
    }
    return lines;
  }
}
