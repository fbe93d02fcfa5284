package stress.app.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.postgresql.util.ServerErrorMessage;
import stress.connect.ConnectionSpec;
import stress.testing.RestartablePostgres;

/**
 * A run's set-up reads through a node that is down for a while: tried again with one line naming the node, the
 * required ones ending the run with one line after the bound, the optional ones left out saying what is missing.
 */
class SetupConnectionTest {
  /** What Citus 13.2 answered a key sample with one worker stopped (SQLState 08006, as an ERROR). */
  private static final String WORKER_DOWN = "connection to the remote node postgres@127.0.0.1:9702 failed with the"
      + " following error: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?";

  private static PSQLException serverError(String state, String message) {
    return new PSQLException(new ServerErrorMessage("SERROR\0VERROR\0C" + state + "\0M" + message + "\0"));
  }

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

  private List<String> lines() {
    return printed.toString(StandardCharsets.UTF_8).lines().toList();
  }

  /** A URL whose port nobody listens on: a connection to it is refused at once. */
  private static ConnectionSpec closedPort() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    return new ConnectionSpec("jdbc:postgresql://127.0.0.1:" + port + "/postgres", "postgres", null,
        Map.of("connectTimeout", "2"), List.of());
  }

  @Test
  void theNodeOfAFailureIsTheOneTheCoordinatorNamesOrTheServerForAConnectionFailure() {
    String server = "db:5432";
    assertEquals("127.0.0.1:9702", SetupConnection.unavailableNode(serverError("08006", WORKER_DOWN), server));
    assertEquals("w2:5432", SetupConnection.unavailableNode(serverError("57P01",
        "terminating connection due to administrator command\n  Where: while executing command on w2:5432"), server));
    assertEquals("127.0.0.1:9702", SetupConnection.unavailableNode(serverError("XX000",
        "could not establish any connections to the node 127.0.0.1:9702 when local execution is also disabled."),
        server));
    assertEquals("a datanode", SetupConnection.unavailableNode(serverError("53000",
        "Failed to get pooled connections"), server));
    assertEquals(server, SetupConnection.unavailableNode(new PSQLException("Connection to db:5432 refused.",
        PSQLState.CONNECTION_UNABLE_TO_CONNECT), server));
    assertEquals(server, SetupConnection.unavailableNode(serverError("57P03", "the database system is starting up"),
        server));
    // not outages: waiting mends none of them, though the first names the worker that relayed it
    assertNull(SetupConnection.unavailableNode(serverError("23505",
        "duplicate key value violates unique constraint\n  Where: while executing command on w2:5432"), server));
    assertNull(SetupConnection.unavailableNode(serverError("42P01", "relation \"t\" does not exist"), server));
    assertNull(SetupConnection.unavailableNode(serverError("53300", "sorry, too many clients already"), server));
  }

  @Test
  void aReadThatAStoppedWorkerFailsIsTriedAgainWithOneLineAndGoesOnWhenItAnswers() throws Exception {
    AtomicInteger tries = new AtomicInteger();
    SetupConnection setup = SetupConnection.unopened(closedPort(), Duration.ofSeconds(30), "--connect-timeout", out);
    String keys = setup.runOrSkip("reading the table's keys", "the keys", () -> {
      if (tries.incrementAndGet() < 4) {
        throw serverError("08006", WORKER_DOWN);
      }
      return "keys";
    }, null);
    assertEquals("keys", keys);
    assertEquals(4, tries.get());
    List<String> lines = lines();
    assertEquals(2, lines.size(), String.join("\n", lines));
    assertEquals("set-up: 127.0.0.1:9702 unavailable while reading the table's keys (08006 connection to the remote"
        + " node postgres@127.0.0.1:9702 failed with the following error: Connection refused); trying again for up to"
        + " 30s (--connect-timeout)", lines.get(0));
    assertTrue(lines.get(1).matches("set-up: 127\\.0\\.0\\.1:9702 answers again after \\d+\\.\\d s; the run goes on"),
        lines.get(1));
  }

  @Test
  void aRequiredReadEndsTheRunWithOneLineNamingTheServerAfterTheBound() throws Exception {
    ConnectionSpec spec = closedPort();
    String server = spec.servers().get(0);
    SetupConnection setup = SetupConnection.unopened(spec, Duration.ofMillis(400), "--connect-timeout", out);
    SQLException e = assertThrows(SQLException.class, () -> setup.read("reading the table's keys", c -> 1));
    assertEquals("08001", e.getSQLState());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertTrue(e.getMessage().matches(java.util.regex.Pattern.quote(server) + " was unavailable for \\d+\\.\\d s"
        + " \\(--connect-timeout 400ms\\) while the run was reading the table's keys: .*"), e.getMessage());
    assertTrue(e.getMessage().endsWith("; nothing was measured"), e.getMessage());
    assertEquals(List.of("set-up: " + server + " unavailable while reading the table's keys (08001 "),
        lines().stream().map(l -> l.substring(0, l.indexOf("(08001 ") + 7)).toList(), String.join("\n", lines()));
  }

  @Test
  void anOptionalReadIsLeftOutSayingWhatIsMissingAndTheNextOneDoesNotWaitAgain() throws Exception {
    ConnectionSpec spec = closedPort();
    String server = spec.servers().get(0);
    SetupConnection setup = SetupConnection.unopened(spec, Duration.ofMillis(300), "--connect-timeout", out);
    List<String> none = List.of();
    assertSame(none, setup.readOrSkip("reading the indexes' statistics", "the note on indexes without statistics",
        c -> List.of("note"), none));
    assertSame(none, setup.readOrSkip("explaining the operations", "the explain", c -> List.of("plan"), none));
    List<String> lines = lines();
    assertEquals(3, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(1).matches("set-up: " + java.util.regex.Pattern.quote(server) + " was unavailable for"
        + " \\d+\\.\\d s \\(--connect-timeout 300ms\\) while the run was reading the indexes' statistics: .*"),
        lines.get(1));
    assertTrue(lines.get(1).endsWith("; measuring without the note on indexes without statistics"), lines.get(1));
    // the node was given up on: the next read says so at once instead of announcing another wait
    assertTrue(lines.get(2).matches("set-up: " + java.util.regex.Pattern.quote(server) + " was unavailable for"
        + " \\d+\\.\\d s earlier in the set-up \\(--connect-timeout 300ms\\) while the run was explaining the"
        + " operations: .*"), lines.get(2));
    assertTrue(lines.get(2).endsWith("; measuring without the explain"), lines.get(2));
  }

  @Test
  void aFailureThatIsNotAnOutageIsThrownAtOnce() throws Exception {
    SetupConnection setup = SetupConnection.unopened(closedPort(), Duration.ofSeconds(30), "--connect-timeout", out);
    PSQLException missing = serverError("42P01", "relation \"t\" does not exist");
    AtomicInteger tries = new AtomicInteger();
    SQLException e = assertThrows(SQLException.class, () -> setup.runOrSkip("reading the table", "the table", () -> {
      tries.incrementAndGet();
      throw missing;
    }, null));
    assertSame(missing, e);
    assertEquals(1, tries.get());
    assertEquals(List.of(), lines());
  }

  @Test
  void aWritingStepIsNotTriedAgainButEndsWithOneLineNamingTheNode() throws Exception {
    SetupConnection setup = SetupConnection.unopened(closedPort(), Duration.ofSeconds(30), "--connect-timeout", out);
    AtomicInteger tries = new AtomicInteger();
    SQLException e = assertThrows(SQLException.class, () -> setup.writeOnce("creating the tables", c -> {
      tries.incrementAndGet();
      return null;
    }));
    assertEquals(0, tries.get(), "the connection to the closed port failed before the step");
    assertTrue(e.getMessage().contains(" was unavailable while the run was creating the tables (not tried again"),
        e.getMessage());
  }

  /**
   * A real server stopped under the set-up's connection: the read fails (the session ended), opening another is
   * refused while it is down, and the read is done once the server is started again.
   */
  @Test
  void aReadWaitsForAStoppedServerAndIsDoneOnceItIsBack() throws Exception {
    try (RestartablePostgres server = RestartablePostgres.start()) {
      ConnectionSpec spec = new ConnectionSpec(server.url(), "postgres", null, Map.of(), List.of());
      try (SetupConnection setup = SetupConnection.open(spec, Duration.ofSeconds(60), "--connect-timeout", out)) {
        assertEquals(1, (int) setup.read("counting", SetupConnectionTest::one));
        server.stop();
        CompletableFuture<Integer> read = CompletableFuture.supplyAsync(() -> {
          try {
            return setup.read("reading the table's keys", SetupConnectionTest::one);
          } catch (SQLException | InterruptedException e) {
            throw new IllegalStateException(e);
          }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (lines().isEmpty() && !read.isDone() && System.nanoTime() < deadline) {
          Thread.sleep(20); // until the read has failed and said so
        }
        assertEquals(1, lines().size(), "the read said that it waits: " + lines());
        server.startAgain();
        assertEquals(1, (int) read.get(60, TimeUnit.SECONDS));
      }
      List<String> lines = lines();
      assertEquals(2, lines.size(), String.join("\n", lines));
      // the session's end (57P01, or 08006 when the driver saw the socket close first)
      assertTrue(lines.get(0).matches("set-up: localhost:" + server.port() + " unavailable while reading the"
          + " table's keys \\((08006|57P01) .*\\); trying again for up to 1m \\(--connect-timeout\\)"), lines.get(0));
      assertTrue(lines.get(1).startsWith("set-up: localhost:" + server.port() + " answers again after "),
          lines.get(1));
    }
  }

  private static int one(java.sql.Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
