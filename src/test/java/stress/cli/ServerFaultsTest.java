package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.connect.DriverSettings;
import stress.testing.RestartablePostgres;

/**
 * Whole runs through the command line against a server of their own that the test restarts mid-run, and
 * that has only 100 connection slots.
 */
class ServerFaultsTest {
  /** SQLStates a restart may produce: admin shutdown, starting up, connection failure, cannot connect. */
  private static final Set<String> RESTART_STATES = Set.of("57P01", "57P03", "08006", "08001", "08003", "08004");
  private static RestartablePostgres server;

  @TempDir
  Path dir;

  @BeforeAll
  static void start() {
    server = RestartablePostgres.start("max_connections=100");
    CliTester.Result r = CliTester.run("--url", server.url(), "-U", "postgres", "init", "--docs", "2000");
    assertEquals(0, r.exitCode(), r.all());
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private record Run(CliTester.Result cli, JsonNode phase) {}

  /**
   * Measured seconds of a run with a restart: the restart, the reconnections and successes after them must fit in
   * it however busy the machine (they take a few seconds as a rule).
   */
  private static final int RUN_SECONDS = 15;

  /** Runs for {@link #RUN_SECONDS} and restarts the server once every thread has its session and a lookup succeeded. */
  private Run runWithRestart(int threads, String... extra) throws Exception {
    Path json = dir.resolve("restart-" + System.nanoTime() + ".json");
    List<String> args = new ArrayList<>(List.of("--url", server.url(), "-U", "postgres", "run", "--json",
        json.toString(), "--warmup", "0", "--report-interval", "500ms", "--duration", RUN_SECONDS + "s", "--threads",
        Integer.toString(threads), "--op", "find_first=80,find_update=20", "--connect-timeout", "5s"));
    args.addAll(List.of(extra));
    AtomicReference<Throwable> restartFailure = new AtomicReference<>();
    long updatesBefore = updates();
    Thread restarter = new Thread(() -> {
      try {
        waitForSessions(threads);
        waitForALookup();
        // the workers prepare their statements before measuring starts, and a prepared lookup reads as one done:
        // updates the table counts are executions of the measured phase (it has no warm-up)
        waitForUpdates(updatesBefore + MEASURED_UPDATES);
        // down for longer than the shortest outage a run reports (100 ms), however fast the machine restarts it
        server.stopFastFor(java.time.Duration.ofMillis(500));
      } catch (Throwable t) {
        restartFailure.set(t);
      }
    });
    restarter.start();
    CliTester.Result r = CliTester.run(args.toArray(String[]::new));
    restarter.join(60_000);
    if (restartFailure.get() != null) {
      throw new AssertionError("restart failed: " + restartFailure.get(), restartFailure.get());
    }
    assertTrue(Files.exists(json), r.all());
    return new Run(r, new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0));
  }

  /** A condition read on the server. */
  private interface ServerCondition {
    boolean holds() throws SQLException;
  }

  /** Polls {@code condition} until it holds, for at most a minute (a guard against a hung run, not a timing). */
  private static void waitUntil(ServerCondition condition, String never) throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (System.nanoTime() < deadline) {
      if (condition.holds()) {
        return;
      }
      Thread.sleep(20);
    }
    throw new IllegalStateException(never + " within 60 s");
  }

  private static void waitForSessions(int threads) throws SQLException, InterruptedException {
    waitUntil(() -> sessions() >= threads, "the run never opened " + threads + " sessions");
  }

  /** Waits until one of the run's sessions has finished a lookup (it is idle after one). */
  private static void waitForALookup() throws SQLException, InterruptedException {
    waitUntil(() -> {
      try (Connection c = DriverManager.getConnection(server.url(), "postgres", null);
           Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE application_name = '"
               + DriverSettings.APPLICATION_NAME + "' AND state = 'idle' AND query LIKE 'SELECT \\_id, %'")) {
        rs.next();
        return rs.getInt(1) > 0;
      }
    }, "no lookup of the run finished");
  }

  /** Updates counted before the restart: proof that the measured phase runs, not only its set-up. */
  private static final long MEASURED_UPDATES = 10;

  private static void waitForUpdates(long atLeast) throws SQLException, InterruptedException {
    waitUntil(() -> updates() >= atLeast, "the run's updates never reached " + atLeast);
  }

  /** The rows updated in the database's tables, as the server's statistics count them so far. */
  private static long updates() throws SQLException {
    try (Connection c = DriverManager.getConnection(server.url(), "postgres", null);
         Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT coalesce(sum(n_tup_upd), 0) FROM pg_stat_user_tables")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static int sessions() throws SQLException {
    try (Connection c = DriverManager.getConnection(server.url(), "postgres", null);
         Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE application_name = '"
             + DriverSettings.APPLICATION_NAME + "' AND state IS NOT NULL")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** The run goes on after the restart, counts the failures by SQLState and the outage, and no worker hangs. */
  private static void assertSurvivedRestart(Run run) {
    String out = run.cli().all();
    JsonNode stats = run.phase().get("stats");
    long errors = stats.get("total").get("errorCount").asLong();
    assertTrue(errors > 0, "the restart failed some executions\n" + out);

    // errors by SQLState per interval add up to the total, and all come from the restart
    long byState = 0;
    double outageEnd = 0;
    JsonNode outages = stats.get("outages");
    assertEquals(1, outages.size(), "one outage: " + outages + "\nintervals: " + stats.get("intervals") + "\n" + out);
    JsonNode outage = outages.get(0);
    assertFalse(outage.get("endSeconds").isNull(), "the outage ended\n" + out);
    outageEnd = outage.get("endSeconds").asDouble();
    double outageStart = outage.get("startSeconds").asDouble();
    assertTrue(outageStart > 0 && outageStart < outageEnd && outageEnd < RUN_SECONDS,
        outageStart + " -> " + outageEnd);
    // the restart came after a lookup succeeded: the run's first executions succeeded
    JsonNode first = null;
    for (JsonNode interval : stats.get("intervals")) {
      if (interval.get("count").asLong() + interval.get("errorCount").asLong() > 0) {
        first = interval;
        break;
      }
    }
    assertTrue(first != null && first.get("count").asLong() > 0, "lookups succeeded before the restart\n" + out);
    assertTrue(RESTART_STATES.contains(outage.get("firstSqlState").asText()), outage.toString());
    assertTrue(outage.get("failed").asLong() > 0, outage.toString());
    outage.get("errorsBySqlState").fieldNames().forEachRemaining(state ->
        assertTrue(RESTART_STATES.contains(state), "unexpected SQLState " + state + " in " + outage));
    long successesAfter = 0;
    for (JsonNode interval : stats.get("intervals")) {
      var states = interval.get("errorsBySqlState").fields();
      while (states.hasNext()) {
        var state = states.next();
        assertTrue(RESTART_STATES.contains(state.getKey()), "unexpected SQLState " + state.getKey() + "\n" + out);
        byState += state.getValue().asLong();
      }
      if (interval.get("elapsedSeconds").asDouble() - interval.get("durationSeconds").asDouble() > outageEnd) {
        successesAfter += interval.get("count").asLong();
      }
    }
    assertEquals(errors, byState, "errors by SQLState per interval add up to the total");
    assertTrue(successesAfter > 0, "executions succeeded after the outage\n" + out);
    assertTrue(out.contains("outage: "), out);
    // the run returned (no worker hung on the restarted server) and every worker thread has ended
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      assertFalse(t.getName().startsWith("stress-worker-") && t.isAlive(), "worker still alive: " + t.getName());
    }
  }

  @Test
  void heldConnectionsAreReopenedAfterARestartAndAnyFailureFailsTheRun() throws Exception {
    Run run = runWithRestart(4, "--pool", "none");
    assertSurvivedRestart(run);
    JsonNode stats = run.phase().get("stats");
    // every worker held a session the restart ended: each had to open a new one
    // (and only that: a worker reopens its connection once the server is back, failed attempts are no reconnects)
    long reconnects = stats.get("reconnects").asLong();
    assertTrue(reconnects >= 4 && reconnects <= 8, reconnects + " reconnects for 4 workers and one restart");
    long reconnectsInIntervals = 0;
    for (JsonNode interval : stats.get("intervals")) {
      reconnectsInIntervals += interval.get("reconnects").asLong();
    }
    assertEquals(stats.get("reconnects").asLong(), reconnectsInIntervals);
    assertEquals(1, run.cli().exitCode(), run.cli().all());
    assertTrue(run.cli().out().contains("exit code 1"), run.cli().out());
  }

  @Test
  void aPoolRecoversAndATolerableErrorRateExitsZero() throws Exception {
    Run run = runWithRestart(4, "--pool", "hikari", "--max-error-rate", "0.2");
    assertSurvivedRestart(run);
    assertEquals(0, run.cli().exitCode(), run.cli().all());
    assertTrue(run.cli().out().contains("within --max-error-rate 0.2"), run.cli().out());
  }

  /** Read before the run: more threads than the server has free slots is refused at once, nothing opened. */
  @Test
  void moreThreadsThanConnectionSlotsIsRefusedUpFrontNamingMaxConnections() {
    CliTester.Result r = CliTester.run("--url", server.url(), "-U", "postgres", "run", "--threads", "1000",
        "--duration", "30s", "--warmup", "0", "--connect-timeout", "20s");
    assertEquals(2, r.exitCode(), r.all());
    String error = r.err().strip();
    assertEquals(1, error.lines().count(), "one line: " + error);
    assertTrue(error.startsWith("stress: --threads 1000: the server has ") && error.contains("max_connections 100")
        && error.contains("needs 1000 (one per thread)") && error.contains("Lower --threads"), error);
    assertFalse(r.out().contains("phase 1/1"), "no phase started\n" + r.out());
  }

  /** 100,000 threads ran out of heap after 38 s with a stack trace: refused at once, naming the heap they need. */
  @Test
  void threadsWhoseRecordersCannotFitTheHeapAreRefusedUpFront() throws java.io.IOException {
    // nothing listens on the port: a refusal that names the heap, not the connection, came before connecting
    int closed;
    try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
      closed = probe.getLocalPort();
    }
    CliTester.Result r = CliTester.run("--url", "jdbc:postgresql://127.0.0.1:" + closed + "/postgres", "-U", "postgres",
        "run", "--threads", "100000", "--duration", "30s", "--warmup", "0");
    assertEquals(2, r.exitCode(), r.all());
    String error = r.err().strip();
    assertEquals(1, error.lines().count(), "one line: " + error);
    assertTrue(error.startsWith("stress: --threads 100000: the latency recorders of 100000 workers")
        && error.contains("maximum heap"), error);
  }

  @Test
  void aPoolLargerThanTheServerAllowsIsRefusedUpFront() {
    CliTester.Result r = CliTester.run("--url", server.url(), "-U", "postgres", "run", "--threads", "4",
        "--pool", "hikari", "--pool-size", "120", "--duration", "30s", "--warmup", "0");
    assertEquals(2, r.exitCode(), r.all());
    String error = r.err().strip();
    assertEquals(1, error.lines().count(), "one line: " + error);
    assertTrue(error.contains("--pool-size 120: the server has ") && error.contains("max_connections 100")
        && error.contains("needs 120 (the pool's size)"), error);
    CliTester.Result threads = CliTester.run("--url", server.url(), "-U", "postgres", "run", "--threads", "2,120",
        "--pool", "c3p0", "--duration", "30s", "--warmup", "0");
    assertEquals(2, threads.exitCode(), threads.all());
    assertTrue(threads.err().contains("--threads 120: the server has ")
        && threads.err().contains("phase 'mode=prepared pool=c3p0 threads=120' needs 120"), threads.err());
    assertFalse(threads.out().contains("phase 1/2"), "refused before the first phase\n" + threads.out());
  }

  /**
   * The connections other sessions hold count: with them open, a run that would fit an idle server is refused, and
   * the line says how many are in use.
   */
  @Test
  void connectionsInUseByOtherSessionsLeaveFewerSlots() throws Exception {
    List<Connection> held = new ArrayList<>();
    try {
      for (int i = 0; i < 40; i++) {
        held.add(DriverManager.getConnection(server.url(), "postgres", null));
      }
      CliTester.Result r = CliTester.run("--url", server.url(), "-U", "postgres", "run", "--threads", "70",
          "--duration", "30s", "--warmup", "0");
      assertEquals(2, r.exitCode(), r.all());
      assertTrue(r.err().matches("(?s).*\\(max_connections 100, (4\\d) in use by other sessions\\).*"), r.err());
    } finally {
      for (Connection c : held) {
        c.close();
      }
    }
  }

  @Test
  void badFailureOptionsAreOneLineErrors() {
    CliTester.Result rate = CliTester.run("--url", server.url(), "-U", "postgres", "run", "--max-error-rate", "1.5");
    assertEquals(2, rate.exitCode(), rate.all());
    assertTrue(rate.err().contains("--max-error-rate must be a fraction between 0 and 1")
        && rate.err().contains("1.5"), rate.err());
    CliTester.Result text = CliTester.run("--url", server.url(), "-U", "postgres", "run", "--max-error-rate", "1%");
    assertTrue(text.err().contains("--max-error-rate") && text.err().contains("'1%'"), text.err());
    CliTester.Result retries = CliTester.run("--url", server.url(), "-U", "postgres", "run", "--retries", "-1");
    assertEquals(2, retries.exitCode(), retries.all());
    assertTrue(retries.err().contains("--retries must be 0 or more, got -1"), retries.err());
    assertNotNull(server);
  }
}
