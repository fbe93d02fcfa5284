package stress.connect;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import stress.model.PreferQueryMode;
import stress.model.UsageException;

/**
 * The pgjdbc properties this tool always sets, and therefore always reports. Typed and checked here because
 * pgjdbc itself quietly falls back to a default for a value it does not understand (an unknown
 * {@code preferQueryMode} becomes {@code extended}), and a benchmark must run what was asked for.
 *
 * @param connectTimeoutSeconds socket connect timeout in seconds, 0 = wait forever (pgjdbc {@code connectTimeout})
 * @param socketTimeoutSeconds  read timeout in seconds, 0 = none (pgjdbc {@code socketTimeout})
 * @param loginTimeoutSeconds   limit for the whole login in seconds, 0 = none (pgjdbc {@code loginTimeout})
 * @param prepareThreshold      executions of a PreparedStatement before it becomes a server-side prepared
 *                              statement; 0 = never, -1 = at once with binary transfer forced (pgjdbc's
 *                              documented meaning of -1)
 * @param preferQueryMode       pgjdbc {@code preferQueryMode}
 * @param options               startup {@code options} (for example {@code -c search_path=app}), or null for none
 */
public record DriverSettings(int connectTimeoutSeconds, int socketTimeoutSeconds, int loginTimeoutSeconds,
                             int prepareThreshold, PreferQueryMode preferQueryMode, String options) {

  /** The {@code ApplicationName} every connection carries, so servers can tell benchmark sessions apart. */
  public static final String APPLICATION_NAME = "stress";

  /** pgjdbc's default {@code connectTimeout} in seconds, used when a spec does not set one. */
  public static final int PGJDBC_DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;

  /** pgjdbc stores socketTimeout as milliseconds in an int, so this is the largest number of seconds it takes. */
  public static final int MAX_TIMEOUT_SECONDS = 2_147_484;

  /** The property names set here; a URL or an extra driver property must not set them a second time. */
  public static final Set<String> PROPERTY_NAMES = Set.of("connectTimeout", "socketTimeout", "loginTimeout",
      "ApplicationName", "prepareThreshold", "preferQueryMode", "options");

  public DriverSettings {
    checkTimeout("connectTimeout", connectTimeoutSeconds);
    checkTimeout("socketTimeout", socketTimeoutSeconds);
    checkTimeout("loginTimeout", loginTimeoutSeconds);
    if (prepareThreshold < -1) {
      throw new UsageException("prepareThreshold must be -1 (prepare at once, force binary), 0 (never)"
          + " or a positive number of executions, got " + prepareThreshold);
    }
    Objects.requireNonNull(preferQueryMode, "preferQueryMode");
    if (options != null && options.indexOf('\0') >= 0) {
      throw new UsageException("startup options must not contain a NUL character");
    }
    if (options != null && options.isBlank()) {
      options = null;
    }
  }

  private static void checkTimeout(String name, int seconds) {
    if (seconds < 0 || seconds > MAX_TIMEOUT_SECONDS) {
      throw new UsageException(name + " must be between 0 (no limit) and " + MAX_TIMEOUT_SECONDS
          + " seconds, got " + seconds);
    }
  }

  /** The pgjdbc properties, named as pgjdbc names them. */
  public Map<String, String> toProperties() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("connectTimeout", Integer.toString(connectTimeoutSeconds));
    p.put("socketTimeout", Integer.toString(socketTimeoutSeconds));
    p.put("loginTimeout", Integer.toString(loginTimeoutSeconds));
    p.put("ApplicationName", APPLICATION_NAME);
    p.put("prepareThreshold", Integer.toString(prepareThreshold));
    p.put("preferQueryMode", preferQueryMode.driverName());
    if (options != null) {
      p.put("options", options);
    }
    return p;
  }

  /**
   * The connect timeout a spec carries (pgjdbc's default when it sets none); pools use it as the longest
   * wait for a connection. Zero means no limit.
   */
  public static Duration connectTimeout(ConnectionSpec spec) {
    String value = spec.driverProperties().get("connectTimeout");
    if (value == null) {
      return Duration.ofSeconds(PGJDBC_DEFAULT_CONNECT_TIMEOUT_SECONDS);
    }
    try {
      return Duration.ofSeconds(Integer.parseInt(value.trim()));
    } catch (NumberFormatException e) {
      throw new UsageException("driver property connectTimeout must be a whole number of seconds, got '"
          + value + "'", e);
    }
  }

  /**
   * pgjdbc's own statement cache as a spec configures it: every physical connection keeps its own cache of
   * parsed (and, past prepareThreshold, server-prepared) statements, whatever the pool does.
   */
  public static String pgjdbcStatementCache(ConnectionSpec spec) {
    Map<String, String> p = spec.driverProperties();
    return "pgjdbc per connection: preparedStatementCacheQueries="
        + p.getOrDefault("preparedStatementCacheQueries", "256")
        + ", preparedStatementCacheSizeMiB=" + p.getOrDefault("preparedStatementCacheSizeMiB", "5");
  }
}
