package stress.report.assess;

import java.util.List;

/**
 * The dump (or the stand-in collections) loaded into the target by {@code stress import}, read from the import's own
 * {@code --json} file: per collection its table, what was read, loaded and rejected, and where the rejects went.
 *
 * @param standIn whether the tables hold stand-in collections built from the log, not the application's data
 */
public record ImportSection(String source, boolean standIn, int exitCode, String outcome, String rejectsFile,
                            List<Table> tables) implements SectionSummary {
  /** One collection's table. */
  public record Table(String ns, String table, String idType, String status, String message, long read, long loaded,
                      long rejected, long skipped, long repeatedFields, long bytes, double seconds) {}

  @Override
  public List<String> summaryLines() {
    long read = tables.stream().mapToLong(Table::read).sum();
    long loaded = tables.stream().mapToLong(Table::loaded).sum();
    long rejected = tables.stream().mapToLong(Table::rejected).sum();
    return List.of((standIn ? "stand-in collections" : "dump") + ": " + tables.size() + " tables, " + read
        + " documents read, " + loaded + " loaded, " + rejected + " rejected" + (rejected == 0 ? ""
        : " (listed in " + rejectsFile + ")") + "; import's outcome: " + outcome);
  }

  /** The table import made of a namespace ({@code db.collection}), or null. */
  public String tableOf(String ns) {
    return tables.stream().filter(t -> t.ns().equals(ns)).map(Table::table).findFirst().orElse(null);
  }
}
