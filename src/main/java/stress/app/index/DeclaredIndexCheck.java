package stress.app.index;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.ops.file.TableForms.IndexAdvice;
import stress.ops.file.WorkloadOperation;
import stress.table.DocumentTable;
import stress.workload.IndexSpec;
import stress.workload.WorkloadFile;

/**
 * What {@code stress index} and {@code stress explain} say about a workload file's own {@code indexes:} before
 * anything is built: each entry that none of the file's operations reads, and each path of an entry that no document
 * of the table holds.
 *
 * <p>Which index a MongoDB-style operation reads is what its translation for the table decided: the forms it wrote
 * and the index each form is served by ({@link IndexAdvice}). That is exact for reading at all, not a guess from
 * statistics: an expression index is read only by a statement that writes its expression, and the forms write only
 * the expressions they name. A btree is read by a form on its first path and kind. An operation of hand-written SQL
 * may read any index, and which one the tool does not know before the index is there; an entry no MongoDB-style
 * operation reads is then named with those operations, and not refused under {@code --strict}.
 */
public final class DeclaredIndexCheck {
  /**
   * One entry found unread or over an empty path.
   *
   * @param line   the line that says so, starting with the file, line and entry
   * @param strict true when {@code --strict} refuses it (false where a hand-written SQL operation may read it)
   */
  public record Finding(String line, boolean strict) {}

  private DeclaredIndexCheck() {}

  /** Every finding about the file's entries: the unread ones first, then the empty paths (one scan each, see below). */
  public static List<Finding> findings(Connection c, DocumentTable table, WorkloadFile workload,
                                       List<WorkloadOperation> written) throws SQLException {
    List<Finding> findings = new ArrayList<>(unread(workload, written));
    findings.addAll(emptyPaths(c, table, workload));
    return findings;
  }

  /** The entries no operation of the file (written for the table) reads, and why. */
  public static List<Finding> unread(WorkloadFile workload, List<WorkloadOperation> written) {
    List<String> sql = workload.operations().values().stream().filter(op -> op instanceof WorkloadOperation w
        && w.translation() == null).map(op -> op.name()).toList();
    List<Finding> findings = new ArrayList<>();
    for (IndexSpec spec : workload.indexes()) {
      if (written.stream().anyMatch(op -> op.forms().advice().stream().anyMatch(a -> reads(a, spec)))) {
        continue;
      }
      String why = why(spec, written);
      String where = workload.file() + ":" + spec.line() + ": " + spec.describe() + ": ";
      findings.add(sql.isEmpty()
          ? new Finding(where + "serves none of this file's operations: " + why, true)
          : new Finding(where + "serves none of this file's MongoDB-style operations: " + why + "; the file's SQL"
              + " operations (" + String.join(", ", sql) + ") may read it, which is not checked", false));
    }
    return findings;
  }

  /** True when the index an operation's form is served by is read through this entry. */
  static boolean reads(IndexAdvice advice, IndexSpec spec) {
    if (spec.gin() || advice.paths().isEmpty()) {
      return spec.gin() && advice.paths().isEmpty();
    }
    return String.join(".", spec.paths().get(0)).equals(advice.paths().get(0))
        && spec.types().get(0).equals(advice.kinds().get(0));
  }

  /** Why nothing reads it: what the operations read on its first path instead, or that none reads that path. */
  private static String why(IndexSpec spec, List<WorkloadOperation> written) {
    if (spec.gin()) {
      return "no operation is written as containment (data @> '{...}') or jsonpath (@?), the forms it serves";
    }
    String path = String.join(".", spec.paths().get(0));
    for (WorkloadOperation op : written) {
      for (IndexAdvice advice : op.forms().advice()) {
        if (!advice.paths().isEmpty() && advice.paths().get(0).equals(path)) {
          return "MongoDB-style operation '" + op.name() + "' reads " + path + " through " + advice.describe()
              + (formsOf(op, path).isEmpty() ? "" : " (" + formsOf(op, path) + ")") + "; this entry's " + kind(spec)
              + " expression is one only SQL written by hand reads";
        }
      }
    }
    for (WorkloadOperation op : written) {
      String forms = formsOf(op, path);
      if (!forms.isEmpty()) {
        return "MongoDB-style operation '" + op.name() + "' writes " + forms;
      }
    }
    return "no MongoDB-style operation filters or sorts on " + path + " in a form an index serves";
  }

  /** The operation's notes about the path, e.g. {@code totals.grandTotal: typed number range}. */
  private static String formsOf(WorkloadOperation op, String path) {
    return String.join("; ", op.forms().notes().stream().filter(n -> n.startsWith(path + ":")).toList());
  }

  private static String kind(IndexSpec spec) {
    String type = spec.types().get(0);
    return "text".equals(type) ? "text (data -> ... ->> ...)" : "numeric".equals(type) ? "numeric (a cast to numeric)"
        : type;
  }

  /**
   * The entries with a path no document of the table holds. Each distinct path is one {@code SELECT 1 ... LIMIT 1}:
   * it stops at the first document that holds the path, and reads the whole table only where none does. With
   * jsonpath (PostgreSQL 12 and later) a path is held as MongoDB holds it, through arrays too
   * ({@code jsonb_path_exists(data, '$."a"."b"')}, lax); before, a value at {@code data #> '{a,b}'}.
   */
  public static List<Finding> emptyPaths(Connection c, DocumentTable table, WorkloadFile workload) throws SQLException {
    Map<List<String>, Boolean> held = new LinkedHashMap<>();
    boolean jsonpath = jsonpath(c);
    List<Finding> findings = new ArrayList<>();
    for (IndexSpec spec : workload.indexes()) {
      for (List<String> path : spec.paths()) {
        if (!held.containsKey(path)) {
          held.put(path, held(c, table, path, jsonpath));
        }
        if (!held.get(path)) {
          findings.add(new Finding(workload.file() + ":" + spec.line() + ": " + spec.describe() + ": no document of "
              + table.displayName() + " holds " + String.join(".", path) + " (count 0): its index would hold"
              + " nothing but NULLs", true));
        }
      }
    }
    return findings;
  }

  private static boolean held(Connection c, DocumentTable table, List<String> path, boolean jsonpath)
      throws SQLException {
    String test = jsonpath ? "jsonb_path_exists(data, CAST(? AS jsonpath))" : "data #> CAST(? AS text[]) IS NOT NULL";
    try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM " + table.qualifiedName() + " WHERE " + test
        + " LIMIT 1")) {
      if (jsonpath) {
        StringBuilder p = new StringBuilder("$");
        path.forEach(key -> p.append('.').append(jsonString(key)));
        ps.setString(1, p.toString());
      } else {
        ps.setArray(1, c.createArrayOf("text", path.toArray()));
      }
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  /** A key as a jsonpath string literal: quotes, backslashes and control characters escaped. */
  static String jsonString(String key) {
    StringBuilder sb = new StringBuilder("\"");
    for (char ch : key.toCharArray()) {
      if (ch == '"' || ch == '\\') {
        sb.append('\\').append(ch);
      } else if (ch < 0x20) {
        sb.append(String.format("\\u%04x", (int) ch));
      } else {
        sb.append(ch);
      }
    }
    return sb.append('"').toString();
  }

  private static boolean jsonpath(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT CAST(current_setting('server_version_num') AS integer) >= 120000")) {
      rs.next();
      return rs.getBoolean(1);
    }
  }
}
