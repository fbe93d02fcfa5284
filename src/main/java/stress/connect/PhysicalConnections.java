package stress.connect;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.postgresql.PGConnection;

/**
 * Opens one physical connection for a {@link ConnectionSpec} and runs its init statements: the single place
 * every pool kind goes through, so that every physical connection, whoever asks for it, gets the same
 * session settings.
 */
public final class PhysicalConnections {
  // pgjdbc's Driver directly rather than DriverManager: no scan of every registered driver, and it works the
  // same inside the shaded jar.
  private static final Driver DRIVER = new org.postgresql.Driver();

  private PhysicalConnections() {}

  /** A new physical connection with the spec's init statements already run. */
  public static Connection open(ConnectionSpec spec) throws SQLException {
    Connection connection;
    try {
      connection = DRIVER.connect(spec.url(), spec.toDriverProperties());
    } catch (SQLException e) {
      throw UnresolvedHost.describe(e, spec).orElse(e);
    }
    if (connection == null) {
      throw new SQLException("pgjdbc does not accept the URL " + spec.url(), "08001");
    }
    try {
      runInitStatements(connection, spec.initStatements());
    } catch (SQLException | RuntimeException e) {
      try {
        connection.close();
      } catch (SQLException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
    return connection;
  }

  /**
   * Runs the statements in order; a failure names the statement and keeps the server's SQLState and cause.
   */
  public static void runInitStatements(Connection connection, List<String> statements) throws SQLException {
    for (String sql : statements) {
      try (Statement statement = connection.createStatement()) {
        statement.execute(sql);
      } catch (SQLException e) {
        throw new SQLException("init statement failed: " + sql + ": " + e.getMessage(), e.getSQLState(),
            e.getErrorCode(), e);
      }
    }
  }

  /** The process id of the connection's server backend, as the server told it at the start. */
  public static int backendPid(Connection connection) throws SQLException {
    return connection.unwrap(PGConnection.class).getBackendPID();
  }

  /**
   * Asks the server to cancel what runs on the connection now (pgjdbc's cancel request, sent on a connection of its
   * own, so any thread may call it while another waits for the statement); a backend that runs nothing ignores it.
   */
  public static void cancel(Connection connection) throws SQLException {
    connection.unwrap(PGConnection.class).cancelQuery();
  }
}
