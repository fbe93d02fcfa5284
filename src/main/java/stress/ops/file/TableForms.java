package stress.ops.file;

import java.util.List;

/**
 * How an operation was written for its table, for {@code stress explain} and {@code stress index --suggest}: a line
 * per choice of form (typed, containment, general, and why), and the indexes that serve the forms chosen.
 *
 * @param notes    one line per choice, e.g. {@code totals.grandTotal: typed number}
 * @param advice   the indexes that serve them
 * @param pipeline true for an aggregation pipeline, whose statement nests many small subqueries over
 *                 {@code jsonb_array_elements}: their row estimates multiply into cost estimates far above what
 *                 the statement costs, which make PostgreSQL JIT-compile it at every execution
 */
public record TableForms(List<String> notes, List<IndexAdvice> advice, boolean pipeline) {
  /** Nothing chosen per table (SQL written by hand, or no facts). */
  public static final TableForms NONE = new TableForms(List.of(), List.of());

  public TableForms(List<String> notes, List<IndexAdvice> advice) {
    this(notes, advice, false);
  }

  public TableForms {
    notes = List.copyOf(notes);
    advice = List.copyOf(advice);
  }

  /**
   * An index that serves a form: GIN on {@code data} (no paths), or a btree on paths of typed kinds
   * ({@code number}, {@code string}, {@code date}), in order.
   */
  public record IndexAdvice(List<String> paths, List<String> kinds) {
    public IndexAdvice {
      paths = List.copyOf(paths);
      kinds = List.copyOf(kinds);
    }

    /** GIN on data. */
    public static final IndexAdvice GIN = new IndexAdvice(List.of(), List.of());

    /** As written in a workload file's {@code indexes:}. */
    public String describe() {
      if (paths.isEmpty()) {
        return "{gin: data}";
      }
      return paths.size() == 1 ? "{path: " + paths.get(0) + ", type: " + kinds.get(0) + "}"
          : "{path: [" + String.join(", ", paths) + "], type: [" + String.join(", ", kinds) + "]}";
    }
  }
}
