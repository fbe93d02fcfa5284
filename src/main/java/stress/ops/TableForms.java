package stress.ops;

import java.util.List;

/**
 * How an operation was written for its table, for {@code stress explain} and {@code stress index --suggest}: a line
 * per choice of form (typed, containment, general, and why), and the indexes that serve the forms chosen.
 *
 * @param notes  one line per choice, e.g. {@code totals.grandTotal: typed number}
 * @param advice the indexes that serve them
 */
public record TableForms(List<String> notes, List<IndexAdvice> advice) {
  /** Nothing chosen per table (SQL written by hand, or no facts). */
  public static final TableForms NONE = new TableForms(List.of(), List.of());

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
