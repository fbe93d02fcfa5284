package stress.server.pooler;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;
import stress.connect.ConnectionSpec;

/**
 * Finds a pooler between the tool and the server. The server's own port ({@code inet_server_port()}) differing from
 * the URL's (or a Unix socket behind a TCP URL) says something is between; only then is PgBouncer's console database
 * {@code pgbouncer} asked, with the run's own login, so a server reached directly never logs a failed login. The
 * console answering {@code SHOW VERSION} with PgBouncer's name, or refusing the login with PgBouncer's own
 * {@code not allowed} or pgjdbc's set-up with its {@code SET failed}, names it; anything else (a real database's {@code does not exist}) names nothing.
 */
public final class PoolerDetector {
  /** The console's database. */
  static final String CONSOLE_DATABASE = "pgbouncer";
  /** The text of PgBouncer's refusal of a console login by a user in neither admin_users nor stats_users. */
  static final String NOT_ALLOWED = "not allowed";

  /**
   * PgBouncer's console refusing a SET it does not know: pgjdbc 42.7.5 on sends {@code SET extra_float_digits} after
   * logging in to a server whose version (the console reports PgBouncer's own) is below 9.0, whatever
   * assumeMinServerVersion says. Only PgBouncer answers so.
   */
  static final String SET_FAILED = "SET failed";
  /** The same refusal to a user of stats_users, who may not SET at all. */
  static final String ADMIN_NEEDED = "admin access needed";

  private PoolerDetector() {}

  /** The pooler behind {@code spec}, read through the run's open connection {@code run}; empty when none is seen. */
  public static Optional<PoolerInfo> detect(Connection run, ConnectionSpec spec) throws SQLException {
    if (spec.servers().size() != 1 || !spec.url().startsWith(ConsoleUrl.PREFIX)) {
      return Optional.empty(); // a list of hosts: pgjdbc chooses one, the console's would be a guess
    }
    String server = spec.servers().get(0);
    int urlPort = Integer.parseInt(server.substring(server.lastIndexOf(':') + 1));
    Integer serverPort = serverPort(run);
    if (serverPort != null && serverPort == urlPort) {
      return Optional.empty();
    }
    String user = run.getMetaData().getUserName();
    ConsoleUrl url = ConsoleUrl.of(spec.url());
    try (Connection console = DriverManager.getConnection(url.console(), consoleProperties(spec))) {
      return Optional.of(PgBouncerConsole.read(console, url.database(user), user));
    } catch (SQLException e) {
      String message = String.valueOf(e.getMessage());
      if (message.contains(NOT_ALLOWED)) {
        return Optional.of(PoolerInfo.unreadable(PgBouncerConsole.PRODUCT, "its console refused " + user
            + ": add " + user + " to stats_users in pgbouncer.ini and reload it to see its version, pool mode and"
            + " sizes"));
      }
      if (message.contains(SET_FAILED) || message.contains(ADMIN_NEEDED)) {
        return Optional.of(PoolerInfo.unreadable(PgBouncerConsole.PRODUCT, "its console refused pgjdbc's SET"
            + " extra_float_digits after the login, so its version, pool mode and sizes are not read"));
      }
      return Optional.empty(); // no console there (PostgreSQL's 'database does not exist'), or not PgBouncer's
    }
  }

  private static Integer serverPort(Connection run) throws SQLException {
    try (Statement st = run.createStatement(); ResultSet rs = st.executeQuery("SELECT inet_server_port()")) {
      rs.next();
      int port = rs.getInt(1);
      return rs.wasNull() ? null : port;
    }
  }

  /**
   * The run's login for the console: PgBouncer's console takes the simple query protocol only, and no startup
   * parameter it does not know ({@code options}, pgjdbc's {@code currentSchema} as {@code search_path}).
   */
  static Properties consoleProperties(ConnectionSpec spec) {
    Properties p = spec.toDriverProperties();
    p.remove("options");
    p.remove("currentSchema");
    p.setProperty("preferQueryMode", "simple");
    return p;
  }

  /** A single-host URL's console twin: the same host, port and parameters, database {@code pgbouncer}. */
  record ConsoleUrl(String console, String database) {
    static final String PREFIX = "jdbc:postgresql://";

    static ConsoleUrl of(String url) {
      int slash = url.indexOf('/', PREFIX.length());
      int query = url.indexOf('?', PREFIX.length());
      if (query >= 0 && slash > query) {
        slash = -1; // a slash inside the parameters
      }
      String hosts = url.substring(0, slash >= 0 ? slash : query >= 0 ? query : url.length());
      String rest = query >= 0 ? url.substring(query) : "";
      String database = slash >= 0 ? url.substring(slash + 1, query > slash ? query : url.length()) : "";
      return new ConsoleUrl(hosts + "/" + CONSOLE_DATABASE + rest,
          URLDecoder.decode(database, StandardCharsets.UTF_8));
    }

    /** The database a pool is named after: the URL's, else the user's name as libpq and pgjdbc default it. */
    String database(String user) {
      return database.isEmpty() ? user : database;
    }
  }
}
