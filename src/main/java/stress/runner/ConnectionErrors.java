package stress.runner;

import java.sql.Connection;
import java.sql.SQLException;
import stress.connect.SessionErrors;

/**
 * Decides whether an error left the connection unusable, so the worker must replace it. An error the server sent
 * on a live connection (an ErrorResponse) leaves the session usable whatever its SQLState: a Citus coordinator
 * reports a stopped worker node as 08006 ("connection to the remote node ... failed") and goes on serving the same
 * session. What ends a connection, as pgjdbc behaves:
 * <ul>
 *   <li>an I/O failure: pgjdbc closes the connection ({@code abort()}) and throws its own PSQLException, class 08,
 *   with no server message behind it ({@code getServerErrorMessage() == null}), usually caused by an IOException;</li>
 *   <li>a server that ended the session: a FATAL or PANIC ErrorResponse (admin shutdown 57P01, crash 57P02, cannot
 *   connect now 57P03), after which the server closes the socket and pgjdbc closes the connection too. The same
 *   SQLStates as an ERROR do not end it: Citus relays a worker's "terminating connection due to administrator
 *   command" (57P01) as an ERROR when a worker shuts down, and the client session lives on;</li>
 *   <li>a connection that reports {@link Connection#isClosed()}.</li>
 * </ul>
 */
final class ConnectionErrors {
  private ConnectionErrors() {}

  /** SQLState too_many_connections: the server has no connection slot left (max_connections). */
  static final String TOO_MANY_CONNECTIONS = "53300";

  /** True when the server refused the connection because all its slots are taken. */
  static boolean tooManyConnections(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException sql && TOO_MANY_CONNECTIONS.equals(sql.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  /** True when the connection cannot be used again (or there is none). */
  static boolean broken(SQLException e, Connection connection) {
    if (connection == null) {
      return true;
    }
    try {
      if (connection.isClosed()) {
        return true;
      }
    } catch (SQLException closedCheckFailed) {
      return true;
    }
    return endedSession(e);
  }

  /** True when the exception ended its session (see {@link SessionErrors#ended}). */
  static boolean endedSession(SQLException e) {
    return SessionErrors.ended(e);
  }
}
