package stress.connect;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.model.UsageException;

/**
 * TLS settings as libpq takes them: {@code sslmode}, {@code sslrootcert}, {@code sslcert}, {@code sslkey} in the URL
 * (or as driver properties), else from PGSSLMODE, PGSSLROOTCERT, PGSSLCERT and PGSSLKEY, which pgjdbc itself does not
 * read. Reports show the mode and the file paths, never {@code sslpassword} (the key's passphrase).
 */
public final class TlsOptions {
  /** libpq's environment variable for each pgjdbc property, in the order reports list them. */
  static final Map<String, String> ENVIRONMENT = orderedEnvironment();
  /** The modes libpq and pgjdbc both know. */
  static final List<String> MODES = List.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full");

  private TlsOptions() {}

  private static Map<String, String> orderedEnvironment() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("sslmode", "PGSSLMODE");
    m.put("sslrootcert", "PGSSLROOTCERT");
    m.put("sslcert", "PGSSLCERT");
    m.put("sslkey", "PGSSLKEY");
    return m;
  }

  /**
   * Adds to {@code properties} each TLS setting that neither the URL ({@code urlParameters}: its query) nor the
   * driver properties give, from the environment; then checks the mode wherever it came from.
   *
   * @throws IllegalArgumentException naming the variable, URL or property when the mode is not one of {@link #MODES}
   */
  static void fromEnvironment(Map<String, String> env, Map<String, String> urlParameters,
                              Map<String, String> properties) {
    ENVIRONMENT.forEach((property, variable) -> {
      String value = env.get(variable);
      if (value != null && !value.isEmpty() && !urlParameters.containsKey(property)
          && !properties.containsKey(property)) {
        checkMode(property, value, variable);
        properties.put(property, value);
      }
    });
    if (urlParameters.containsKey("sslmode")) {
      checkMode("sslmode", urlParameters.get("sslmode"), "--url sslmode");
    } else if (properties.containsKey("sslmode")) {
      checkMode("sslmode", properties.get("sslmode"), "driver property sslmode");
    }
  }

  private static void checkMode(String property, String value, String source) {
    if (property.equals("sslmode") && !MODES.contains(value)) {
      throw new UsageException(source + " '" + value + "' is not a TLS mode; use one of "
          + String.join(", ", MODES));
    }
  }

  /**
   * The TLS settings a connection will use, for reports: mode and certificate/key paths from the URL or the driver
   * properties, and {@code sslpassword} only as "(set, not shown)". Empty when none is set (pgjdbc then uses
   * {@code prefer}, as libpq does).
   */
  public static Map<String, String> describe(ConnectionSpec spec) {
    Map<String, String> url = queryParameters(spec.url());
    Map<String, String> shown = new LinkedHashMap<>();
    for (String property : ENVIRONMENT.keySet()) {
      String value = url.containsKey(property) ? url.get(property) : spec.driverProperties().get(property);
      if (value != null) {
        shown.put(property, value);
      }
    }
    boolean passphrase = spec.driverProperties().keySet().stream().anyMatch(k -> k.equalsIgnoreCase("sslpassword"));
    if (passphrase) {
      shown.put("sslpassword", "(set, not shown)");
    }
    return shown;
  }

  /** One line for the connection report, such as {@code sslmode=verify-full, sslrootcert=/etc/ca.crt}; empty when none. */
  public static String summary(ConnectionSpec spec) {
    StringBuilder line = new StringBuilder();
    describe(spec).forEach((k, v) -> line.append(line.isEmpty() ? "" : ", ").append(k)
        .append(k.equals("sslpassword") ? " " : "=").append(v));
    return line.toString();
  }

  /** The query of a JDBC URL, decoded; parameter names as written. */
  static Map<String, String> queryParameters(String url) {
    Map<String, String> parameters = new LinkedHashMap<>();
    int question = url.indexOf('?');
    if (question < 0) {
      return parameters;
    }
    for (String token : url.substring(question + 1).split("&")) {
      if (token.isEmpty()) {
        continue;
      }
      int eq = token.indexOf('=');
      String key = eq < 0 ? token : token.substring(0, eq);
      String value = eq < 0 ? "" : token.substring(eq + 1);
      try {
        value = URLDecoder.decode(value, StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        // shown as written; JdbcUrl has refused malformed escapes of a --url already
      }
      parameters.putIfAbsent(key, value);
    }
    return parameters;
  }
}
