package stress.server.pooler;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import stress.connect.eventloop.SimpleQuerySession;

/**
 * Reads PgBouncer's admin console (the database {@code pgbouncer}, simple queries only, through a
 * {@link SimpleQuerySession}: pgjdbc's {@code SET extra_float_digits} after the login is refused there):
 * {@code SHOW VERSION}, {@code SHOW CONFIG}, {@code SHOW DATABASES} and {@code SHOW POOLS}, for the run's database and
 * user.
 */
final class PgBouncerConsole {
  static final String PRODUCT = "PgBouncer";

  private PgBouncerConsole() {}

  static PoolerInfo read(SimpleQuerySession console, String database, String user) throws SQLException {
    String version = version(console);
    Map<String, String> config = config(console);
    boolean configRead = config != null;
    config = configRead ? config : Map.of();
    String poolMode = config.get("pool_mode");
    Integer poolSize = integer(config.get("default_pool_size"));
    for (Map<String, String> row : console.query("SHOW DATABASES")) {
      if (database.equals(row.get("name"))) {
        poolSize = orElse(integer(row.get("pool_size")), poolSize);
        poolMode = orElse(row.get("pool_mode"), poolMode);
      }
    }
    // the pool of this database and user: it exists while the run's own connection is open
    for (Map<String, String> row : rows(console, "SHOW POOLS", ofPool(database, user))) {
      poolMode = orElse(row.get("pool_mode"), poolMode);
    }
    return new PoolerInfo(PRODUCT, version, poolMode, poolSize, integer(config.get("max_client_conn")),
        integer(config.get("max_prepared_statements")), null, configRead);
  }

  /** The rows of {@code sql} that {@code keep} keeps. */
  static List<Map<String, String>> rows(SimpleQuerySession console, String sql, Predicate<Map<String, String>> keep)
      throws SQLException {
    return console.query(sql).stream().filter(keep).toList();
  }

  /** A row of {@code SHOW POOLS} of this database and user (any user when null). */
  static Predicate<Map<String, String>> ofPool(String database, String user) {
    return row -> database.equals(row.get("database")) && (user == null || user.equals(row.get("user")));
  }

  /** {@code PgBouncer 1.18.0} as {@code 1.18.0}. */
  private static String version(SimpleQuerySession console) throws SQLException {
    List<Map<String, String>> rows = console.query("SHOW VERSION");
    String text = rows.isEmpty() ? "" : String.valueOf(rows.get(0).values().iterator().next());
    return text.startsWith(PRODUCT + " ") ? text.substring(PRODUCT.length() + 1).trim() : text.trim();
  }

  /** {@code SHOW CONFIG}'s keys and values; null where PgBouncer shows it to admin_users only (1.18: stats_users not). */
  private static Map<String, String> config(SimpleQuerySession console) throws SQLException {
    try {
      Map<String, String> config = new java.util.HashMap<>();
      for (Map<String, String> row : console.query("SHOW CONFIG")) {
        config.put(row.get("key"), row.get("value"));
      }
      return config;
    } catch (SQLException e) {
      if (String.valueOf(e.getMessage()).contains("admin access needed")) {
        return null;
      }
      throw e;
    }
  }

  private static <T> T orElse(T value, T otherwise) {
    return value == null || (value instanceof String s && s.isBlank()) ? otherwise : value;
  }

  static Integer integer(String value) {
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
