package stress.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A PgBouncer of its own in front of the tests' embedded PostgreSQL ({@link TestDatabase}), on a free loopback port,
 * with its ini and auth file in a directory of its own. Clients log in with SCRAM as {@link #USER} with
 * {@link #password()}; PgBouncer logs in to the server (which trusts local logins) as the same role. Debian's binary
 * (or the one {@code STRESS_PGBOUNCER} names) refuses to run as root, so as root it runs as the {@code postgres} OS
 * user. Tests that need it call {@link #start} and skip, saying why, when no binary is installed; {@link #stop} and
 * {@link #startAgain} make an outage of it on the same port.
 */
public final class PgBouncerServer implements AutoCloseable {
  /** The login role, made on the embedded server, listed in stats_users when the console is allowed. */
  public static final String USER = "pooled";
  /** A role PgBouncer knows that may not read the console. */
  public static final String OTHER_USER = "pooled_other";

  /** What {@link #USER} may do on the console: everything, SHOW but SHOW CONFIG (1.18's stats_users), nothing. */
  public enum Console { ADMIN, STATS, NONE }

  private static final Duration READY_WITHIN = Duration.ofSeconds(20);

  private final Path dir;
  /** What starts it, so {@link #startAgain} starts the same ini on the same port. */
  private final List<String> command;
  private final String database;
  private Process process;
  private final int port;
  private final String password;

  private PgBouncerServer(Path dir, List<String> command, String database, int port, String password)
      throws IOException {
    this.dir = dir;
    this.command = List.copyOf(command);
    this.database = database;
    this.port = port;
    this.password = password;
    this.process = launch();
  }

  private Process launch() throws IOException {
    // appended to, so the log of a run before a restart stays there
    return new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("pgbouncer.log").toFile())).start();
  }

  /** The PgBouncer binary: {@code STRESS_PGBOUNCER}, else Debian's, else one on the PATH; empty when none is. */
  public static Optional<Path> binary() {
    String named = System.getenv("STRESS_PGBOUNCER");
    if (named != null && !named.isBlank()) {
      return Optional.of(Path.of(named)).filter(Files::isExecutable);
    }
    List<Path> candidates = new ArrayList<>(List.of(Path.of("/usr/sbin/pgbouncer")));
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty()) {
        candidates.add(Path.of(dir, "pgbouncer"));
      }
    }
    return candidates.stream().filter(Files::isExecutable).findFirst();
  }

  /**
   * Starts PgBouncer in front of {@code database} on the embedded server in {@code poolMode} (session or
   * transaction) with {@code poolSize} server connections; {@code console} lists {@link #USER} in admin_users or
   * stats_users, or in neither. Skips the calling test when no binary is installed.
   */
  public static PgBouncerServer start(String database, String poolMode, int poolSize, Console console)
      throws Exception {
    return start(database, poolMode, poolSize, console, List.of());
  }

  /** As {@link #start(String, String, int, Console)}, with {@code settings} ("name = value") added to its ini. */
  public static PgBouncerServer start(String database, String poolMode, int poolSize, Console console,
      List<String> settings) throws Exception {
    Optional<Path> binary = binary();
    assumeTrue(binary.isPresent(), "PgBouncer is not installed (apt-get install pgbouncer, or STRESS_PGBOUNCER=PATH"
        + " to a binary): the tests through a pooler skip");
    String password = "Pool-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
    createRoles(database, password);
    Path dir = Files.createTempDirectory("pgbouncer");
    int port = freePort();
    Files.writeString(dir.resolve("users.txt"), "\"" + USER + "\" \"" + password + "\"\n\"" + OTHER_USER + "\" \""
        + password + "\"\n");
    Files.writeString(dir.resolve("pgbouncer.ini"), String.join("\n",
        "[databases]",
        database + " = host=127.0.0.1 port=" + TestDatabase.port() + " dbname=" + database,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        "listen_port = " + port,
        "unix_socket_dir =",
        "auth_type = scram-sha-256",
        "auth_file = " + dir.resolve("users.txt"),
        "pool_mode = " + poolMode,
        "default_pool_size = " + poolSize,
        "max_client_conn = 2000",
        "admin_users = " + (console == Console.ADMIN ? USER : ""),
        "stats_users = " + (console == Console.STATS ? USER : ""),
        "ignore_startup_parameters = extra_float_digits,options",
        String.join("\n", settings),
        "") );
    List<String> command = new ArrayList<>();
    boolean root = "root".equals(System.getProperty("user.name"));
    if (root) {
      giveToPostgres(dir);
      command.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    // a login session's soft limit of 1024 files would refuse clients past about a thousand (accept(): too many open
    // files): raised to the hard limit, as a pooler's service unit does
    command.addAll(List.of("sh", "-c", "ulimit -n \"$(ulimit -Hn)\" 2>/dev/null; exec \"$0\" \"$@\""));
    command.add(binary.get().toString());
    command.add(dir.resolve("pgbouncer.ini").toString());
    PgBouncerServer server = new PgBouncerServer(dir, command, database, port, password);
    try {
      server.awaitReady(database);
    } catch (Exception e) {
      server.close();
      throw e;
    }
    return server;
  }

  public int port() {
    return port;
  }

  /** The password of {@link #USER} and {@link #OTHER_USER}. */
  public String password() {
    return password;
  }

  /** A JDBC URL of {@code database} through this PgBouncer. */
  public String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  /** A connection through this PgBouncer as {@code user}. */
  public Connection connect(String database, String user) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", user);
    p.setProperty("password", password);
    return DriverManager.getConnection(url(database), p);
  }

  /** Its version as the binary says it ({@code PgBouncer 1.18.0}). */
  public static String version() throws IOException, InterruptedException {
    Process p = new ProcessBuilder(binary().orElseThrow().toString(), "--version").redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    p.waitFor();
    return text.lines().findFirst().orElse("").trim();
  }

  /** Its minor version (18 for 1.18.0); 1.21 was the first to keep prepared statements in transaction pooling. */
  public static int minorVersion() throws IOException, InterruptedException {
    String version = version();
    Matcher m = Pattern.compile("PgBouncer 1\\.(\\d+)").matcher(version);
    if (!m.find()) {
      throw new IllegalStateException("not a PgBouncer 1.x version: " + version);
    }
    return Integer.parseInt(m.group(1));
  }

  /** What PgBouncer wrote so far, for a failing test's message. */
  public String log() {
    try {
      return Files.readString(dir.resolve("pgbouncer.log"));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /**
   * Stops this PgBouncer as an outage would (its clients' connections broken), and returns once its processes are
   * gone, so its port is free again; its files stay for {@link #startAgain}.
   */
  public void stop() throws Exception {
    List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
    all.add(process.toHandle());
    all.forEach(ProcessHandle::destroy);
    for (ProcessHandle p : all) {
      p.onExit().get(READY_WITHIN.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
    }
  }

  /** Starts it again after {@link #stop}: the same ini, port and logins; returns once a login through it works. */
  public void startAgain() throws Exception {
    if (process.isAlive()) {
      throw new IllegalStateException("PgBouncer on port " + port + " is still running: stop it first");
    }
    process = launch();
    awaitReady(database);
  }

  /** Stops exactly this PgBouncer (the binary under runuser, then runuser) and removes its files. */
  @Override
  public void close() throws IOException {
    try {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
      process.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
    } catch (Exception e) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** Waits until a login through it works: the condition a test needs, bounded so a broken set-up fails. */
  private void awaitReady(String database) throws Exception {
    Instant deadline = Instant.now().plus(READY_WITHIN);
    SQLException last = null;
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException("PgBouncer exited with " + process.exitValue() + ": " + log());
      }
      try (Connection c = connect(database, USER)) {
        return;
      } catch (SQLException e) {
        last = e; // not listening yet
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException("PgBouncer did not accept a login within " + READY_WITHIN.toSeconds() + " s: "
        + (last == null ? "" : last.getMessage()) + "; its log: " + log());
  }

  private static void createRoles(String database, String password) throws SQLException {
    try (Connection c = TestDatabase.connect(TestDatabase.url(database)); var s = c.createStatement()) {
      for (String role : List.of(USER, OTHER_USER)) {
        s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '" + role + "') THEN CREATE ROLE "
            + role + " LOGIN; END IF; END $$");
        s.execute("ALTER ROLE " + role + " PASSWORD '" + password + "'");
        s.execute("GRANT ALL ON SCHEMA public TO " + role);
        s.execute("GRANT ALL ON ALL TABLES IN SCHEMA public TO " + role);
      }
    }
  }

  private static void giveToPostgres(Path dir) throws IOException {
    UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
    var postgres = users.lookupPrincipalByName("postgres");
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.toList()) {
        Files.setOwner(p, postgres);
      }
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
