package stress.server;

import java.io.IOException;
import java.sql.SQLException;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/** Classifies server and driver errors by SQLState into the few {@link ErrorClass}es a run acts on. */
public final class SqlStates {
  private SqlStates() {}

  /** admin_shutdown, crash_shutdown, cannot_connect_now: the server ended or refused the session. */
  private static final Set<String> SHUTDOWN = Set.of("57P01", "57P02", "57P03");

  /**
   * Classifies an exception. When it has no SQLState of its own (a driver failure, or a wrapper), the
   * chain of causes and next-exceptions is searched for one; an {@link IOException} anywhere in the
   * chain with no SQLState means the connection failed.
   */
  public static ErrorClass classify(SQLException e) {
    Map<Throwable, Boolean> visited = new IdentityHashMap<>();
    boolean sawIo = false;
    Throwable t = e;
    while (t != null && visited.put(t, Boolean.TRUE) == null) {
      if (t instanceof SQLException sql) {
        if (sql.getSQLState() != null) {
          return classify(sql.getSQLState());
        }
        SQLException next = sql.getNextException();
        if (next != null && next.getSQLState() != null && visited.get(next) == null) {
          return classify(next.getSQLState());
        }
      }
      if (t instanceof IOException) {
        sawIo = true;
      }
      t = t.getCause();
    }
    return sawIo ? ErrorClass.CONNECTION : ErrorClass.OTHER;
  }

  /** Classifies a five-character SQLState; null or unknown states are {@link ErrorClass#OTHER}. */
  public static ErrorClass classify(String sqlState) {
    if (sqlState == null) {
      return ErrorClass.OTHER;
    }
    if (sqlState.startsWith("08") || SHUTDOWN.contains(sqlState)) {
      return ErrorClass.CONNECTION;
    }
    return switch (sqlState) {
      case "40001", "40P01" -> ErrorClass.SERIALIZATION;
      case "57014" -> ErrorClass.TIMEOUT;
      case "42P01" -> ErrorClass.UNDEFINED_TABLE;
      default -> ErrorClass.OTHER;
    };
  }
}
