package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.connect.DriverSettings;
import stress.metrics.OperationStats;
import stress.report.JsonReport;
import stress.report.RunResult;
import stress.report.StrictCsv;
import stress.testing.TestDatabase;

/**
 * A real process stopped by a signal in the middle of a run prints what it measured, writes complete result files,
 * closes its connections (pools included) and the embedded server it started, and exits non-zero.
 */
class SignalTest {
  /** What a child printed until it ended after the signal, and its exit code. */
  private record Stopped(int exitCode, String out) {}

  @Test
  void sigtermMidRunPrintsThePartialSummaryAndExitsNonZero(@TempDir Path dir) throws Exception {
    Path results = dir.resolve("results");
    String url = TestDatabase.newDatabaseUrl("signal");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "1000").exitCode());
    Stopped stopped = stopAfterIntervals(runArgs(List.of("--url", url, "-U", "postgres"), results), Map.of(), out -> {});
    assertStoppedWithCompleteResults(stopped, results, "find_first");
  }

  /** Ctrl-C is SIGINT: the same partial summary and files, exit code 128 + 2. */
  @Test
  void sigintMidRunExits130(@TempDir Path dir) throws Exception {
    assumeFalse(ChildJvm.sigintIgnored(), ChildJvm.SIGINT_IGNORED);
    Path results = dir.resolve("results");
    String url = TestDatabase.newDatabaseUrl("sigint");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "1000").exitCode());
    Stopped stopped = stopAfterIntervals(runArgs(List.of("--url", url, "-U", "postgres"), results), Map.of(), "INT",
        out -> {});
    assertEquals(130, stopped.exitCode(), "stopped by SIGINT: 128 + 2\n" + stopped.out());
    assertPartialResults(stopped.out(), results, "find_first");
  }

  /**
   * Ctrl-C in the middle of a capacity search: the search stops, says no round ended, and the result files keep the
   * steps that ran, marked interrupted; exit 130.
   */
  @Test
  void sigintMidCapacitySearchMarksItInterrupted(@TempDir Path dir) throws Exception {
    assumeFalse(ChildJvm.sigintIgnored(), ChildJvm.SIGINT_IGNORED);
    Path results = dir.resolve("results");
    String url = TestDatabase.newDatabaseUrl("sigint_slo");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "1000").exitCode());
    Stopped stopped = stopAt(List.of("--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads", "1",
        "--slo", "p99<=1s", "--rate", "100", "--duration", "3s", "--warmup", "0", "--out", results.toString()), Map.of(),
        line -> line.startsWith("step 1: "), "INT", out -> {});
    assertEquals(130, stopped.exitCode(), stopped.out());
    assertTrue(stopped.out().contains("interrupted: the search stopped in the middle of a round") && stopped.out()
        .contains("\ncapacity under p99<=1000ms: no round ended, no capacity"), stopped.out());
    RunResult result = JsonReport.read(results.resolve("result.json"));
    assertTrue(result.interrupted(), stopped.out());
    assertTrue(result.phases().size() >= 1, "step 1's phase is kept: " + stopped.out());
  }

  /**
   * Ctrl-C in the warm-up of the only phase: one line says nothing was measured (it was an internal error about the
   * measured window), the JSON says interrupted with no phase; exit 130.
   */
  @Test
  void sigintDuringWarmupSaysNothingWasMeasured(@TempDir Path dir) throws Exception {
    assumeFalse(ChildJvm.sigintIgnored(), ChildJvm.SIGINT_IGNORED);
    Path json = dir.resolve("result.json");
    String url = TestDatabase.newDatabaseUrl("sigint_warmup");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "1000").exitCode());
    Stopped stopped = stopAt(List.of("--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads", "2",
        "--warmup", "30s", "--duration", "5s", "--report-interval", "200ms", "--json", json.toString()), Map.of(),
        line -> line.startsWith("[ warmup "), "INT", out -> {});
    assertEquals(130, stopped.exitCode(), stopped.out());
    assertTrue(stopped.out().contains("\ninterrupted during warm-up: nothing was measured\n"), stopped.out());
    assertTrue(!stopped.out().contains("stress: "), "no error line: " + stopped.out());
    RunResult result = JsonReport.read(json);
    assertTrue(result.interrupted(), stopped.out());
    assertEquals(0, result.phases().size(), stopped.out());
  }

  /**
   * No connection given: the child starts its own PostgreSQL. After SIGTERM the summary and files are complete,
   * measured on a server that was still up (no errors), and the server process is gone with its port.
   */
  @Test
  void sigtermOnTheEmbeddedServerStopsTheServerAfterTheSummary(@TempDir Path dir) throws Exception {
    Path results = dir.resolve("results");
    List<EmbeddedServerProcess> server = new ArrayList<>();
    long[] serverSession = new long[1];
    Map<String, String> noConnection = new HashMap<>();
    noConnection.put("PGHOST", null);
    List<String> args = new ArrayList<>(runArgs(List.of(), results));
    // executions long enough that the signal finds some in flight: they must end on a server still up
    args.addAll(List.of("--op", "find", "--limit-min", "100000", "--limit-max", "100000"));
    Stopped stopped = stopAfterIntervals(args, noConnection, out -> {
      EmbeddedServerProcess.assertFound(out);
      server.add(EmbeddedServerProcess.onPort(EmbeddedServerProcess.port(out).orElseThrow()));
      // read while the run goes on: once stopped, the child stops its server too, sooner or later
      try {
        serverSession[0] = server.get(0).session();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    // the child shares this JVM's session, as it would share the terminal's
    assertTrue(serverSession[0] != EmbeddedServerProcess.session(ProcessHandle.current().pid()),
        "the server runs in a session of its own, out of reach of the terminal's Ctrl-C");
    RunResult result = assertStoppedWithCompleteResults(stopped, results, "find");
    assertEquals(0, result.phases().get(0).stats().total().errorCount(),
        "the server was up until the workers stopped:\n" + stopped.out());

    server.get(0).assertGone();
  }

  /**
   * A signal while the embedded server is being filled with the default data set, before there is a run to stop: the
   * generation stops at its next wait instead of running to its end, nothing of the run is printed or written, one
   * line says what was stopped, the server is stopped, and the exit code is the signal's. Should the generation end
   * before the signal lands, the set-up that follows is stopped the same way.
   */
  @Test
  void sigtermBeforeTheRunStartsStopsItAtOnce(@TempDir Path dir) throws Exception {
    stopBeforeTheRun(dir, "TERM", 143);
  }

  /** Ctrl-C during the generation: the same line, exit 128 + 2 as a run stopped by Ctrl-C. */
  @Test
  void sigintBeforeTheRunStartsStopsItAtOnce(@TempDir Path dir) throws Exception {
    assumeFalse(ChildJvm.sigintIgnored(), ChildJvm.SIGINT_IGNORED);
    stopBeforeTheRun(dir, "INT", 130);
  }

  /** init stops its load streams at a signal instead of loading to the end, and says what stays in the table. */
  @Test
  void sigtermDuringInitStopsTheLoadWithOneLine() throws Exception {
    String url = TestDatabase.newDatabaseUrl("signal_init");
    Stopped stopped = stopAt(List.of("--url", url, "-U", "postgres", "init", "--docs", "5000000"), Map.of(),
        line -> line.startsWith("init: ") && line.contains(", loading 5000000 "), "TERM", out -> {});
    assertEquals(143, stopped.exitCode(), stopped.out());
    assertTrue(stopped.out().contains("interrupted: stopped while loading the data set; the batches committed so far"
        + " stay in the table"), stopped.out());
    assertTrue(stopped.out().lines().noneMatch(l -> l.startsWith("init: done")), stopped.out());
    assertTrue(TestDatabase.count(url, "SELECT count(*) FROM check_in") < 5_000_000, "stopped before the end");
  }

  private static void stopBeforeTheRun(Path dir, String signal, int exitCode) throws Exception {
    Path results = dir.resolve("results");
    List<EmbeddedServerProcess> server = new ArrayList<>();
    Map<String, String> noConnection = new HashMap<>();
    noConnection.put("PGHOST", null);
    Stopped stopped = stopAt(runArgs(List.of(), results), noConnection,
        line -> line.startsWith("embedded: generating the default data set"), signal,
        out -> server.add(EmbeddedServerProcess.onPort(EmbeddedServerProcess.port(out).orElseThrow())));
    assertEquals(exitCode, stopped.exitCode(), stopped.out());
    List<String> said = stopped.out().lines().filter(l -> l.startsWith("interrupted: ")).toList();
    assertEquals(1, said.size(), stopped.out());
    assertTrue(said.get(0).equals("interrupted: stopped while generating the default data set; nothing was measured")
        || said.get(0).equals("interrupted: stopped while setting up the run; nothing was measured"), stopped.out());
    assertTrue(stopped.out().lines().noneMatch(l -> l.startsWith("target: ") || l.startsWith("[ ")),
        "the run's header and intervals are never printed:\n" + stopped.out());
    assertTrue(!Files.exists(results.resolve("result.json")), "no result of a run that never started");
    server.get(0).assertGone();
  }

  @Test
  void sigtermWithHikariClosesThePool(@TempDir Path dir) throws Exception {
    sigtermClosesEveryConnection(dir, "hikari");
  }

  @Test
  void sigtermWithC3p0ClosesThePool(@TempDir Path dir) throws Exception {
    sigtermClosesEveryConnection(dir, "c3p0");
  }

  /**
   * The child's sessions end by a client goodbye, not by a dropped socket: PostgreSQL counts sessions that lost
   * their client ({@code sessions_abandoned}), which is what an unclosed pool leaves behind when the JVM exits.
   */
  private static void sigtermClosesEveryConnection(Path dir, String pool) throws Exception {
    Path results = dir.resolve("results");
    String url = TestDatabase.newDatabaseUrl("signal_" + pool);
    String database = TestDatabase.databaseName(url);
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "1000").exitCode());
    long abandonedBefore = sessionsAbandoned(database);
    List<String> args = new ArrayList<>(runArgs(List.of("--url", url, "-U", "postgres"), results));
    args.addAll(List.of("--pool", pool));
    long[] backendsDuringRun = new long[1];
    Stopped stopped = stopAfterIntervals(args, Map.of(), out -> {
      try {
        backendsDuringRun[0] = stressBackends(database);
      } catch (SQLException e) {
        throw new AssertionError(e);
      }
    });
    assertStoppedWithCompleteResults(stopped, results, "find_first");
    assertTrue(backendsDuringRun[0] >= 2, "the pool's connections were seen during the run: " + backendsDuringRun[0]);

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (stressBackends(database) > 0) {
      assertTrue(System.nanoTime() < deadline, "backends of the stopped child remain: " + stressBackends(database));
      Thread.sleep(50);
    }
    awaitStatisticsCollector(url);
    assertEquals(abandonedBefore, sessionsAbandoned(database),
        pool + ": every session was closed by the client, none dropped with the process\n" + stopped.out());
  }

  private static List<String> runArgs(List<String> connection, Path results) {
    List<String> args = new ArrayList<>(connection);
    args.addAll(List.of("run", "--threads", "2", "--duration", "60s", "--warmup", "0", "--report-interval", "200ms",
        "--out", results.toString()));
    return args;
  }

  /**
   * Starts {@code stress} in its own JVM, sends SIGTERM after the third interval line (first calling
   * {@code beforeSignal} with the output so far) and reads everything it prints until it ends.
   */
  private static Stopped stopAfterIntervals(List<String> args, Map<String, String> env, Consumer<String> beforeSignal)
      throws Exception {
    return stopAfterIntervals(args, env, "TERM", beforeSignal);
  }

  private static Stopped stopAfterIntervals(List<String> args, Map<String, String> env, String signal,
                                            Consumer<String> beforeSignal) throws Exception {
    int[] intervals = new int[1];
    return stopAt(args, env, line -> line.startsWith("[ ") && ++intervals[0] == 3, signal, beforeSignal);
  }

  /**
   * Starts {@code stress} in its own JVM, sends {@code signal} (TERM, INT) after the first line {@code signalAfter} accepts (first
   * calling {@code beforeSignal} with the output so far) and reads everything it prints until it ends.
   */
  private static Stopped stopAt(List<String> args, Map<String, String> env, Predicate<String> signalAfter,
                                String signal, Consumer<String> beforeSignal) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(ChildJvm.command(args)).redirectErrorStream(true);
    env.forEach((k, v) -> {
      if (v == null) {
        builder.environment().remove(k);
      } else {
        builder.environment().put(k, v);
      }
    });
    Process p = builder.start();
    StringBuilder output = new StringBuilder();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      boolean signalled = false;
      while ((line = r.readLine()) != null) {
        output.append(line).append('\n');
        if (!signalled && signalAfter.test(line)) {
          signalled = true;
          beforeSignal.accept(output.toString());
          // keeps our end of the pipe open, to read what the child prints while it stops
          assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
        }
      }
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the process ended");
    } finally {
      p.destroyForcibly();
    }
    return new Stopped(p.exitValue(), output.toString());
  }

  /** The checks every run stopped by SIGTERM passes: exit 143, partial summary printed, result files complete. */
  private static RunResult assertStoppedWithCompleteResults(Stopped stopped, Path results, String operation)
      throws IOException {
    assertEquals(143, stopped.exitCode(), "killed by SIGTERM: 128 + 15\n" + stopped.out());
    return assertPartialResults(stopped.out(), results, operation);
  }

  /** Partial summary printed, result files complete and marked interrupted. */
  private static RunResult assertPartialResults(String out, Path results, String operation) throws IOException {
    assertTrue(out.contains("interrupted: the figures above cover what ran until the stop"), out);
    assertTrue(out.lines().anyMatch(l -> l.startsWith(operation + " ")), "the summary row is printed:\n" + out);

    // the partial result is written completely and says it was interrupted
    RunResult result = JsonReport.read(results.resolve("result.json"));
    assertTrue(result.interrupted(), out);
    OperationStats measured = result.phases().get(0).stats().operation(operation);
    assertTrue(measured.count() > 0, out);
    List<List<String>> summary = StrictCsv.parse(Files.readString(results.resolve("summary.csv")));
    assertEquals(Long.toString(measured.count()), summary.get(1).get(summary.get(0).indexOf("count")));
    assertTrue(StrictCsv.parse(Files.readString(results.resolve("intervals.csv"))).size() > 1);
    assertTrue(Files.exists(results.resolve("errors.csv")));
    assertTrue(Files.exists(results.resolve("report.html")));
    long logged = 0;
    HistogramLogReader reader = new HistogramLogReader(results.resolve("1-" + operation + ".hlog").toFile());
    for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
      logged += ((Histogram) h).getTotalCount();
    }
    reader.close();
    assertEquals(measured.count(), logged, "the interval log holds every measured execution");
    return result;
  }

  private static long stressBackends(String database) throws SQLException {
    return queryLong("SELECT count(*) FROM pg_stat_activity WHERE datname = ? AND application_name = '"
        + DriverSettings.APPLICATION_NAME + "'", database);
  }

  /**
   * Waits until PostgreSQL's statistics collector has taken in what the stopped child's backends sent it: a backend
   * sends its session figures as it exits (before it leaves pg_stat_activity), and the collector takes them in a
   * moment later, in the order sent. A scan of a marker table, sent after them, is counted after them: once it shows,
   * so do they.
   */
  private static void awaitStatisticsCollector(String url) throws SQLException, InterruptedException {
    String scans = "SELECT coalesce((SELECT seq_scan FROM pg_stat_user_tables WHERE relname = 'stats_marker'), 0)";
    long before;
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS stats_marker (x int)");
      try (ResultSet rs = s.executeQuery(scans)) {
        rs.next();
        before = rs.getLong(1);
      }
    }
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.executeQuery("SELECT count(*) FROM stats_marker").close();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
           ResultSet rs = s.executeQuery(scans)) {
        rs.next();
        if (rs.getLong(1) > before) {
          return;
        }
      }
      assertTrue(System.nanoTime() - deadline < 0, "the statistics collector did not count a scan within 60 s");
      Thread.sleep(50);
    }
  }

  private static long sessionsAbandoned(String database) throws SQLException {
    return queryLong("SELECT sessions_abandoned FROM pg_stat_database WHERE datname = ?", database);
  }

  private static long queryLong(String sql, String database) throws SQLException {
    try (Connection c = TestDatabase.connect(TestDatabase.url("postgres"));
         PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, database);
      try (ResultSet rs = s.executeQuery()) {
        assertTrue(rs.next(), sql);
        return rs.getLong(1);
      }
    }
  }
}
