package stress.cli;

import java.sql.SQLException;

/** One readable line for an exception: its message, the SQLState when there is one, no stack trace. */
final class ErrorMessages {
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
