package stress.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of its own for a test, from the system's PostgreSQL binaries (Debian's
 * /usr/lib/postgresql/N/bin), in a temporary directory on a free port, that the test can restart on the same
 * port: the embedded server used elsewhere cannot. initdb refuses to run as root, so under root the server
 * runs as the {@code postgres} OS user (through runuser). A test that cannot have such a server is skipped
 * with the reason (no binaries, or root without a postgres user).
 */
public final class RestartablePostgres implements AutoCloseable {
  private static final Path BIN_ROOT = Path.of("/usr/lib/postgresql");
  private static final long COMMAND_TIMEOUT_SECONDS = 120;

  private final Path bin;
  private final Path dir;
  private final Path data;
  private final int port;
  private final boolean asPostgresUser;

  private RestartablePostgres(Path bin, Path dir, int port, boolean asPostgresUser) {
    this.bin = bin;
    this.dir = dir;
    this.data = dir.resolve("data");
    this.port = port;
    this.asPostgresUser = asPostgresUser;
  }

  /**
   * Creates a cluster and starts it; the test is skipped (with the reason) when that is not possible here.
   *
   * @param settings server settings as {@code name=value}, e.g. {@code max_connections=100}
   */
  public static RestartablePostgres start(String... settings) {
    Path bin = findBin();
    assumeTrue(bin != null, "no PostgreSQL server binaries under " + BIN_ROOT + " (Debian's postgresql package)");
    boolean root = "root".equals(System.getProperty("user.name"));
    boolean runuser = Files.isExecutable(Path.of("/usr/sbin/runuser")) || Files.isExecutable(Path.of("/sbin/runuser"));
    assumeTrue(!root || (runuser && postgresUserExists()),
        "running as root, and initdb refuses root: needs runuser and an OS user 'postgres'");
    try {
      Path dir = Files.createTempDirectory("stress-pg-");
      if (root) {
        UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
        Files.setOwner(dir, users.lookupPrincipalByName("postgres"));
      }
      RestartablePostgres server = new RestartablePostgres(bin, dir, freePort(), root);
      server.initdb();
      server.configure(settings);
      server.pgCtl("start", "-w", "-t", "60", "-l", dir.resolve("server.log").toString());
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** JDBC URL of the {@code postgres} database. */
  public String url() {
    return url("postgres");
  }

  public String url(String database) {
    return "jdbc:postgresql://localhost:" + port + "/" + database;
  }

  public int port() {
    return port;
  }

  /**
   * An outage of a known length: {@code pg_ctl stop -m fast} (every session ends, 57P01), the server down for
   * {@code down}, then started again and accepting connections. A plain restart can take less time than a run's
   * shortest reported outage on a fast machine, so a test of outages gives the server a time down of its own.
   */
  public void stopFastFor(java.time.Duration down) throws InterruptedException {
    pgCtl("stop", "-m", "fast", "-w", "-t", "60");
    Thread.sleep(down.toMillis()); // the scenario: the server is down this long
    pgCtl("start", "-w", "-t", "60", "-l", dir.resolve("server.log").toString());
  }

  /** Stops the server ({@code pg_ctl stop -m fast}): every session ends, and the port refuses connections. */
  public void stop() {
    pgCtl("stop", "-m", "fast", "-w", "-t", "60");
  }

  /** Starts the stopped server again on the same port and waits until it accepts connections. */
  public void startAgain() {
    pgCtl("start", "-w", "-t", "60", "-l", dir.resolve("server.log").toString());
  }

  /** The server log so far, for failure messages. */
  public String log() {
    try {
      return Files.readString(dir.resolve("server.log"));
    } catch (IOException e) {
      return "(no server log: " + e.getMessage() + ")";
    }
  }

  @Override
  public void close() {
    try {
      pgCtl("stop", "-m", "immediate", "-w");
    } finally {
      deleteTree(dir);
    }
  }

  private void initdb() {
    run(List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", "postgres", "--auth=trust",
        "-E", "UTF8", "--no-sync"));
  }

  private void configure(String... settings) throws IOException {
    List<String> lines = new ArrayList<>(List.of("port = " + port, "listen_addresses = 'localhost'",
        "unix_socket_directories = '" + dir + "'", "fsync = off", "shared_buffers = '32MB'"));
    for (String setting : settings) {
      int eq = setting.indexOf('=');
      lines.add(setting.substring(0, eq).strip() + " = '" + setting.substring(eq + 1).strip() + "'");
    }
    Path conf = data.resolve("postgresql.conf");
    Files.writeString(conf, Files.readString(conf) + "\n" + String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
  }

  private void pgCtl(String... args) {
    List<String> command = new ArrayList<>(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString()));
    command.addAll(List.of(args));
    run(command);
  }

  private void run(List<String> command) {
    List<String> full = new ArrayList<>();
    if (asPostgresUser) {
      full.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    full.addAll(command);
    try {
      Process p = new ProcessBuilder(full).directory(dir.toFile()).redirectErrorStream(true).start();
      byte[] output = p.getInputStream().readAllBytes();
      if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(String.join(" ", full) + " did not finish in " + COMMAND_TIMEOUT_SECONDS + " s");
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", full) + " failed with exit code " + p.exitValue() + ": "
            + new String(output, StandardCharsets.UTF_8) + "\n" + log());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + full, e);
    }
  }

  private static Path findBin() {
    if (!Files.isDirectory(BIN_ROOT)) {
      return null;
    }
    try (Stream<Path> versions = Files.list(BIN_ROOT)) {
      return versions.map(v -> v.resolve("bin"))
          .filter(b -> Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("pg_ctl")))
          .max(Comparator.comparing(b -> versionOf(b.getParent())))
          .orElse(null);
    } catch (IOException e) {
      return null;
    }
  }

  private static int versionOf(Path versionDir) {
    try {
      return Integer.parseInt(versionDir.getFileName().toString());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static boolean postgresUserExists() {
    try {
      return Files.readAllLines(Path.of("/etc/passwd")).stream().anyMatch(l -> l.startsWith("postgres:"));
    } catch (IOException e) {
      return false;
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // a temporary directory left behind is not worth failing a test for
    }
  }
}
