package stress.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import stress.model.TableName;

/**
 * The refusal of a table name that finds no table, naming the table the user most likely meant: one whose name
 * differs in case only or in {@code _} for {@code .} ({@code --table stress.orders}, the MongoDB namespace, for the
 * table {@code stress_orders} import made from it), with its {@code --table} option to paste.
 */
final class MissingTable {
  /** The same name once case and {@code .}/{@code _} are set aside, as SQL over a name and a parameter. */
  private static final String LIKE = "lower(translate(c.relname, '.', '_')) = lower(translate(?, '.', '_'))";

  private MissingTable() {}

  /** The one-line refusal of {@code schema.name} (schema null: the search path), which finds no table. */
  static LoadException refusal(Connection connection, String schema, String name) throws SQLException {
    String wanted = (schema == null ? "" : schema + ".") + name;
    if (schema != null && !schemaExists(connection, schema)) {
      List<String[]> namespace = visibleLike(connection, schema + "." + name);
      if (!namespace.isEmpty()) {
        String table = namespace.get(0)[1];
        return new LoadException("table " + wanted + ": there is no schema " + TableName.typed(schema) + "; "
            + table + " is the table import makes from the MongoDB collection " + schema + "." + name
            + " (a namespace is DATABASE.COLLECTION, a table's name joins them with _); use "
            + TableName.option(null, table));
      }
      return new LoadException("table " + wanted + ": there is no schema " + TableName.typed(schema) + "; name a"
          + " schema that exists, or leave it out to use the search path");
    }
    List<String[]> other = schema == null ? visibleLike(connection, name) : inSchemaLike(connection, schema, name);
    other.removeIf(r -> r[1].equals(name));
    if (!other.isEmpty()) {
      List<String> names = other.stream().map(r -> r[0] + "." + r[1]).toList();
      return new LoadException("table " + wanted + " does not exist, but " + String.join(" and ", names)
          + (names.size() == 1 ? " does" : " do") + ": names are read as PostgreSQL reads them, unquoted in lower"
          + " case and \"Quoted\" as written (import keeps MongoDB's case unless --lower-case-names); use "
          + TableName.option(schema, other.get(0)[1]));
    }
    return new LoadException("table " + wanted + " does not exist: create and fill it with 'stress init'"
        + " (generated documents) or 'stress import' (a mongodump), or name another with --table/--schema");
  }

  private static boolean schemaExists(Connection connection, String schema) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(
        "SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = ?")) {
      ps.setString(1, schema);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  private static List<String[]> visibleLike(Connection connection, String name) throws SQLException {
    return tables(connection, "pg_catalog.pg_table_is_visible(c.oid)", List.of(name));
  }

  private static List<String[]> inSchemaLike(Connection connection, String schema, String name) throws SQLException {
    return tables(connection, "n.nspname = ?", List.of(schema, name));
  }

  /** Tables (schema, name) where {@code where} holds and the name is like the last parameter, in name order. */
  private static List<String[]> tables(Connection connection, String where, List<String> parameters)
      throws SQLException {
    List<String[]> found = new ArrayList<>();
    try (PreparedStatement ps = connection.prepareStatement(
        "SELECT n.nspname, c.relname FROM pg_catalog.pg_class c"
            + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND " + where + " AND " + LIKE + " ORDER BY c.relname")) {
      for (int i = 0; i < parameters.size(); i++) {
        ps.setString(i + 1, parameters.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          found.add(new String[] {rs.getString(1), rs.getString(2)});
        }
      }
    }
    return found;
  }
}
