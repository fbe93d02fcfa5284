package stress.app.index;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import stress.table.DocumentTable;

/**
 * The planner's statistics of a document table's expression indexes. PostgreSQL keeps statistics of an index's
 * expressions only from the first ANALYZE after the index was built; until then it guesses their selectivity (a range
 * keeps a third of the table, an equality 0.5%), and a MongoDB-style operation measured then measures that guess.
 */
public final class IndexStatistics {
  /**
   * The expression indexes of a table that has statistics of its own but none of theirs. Read through the pg_stats
   * view, which shows the owner of a table (an application's role) the statistics of its columns and of its indexes'
   * expressions, where pg_statistic itself is readable by superusers only. An index lives in its table's schema.
   */
  private static final String WITHOUT = "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
      + " JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace"
      + " WHERE i.indrelid = CAST(? AS regclass) AND i.indexprs IS NOT NULL"
      + " AND NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = c.relname)"
      + " AND EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = t.relname)"
      + " ORDER BY c.relname";

  private IndexStatistics() {}

  /** ANALYZE of the table, for {@code stress index} after it built an index; returns the line that says so. */
  public static String analyze(Connection c, DocumentTable table) throws SQLException {
    long start = System.nanoTime();
    try (Statement s = c.createStatement()) {
      s.execute("ANALYZE " + table.qualifiedName());
    }
    return String.format(Locale.ROOT, "analysed %s in %.2f s: the planner knows the new indexes' expressions now"
        + " (without statistics it guesses that a range keeps a third of the table)", table.displayName(),
        (System.nanoTime() - start) / 1e9);
  }

  /**
   * One line naming the table's expression indexes built since it was last analysed, and the command that gives them
   * statistics; empty when there is none. A table never analysed is not named: the planner guesses for all of it.
   */
  public static List<String> warnings(Connection c, DocumentTable table) throws SQLException {
    List<String> names = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(WITHOUT)) {
      ps.setString(1, table.qualifiedName());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          names.add(rs.getString(1));
        }
      }
    }
    if (names.isEmpty()) {
      return List.of();
    }
    return List.of("note: " + (names.size() == 1 ? "index " : "indexes ") + String.join(", ", names) + " of "
        + table.displayName() + (names.size() == 1 ? " has" : " have") + " no statistics yet (built since the table"
        + " was last analysed): the planner"
        + " guesses how many rows their conditions keep, and the figures measure that guess; run ANALYZE "
        + table.qualifiedName() + " first (stress index does after it builds)");
  }
}
