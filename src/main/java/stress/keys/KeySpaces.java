package stress.keys;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import stress.table.DocumentTable;

/**
 * Each table's keys read once and kept, for runs that must draw from the same keys: {@code run --against} measures
 * the table and a MongoDB collection in turn, and the keys the table gains from its own inserts in one phase are not
 * in the collection, so keys read again later would look documents up that only one side holds.
 */
public final class KeySpaces {
  private final Map<String, KeySpace> read = new HashMap<>();

  /** The table's keys as first read here ({@link KeySpaceReader#read}). */
  public synchronized KeySpace read(Connection connection, DocumentTable table, int sampleSize) throws SQLException {
    KeySpace keys = read.get(table.qualifiedName());
    if (keys == null) {
      keys = KeySpaceReader.read(connection, table, sampleSize);
      read.put(table.qualifiedName(), keys);
    }
    return keys;
  }
}
