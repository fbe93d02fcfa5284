package stress.app.index;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import stress.table.DocumentTable;
import stress.workload.IndexSpec;

/**
 * One entry of a workload file's {@code indexes:} on a table: its index name, where it is written
 * ({@code file:line: entry}), and the server's definition of the index when it is already there (null when not).
 */
public record IndexEntry(IndexSpec spec, String name, String where, String existing) {
  /** The index of that name in the table's schema: its definition, and whether it belongs to the table. */
  private static final String FIND = "SELECT pg_get_indexdef(c.oid), i.indrelid = CAST(? AS regclass) FROM pg_class c"
      + " LEFT JOIN pg_index i ON i.indexrelid = c.oid WHERE c.relname = ?"
      + " AND c.relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = CAST(? AS regclass))";

  /** The entry as it stands on the server; a name taken by another relation is refused before anything is built. */
  public static IndexEntry onServer(Connection c, DocumentTable documents, IndexSpec spec, Path file) throws SQLException {
    String name = spec.name(documents);
    String where = file + ":" + spec.line() + ": " + spec.describe();
    return new IndexEntry(spec, name, where, existing(c, documents, name, where));
  }

  /** The definition of the index already named so on this table, null when none; another relation of that name is refused. */
  private static String existing(Connection c, DocumentTable documents, String name, String where) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(FIND)) {
      ps.setString(1, documents.qualifiedName());
      ps.setString(2, name);
      ps.setString(3, documents.qualifiedName());
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return null;
        }
        if (!rs.getBoolean(2)) {
          throw new IllegalStateException(where + ": \"" + name + "\" already names another relation or another table's"
              + " index in the schema of " + documents.displayName() + "; rename or drop it");
        }
        return rs.getString(1);
      }
    }
  }
}
