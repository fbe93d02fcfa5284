package stress.table;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What kind of {@code _id} a table's documents had in MongoDB. A table keeps an ObjectId {@code _id} as its hex text in
 * the key column and as {@code {"$oid": ...}} in the document; a key drawn from the column must go to MongoDB as an
 * ObjectId, or it finds nothing there.
 */
public final class DocumentIds {
  private DocumentIds() {}

  /** True when the table's documents hold ObjectId {@code _id}s (judged by one document; import keeps one kind). */
  public static boolean objectIds(Connection c, DocumentTable table) throws SQLException {
    try (Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT data->'_id' ? '$oid' FROM " + table.qualifiedName() + " LIMIT 1")) {
      return rs.next() && rs.getBoolean(1);
    }
  }
}
