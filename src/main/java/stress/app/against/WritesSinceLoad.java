package stress.app.against;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import stress.mongodb.MongoTarget;
import stress.table.Identifiers;

/**
 * Whether a table or its collection was written since they were loaded, the likeliest cause of answers that differ
 * after a run that wrote (its own runs write to one side only): rows updated or deleted since the server's statistics
 * began ({@code pg_stat_user_tables}), or a table and a collection holding different numbers of documents.
 */
public final class WritesSinceLoad {
  private WritesSinceLoad() {}

  /** The sentence saying so, with what to do; null when nothing shows a write. */
  public static String of(Connection c, String schema, String table, MongoTarget mongo, String namespace)
      throws SQLException {
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
}
