package stress.app.index;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import stress.table.DocumentTable;
import stress.workload.IndexSpec;

/**
 * Before any index is built: a {@code type: numeric} index casts each value at its path to numeric
 * ({@code CAST(data -> 'a' ->> 'b' AS numeric)}), which fails on a value that is not a JSON number, so every such
 * path is read first, all in one scan of the table, and an entry whose path holds other kinds is refused with file,
 * line and what to use instead. Missing values and JSON null are fine (the cast gives NULL).
 */
public final class NumericIndexCheck {
  private static final String NUMERIC = "numeric";

  /** One numeric path of an entry. */
  public record Column(IndexSpec spec, List<String> path) {
    String dotted() {
      return String.join(".", path);
    }
  }

  private NumericIndexCheck() {}

  /** The numeric paths of these entries, in the file's order. */
  public static List<Column> columns(List<IndexSpec> specs) {
    List<Column> columns = new ArrayList<>();
    for (IndexSpec spec : specs) {
      for (int i = 0; i < spec.types().size(); i++) {
        if (NUMERIC.equals(spec.types().get(i))) {
          columns.add(new Column(spec, spec.paths().get(i)));
        }
      }
    }
    return columns;
  }

  /**
   * The statement that reads, per distinct path, how many documents hold something other than a number or null
   * there, and one such kind: {@code SELECT count(CASE ...), min(CASE ...), ... FROM (SELECT jsonb_typeof(data -> ?
   * -> ?) AS k0, ... FROM table) kinds}. The path walks with {@code ->} as the index expression does, so an array
   * on the way gives NULL here as it does there. The keys are parameters: {@link #bind} sets them.
   */
  public static String sql(DocumentTable table, List<List<String>> paths) {
    List<String> aggregates = new ArrayList<>();
    List<String> kinds = new ArrayList<>();
    for (int i = 0; i < paths.size(); i++) {
      String k = "k" + i;
      String other = k + " NOT IN ('number', 'null')";
      aggregates.add("count(CASE WHEN " + other + " THEN 1 END)");
      aggregates.add("min(CASE WHEN " + other + " THEN " + k + " END)");
      kinds.add("jsonb_typeof(data" + " -> CAST(? AS text)".repeat(paths.get(i).size()) + ") AS " + k);
    }
    return "SELECT " + String.join(", ", aggregates) + " FROM (SELECT " + String.join(", ", kinds) + " FROM "
        + table.qualifiedName() + ") AS kinds";
  }

  /** The distinct paths of the columns, in order. */
  public static List<List<String>> distinctPaths(List<Column> columns) {
    return columns.stream().map(Column::path).distinct().toList();
  }

  /** Sets the path keys of {@link #sql} in order. */
  static void bind(PreparedStatement ps, List<List<String>> paths) throws SQLException {
    int n = 1;
    for (List<String> path : paths) {
      for (String key : path) {
        ps.setString(n++, key);
      }
    }
  }

  /**
   * Reads the table (one scan, on {@code c}) and returns one refusal per numeric column whose path holds a
   * non-number, empty when every column can be built.
   */
  public static List<String> refusals(Connection c, DocumentTable table, List<Column> columns, String file)
      throws SQLException {
    List<List<String>> paths = distinctPaths(columns);
    Map<List<String>, Found> found = new LinkedHashMap<>();
    try (PreparedStatement ps = c.prepareStatement(sql(table, paths))) {
      bind(ps, paths);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        for (int i = 0; i < paths.size(); i++) {
          found.put(paths.get(i), new Found(rs.getLong(2 * i + 1), rs.getString(2 * i + 2)));
        }
      }
    }
    List<String> refusals = new ArrayList<>();
    for (Column column : columns) {
      Found f = found.get(column.path());
      if (f.count() > 0) {
        refusals.add(refusal(file, column, f.count(), f.kind()));
      }
    }
    return refusals;
  }

  private record Found(long count, String kind) {}

  /**
   * E.g. {@code w.yaml:7: {path: a.b, type: numeric}: 1,234 documents hold a non-number at a.b (e.g. a string); a
   * numeric index cannot be built over them; use type: number (the typed expression, NULL for other kinds) or
   * type: text}.
   */
  public static String refusal(String file, Column column, long count, String kind) {
    return file + ":" + column.spec().line() + ": " + column.spec().describe() + ": "
        + String.format(Locale.ROOT, "%,d", count) + (count == 1 ? " document holds" : " documents hold")
        + " a non-number at " + column.dotted() + " (e.g. " + article(kind) + "); a numeric index cannot be built over"
        + " " + (count == 1 ? "it" : "them") + "; use type: number (the typed expression, NULL for other kinds) or"
        + " type: text";
  }

  /** "a string", "an object", "an array", "a boolean". */
  private static String article(String kind) {
    return (kind.startsWith("a") || kind.startsWith("o") ? "an " : "a ") + kind;
  }
}
