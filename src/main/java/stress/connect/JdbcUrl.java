package stress.connect;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import stress.model.Ports;
import stress.model.UsageException;

/**
 * A pgjdbc URL taken apart the way pgjdbc reads it, so that the user and password can be lifted out of the
 * query before the URL is ever printed or handed to the driver (pgjdbc logs the whole URL when it cannot
 * parse it). Everything else in the URL is kept byte for byte.
 */
final class JdbcUrl {
  static final String PREFIX = "jdbc:postgresql:";
  private static final Pattern PASSWORD_VALUE = Pattern.compile("(?i)([?&][^&=]*password=)[^&]*");

  /** One server of a (possibly multi-host) URL; {@code host} is as written, IPv6 literals keep their brackets. */
  record HostPort(String host, int port) {
    /** The host as libpq's password file names it: IPv6 literals without brackets. */
    String bareHost() {
      return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
  }

  private final String base;
  /** The database as written after the host list (still %-encoded), or null for jdbc:postgresql:database. */
  private final String rawDatabase;
  private final List<String> keptParameters;
  final List<HostPort> hosts;
  /** Database name, decoded; empty when the URL names none (pgjdbc then uses the user name). */
  final String database;
  /** User from the query, decoded, or null. */
  final String user;
  /** Password from the query, decoded, or null. */
  final String password;
  /** Other secrets from the query (keys containing "password", such as sslpassword), decoded. */
  final Map<String, String> secretParameters;

  private JdbcUrl(String base, String rawDatabase, List<String> keptParameters, List<HostPort> hosts, String database,
                  String user, String password, Map<String, String> secretParameters) {
    this.base = base;
    this.rawDatabase = rawDatabase;
    this.keptParameters = keptParameters;
    this.hosts = hosts;
    this.database = database;
    this.user = user;
    this.password = password;
    this.secretParameters = secretParameters;
  }

  /**
   * Parses a URL given with the option {@code option}; errors name the option and show the URL with any
   * password masked.
   */
  static JdbcUrl parse(String url, String option) {
    if (!url.startsWith(PREFIX)) {
      throw invalid(option, url, "it must start with " + PREFIX);
    }
    int question = url.indexOf('?');
    String server = question < 0 ? url.substring(PREFIX.length()) : url.substring(PREFIX.length(), question);
    String query = question < 0 ? "" : url.substring(question + 1);
    String base = question < 0 ? url : url.substring(0, question);

    List<HostPort> hosts = new ArrayList<>();
    String database;
    String rawDatabase = null;
    if (server.startsWith("//")) {
      int slash = server.indexOf('/', 2);
      if (slash < 0) {
        throw invalid(option, url, "it needs a / after the host list, as in jdbc:postgresql://host:5432/database");
      }
      String authority = server.substring(2, slash);
      if (authority.indexOf('@') >= 0) {
        throw invalid(option, url, "pgjdbc does not take user or password before @; use ?user=... and"
            + " PGPASSWORD or the password file");
      }
      for (String address : authority.split(",", -1)) {
        hosts.add(parseAddress(address, option, url));
      }
      rawDatabase = server.substring(slash + 1);
      database = decode(rawDatabase, option, url);
    } else if (server.startsWith("/")) {
      throw invalid(option, url, "write jdbc:postgresql://host:port/database or jdbc:postgresql:database");
    } else {
      hosts.add(new HostPort("localhost", Ports.DEFAULT));
      database = decode(server, option, url);
    }

    List<String> kept = new ArrayList<>();
    Map<String, String> secrets = new LinkedHashMap<>();
    String user = null;
    String password = null;
    for (String token : query.split("&")) {
      if (token.isEmpty()) {
        continue;
      }
      int eq = token.indexOf('=');
      String key = eq < 0 ? token : token.substring(0, eq);
      String value = eq < 0 ? "" : decode(token.substring(eq + 1), option, url);
      // Case-insensitive on purpose: a "Password=" that pgjdbc would not use must still never be printed.
      if (key.equalsIgnoreCase("password")) {
        if (password != null) {
          throw invalid(option, url, "password is given twice");
        }
        password = value;
      } else if (key.equalsIgnoreCase("user")) {
        if (user != null) {
          throw invalid(option, url, "user is given twice");
        }
        user = value;
      } else if (key.toLowerCase(Locale.ROOT).contains("password")) {
        // sslpassword and the like: out of the URL text, into driver properties that reports mask
        if (secrets.put(key, value) != null) {
          throw invalid(option, url, key + " is given twice");
        }
      } else if (overridesServer(key)) {
        // pgjdbc lets these query keys replace the hosts and database written before the '?', which would
        // make the report and the password lookup speak of a different server than the one used.
        throw invalid(option, url, "the query parameter " + key + " would override the hosts or database;"
            + " write them before the ?");
      } else {
        kept.add(token);
      }
    }
    return new JdbcUrl(base, rawDatabase, List.copyOf(kept), List.copyOf(hosts), database,
        user == null || user.isEmpty() ? null : user, password == null || password.isEmpty() ? null : password,
        Map.copyOf(secrets));
  }

  private static boolean overridesServer(String key) {
    String k = key.toUpperCase(Locale.ROOT);
    return k.equals("HOST") || k.equals("PORT") || k.equals("DBNAME") || k.equals("PGHOST") || k.equals("PGPORT")
        || k.equals("PGDBNAME") || k.equals("SERVICE");
  }

  private static HostPort parseAddress(String address, String option, String url) {
    int colon = address.lastIndexOf(':');
    String host = address;
    int port = Ports.DEFAULT;
    if (colon >= 0 && address.lastIndexOf(']') < colon) {
      host = address.substring(0, colon);
      String portText = address.substring(colon + 1);
      port = portText.isEmpty() ? Ports.DEFAULT : parsePort(portText, option, url);
    }
    // pgjdbc's own reading: an empty host means localhost, an empty port 5432
    return new HostPort(host.isEmpty() ? "localhost" : host, port);
  }

  private static int parsePort(String text, String option, String url) {
    int port = Ports.parse(text);
    if (port < 0) {
      throw invalid(option, url, "port '" + text + "' is not a number from 1 to 65535");
    }
    return port;
  }

  private static String decode(String text, String option, String url) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw invalid(option, url, "it has a malformed %-escape");
    }
  }

  private static UsageException invalid(String option, String url, String rule) {
    return new UsageException(option + " '" + redact(url) + "' is not a usable PostgreSQL JDBC URL: "
        + rule);
  }

  /** The URL with the user, password and other secret parameters removed; safe to print. */
  String withoutCredentials() {
    return keptParameters.isEmpty() ? base : base + "?" + String.join("&", keptParameters);
  }

  /**
   * The URL with only {@code host} (one of {@link #hosts}) before the database, the other parameters kept and
   * no credentials: the URL of one server of a multi-host URL.
   */
  String withoutCredentials(HostPort host) {
    if (!hosts.contains(host)) {
      throw new IllegalArgumentException(host + " is not one of the URL's hosts " + hosts);
    }
    if (rawDatabase == null) {
      return withoutCredentials();
    }
    String one = PREFIX + "//" + host.host() + ":" + host.port() + "/" + rawDatabase;
    return keptParameters.isEmpty() ? one : one + "?" + String.join("&", keptParameters);
  }

  /** The query parameter names kept in the URL. */
  List<String> parameterNames() {
    List<String> names = new ArrayList<>();
    for (String token : keptParameters) {
      int eq = token.indexOf('=');
      names.add(eq < 0 ? token : token.substring(0, eq));
    }
    return names;
  }

  /**
   * Refuses a URL, given with {@code option}, that sets a pgjdbc property this tool sets itself from its own settings
   * ({@link DriverSettings#PROPERTY_NAMES}): the run would report one value and use another.
   */
  void refuseToolProperties(String option) {
    for (String name : parameterNames()) {
      if (DriverSettings.PROPERTY_NAMES.contains(name)) {
        throw new UsageException(option + " sets " + name + ", which this tool sets itself from its own"
            + " settings (and reports); remove it from the URL");
      }
    }
  }

  /** Masks password values and anything before an {@code @}, for error messages about unparsable URLs. */
  static String redact(String url) {
    String masked = PASSWORD_VALUE.matcher(url).replaceAll("$1***");
    int at = masked.lastIndexOf('@', masked.indexOf('?') < 0 ? masked.length() - 1 : masked.indexOf('?'));
    if (at >= 0) {
      int start = masked.indexOf("//");
      start = start < 0 ? 0 : start + 2;
      if (start <= at) {
        masked = masked.substring(0, start) + "***" + masked.substring(at);
      }
    }
    return masked;
  }
}
