package stress.server.pooler;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import stress.connect.ConnectionSpec;
import stress.connect.eventloop.SimpleQuerySession;

/**
 * Finds a pooler between the tool and the server. The server's own port ({@code inet_server_port()}) differing from
 * the URL's (or a Unix socket behind a TCP URL) says something is between; only then is PgBouncer's console database
 * {@code pgbouncer} asked, with the run's own login, so a server reached directly never logs a failed login. The
 * console answering {@code SHOW VERSION} with PgBouncer's name, or refusing the login with PgBouncer's own
 * {@code not allowed} or a startup parameter with its {@code unsupported startup parameter}, names it; anything else
 * (a real database's {@code does not exist}) names nothing. The console is read with a client that sends no SET
 * ({@link SimpleQuerySession}): pgjdbc's {@code SET extra_float_digits} after the login is refused there.
 */
public final class PoolerDetector {
  /** The console's database. */
  public static final String CONSOLE_DATABASE = "pgbouncer";
  /** The text of PgBouncer's refusal of a console login by a user in neither admin_users nor stats_users. */
  static final String NOT_ALLOWED = "not allowed";

  /** PgBouncer refusing a startup parameter that is not in its ignore_startup_parameters. */
  static final String UNSUPPORTED_PARAMETER = "unsupported startup parameter";

  /** The SQLState PgBouncer gives its own refusals (a login, a console command), where PostgreSQL's differ. */
  static final String PGBOUNCER_REFUSAL = "08P01";

  private PoolerDetector() {}

  /** The pooler behind {@code spec}, read through the run's open connection {@code run}; empty when none is seen. */
  public static Optional<PoolerInfo> detect(Connection run, ConnectionSpec spec) throws SQLException {
    return detect(run, spec, null);
  }

  /**
   * The pooler behind {@code spec}: with {@code given} ({@code --pooler-console}, a login of its own) that console is
   * read whatever the ports say; else the console twin of a single-host URL with the run's login, only when something
   * is between. Empty when none is seen.
   */
  public static Optional<PoolerInfo> detect(Connection run, ConnectionSpec spec, ConnectionSpec given)
      throws SQLException {
    String user = run.getMetaData().getUserName();
    if (given == null) {
      if (spec.servers().size() != 1 || !spec.url().startsWith(ConsoleUrl.PREFIX)) {
        return Optional.empty(); // a list of hosts: pgjdbc chooses one, the console's would be a guess
      }
      String server = spec.servers().get(0);
      int urlPort = Integer.parseInt(server.substring(server.lastIndexOf(':') + 1));
      Integer serverPort = serverPort(run);
      if (serverPort != null && serverPort == urlPort) {
        return Optional.empty();
      }
    }
    ConnectionSpec consoleSpec = console(spec, given);
    String consoleUser = consoleSpec.user() == null ? user : consoleSpec.user();
    try (SimpleQuerySession console = SimpleQuerySession.open(consoleSpec)) {
      return Optional.of(PgBouncerConsole.read(console, database(spec, user), user));
    } catch (SQLException e) {
      String message = String.valueOf(e.getMessage());
      if (message.contains(NOT_ALLOWED)) {
        return Optional.of(PoolerInfo.unreadable(PgBouncerConsole.PRODUCT, "its console refused " + consoleUser
            + ": add " + consoleUser + " to stats_users in pgbouncer.ini and reload it to see its version, pool mode"
            + " and sizes"));
      }
      if (message.contains(UNSUPPORTED_PARAMETER)) {
        String parameter = message.substring(message.indexOf(UNSUPPORTED_PARAMETER) + UNSUPPORTED_PARAMETER.length())
            .replaceFirst("^[:\\s]+", "").trim();
        return Optional.of(PoolerInfo.unreadable(PgBouncerConsole.PRODUCT, "its console refused the startup parameter "
            + parameter + ": add " + parameter + " to ignore_startup_parameters in pgbouncer.ini and reload it to see"
            + " its version, pool mode and sizes"));
      }
      if (given != null) {
        String unread = "--pooler-console " + given.url() + " could not be read: " + message;
        // PgBouncer answers every refusal with 08P01; anything else (PostgreSQL's 3D000 'database "pgbouncer" does
        // not exist', no answer at all) shows no pooler there
        return Optional.of(PGBOUNCER_REFUSAL.equals(e.getSQLState())
            ? PoolerInfo.unreadable(PgBouncerConsole.PRODUCT, unread)
            : PoolerInfo.noneSeen(unread + "; nothing there shows a pooler"));
      }
      return Optional.empty(); // no console there (PostgreSQL's 'database does not exist'), or not PgBouncer's
    }
  }

  /** The console to read: {@code given} ({@code --pooler-console}), else the run's URL's twin with its login. */
  public static ConnectionSpec console(ConnectionSpec spec, ConnectionSpec given) {
    return given != null ? given : consoleSpec(spec, ConsoleUrl.of(spec.url()));
  }

  /** The database the run's pool is named after in the console's lists. */
  public static String database(ConnectionSpec spec, String user) {
    return ConsoleUrl.of(spec.url()).database(user);
  }

  private static Integer serverPort(Connection run) throws SQLException {
    try (Statement st = run.createStatement(); ResultSet rs = st.executeQuery("SELECT inet_server_port()")) {
      rs.next();
      int port = rs.getInt(1);
      return rs.wasNull() ? null : port;
    }
  }

  /**
   * The run's login for the console: the same user, password and TLS, the console's database, and no startup
   * parameter PgBouncer does not know ({@code options}, pgjdbc's {@code currentSchema} as {@code search_path}).
   */
  static ConnectionSpec consoleSpec(ConnectionSpec spec, ConsoleUrl url) {
    Map<String, String> properties = new HashMap<>(spec.driverProperties());
    properties.remove("options");
    properties.remove("currentSchema");
    return new ConnectionSpec(url.console(), spec.user(), spec.password(), properties, List.of());
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
