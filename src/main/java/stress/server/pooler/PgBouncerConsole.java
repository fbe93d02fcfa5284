package stress.server.pooler;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads PgBouncer's admin console (the database {@code pgbouncer}, simple query protocol only): {@code SHOW VERSION},
 * {@code SHOW CONFIG}, {@code SHOW DATABASES} and {@code SHOW POOLS}, for the run's database and user.
 */
final class PgBouncerConsole {
  static final String PRODUCT = "PgBouncer";

  private PgBouncerConsole() {}

  static PoolerInfo read(Connection console, String database, String user) throws SQLException {
    try (Statement st = console.createStatement()) {
      String version = version(st);
      Map<String, String> config = config(st);
      boolean configRead = config != null;
      config = configRead ? config : Map.of();
      String poolMode = config.get("pool_mode");
      Integer poolSize = integer(config.get("default_pool_size"));
      try (ResultSet rs = st.executeQuery("SHOW DATABASES")) {
        while (rs.next()) {
          if (database.equals(rs.getString("name"))) {
            poolSize = integer(rs.getString("pool_size"));
            poolMode = orElse(rs.getString("pool_mode"), poolMode);
          }
        }
      }
      // the pool of this database and user: it exists while the run's own connection is open
      try (ResultSet rs = st.executeQuery("SHOW POOLS")) {
        while (rs.next()) {
          if (database.equals(rs.getString("database")) && (user == null || user.equals(rs.getString("user")))) {
            poolMode = orElse(rs.getString("pool_mode"), poolMode);
          }
        }
      }
      return new PoolerInfo(PRODUCT, version, poolMode, poolSize, integer(config.get("max_client_conn")),
          integer(config.get("max_prepared_statements")), null, configRead);
    }
  }

  /** {@code PgBouncer 1.18.0} as {@code 1.18.0}. */
  private static String version(Statement st) throws SQLException {
    try (ResultSet rs = st.executeQuery("SHOW VERSION")) {
      String text = rs.next() ? rs.getString(1) : "";
      return text.startsWith(PRODUCT + " ") ? text.substring(PRODUCT.length() + 1).trim() : text.trim();
    }
  }

  /** {@code SHOW CONFIG}'s keys and values; null where PgBouncer shows it to admin_users only (1.18: stats_users not). */
  private static Map<String, String> config(Statement st) throws SQLException {
    Map<String, String> config = new HashMap<>();
    try (ResultSet rs = st.executeQuery("SHOW CONFIG")) {
      while (rs.next()) {
        config.put(rs.getString("key"), rs.getString("value"));
      }
    } catch (SQLException e) {
      if (String.valueOf(e.getMessage()).contains("admin access needed")) {
        return null;
      }
      throw e;
    }
    return config;
  }

  private static String orElse(String value, String otherwise) {
    return value == null || value.isBlank() ? otherwise : value;
  }

  private static Integer integer(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return Integer.valueOf(value.trim());
    } catch (NumberFormatException e) {
      return null; // a value the console writes otherwise is shown as unknown
    }
  }
}
