package stress.workload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import stress.mongo.value.ForeignCollection;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.table.Layout;
import stress.server.TableLayouts;

/**
 * The tables of the collections a pipeline's {@code $lookup} reads. {@code import} names a collection's table
 * {@code <prefix><db>_<collection>}, so the collections of the run's table's database are the tables that share a
 * prefix of its name ending in {@code _}: for the run on {@code sample_analytics_customers}, {@code from: "accounts"}
 * is {@code sample_analytics_accounts}, else {@code sample_accounts}, else a table named {@code accounts} (the
 * longest prefix that names a table wins; also in lower case, for {@code --lower-case-names}), in the run table's
 * schema. A collection none of these names is refused, listing what was looked for.
 */
final class LookupTables {
  private LookupTables() {}

  static Map<String, ForeignCollection> resolve(Connection connection, DocumentTable table, Set<String> collections)
      throws SQLException {
    Map<String, ForeignCollection> found = new LinkedHashMap<>();
    for (String collection : collections) {
      List<String> candidates = candidates(table.name(), collection);
      ForeignCollection resolved = null;
      for (String name : candidates) {
        resolved = existing(connection, new DocumentTable(table.schema(), name, IdType.TEXT));
        if (resolved != null) {
          break;
        }
      }
      if (resolved == null) {
        throw new IllegalArgumentException("$lookup from '" + collection + "': no table of that collection beside "
            + table.displayName() + "; looked for " + String.join(", ", candidates)
            + (table.schema() == null ? "" : " in schema " + table.schema()) + "; import the collection from the"
            + " same dump");
      }
      found.put(collection, resolved);
    }
    return found;
  }

  /** The names the collection's table may have, most likely first. */
  static List<String> candidates(String runTable, String collection) {
    List<String> names = new ArrayList<>();
    for (int i = runTable.length() - 1; i >= 0; i--) {
      if (runTable.charAt(i) == '_') {
        String prefix = runTable.substring(0, i + 1);
        names.add(prefix + collection);
        names.add(prefix + collection.toLowerCase(Locale.ROOT));
      }
    }
    names.add(collection);
    names.add(collection.toLowerCase(Locale.ROOT));
    return new ArrayList<>(new java.util.LinkedHashSet<>(names));
  }

  private static ForeignCollection existing(Connection connection, DocumentTable candidate) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("SELECT format_type(a.atttypid, a.atttypmod) FROM"
        + " pg_catalog.pg_attribute a WHERE a.attrelid = to_regclass(?) AND a.attname = '_id' AND NOT a.attisdropped")) {
      ps.setString(1, candidate.qualifiedName());
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return null;
        }
        return new ForeignCollection(candidate.qualifiedName(), IdType.parse(rs.getString(1)),
            layout(connection, candidate));
      }
    }
  }

  /** The table's layout as its catalog says, or null when it has not a document table's shape. */
  private static Layout layout(Connection connection, DocumentTable table) throws SQLException {
    Map<String, String> columns = TableLayouts.columns(connection, table.qualifiedName());
    if (columns.size() < 2 || columns.size() > 3 || !columns.containsKey("_id") || !"jsonb".equals(columns.get("data"))) {
      return null; // the join is then written on the documents' values alone
    }
    try {
      return TableLayouts.read(connection, table.qualifiedName(), columns);
    } catch (IllegalArgumentException e) {
      return null; // a distribution no layout describes: the same
    }
  }
}
