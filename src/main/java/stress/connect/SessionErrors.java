package stress.connect;

import java.io.IOException;
import java.sql.SQLException;
import java.util.IdentityHashMap;
import java.util.Map;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Whether an exception ended the session it came from, as pgjdbc behaves: an I/O failure (pgjdbc then closes the
 * connection and throws its own PSQLException, class 08, with no server message behind it), or an ErrorResponse of
 * severity FATAL or PANIC (the server closes the session after it). An ERROR the server sent keeps the session,
 * whatever its SQLState: a Citus coordinator reports a stopped worker as 08006 ("connection to the remote node ...
 * failed") and relays that worker's 57P01 while it shuts down, and serves the same client session on. Used by the
 * workers (whether to reopen a held connection) and by the HikariCP source (whether to evict one).
 */
public final class SessionErrors {
  private SessionErrors() {}

  /**
   * True when the exception, or one in its chain of causes and next exceptions, is a client-side connection
   * failure or a server's FATAL/PANIC. A FATAL whose severity the server translated (lc_messages) is not seen
   * here, but pgjdbc has closed the connection by then, which {@link java.sql.Connection#isClosed()} tells.
   */
  public static boolean ended(SQLException e) {
    Map<Throwable, Boolean> visited = new IdentityHashMap<>();
    return ended(e, visited);
  }

  private static boolean ended(Throwable first, Map<Throwable, Boolean> visited) {
    Throwable t = first;
    while (t != null && visited.put(t, Boolean.TRUE) == null) {
      if (t instanceof IOException) {
        return true;
      }
      if (t instanceof SQLException sql) {
        if (endsSession(sql)) {
          return true;
        }
        SQLException next = sql.getNextException();
        if (next != null && !visited.containsKey(next) && ended(next, visited)) {
          return true;
        }
      }
      t = t.getCause();
    }
    return false;
  }

  private static boolean endsSession(SQLException sql) {
    ServerErrorMessage server = sql instanceof PSQLException p ? p.getServerErrorMessage() : null;
    if (server == null) {
      // the driver's (or a pool's) own verdict: class 08 is a connection it could not use
      String state = sql.getSQLState();
      return state != null && state.startsWith("08");
    }
    String severity = server.getSeverity();
    return "FATAL".equals(severity) || "PANIC".equals(severity);
  }
}
