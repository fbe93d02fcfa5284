package stress.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.app.index.IndexProgress;
import stress.app.process.ExitCode;
import stress.app.setup.ChosenDatabase;
import stress.connect.ConnectionOptions;
import stress.connect.ConnectionResolver;
import stress.connect.PhysicalConnections;
import stress.testing.TestDatabase;
import stress.workload.WorkloadFile;

/**
 * {@link IndexJob} on a real PostgreSQL: builds with progress polled as often as it can be, a stop that cancels the
 * build (or the check before it) on the server, and the progress view read for a backend that builds nothing. No
 * test waits for a progress line: what a build prints depends on how long it takes.
 */
class IndexJobBuildTest {
  private static final Pattern PROGRESS = Pattern.compile("  building \\S+: (phase \"[^\"]+\", blocks \\d+ of \\d+"
      + "( \\(\\d+%\\))?, tuples \\d+ of \\d+( \\(\\d+%\\))?|no progress shown yet \\(.*\\))");
  private static String url;
  private static ExecutorService background;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() throws SQLException {
    url = TestDatabase.newDatabaseUrl("indexjob");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String table : new String[] {"big", "held", "checked"}) {
        s.execute("CREATE TABLE " + table + " (_id integer PRIMARY KEY, data jsonb)");
      }
      s.execute("INSERT INTO big SELECT i, jsonb_build_object('u', i % 1000, 't', i, 'l', md5(i::text))"
          + " FROM generate_series(1, 200000) i");
      s.execute("INSERT INTO held SELECT i, jsonb_build_object('u', i) FROM generate_series(1, 100) i");
      s.execute("INSERT INTO checked SELECT i, jsonb_build_object('t', i) FROM generate_series(1, 100) i");
    }
    background = Executors.newCachedThreadPool();
  }

  @AfterAll
  static void shutdown() {
    background.shutdownNow();
  }

  /** A job on {@code table} of the test database, printing into {@code out}. */
  private IndexJob job(String yaml, String table, ChosenDatabase db, PrintStream out, Duration poll) throws IOException {
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, "operations:\n  by_u:\n    sql: SELECT _id FROM {table} WHERE data ->> 'u' = :u\n"
        + "    params:\n      u: {sample: u, cap: 50}\n" + yaml);
    return new IndexJob(WorkloadFile.load(file), null, table, db, Duration.ZERO, out, poll);
  }

  private static ChosenDatabase database(PrintStream out) {
    return ChosenDatabase.open(new ConnectionOptions(url, null, null, "postgres", null, Map.of()),
        Commands.indexDriverSettings(Duration.ZERO), ConnectionResolver.fromSystem(), out);
  }

  @Test
  void indexesAreBuiltWithProgressPolledWhileTheyRun() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    try (ChosenDatabase db = database(out)) {
      IndexJob job = job("indexes:\n  - {gin: data}\n  - {path: [u, t], type: [text, numeric]}\n", "big", db, out,
          Duration.ofMillis(1));
      assertEquals(ExitCode.OK, job.run());
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(printed.contains("progress: every 1ms from pg_stat_progress_create_index"), printed);
    assertTrue(printed.contains("{gin: data}: created in "), printed);
    assertTrue(printed.contains("{path: [u, t], type: [text, numeric]}: created in "), printed);
    printed.lines().filter(l -> l.startsWith("  ")).forEach(l -> assertTrue(PROGRESS.matcher(l).matches(), l));
    // after the last build only the ANALYZE that gives the new indexes statistics: no progress line of a build
    List<String> lines = printed.lines().toList();
    assertTrue(lines.get(lines.size() - 1).startsWith("analysed big in "), printed);
    assertTrue(lines.get(lines.size() - 2).contains("{path: [u, t], type: [text, numeric]}: created in "),
        "nothing printed after the build: " + printed);
    assertEquals(2, indexes("big"));
  }

  @Test
  void aStopCancelsTheBuildOnTheServerAndNothingMoreIsBuilt() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    ExitCode code;
    try (ChosenDatabase db = database(out);
         Connection writer = TestDatabase.connect(url); Statement s = writer.createStatement()) {
      IndexJob job = job("indexes:\n  - {path: u}\n  - {gin: data}\n", "held", db, out, Duration.ofMillis(50));
      // a writer's open transaction holds ROW EXCLUSIVE: the build (SHARE) waits for it as long as it is held
      writer.setAutoCommit(false);
      s.execute("LOCK TABLE held IN ROW EXCLUSIVE MODE");
      Future<ExitCode> running = background.submit(job::run);
      awaitWaitingOnALock("CREATE INDEX%held_u_idx%");
      job.stop();
      code = running.get(30, TimeUnit.SECONDS);
      writer.rollback();
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(ExitCode.INTERRUPTED, code, printed);
    assertTrue(printed.contains("index build of held_u_idx cancelled on the server\n"), printed);
    assertFalse(printed.contains("held_data_gin"), "the next index is not started: " + printed);
    assertEquals(0, indexes("held"));
    assertEquals(0, running("CREATE INDEX%"), "nothing left running on the server");
  }

  @Test
  void aStopDuringTheNumericCheckCancelsItsScan() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    ExitCode code;
    try (ChosenDatabase db = database(out);
         Connection locker = TestDatabase.connect(url); Statement s = locker.createStatement()) {
      IndexJob job = job("indexes:\n  - {path: t, type: numeric}\n", "checked", db, out, Duration.ofMillis(50));
      locker.setAutoCommit(false);
      s.execute("LOCK TABLE checked IN ACCESS EXCLUSIVE MODE");
      Future<ExitCode> running = background.submit(job::run);
      awaitWaitingOnALock("SELECT count(%");
      job.stop();
      code = running.get(30, TimeUnit.SECONDS);
      locker.rollback();
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(ExitCode.INTERRUPTED, code, printed);
    assertTrue(printed.contains("check of the numeric paths cancelled on the server\n"), printed);
    assertEquals(0, indexes("checked"));
  }

  @Test
  void aStopBeforeTheFirstBuildStartsNone() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    try (ChosenDatabase db = database(out)) {
      IndexJob job = job("indexes:\n  - {path: u}\n", "held", db, out, Duration.ofSeconds(5));
      job.stop();
      assertEquals(ExitCode.INTERRUPTED, job.run());
    }
    assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("stopped before building held_u_idx\n"));
    assertEquals(0, indexes("held"));
  }

  @Test
  void theProgressViewIsThereAndShowsNothingForABackendThatBuildsNothing() throws SQLException {
    try (Connection c = TestDatabase.connect(url); Connection idle = TestDatabase.connect(url)) {
      assertTrue(IndexProgress.available(c));
      assertTrue(IndexProgress.read(c, PhysicalConnections.backendPid(idle)).isEmpty());
    }
  }

  /** Waits (bounded) until a statement like {@code pattern} waits on a lock in the test database. */
  private static void awaitWaitingOnALock(String pattern) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (running(pattern + "' AND wait_event_type = 'Lock") == 0) {
      assertTrue(System.nanoTime() < deadline, "no statement like " + pattern + " waits on a lock");
      Thread.sleep(20);
    }
  }

  private static long running(String pattern) throws SQLException {
    return count("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        + " AND state = 'active' AND query LIKE '" + pattern + "'");
  }

  private static long indexes(String table) throws SQLException {
    return count("SELECT count(*) FROM pg_indexes WHERE tablename = '" + table + "' AND indexname <> '" + table
        + "_pkey'");
  }

  private static long count(String sql) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
