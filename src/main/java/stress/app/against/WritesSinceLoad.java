package stress.app.against;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import stress.config.Defaults;
import stress.mongodb.MongoTarget;
import stress.table.Identifiers;

/**
 * Whether a table or its collection was written since they were loaded, the likeliest cause of answers that differ
 * after a run that wrote (its own runs write to one side only): rows updated or deleted since the server's statistics
 * began ({@code pg_stat_user_tables}), or a table and a collection holding different numbers of documents; or the
 * default table, which no import made, set beside an imported collection.
 */
public final class WritesSinceLoad {
  private WritesSinceLoad() {}

  /** The sentence saying so, with what to do; null when nothing shows a write. */
  public static String of(Connection c, String schema, String table, MongoTarget mongo, String namespace)
      throws SQLException {
    if (schema == null && Defaults.TABLE.equals(table)) { // not loaded from the collection at all
      String imported = importedTable(namespace);
      return defaultTable(table, namespace, imported, exists(c, imported));
    }
    long updated = 0;
    long deleted = 0;
    try (PreparedStatement s = c.prepareStatement("SELECT n_tup_upd, n_tup_del FROM pg_catalog.pg_stat_user_tables"
        + " WHERE schemaname = coalesce(?, current_schema()) AND relname = ?")) {
      s.setString(1, schema);
      s.setString(2, table);
      try (ResultSet rs = s.executeQuery()) {
        if (rs.next()) {
          updated = rs.getLong(1);
          deleted = rs.getLong(2);
        }
      }
    }
    long rows;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM "
        + (schema == null ? "" : Identifiers.quote(schema) + ".") + Identifiers.quote(table))) {
      rs.next();
      rows = rs.getLong(1);
    }
    long documents = mongo.collection(namespace).countDocuments();
    if (updated == 0 && deleted == 0 && rows == documents) {
      return null;
    }
    String what = rows != documents ? "table " + table + " holds " + rows + " rows, collection " + namespace + " "
        + documents + " documents" : "";
    if (updated > 0 || deleted > 0) {
      what += (what.isEmpty() ? "" : "; ") + "table " + table + " had " + updated + " rows updated and " + deleted
          + " deleted since its statistics began";
    }
    return "the table or the collection was written since the import (" + what + "): a run that writes changes one"
        + " side only, so reload both (import again into a new table, mongorestore --drop) before comparing answers";
  }

  /**
   * The sentence for the default table beside a collection: generated documents, never imported, so no write since
   * an import explains the difference.
   *
   * @param imported the table {@code import} makes of the collection by default ({@code DB_COLLECTION})
   * @param exists   whether the database holds it
   */
  static String defaultTable(String table, String namespace, String imported, boolean exists) {
    return "table " + table + " is the default one (--table not given), not an import of collection " + namespace
        + ": the import made another" + (exists ? " (--table " + imported + ")"
        : "; give it with --table (import names it DB_COLLECTION, " + imported + ", which this database does not"
        + " hold)");
  }

  /** The table {@code import} makes of {@code db.collection} without {@code --table} or a prefix. */
  static String importedTable(String namespace) {
    return namespace.replaceFirst("\\.", "_");
  }

  private static boolean exists(Connection c, String table) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
      s.setString(1, Identifiers.quote(table));
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }
}
