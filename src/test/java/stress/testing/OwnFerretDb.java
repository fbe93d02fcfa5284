package stress.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A FerretDB process of a test's own, for tests that stop or freeze the server (the shared one of
 * {@code STRESS_MONGODB_URL} must stay up for the others): the binary {@code .ci/ferretdb.sh} built, run on its SQLite
 * backend in a directory of its own, so that it needs neither root nor a PostgreSQL of its own; what is tested is the
 * wire-protocol process stopping or freezing, whatever stores its documents. The binary is
 * {@code STRESS_FERRETDB_BIN}, else the newest {@code ferretdb-*}{@code /bin/ferretdb} in the script's cache
 * ({@code STRESS_CI_CACHE}, else {@code $XDG_CACHE_HOME/stress-ci}, else {@code ~/.cache/stress-ci}).
 */
public final class OwnFerretDb implements AutoCloseable {
  private final Process process;
  private final int port;

  private OwnFerretDb(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /**
   * Starts one in {@code dir} and waits until it listens; the test is skipped, saying why, without
   * {@code STRESS_MONGODB_URL} (no FerretDB in this environment) or without the binary.
   */
  public static OwnFerretDb start(Path dir) throws IOException, InterruptedException {
    String shared = System.getenv("STRESS_MONGODB_URL");
    Assumptions.assumeTrue(shared != null && !shared.isBlank(),
        "MongoDB-target tests SKIPPED: STRESS_MONGODB_URL is not set (.ci/ferretdb.sh starts FerretDB)");
    Path binary = binary();
    Assumptions.assumeTrue(binary != null, "MongoDB failure tests SKIPPED: no FerretDB binary to start one of their"
        + " own (STRESS_FERRETDB_BIN, or the build of .ci/ferretdb.sh in its cache)");
    Path data = Files.createDirectories(dir.resolve("data"));
    int port = freePort();
    Process process = new ProcessBuilder(binary.toString(), "--handler=sqlite", "--sqlite-url=file:" + data + "/",
        "--listen-addr=127.0.0.1:" + port, "--debug-addr=127.0.0.1:0", "--telemetry=disable",
        "--state-dir=" + Files.createDirectories(dir.resolve("state")))
        .redirectErrorStream(true).redirectOutput(dir.resolve("ferretdb.log").toFile()).start();
    OwnFerretDb own = new OwnFerretDb(process, port);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!own.listens()) {
      if (!process.isAlive() || System.nanoTime() - deadline > 0) {
        own.close();
        throw new IllegalStateException("FerretDB did not start on port " + port + ": "
            + Files.readString(dir.resolve("ferretdb.log")));
      }
      Thread.sleep(50);
    }
    return own;
  }

  private static Path binary() throws IOException {
    String given = System.getenv("STRESS_FERRETDB_BIN");
    if (given != null && !given.isBlank()) {
      return Files.isExecutable(Path.of(given)) ? Path.of(given) : null;
    }
    String cache = System.getenv("STRESS_CI_CACHE");
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path root = cache != null && !cache.isBlank() ? Path.of(cache) : xdg != null && !xdg.isBlank()
        ? Path.of(xdg, "stress-ci") : Path.of(System.getProperty("user.home"), ".cache", "stress-ci");
    if (!Files.isDirectory(root)) {
      return null;
    }
    try (Stream<Path> builds = Files.list(root)) {
      List<Path> binaries = builds.filter(p -> p.getFileName().toString().startsWith("ferretdb-"))
          .map(p -> p.resolve("bin/ferretdb")).filter(Files::isExecutable)
          .sorted(Comparator.comparing(Path::toString)).toList();
      return binaries.isEmpty() ? null : binaries.get(binaries.size() - 1);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private boolean listens() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  public String url() {
    return "mongodb://127.0.0.1:" + port + "/";
  }

  public int port() {
    return port;
  }

  /** Stops it at once (SIGKILL), as a server that dies. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** Freezes it (SIGSTOP): connections stay open and even new ones are accepted by the kernel, but nothing answers. */
  public void freeze() throws IOException, InterruptedException {
    signal("-STOP");
  }

  /** Lets a frozen one go on (SIGCONT). */
  public void thaw() throws IOException, InterruptedException {
    signal("-CONT");
  }

  private void signal(String which) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", which, Long.toString(process.pid())).inheritIO().start();
    if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new IllegalStateException("kill " + which + " " + process.pid() + " failed");
    }
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      try {
        thaw(); // a frozen process ends on SIGKILL too, but its children's pipes are left tidier
      } catch (IOException | RuntimeException ignored) {
        // it is killed below either way
      }
      kill();
    }
  }
}
