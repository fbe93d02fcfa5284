package stress.ops;

import java.sql.SQLException;

/**
 * A failed execution on a server the operation reaches by itself (a MongoDB server through its own driver), not
 * through the worker's connection, which carried nothing. It is counted under the SQLState of the same meaning, so
 * that it reads and opens outages as on PostgreSQL: {@value #REFUSED} the server could not be reached, {@value #LOST}
 * the connection broke, {@value #TIMEOUT} no answer in time, {@value #AUTHENTICATION} a login refused; null for the
 * server's own refusal of the statement (counted as {@code unknown}). The worker's connection is kept: that server's
 * driver reconnects by itself.
 */
public final class TargetFailure extends SQLException {
  /** Could not connect (refused, unknown host, no server to send to): pgjdbc's SQLState for a refused connection. */
  public static final String REFUSED = "08001";
  /** The connection broke while in use (reset, closed by the server). */
  public static final String LOST = "08006";
  /** No answer in time (the client's read timeout, or the server's own time limit): query_canceled. */
  public static final String TIMEOUT = "57014";
  /** The server refused the login. */
  public static final String AUTHENTICATION = "28000";

  /**
   * @param reason   one line: the category and what the driver said, never a password
   * @param sqlState one of the constants, or null for a refusal by the server
   * @param cause    the driver's exception (for --verbose)
   */
  public TargetFailure(String reason, String sqlState, Throwable cause) {
    super(reason, sqlState, cause);
  }

  /** True when the server could not be reached or the connection broke (SQLState class 08). */
  public boolean connection() {
    return getSQLState() != null && getSQLState().startsWith("08");
  }
}
