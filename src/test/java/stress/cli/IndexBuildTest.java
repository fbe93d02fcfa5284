package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.app.process.ExitCode;
import stress.testing.TestDatabase;

/**
 * {@code stress index} for builds that take long: the client's socket timeout is the user's to set (none by default),
 * a statement_timeout the server imposes is named before the build, and Ctrl-C cancels the build on the server.
 */
class IndexBuildTest {
  private static final String WORKLOAD = """
      operations:
        by_u:
          sql: SELECT _id FROM {table} WHERE data ->> 'u' = :u
          params:
            u: {sample: u, cap: 50}
      indexes:
        - {path: u}
      """;
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("indexbuild");
  }

  private static void initTable(String databaseUrl, String table) {
    CliTester.Result r = CliTester.run("--url", databaseUrl, "-U", "postgres", "init", "--docs", "200", "--table",
        table);
    assertEquals(0, r.exitCode(), r.all());
  }

  private List<String> indexArgs(String databaseUrl, String table, String... more) throws IOException {
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, WORKLOAD);
    List<String> args = new ArrayList<>(List.of("--url", databaseUrl, "-U", "postgres", "index", "--workload",
        file.toString(), "--table", table));
    args.addAll(List.of(more));
    return args;
  }

  @Test
  void aSocketTimeoutGivenEndsABuildTheServerKeepsWaitingAndSaysWhatToDo() throws Exception {
    initTable(url, "sock");
    CliTester.Result r;
    try (Connection writer = TestDatabase.connect(url); Statement s = writer.createStatement()) {
      // a writer's open transaction holds ROW EXCLUSIVE, which CREATE INDEX (SHARE) waits for; reads go on
      writer.setAutoCommit(false);
      s.execute("LOCK TABLE sock IN ROW EXCLUSIVE MODE");
      r = CliTester.run(indexArgs(url, "sock", "--socket-timeout", "1s").toArray(String[]::new));
      writer.rollback();
    } finally {
      terminateBuilds(url);
    }
    assertEquals(ExitCode.FAILURE.code(), r.exitCode(), r.all());
    assertTrue(r.err().contains("w.yaml:7: {path: u, type: text}: no reply from the server within --socket-timeout 1s"
        + " while running CREATE INDEX IF NOT EXISTS \"sock_u_idx\""), r.err());
    assertTrue(r.err().contains("raise --socket-timeout or leave it out for no limit"), r.err());
  }

  @Test
  void aStatementTimeoutOfTheServerIsNamedBeforeTheBuildAndNoneIsSetByTheTool() throws Exception {
    String own = TestDatabase.newDatabaseUrl("indexbuild_st");
    initTable(own, "st");
    CliTester.Result plain = CliTester.run(indexArgs(own, "st").toArray(String[]::new));
    assertEquals(0, plain.exitCode(), plain.all());
    assertFalse(plain.out().contains("statement_timeout"), plain.out());

    try (Connection c = TestDatabase.connect(own); Statement s = c.createStatement()) {
      s.execute("ALTER DATABASE \"" + TestDatabase.databaseName(own) + "\" SET statement_timeout = '5min'");
      s.execute("DROP INDEX st_u_idx");
    }
    CliTester.Result limited = CliTester.run(indexArgs(own, "st").toArray(String[]::new));
    assertEquals(0, limited.exitCode(), limited.all());
    assertTrue(limited.out().contains("note: statement_timeout is 5min on this connection (set by the server, database"
        + " or role, not by this tool); the server cancels a build that takes longer"), limited.out());
  }

  /** Ctrl-C in a real process: the build waiting on the server is cancelled there, said in one line, exit 130. */
  @Test
  void ctrlCDuringABuildCancelsItOnTheServerAndExits130() throws Exception {
    assumeFalse(ChildJvm.sigintIgnored(), ChildJvm.SIGINT_IGNORED);
    initTable(url, "sigint");
    Process p;
    StringBuffer output = new StringBuffer();
    try (Connection writer = TestDatabase.connect(url); Statement s = writer.createStatement()) {
      writer.setAutoCommit(false);
      s.execute("LOCK TABLE sigint IN ROW EXCLUSIVE MODE");
      p = new ProcessBuilder(ChildJvm.command(indexArgs(url, "sigint"))).redirectErrorStream(true).start();
      Process child = p;
      // read on a thread of its own, so that a child that never ends fails the test after the deadline, not hangs it
      Thread reader = new Thread(() -> {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(),
            StandardCharsets.UTF_8))) {
          r.lines().forEach(line -> output.append(line).append('\n'));
        } catch (IOException | UncheckedIOException ended) {
          // the child was destroyed
        }
      });
      reader.start();
      try {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (waitingBuilds(url) == 0) {
          assertTrue(System.nanoTime() < deadline && p.isAlive(), "the build never waited on the lock");
          Thread.sleep(20);
        }
        assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the process ended within 60 s of SIGINT: " + output);
        reader.join(TimeUnit.SECONDS.toMillis(60));
      } finally {
        p.destroyForcibly();
        writer.rollback();
      }
    }
    assertEquals(ExitCode.INTERRUPTED.code(), p.exitValue(), output.toString());
    assertTrue(output.toString().contains("\nindex build of sigint_u_idx cancelled on the server\n"),
        output.toString());
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_indexes WHERE indexname = 'sigint_u_idx'")) {
      rs.next();
      assertEquals(0, rs.getLong(1), "the build was rolled back on the server");
    }
  }

  private static long waitingBuilds(String databaseUrl) throws SQLException {
    try (Connection c = TestDatabase.connect(databaseUrl); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
             + " AND wait_event_type = 'Lock' AND query LIKE 'CREATE INDEX%'")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void aSocketTimeoutThatIsNoDurationIsAUsageError() throws IOException {
    CliTester.Result r = CliTester.run(indexArgs(url, "none", "--socket-timeout", "soon").toArray(String[]::new));
    assertEquals(ExitCode.USAGE.code(), r.exitCode(), r.all());
    assertTrue(r.err().contains("--socket-timeout must be a duration like 60s"), r.err());
  }

  @Test
  void theHelpNamesTheSocketTimeoutAndItsDefault() {
    CliTester.Result r = CliTester.run("index", "--help");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("--socket-timeout TIME"), r.out());
    assertTrue(r.out().replaceAll("\\s+", " ").contains("Default: none, the client waits as long as the server works"),
        r.out());
  }

  /** Ends the builds a test left waiting on the server (a client that gave up does not end its backend's work). */
  static void terminateBuilds(String databaseUrl) throws SQLException {
    try (Connection c = TestDatabase.connect(databaseUrl); Statement s = c.createStatement()) {
      s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database()"
          + " AND pid <> pg_backend_pid() AND query LIKE 'CREATE INDEX%'");
    }
  }
}
