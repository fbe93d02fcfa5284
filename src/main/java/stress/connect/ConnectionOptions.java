package stress.connect;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import stress.model.UsageException;

/**
 * Where to connect, as the user gave it; null means "not given" so that the resolver can fall back to the
 * environment and libpq's defaults. No password component on purpose: a password on a command line shows up
 * in process lists, so it comes only from the URL (and is lifted out of it), PGPASSWORD or the password file.
 *
 * @param url              {@code --url}: a pgjdbc URL, several hosts allowed; excludes host, port and database
 * @param host             {@code -h}: a host name or a comma-separated list of them, as in libpq
 * @param port             {@code -p}: a port, or a comma-separated list with one port per host, as in libpq
 * @param user             {@code -U}: user name
 * @param database         {@code -d}: database name
 * @param driverProperties extra pgjdbc properties ({@code sslmode}, ...); never user or password
 */
public record ConnectionOptions(String url, String host, String port, String user, String database,
                                Map<String, String> driverProperties) {

  public ConnectionOptions {
    requireNonBlank("--url", url);
    requireNonBlank("-h", host);
    requireNonBlank("-p", port);
    requireNonBlank("-U", user);
    requireNonBlank("-d", database);
    if (url != null && (host != null || port != null || database != null)) {
      throw new UsageException("--url cannot be combined with -h, -p or -d: the URL already names the"
          + " hosts, ports and database");
    }
    driverProperties = driverProperties == null ? Map.of() : Map.copyOf(driverProperties);
    for (String key : driverProperties.keySet()) {
      String k = key.toLowerCase(Locale.ROOT);
      if (k.equals("password") || k.equals("user")) {
        throw new UsageException("driver property " + key + " is not accepted: give the user with -U"
            + " and the password through PGPASSWORD or the password file, so that it is never printed");
      }
    }
  }

  /** Nothing given: everything comes from the environment and libpq's defaults. */
  public static ConnectionOptions empty() {
    return new ConnectionOptions(null, null, null, null, null, Map.of());
  }

  /** Only a JDBC URL. */
  public static ConnectionOptions ofUrl(String url) {
    return new ConnectionOptions(url, null, null, null, null, Map.of());
  }

  private static void requireNonBlank(String option, String value) {
    if (value != null && value.isBlank()) {
      throw new UsageException(option + " must not be empty");
    }
    if (value != null && value.indexOf('\0') >= 0) {
      throw new UsageException(option + " must not contain a NUL character");
    }
  }

  /** The URL as it may be shown: its password masked; null without a URL. */
  public String shownUrl() {
    return url == null ? null : JdbcUrl.redact(url);
  }

  /**
   * The options as a user types them before a command ({@code --url URL -U USER}), each value quoted for a POSIX
   * shell: the URL without its credentials, as the resolver sends it (its user given as {@code -U}, its password and
   * other secrets left out: the password comes from PGPASSWORD or the password file), a password property masked;
   * empty when nothing was given (the kept embedded server, or the environment).
   */
  public String asTyped() {
    StringBuilder typed = new StringBuilder();
    String typedUser = user;
    if (url != null) {
      JdbcUrl parsed = JdbcUrl.parse(url, "--url");
      typed.append(" --url ").append(shellQuoted(parsed.withoutCredentials()));
      typedUser = user != null ? user : parsed.user;
    }
    String[][] named = {{"-h", host}, {"-p", port}, {"-U", typedUser}, {"-d", database}};
    for (String[] option : named) {
      if (option[1] != null) {
        typed.append(' ').append(option[0]).append(' ').append(shellQuoted(option[1]));
      }
    }
    maskedProperties().forEach((key, value) -> typed.append(" --driver-property ").append(shellQuoted(key + "="
        + value)));
    return typed.toString();
  }

  /** A value as a POSIX shell reads it back: as it is when it holds only safe characters, else in single quotes. */
  private static String shellQuoted(String value) {
    return value.matches("[A-Za-z0-9_./:=@,+-]+") ? value : "'" + value.replace("'", "'\\''") + "'";
  }

  @Override
  public String toString() {
    // the URL may still carry a password here; it is only removed when the options are resolved
    return "ConnectionOptions[url=" + (url == null ? null : JdbcUrl.redact(url)) + ", host=" + host + ", port="
        + port + ", user=" + user + ", database=" + database + ", driverProperties=" + maskedProperties() + "]";
  }

  private Map<String, String> maskedProperties() {
    Map<String, String> m = new TreeMap<>();
    driverProperties.forEach((key, value) ->
        m.put(key, key.toLowerCase(Locale.ROOT).contains("password") ? "(set, not shown)" : value));
    return m;
  }
}
