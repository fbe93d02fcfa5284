package stress.app;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import stress.connect.ConnectionSpec;
import stress.connect.PhysicalConnections;
import stress.model.UsageException;

/**
 * {@code stress embedded start --preload LIBRARY}: the libraries the kept embedded server loads when it starts
 * ({@code shared_preload_libraries}), kept in its data directory by {@code ALTER SYSTEM} so that every later start
 * loads them too; {@code pg_stat_statements} is then created in database {@code postgres}, where commands given no
 * connection work, so that {@code run --against} can split the server's time.
 */
final class ServerPreload {
  static final String SETTING = "shared_preload_libraries";
  private static final String STATEMENTS = "pg_stat_statements";

  private ServerPreload() {}

  /** The setting's value for {@code --preload}: the names as given, or empty for {@code none}. */
  static String libraries(String preload) {
    if (preload.equals("none")) {
      return "";
    }
    if (!preload.matches("[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*")) {
      throw new UsageException("--preload: '" + preload + "' is not a library name (letters, digits and _, several"
          + " joined by commas, e.g. pg_stat_statements), nor none");
    }
    return preload;
  }

  /** The server settings a start with these libraries is given (none for no library: the start only forgets them). */
  static Map<String, String> atStart(String libraries) {
    return libraries.isEmpty() ? Map.of() : Map.of(SETTING, libraries);
  }

  /** What the server on {@code port} loaded when it started, spaces left out. */
  static String loaded(int port) {
    try (Connection c = open(port); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT current_setting('" + SETTING + "')")) {
      rs.next();
      return rs.getString(1).replace(" ", "");
    } catch (SQLException e) {
      throw new IllegalStateException("could not read " + SETTING + " of the embedded PostgreSQL on port " + port
          + ": " + e.getMessage(), e);
    }
  }

  /** Keeps the libraries for the later starts and creates pg_stat_statements when it is one; says what was done. */
  static String keep(int port, String libraries) {
    try (Connection c = open(port); Statement s = c.createStatement()) {
      if (libraries.isEmpty()) {
        s.execute("ALTER SYSTEM RESET " + SETTING);
        return "loads no library from its next start (" + SETTING + " reset in its data directory)";
      }
      // the names were checked to be letters, digits, _ and commas: nothing to escape in the literal
      s.execute("ALTER SYSTEM SET " + SETTING + " = '" + libraries + "'");
      boolean statements = List.of(libraries.split(",")).contains(STATEMENTS);
      if (statements) {
        s.execute("CREATE EXTENSION IF NOT EXISTS " + STATEMENTS);
      }
      return "loads " + libraries + " at this and every later start (" + SETTING + ", kept in its data directory)"
          + (statements ? "; extension " + STATEMENTS + " created in database postgres" : "");
    } catch (SQLException e) {
      throw new IllegalStateException("the embedded PostgreSQL on port " + port + " started, but could not keep "
          + SETTING + " = '" + libraries + "': " + e.getMessage(), e);
    }
  }

  private static Connection open(int port) throws SQLException {
    return PhysicalConnections.open(new ConnectionSpec("jdbc:postgresql://localhost:" + port + "/postgres",
        "postgres", null, Map.of(), List.of()));
  }
}
