package stress.connect;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import stress.model.Ports;
import stress.model.UsageException;

/**
 * Turns connection options into a {@link ConnectionSpec} following libpq's conventions, so that a user of
 * psql needs to learn nothing new:
 * <ul>
 *   <li>{@code --url} is taken as is (several hosts allowed); a {@code user} or {@code password} in its query
 *       is moved out of the URL into the spec, so that the printed URL never carries the password (other
 *       parameters named like a password, such as {@code sslpassword}, move to the driver properties, which
 *       {@link ConnectionSpec#describe()} masks);</li>
 *   <li>otherwise {@code -h -p -U -d}, then PGHOST, PGPORT, PGUSER, PGDATABASE (PGHOST and PGPORT may be
 *       comma-separated lists, one port for all hosts or one per host), then libpq's defaults: host localhost,
 *       port 5432, the operating-system user, a database named like the user;</li>
 *   <li>the password from the URL, else PGPASSWORD, else the password file (PGPASSFILE or
 *       {@code ~/.pgpass}), which is skipped with a warning when group or others may read it;</li>
 *   <li>TLS settings from the URL or {@code --driver-property}, else PGSSLMODE, PGSSLROOTCERT, PGSSLCERT and
 *       PGSSLKEY ({@link TlsOptions}).</li>
 * </ul>
 * With {@code --url}, hosts, ports and database are the URL's (pgjdbc's rules for what it leaves out); only
 * the user and password follow the lookup above. Empty environment variables count as unset. The environment
 * and the home directory are injected so that tests need not touch the real ones. Nothing is printed here:
 * warnings are returned in {@link ResolvedConnection#warnings()}.
 *
 * <p>pgjdbc (since 42.3) also reads the password file on its own when it is given no password; it does not
 * check the file's permissions, so a file skipped here for its permissions may still be used by the driver.
 */
public final class ConnectionResolver {
  private static final String DEFAULT_HOST = "localhost";
  private static final String DEFAULT_PORT = Integer.toString(Ports.DEFAULT);

  private final Map<String, String> env;
  private final Path home;
  private final String osUser;

  /**
   * @param env    environment variables (PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD, PGPASSFILE, PGSSLMODE,
   *               PGSSLROOTCERT, PGSSLCERT, PGSSLKEY)
   * @param home   home directory, where {@code .pgpass} is looked for
   * @param osUser operating-system user name: the default user, as in libpq
   */
  public ConnectionResolver(Map<String, String> env, Path home, String osUser) {
    this.env = Map.copyOf(env);
    this.home = home;
    this.osUser = osUser;
  }

  /** A resolver reading this process's environment, home directory and user name. */
  public static ConnectionResolver fromSystem() {
    return new ConnectionResolver(System.getenv(), Path.of(System.getProperty("user.home")),
        System.getProperty("user.name"));
  }

  /**
   * True when the user named a server: any of {@code --url -h -p -d -U}, or PGHOST. When false, the caller
   * may start the embedded server instead. PGPORT, PGUSER and PGDATABASE alone do not count: they are often
   * set once for every program and only refine a connection.
   */
  public boolean connectionGiven(ConnectionOptions options) {
    return options.url() != null || options.host() != null || options.port() != null
        || options.database() != null || options.user() != null || envValue("PGHOST").isPresent();
  }

  /** Resolves the options; bad input is an {@link IllegalArgumentException} naming the option or variable. */
  public ResolvedConnection resolve(ConnectionOptions options, DriverSettings driver) {
    return resolve(options, driver, -1);
  }

  /**
   * Resolves the options once per host they name, for runs that spread their connections over several servers
   * (coordinators) themselves instead of letting pgjdbc pick one: each result has a one-host URL (the other URL
   * parameters kept) and its own password, looked up for that host as libpq does (URL, PGPASSWORD, then the
   * password file line of that host). The hosts come in the order given.
   */
  public List<ResolvedConnection> resolveEachHost(ConnectionOptions options, DriverSettings driver) {
    int hosts = hostCount(resolve(options, driver, -1).spec().url());
    List<ResolvedConnection> each = new ArrayList<>();
    for (int i = 0; i < hosts; i++) {
      each.add(resolve(options, driver, i));
    }
    return List.copyOf(each);
  }

  /** The number of hosts of a URL this resolver built. */
  private static int hostCount(String url) {
    return JdbcUrl.parse(url, "url").hosts.size();
  }

  /** Resolves for every host ({@code onlyHost} -1) or for the host of that index alone. */
  private ResolvedConnection resolve(ConnectionOptions options, DriverSettings driver, int onlyHost) {
    List<String> warnings = new ArrayList<>();
    String url;
    List<JdbcUrl.HostPort> hosts;
    String database;
    String user;
    String urlPassword = null;
    Map<String, String> secretUrlParameters = Map.of();

    if (options.url() != null) {
      JdbcUrl parsed = JdbcUrl.parse(options.url(), "--url");
      if (parsed.user != null && options.user() != null && !parsed.user.equals(options.user())) {
        throw new UsageException("--url names user '" + parsed.user + "' but -U names '"
            + options.user() + "'; give the user once");
      }
      user = requireUser(firstOf(parsed.user, options.user(), envValue("PGUSER").orElse(null), osUser));
      hosts = onlyHost < 0 ? parsed.hosts : List.of(parsed.hosts.get(onlyHost));
      database = parsed.database.isEmpty() ? user : parsed.database;
      url = onlyHost < 0 ? parsed.withoutCredentials() : parsed.withoutCredentials(hosts.get(0));
      urlPassword = parsed.password;
      secretUrlParameters = parsed.secretParameters;
      parsed.refuseToolProperties("--url");
    } else {
      String hostSource = options.host() != null ? "-h" : envValue("PGHOST").isPresent() ? "PGHOST" : "default host";
      String hostText = firstOf(options.host(), envValue("PGHOST").orElse(null), DEFAULT_HOST);
      String portSource = options.port() != null ? "-p" : envValue("PGPORT").isPresent() ? "PGPORT" : "default port";
      String portText = firstOf(options.port(), envValue("PGPORT").orElse(null), DEFAULT_PORT);
      hosts = hostList(hostText, hostSource, portText, portSource);
      if (onlyHost >= 0) {
        hosts = List.of(hosts.get(onlyHost));
      }
      user = requireUser(firstOf(options.user(), envValue("PGUSER").orElse(null), osUser));
      database = firstOf(options.database(), envValue("PGDATABASE").orElse(null), user);
      url = url(hosts, database);
    }
    String password;
    String passwordSource;
    Optional<String> envPassword = envValue("PGPASSWORD");
    if (urlPassword != null) {
      password = urlPassword;
      passwordSource = "--url";
    } else if (envPassword.isPresent()) {
      password = envPassword.get();
      passwordSource = "PGPASSWORD";
    } else {
      Path file = envValue("PGPASSFILE").map(Path::of).orElse(home.resolve(".pgpass"));
      password = fromPasswordFile(file, hosts, database, user, warnings);
      passwordSource = password == null ? "none" : "password file " + file;
    }

    Map<String, String> properties = new LinkedHashMap<>(driver.toProperties());
    properties.putAll(secretUrlParameters);
    options.driverProperties().forEach((key, value) -> {
      if (DriverSettings.PROPERTY_NAMES.contains(key)) {
        throw new UsageException("driver property " + key + " is set by this tool from its own settings"
            + " (and reported); do not pass it as an extra driver property");
      }
      properties.put(key, value);
    });
    TlsOptions.fromEnvironment(env, TlsOptions.queryParameters(url), properties);
    return new ResolvedConnection(new ConnectionSpec(url, user, password, properties, List.of()), passwordSource,
        warnings);
  }

  private static String fromPasswordFile(Path file, List<JdbcUrl.HostPort> hosts, String database, String user,
                                         List<String> warnings) {
    PasswordFile.Opened opened = PasswordFile.open(file);
    opened.warning().ifPresent(warnings::add);
    if (opened.file().isEmpty()) {
      return null;
    }
    PasswordFile passwords = opened.file().get();
    String found = null;
    JdbcUrl.HostPort foundFor = null;
    for (JdbcUrl.HostPort hp : hosts) {
      Optional<String> p = passwords.find(hp.bareHost(), hp.port(), database, user);
      if (p.isEmpty()) {
        continue;
      }
      if (foundFor == null) {
        found = p.get();
        foundFor = hp;
      } else if (!p.get().equals(found)) {
        // pgjdbc sends one password to whichever host it reaches, unlike libpq which looks up each host
        warnings.add("password file " + file + " gives different passwords for " + foundFor.host() + ":"
            + foundFor.port() + " and " + hp.host() + ":" + hp.port() + "; pgjdbc sends one password to every"
            + " host, the one for " + foundFor.host() + ":" + foundFor.port());
        break;
      }
    }
    return found == null || found.isEmpty() ? null : found;
  }

  /** Hosts and ports as libpq reads PGHOST/PGPORT (or -h/-p): comma-separated, one port for all or one per host. */
  private static List<JdbcUrl.HostPort> hostList(String hostText, String hostSource, String portText,
                                                 String portSource) {
    String[] hostNames = hostText.split(",", -1);
    String[] portTexts = portText.split(",", -1);
    if (portTexts.length != 1 && portTexts.length != hostNames.length) {
      throw new UsageException(portSource + " '" + portText + "' gives " + portTexts.length
          + " ports for the " + hostNames.length + " hosts of " + hostSource + " '" + hostText
          + "'; give one port for all hosts or one per host");
    }
    List<JdbcUrl.HostPort> hosts = new ArrayList<>();
    for (int i = 0; i < hostNames.length; i++) {
      String host = hostNames[i];
      if (host.isEmpty()) {
        throw new UsageException(hostSource + " '" + hostText + "' has an empty host name");
      }
      if (host.startsWith("/")) {
        throw new UsageException(hostSource + " '" + hostText + "' names a Unix-socket directory;"
            + " pgjdbc connects over TCP only: give a host name such as localhost");
      }
      if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
        host = "[" + host + "]"; // an IPv6 literal, bracketed as JDBC URLs need
      }
      hosts.add(new JdbcUrl.HostPort(host, port(portTexts.length == 1 ? portTexts[0] : portTexts[i], portSource,
          portText)));
    }
    return hosts;
  }

  private static int port(String text, String source, String whole) {
    int port = Ports.parse(text);
    if (port < 0) {
      throw new UsageException(source + " '" + whole + "': port '" + text + "' is not a number from 1 to 65535");
    }
    return port;
  }

  private static String url(List<JdbcUrl.HostPort> hosts, String database) {
    StringBuilder url = new StringBuilder(JdbcUrl.PREFIX).append("//");
    for (int i = 0; i < hosts.size(); i++) {
      if (i > 0) {
        url.append(',');
      }
      url.append(hosts.get(i).host()).append(':').append(hosts.get(i).port());
    }
    // pgjdbc URL-decodes the database name, so any name survives the round trip
    return url.append('/').append(URLEncoder.encode(database, StandardCharsets.UTF_8)).toString();
  }

  private static String requireUser(String user) {
    if (user == null || user.isEmpty()) {
      throw new UsageException("no user name: give -U or set PGUSER");
    }
    return user;
  }

  private Optional<String> envValue(String name) {
    String value = env.get(name);
    return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
  }

  private static String firstOf(String... values) {
    for (String v : values) {
      if (v != null) {
        return v;
      }
    }
    return null;
  }
}
