package stress.app.index;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.ops.Operation;
import stress.ops.file.TableForms;
import stress.ops.file.WorkloadOperation;
import stress.table.DocumentTable;
import stress.workload.IndexSpec;
import stress.workload.WorkloadFile;

/**
 * The indexes that serve the forms a workload's MongoDB-style operations take on a table, as MongoDB's index advice
 * would name them: what {@code stress explain} shows per operation (there or missing) and {@code stress index
 * --suggest} builds beside the file's own entries.
 */
public final class SuggestedIndexes {
  private SuggestedIndexes() {}

  /** An advised index as an {@code indexes:} entry (line 0: from no line of the file). */
  static IndexSpec spec(TableForms.IndexAdvice advice) {
    return new IndexSpec(advice.paths().isEmpty(), advice.paths().stream().map(p -> List.of(p.split("\\.", -1)))
        .toList(), advice.kinds(), 0);
  }

  /**
   * One index the file's operations are served by: as an {@code indexes:} entry, the operations whose forms it
   * serves (written for the table), and the name of the index on the table that serves it (null when none does).
   */
  public record Suggestion(IndexSpec spec, List<WorkloadOperation> operations, String there) {}

  /**
   * Every index the file's operations (written for the table) are served by, there or not (a compound index that
   * starts with a path serves that path), once each, in the order first met.
   */
  public static List<Suggestion> of(Connection c, DocumentTable table, List<WorkloadOperation> written) throws SQLException {
    Map<String, TableForms.IndexAdvice> advised = new LinkedHashMap<>();
    Map<String, List<WorkloadOperation>> served = new LinkedHashMap<>();
    for (WorkloadOperation op : written) {
      for (TableForms.IndexAdvice advice : op.forms().advice()) {
        advised.putIfAbsent(advice.describe(), advice);
        List<WorkloadOperation> ops = served.computeIfAbsent(advice.describe(), k -> new ArrayList<>());
        if (!ops.contains(op)) {
          ops.add(op);
        }
      }
    }
    List<Suggestion> suggestions = new ArrayList<>();
    for (Map.Entry<String, TableForms.IndexAdvice> e : advised.entrySet()) {
      IndexSpec spec = spec(e.getValue());
      suggestions.add(new Suggestion(spec, List.copyOf(served.get(e.getKey())),
          there(c, table, spec.name(table), e.getValue())));
    }
    return suggestions;
  }

  /** The file's operations written for the table (those of SQL written by hand as they are). */
  public static List<WorkloadOperation> written(Connection c, DocumentTable table, WorkloadFile workload)
      throws SQLException {
    List<WorkloadOperation> written = new ArrayList<>();
    for (Operation op : workload.operations().values()) {
      if (op instanceof WorkloadOperation fromFile) {
        written.add(fromFile.forTable(c, table));
      }
    }
    return written;
  }

  /**
   * The indexes that serve the operation (written for the table) and the table does not have, as {@code indexes:}
   * entries; empty when every one is there, or none is advised (a lookup by {@code _id}: the primary key serves it).
   */
  public static List<String> missing(Connection c, DocumentTable table, WorkloadOperation op) throws SQLException {
    List<String> missing = new ArrayList<>();
    for (TableForms.IndexAdvice advice : op.forms().advice()) {
      if (there(c, table, spec(advice).name(table), advice) == null && !missing.contains(advice.describe())) {
        missing.add(advice.describe());
      }
    }
    return missing;
  }

  /** For explain: how the operation was written, and each index that serves it, there (its name) or missing. */
  public static List<String> lines(Connection c, DocumentTable table, WorkloadOperation op) throws SQLException {
    List<String> lines = new ArrayList<>();
    if (op.forms().notes().isEmpty()) {
      return lines;
    }
    lines.add(op.name() + " is written for " + table.displayName() + " so:");
    op.forms().notes().forEach(note -> lines.add("  " + note));
    for (TableForms.IndexAdvice advice : op.forms().advice()) {
      String name = spec(advice).name(table);
      String there = there(c, table, name, advice);
      lines.add("  served by " + advice.describe() + ": " + (there != null ? "there (" + there + ")"
          : "missing; add it to indexes: or run stress index --suggest"));
    }
    return lines;
  }

  /** The name of the index on the table that serves it: its own, or a compound one that starts with its one path. */
  private static String there(Connection c, DocumentTable table, String name, TableForms.IndexAdvice advice)
      throws SQLException {
    String compound = advice.paths().size() == 1
        ? IndexSpec.namePrefix(table, advice.paths().get(0), advice.kinds().get(0)) + "__" : null;
    try (PreparedStatement ps = c.prepareStatement("SELECT c.relname FROM pg_index i JOIN pg_class c ON"
        + " c.oid = i.indexrelid WHERE i.indrelid = CAST(? AS regclass) ORDER BY c.relname")) {
      ps.setString(1, table.qualifiedName());
      try (ResultSet rs = ps.executeQuery()) {
        String found = null;
        while (rs.next()) {
          String index = rs.getString(1);
          if (index.equals(name)) {
            return index;
          }
          if (found == null && compound != null && index.startsWith(compound)) {
            found = index;
          }
        }
        return found;
      }
    }
  }
}
