package stress.server;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import stress.table.KeyType;
import stress.table.Layout;

/**
 * Reads the layout of an existing document table from the target's own catalog, whoever made the table: Citus
 * {@code pg_dist_partition} (with its co-location group), Postgres-XL {@code pgxc_class}, Greenplum
 * {@code gp_distribution_policy}; on plain PostgreSQL, where nothing is distributed, a third column beside {@code _id}
 * and {@code data} is the key column. Each catalog is found by its name, so the reader never needs the target kind.
 */
public final class TableLayouts {
  private TableLayouts() {}

  /**
   * How a catalog distributes a table.
   *
   * @param method  "hash", "replicated", or null when no catalog distributes it
   * @param column  the distribution column's name (hash), else null
   * @param group   the co-location group (Citus), else null
   */
  public record Distribution(String method, String column, Integer group) {
    static final Distribution NONE = new Distribution(null, null, null);
  }

  private static final String CITUS = "SELECT CASE WHEN p.partmethod = 'h' THEN 'hash' WHEN p.partmethod = 'n' AND"
      + " p.repmodel = 't' THEN 'replicated' ELSE p.partmethod::text END, CASE WHEN p.partmethod = 'h' THEN"
      + " column_to_column_name(p.logicalrelid, p.partkey) END, p.colocationid FROM pg_catalog.pg_dist_partition p"
      + " WHERE p.logicalrelid = to_regclass(?)";
  private static final String XL = "SELECT CASE x.pclocatortype WHEN 'H' THEN 'hash' WHEN 'R' THEN 'replicated' ELSE"
      + " x.pclocatortype::text END, a.attname, NULL FROM pg_catalog.pgxc_class x LEFT JOIN pg_catalog.pg_attribute a"
      + " ON a.attrelid = x.pcrelid AND a.attnum = x.pcattnum WHERE x.pcrelid = to_regclass(?)";
  private static final String GREENPLUM = "SELECT CASE d.policytype WHEN 'p' THEN 'hash' WHEN 'r' THEN 'replicated'"
      + " ELSE d.policytype::text END, (SELECT a.attname FROM pg_catalog.pg_attribute a WHERE a.attrelid = d.localoid"
      + " AND a.attnum = d.distkey[0]), NULL FROM pg_catalog.gp_distribution_policy d WHERE d.localoid = to_regclass(?)";

  /** The columns of the table {@code quotedName}, name to {@code format_type}, in their order. */
  public static Map<String, String> columns(Connection connection, String quotedName) throws SQLException {
    Map<String, String> columns = new java.util.LinkedHashMap<>();
    try (java.sql.PreparedStatement ps = connection.prepareStatement(
        "SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_catalog.pg_attribute a"
            + " WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum")) {
      ps.setObject(1, quotedName, java.sql.Types.OTHER);
      try (java.sql.ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          columns.put(rs.getString(1), rs.getString(2));
        }
      }
    }
    return columns;
  }

  /**
   * The layout of the table {@code quotedName}, whose columns (name to {@code format_type}) are {@code columns}.
   *
   * @throws IllegalArgumentException when the table is distributed in a way no layout describes
   */
  public static Layout read(Connection connection, String quotedName, Map<String, String> columns)
      throws SQLException {
    Distribution found = Distribution.NONE;
    for (String[] catalog : new String[][] {{"pg_dist_partition", CITUS}, {"pgxc_class", XL},
        {"gp_distribution_policy", GREENPLUM}}) {
      if (hasCatalog(connection, catalog[0])) {
        found = distribution(connection, catalog[1], quotedName);
        break;
      }
    }
    boolean keyInPrimaryKey = primaryKey(connection, quotedName).size() > 1;
    return classify(found, columns, quotedName, keyInPrimaryKey);
  }

  /**
   * The layout a catalog's answer describes, given the table's columns.
   *
   * @throws IllegalArgumentException for a distribution no layout describes (another column, another method)
   */
  public static Layout classify(Distribution d, Map<String, String> columns, String table, boolean keyInPrimaryKey) {
    List<String> extra = new ArrayList<>(columns.keySet());
    extra.removeAll(List.of("_id", "data"));
    if ("replicated".equals(d.method())) {
      return Layout.REFERENCE;
    }
    if (d.method() == null || "hash".equals(d.method()) && "_id".equals(d.column())) {
      if (extra.isEmpty()) {
        return Layout.ID;
      }
      if (d.method() == null && extra.size() == 1) {
        return keyLayout(extra.get(0), columns, table, keyInPrimaryKey, null);
      }
    } else if ("hash".equals(d.method()) && d.column() != null && extra.equals(List.of(d.column()))) {
      return keyLayout(d.column(), columns, table, keyInPrimaryKey, d.group());
    }
    throw new IllegalArgumentException("table " + table + " is " + (d.method() == null ? "not distributed"
        : "distributed by " + d.method() + (d.column() == null ? "" : " on " + d.column())) + " and has the columns "
        + columns.keySet() + "; a document table is distributed by _id, by its one key column, or replicated");
  }

  private static Layout keyLayout(String column, Map<String, String> columns, String table, boolean keyInPrimaryKey,
                                  Integer group) {
    KeyType type = KeyType.ofCatalog(columns.get(column));
    if (type == null) {
      throw new IllegalArgumentException("table " + table + " has the key column " + column + " of type " + columns.get(column)
          + "; a key column is bigint, numeric, text or timestamptz");
    }
    return Layout.key(column, type).withKeyInPrimaryKey(keyInPrimaryKey).inGroup(group);
  }

  private static boolean hasCatalog(Connection connection, String name) throws SQLException {
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery("SELECT to_regclass('pg_catalog." + name + "') IS NOT NULL")) {
      return rs.next() && rs.getBoolean(1);
    }
  }

  private static Distribution distribution(Connection connection, String sql, String quotedName) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      ps.setString(1, quotedName);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Distribution.NONE;
        }
        int group = rs.getInt(3);
        return new Distribution(rs.getString(1), rs.getString(2), rs.wasNull() ? null : group);
      }
    }
  }

  /** The primary key's columns, in order. */
  private static List<String> primaryKey(Connection connection, String quotedName) throws SQLException {
    List<String> names = new ArrayList<>();
    try (PreparedStatement ps = connection.prepareStatement("SELECT a.attname FROM pg_catalog.pg_index i"
        + " JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)"
        + " WHERE i.indrelid = to_regclass(?) AND i.indisprimary")) {
      ps.setString(1, quotedName);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          names.add(rs.getString(1));
        }
      }
    }
    return names;
  }
}
