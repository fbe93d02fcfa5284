package stress.connect.eventloop;

import io.vertx.pgclient.PgConnectOptions;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.postgresql.Driver;
import stress.connect.ConnectionSpec;
import stress.model.UsageException;

/**
 * A {@link ConnectionSpec} (a pgjdbc URL and properties) as vertx-pg-client's connect options: the server, database,
 * user and password, the startup {@code options} (the phase's startup-context settings), the application name and the
 * connect timeout and TLS as pgjdbc would use it ({@link EventLoopTls}); pgjdbc's socketTimeout is read for
 * {@link EventLoopConnection}'s watch. pgjdbc's other knobs (prepareThreshold, preferQueryMode, ...) do not apply.
 *
 * @param connect             vertx-pg-client's connect options
 * @param socketTimeoutMillis pgjdbc's socketTimeout (whole seconds, in the URL or the properties) in milliseconds;
 *                            0 = none
 */
record EventLoopOptions(PgConnectOptions connect, int socketTimeoutMillis) {

  /** {@code spec} read once (pgjdbc's URL parsing) into both. */
  static EventLoopOptions of(ConnectionSpec spec) {
    Properties url = properties(spec);
    return new EventLoopOptions(connectOptions(spec, url), millis(url, "socketTimeout", "0"));
  }

  private static PgConnectOptions connectOptions(ConnectionSpec spec, Properties url) {
    String hosts = url.getProperty("PGHOST", "localhost");
    if (hosts.contains(",")) {
      throw new UsageException("--event-loops connects to one server, the URL names several (" + hosts
          + "): give one host");
    }
    PgConnectOptions options = new PgConnectOptions()
        .setHost(bare(hosts))
        .setPort(Integer.parseInt(url.getProperty("PGPORT", "5432")))
        .setCachePreparedStatements(false)
        .setPipeliningLimit(1);
    EventLoopTls.apply(url, options);
    String user = spec.user() != null ? spec.user() : url.getProperty("user", System.getProperty("user.name"));
    options.setUser(user);
    String database = url.getProperty("PGDBNAME", "");
    options.setDatabase(database.isEmpty() ? user : database);
    if (spec.password() != null) {
      options.setPassword(spec.password());
    }
    options.addProperty("application_name", url.getProperty("ApplicationName", "stress"));
    options.addProperty("extra_float_digits", "3"); // as pgjdbc: doubles in full
    String startup = url.getProperty("options");
    if (startup != null && !startup.isBlank()) {
      options.addProperty("options", startup);
    }
    options.setConnectTimeout(millis(url, "connectTimeout", "10"));
    return options;
  }

  /** A pgjdbc timeout property (whole seconds, 0 = none) in milliseconds. */
  private static int millis(Properties url, String name, String fallback) {
    String value = url.getProperty(name, fallback).trim();
    if (!value.matches("[0-9]{1,9}")) {
      throw new UsageException("--event-loops: the connection's " + name + " '" + value
          + "' must be whole seconds (0 or more), as pgjdbc reads it");
    }
    return (int) Math.min(Integer.MAX_VALUE, TimeUnit.SECONDS.toMillis(Long.parseLong(value)));
  }

  /** The URL's and the spec's properties together, as pgjdbc reads them. */
  private static Properties properties(ConnectionSpec spec) {
    Properties merged = new Properties();
    merged.putAll(spec.driverProperties());
    Properties url = Driver.parseURL(spec.url(), merged);
    if (url == null) {
      throw new UsageException("--event-loops: not a PostgreSQL JDBC URL: " + spec.url());
    }
    return url;
  }

  private static String bare(String host) {
    return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
  }
}
