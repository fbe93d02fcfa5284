package stress.cli;

import java.sql.SQLException;

/** One readable line for an exception: its message, the SQLState when there is one, no stack trace. */
final class ErrorMessages {
  /** The database a connection names does not exist. */
  private static final String INVALID_CATALOG_NAME = "3D000";

  private ErrorMessages() {}

  static String oneLine(Throwable e) {
    Throwable shown = e;
    String message = shown.getMessage();
    if (message == null || message.isBlank()) {
      message = shown.getClass().getSimpleName();
    }
    StringBuilder line = new StringBuilder(message.strip().replace('\n', ' '));
    SQLException sql = firstSqlException(e);
    if (sql != null && sql.getSQLState() != null && !line.toString().contains(sql.getSQLState())) {
      line.append(" (SQLState ").append(sql.getSQLState()).append(')');
    }
    if (sql != null && INVALID_CATALOG_NAME.equals(sql.getSQLState())) {
      line.append("; check the database given with -d, PGDATABASE or the --url path (without them: the user's name),"
          + " or create it with createdb");
    }
    return line.toString();
  }

  private static SQLException firstSqlException(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s) {
        return s;
      }
    }
    return null;
  }
}
