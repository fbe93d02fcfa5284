package stress.runner;

import java.sql.Connection;
import java.sql.SQLException;

/** Decides whether an error left the connection unusable, so the worker must replace it. */
final class ConnectionErrors {
  private ConnectionErrors() {}

  static boolean broken(SQLException e, Connection connection) {
    String state = e.getSQLState();
    if (state != null && (state.startsWith("08") || state.equals("57P01") || state.equals("57P02")
        || state.equals("57P03"))) {
      return true;
    }
    try {
      return connection == null || connection.isClosed();
    } catch (SQLException closedCheckFailed) {
      return true;
    }
  }
}
