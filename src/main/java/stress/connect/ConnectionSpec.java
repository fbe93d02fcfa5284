package stress.connect;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Everything needed to open a physical connection. The password is kept apart from the other driver
 * properties so that {@link #describe()} and {@link #toString()} can never show it.
 *
 * @param url            JDBC URL without a password (several hosts allowed)
 * @param user           user name, or null for the driver's default
 * @param password       password, or null
 * @param driverProperties pgjdbc properties (prepareThreshold, preferQueryMode, options, timeouts, ...)
 * @param initStatements statements run once on every new physical connection (session SETs)
 */
public record ConnectionSpec(String url, String user, String password, Map<String, String> driverProperties,
                             List<String> initStatements) {

  public ConnectionSpec {
    Objects.requireNonNull(url, "url");
    driverProperties = Map.copyOf(driverProperties);
    for (String key : driverProperties.keySet()) {
      if (key.equalsIgnoreCase("password")) {
        // driver properties are printed by describe(); the password has its own component
        throw new IllegalArgumentException("the password must not be a driver property");
      }
    }
    initStatements = List.copyOf(initStatements);
  }

  /** The same connection with these statements run on every new physical connection. */
  public ConnectionSpec withInitStatements(List<String> statements) {
    return new ConnectionSpec(url, user, password, driverProperties, statements);
  }

  /**
   * This connection by another road to the same database ({@code option}'s {@code url}, e.g. through a pooler): the
   * URL's hosts, database and parameters, its user and password where it names them (else this one's), this one's
   * driver properties and init statements. A URL setting a property this tool sets itself is refused.
   */
  public ConnectionSpec through(String otherUrl, String option) {
    JdbcUrl parsed = JdbcUrl.parse(otherUrl, option);
    parsed.refuseToolProperties(option);
    Map<String, String> properties = new java.util.LinkedHashMap<>(driverProperties);
    properties.putAll(parsed.secretParameters);
    return new ConnectionSpec(parsed.withoutCredentials(), parsed.user != null ? parsed.user : user,
        parsed.password != null ? parsed.password : password, properties, initStatements);
  }

  /**
   * The servers of the URL as {@code host:port} (the default port filled in), in the URL's order; one for a
   * single-host URL.
   */
  public List<String> servers() {
    return JdbcUrl.parse(url, "url").hosts.stream().map(h -> h.host() + ":" + h.port()).toList();
  }

  /**
   * The properties to hand to the driver, password included. pgjdbc opens its sockets through
   * {@link WatchedSocketFactory} (reads that block in the kernel, timeouts kept by a watchdog) unless the user
   * named a socket factory of their own.
   */
  public Properties toDriverProperties() {
    Properties p = new Properties();
    p.putAll(driverProperties);
    if (!driverProperties.containsKey(WatchedSocketFactory.FACTORY_PROPERTY)) {
      p.setProperty(WatchedSocketFactory.FACTORY_PROPERTY, WatchedSocketFactory.class.getName());
    }
    if (user != null) {
      p.setProperty("user", user);
    }
    if (password != null) {
      p.setProperty("password", password);
    }
    return p;
  }

  /**
   * URL, user and driver properties for reports; no password, and the value of any driver property named like
   * one ({@code sslpassword}, ...) masked.
   */
  public Map<String, String> describe() {
    Map<String, String> m = new TreeMap<>();
    driverProperties.forEach((key, value) ->
        m.put(key, key.toLowerCase(Locale.ROOT).contains("password") ? "(set, not shown)" : value));
    m.put("url", url);
    if (user != null) {
      m.put("user", user);
    }
    m.put("password", password == null ? "(none)" : "(set, not shown)");
    return m;
  }

  @Override
  public String toString() {
    return "ConnectionSpec" + describe();
  }
}
