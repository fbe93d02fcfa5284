package stress.runner;

import java.sql.Connection;
import java.sql.SQLException;
import stress.target.ErrorClass;
import stress.target.SqlStates;

/** Decides whether an error left the connection unusable, so the worker must replace it. */
final class ConnectionErrors {
  private ConnectionErrors() {}

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
