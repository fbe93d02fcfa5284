package stress.runner;

import java.sql.Connection;
import java.sql.SQLException;
import stress.target.ErrorClass;
import stress.target.SqlStates;

/** Decides whether an error left the connection unusable, so the worker must replace it. */
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

  static boolean broken(SQLException e, Connection connection) {
    if (SqlStates.classify(e) == ErrorClass.CONNECTION) {
      return true;
    }
    try {
      return connection == null || connection.isClosed();
    } catch (SQLException closedCheckFailed) {
      return true;
    }
  }
}
