package stress.runner;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The one-line error when the server runs out of connection slots (SQLState 53300): how many connections
 * could be opened, the server's max_connections when a connection could read it, and what to change.
 */
final class TooManyConnections {
  private TooManyConnections() {}

  /**
   * Before the start, when workers open their connections (or fill the pool): some got one before the server
   * refused the rest.
   */
  static SQLException atStart(PhaseSpec spec, int wanted, List<Worker> workers, SQLException cause) {
    int connected = 0;
    String maxConnections = null;
    for (Worker w : workers) {
      Connection held = w.heldBeforeStart();
      if (held != null) {
        connected++;
        if (maxConnections == null) {
          maxConnections = maxConnections(held);
        }
      }
    }
    return atStart(spec, wanted, connected, maxConnections, cause);
  }

  /** As above, for workers that opened {@code connected} connections; {@code maxConnections} null when unknown. */
  static SQLException atStart(PhaseSpec spec, int wanted, int connected, String maxConnections, SQLException cause) {
    String role = roleLimited(cause);
    if (role != null) {
      // the same SQLState for a role's CONNECTION LIMIT: max_connections is not what to raise then
      return new SQLException("the server refused connections for phase '" + spec.label() + "' (SQLState "
          + ConnectionErrors.TOO_MANY_CONNECTIONS + ", too many connections for role " + role + "): only " + connected
          + " of " + wanted + " connections could be opened. Lower --threads" + (spec.poolKind().equals("none") ? ""
          : " or --pool-size") + " or raise the role's CONNECTION LIMIT; nothing was measured",
          ConnectionErrors.TOO_MANY_CONNECTIONS, cause);
    }
    return new SQLException("the server refused connections for phase '" + spec.label() + "' (SQLState "
        + ConnectionErrors.TOO_MANY_CONNECTIONS + ", too many clients): only " + connected + " of "
        + wanted + " connections could be opened; max_connections is "
        + (maxConnections == null ? "lower than --threads" : maxConnections + " (minus reserved slots)")
        + ". Lower --threads" + (spec.poolKind().equals("none") ? "" : " or --pool-size")
        + " or raise max_connections; nothing was measured",
        ConnectionErrors.TOO_MANY_CONNECTIONS, cause);
  }

  /** A pool asked for more connections during the run than the server allows. */
  static SQLException duringRun(PhaseSpec spec, SQLException cause) {
    return new SQLException("the server refused connections during phase '" + spec.label() + "' (SQLState "
        + ConnectionErrors.TOO_MANY_CONNECTIONS + ", too many clients): the pool of " + spec.pool().size()
        + " connections does not fit the server's max_connections. Lower --pool-size or --threads, or raise"
        + " max_connections; the run was stopped", ConnectionErrors.TOO_MANY_CONNECTIONS, cause);
  }

  /** The quoted role name when the server refused a role over its own CONNECTION LIMIT, else null. */
  private static String roleLimited(SQLException cause) {
    String message = cause == null ? null : cause.getMessage();
    String marker = "too many connections for role ";
    int at = message == null ? -1 : message.indexOf(marker);
    if (at < 0) {
      return null;
    }
    String rest = message.substring(at + marker.length()).strip();
    int end = rest.startsWith("\"") ? rest.indexOf('"', 1) : -1;
    return end > 0 ? rest.substring(0, end + 1) : null;
  }

  private static String maxConnections(Connection c) {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW max_connections")) {
      rs.next();
      String value = rs.getString(1);
      if (!c.getAutoCommit()) {
        c.rollback();
      }
      return value;
    } catch (SQLException e) {
      return null;
    }
  }
}
