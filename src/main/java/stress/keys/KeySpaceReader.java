package stress.keys;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import stress.table.DocumentTable;
import stress.table.IdType;

/**
 * Finds out which keys a document table holds: a gap-free integer range is used as is (no key list in
 * memory); anything else is sampled, so operations only ask for keys that exist.
 */
public final class KeySpaceReader {
  private KeySpaceReader() {}

  /**
   * @param sampleSize how many keys to keep when the keys are not a dense integer range
   * @throws IllegalStateException when the table is empty
   */
  public static KeySpace read(Connection connection, DocumentTable table, int sampleSize) throws SQLException {
    String name = table.qualifiedName();
    long count;
    String why;
    try (Statement s = connection.createStatement()) {
      if (table.idType().integral()) {
        try (ResultSet rs = s.executeQuery("SELECT count(*), min(_id), max(_id) FROM " + name)) {
          rs.next();
          count = rs.getLong(1);
          long min = rs.getLong(2);
          long max = rs.getLong(3);
          if (count > 0 && max - min + 1 == count) {
            return new DenseIntegerKeys(min, max, table.idType() == IdType.INTEGER);
          }
          why = "the _ids have gaps: " + count + " of them between " + min + " and " + max;
        }
      } else {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + name)) {
          rs.next();
          count = rs.getLong(1);
        }
        why = "the _ids are " + table.idType().sql() + ", not integers";
      }
      if (count == 0) {
        throw new IllegalStateException("table " + table.displayName()
            + " is empty: fill it with 'stress init' or 'stress import' first");
      }
      // random() < p reads the whole table once, and works the same on every target (no TABLESAMPLE needed)
      String sql = count <= sampleSize
          ? "SELECT _id FROM " + name
          : "SELECT _id FROM " + name + " WHERE random() < " + Math.min(1.0, 1.2 * sampleSize / count)
              + " LIMIT " + sampleSize;
      List<Object> keys = new ArrayList<>((int) Math.min(count, sampleSize));
      try (ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          keys.add(rs.getObject(1));
        }
      }
      return new SampledKeys(keys, count, why);
    }
  }
}
