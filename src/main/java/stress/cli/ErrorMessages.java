package stress.cli;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One readable line for an exception: its message, the SQLState when there is one, no stack trace. */
final class ErrorMessages {
  /** The database a connection names does not exist. */
  private static final String INVALID_CATALOG_NAME = "3D000";
  /** The user lacks a privilege. */
  private static final String INSUFFICIENT_PRIVILEGE = "42501";
  /** A login was refused, here because its role does not exist. */
  private static final String INVALID_AUTHORIZATION = "28000";
  private static final Pattern NO_ROLE = Pattern.compile("role \"[^\"]*\" does not exist");
  /** PgBouncer's SQLState for all its refusals, a login's included; PostgreSQL's own login refusals are class 28. */
  private static final String PGBOUNCER_REFUSAL = "08P01";
  private static final Pattern SCHEMA_DENIED = Pattern.compile("permission denied for schema \"?([^\\s\":;,()]+)");

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
    if (sql != null && INVALID_AUTHORIZATION.equals(sql.getSQLState()) && NO_ROLE.matcher(line).find()) {
      // as libpq, the user defaults to the OS user's name, which is rarely a role on a server set up elsewhere
      line.append("; check the user given with -U, PGUSER or ?user= in the --url (without them: the OS user's name,")
          .append(" as in libpq), or create the role with createuser");
    }
    if (sql != null && PGBOUNCER_REFUSAL.equals(sql.getSQLState())
        && String.valueOf(sql.getMessage()).contains("authentication failed")) {
      // PgBouncer checks the password against its own list before any server sees the login
      line.append("; the pooler refused the login: the password for this user is wrong (the URL, PGPASSWORD or the"
          + " password file), or the pooler's auth_file (or auth_query) holds another one for it");
    }
    if (sql != null && INSUFFICIENT_PRIVILEGE.equals(sql.getSQLState())) {
      line.append(schemaHint(line.toString()));
    }
    return line.toString();
  }

  /**
   * What to do when the user may not create in a schema. PostgreSQL 15 took CREATE on {@code public} away from
   * PUBLIC, so a user that is not the database's owner can no longer make tables there by default.
   */
  private static String schemaHint(String message) {
    Matcher m = SCHEMA_DENIED.matcher(message);
    if (!m.find()) {
      return "";
    }
    String schema = m.group(1);
    String grant = "GRANT CREATE ON SCHEMA " + schema + " TO <user>";
    return schema.equals("public")
        ? "; since PostgreSQL 15 only the database's owner may create tables in schema public: have the owner run "
            + grant + ", or give --schema NAME of a schema the user may create in"
        : "; have the schema's owner run " + grant + ", or give --schema NAME of a schema the user may create in";
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
