package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.JsonReport;
import stress.report.RunResult;
import stress.testing.TestDatabase;

/**
 * Instances of one run that do not end by themselves, each a real process on the embedded server: one stopped by
 * SIGTERM while it waits at the barrier, one interrupted while measuring (the merge says so, and its rate is over the
 * union of the instances' windows), and one killed with SIGKILL (the others and {@code merge --wait} name it lost).
 * Every wait is for a condition; the bounds only keep a broken build from hanging.
 */
class FleetFaultTest {
  /** Only a guard against a hang: each wait below ends on its condition long before. */
  private static final long GUARD_SECONDS = 300;
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void table() {
    url = TestDatabase.newDatabaseUrl("fleetfault");
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "2000");
    assertEquals(0, init.exitCode(), init.all());
  }

  @Test
  void sigtermAtTheBarrierEndsWithOneLineAndNoInternalMessage() throws Exception {
    try (Child alone = Child.start(dir, "alone", run("barrier-term", "1/2", "--duration", "5m"))) {
      awaitCondition(() -> readyAtBarrier("barrier-term", 1), alone, "instance 1 waits at phase 1's barrier");
      alone.signal("TERM");
      assertEquals(143, alone.awaitExit(), alone.out());
      String out = alone.out();
      assertFalse(out.contains("measured end"), out);
      assertFalse(out.contains("Exception"), out);
      assertTrue(out.contains("\nrun barrier-term: instance 1/2 stopped before its first phase; the others stop at"
          + " their barrier\ninterrupted before the first phase started: nothing was measured\n"), out);
    }
    CliTester.Result merge = CliTester.run("--url", url, "-U", "postgres", "merge", "--run", "barrier-term");
    assertEquals(1, merge.exitCode(), merge.all());
    assertFalse(merge.all().contains("measured end"), merge.all());
  }

  @Test
  void anInterruptedInstanceIsNamedAndTheMergedRateIsOverTheUnionOfTheWindows() throws Exception {
    long fixedOps = 3000;
    try (Child counted = Child.start(dir, "counted", run("cut", "1/2", "--ops", Long.toString(fixedOps)));
         Child timed = Child.start(dir, "timed", run("cut", "2/2", "--duration", "5m"))) {
      assertEquals(0, counted.awaitExit(), counted.out());
      // the timed instance measures two more intervals after the counted one ended: the windows differ
      long seen = timed.intervals();
      awaitCondition(() -> timed.intervals() >= seen + 2, timed, "the timed instance prints intervals");
      timed.signal("TERM");
      assertEquals(143, timed.awaitExit(), timed.out());
    }
    Path json = dir.resolve("merged.json");
    CliTester.Result merge = CliTester.run("--url", url, "-U", "postgres", "merge", "--run", "cut", "--json",
        json.toString());
    assertEquals(0, merge.exitCode(), merge.all());
    // after the connection's lines, the run's first lines say which run it is and what happened to each instance
    List<String> lines = merge.out().lines().filter(l -> !l.startsWith("connection: ")).toList();
    assertTrue(lines.get(0).startsWith("run cut: started "), merge.out());
    assertEquals("run cut: 2 instances: instance 1 done; instance 2 interrupted (2: stopped by a signal); an"
        + " interrupted instance's last phase is partial", lines.get(1), merge.out());

    RunResult merged = JsonReport.read(json);
    assertTrue(merged.interrupted());
    List<RunResult> parts = keptResults("cut");
    long count = parts.get(0).phases().get(0).stats().total().count() + parts.get(1).phases().get(0).stats().total()
        .count();
    assertEquals(count, merged.phases().get(0).stats().total().count());
    // the union of [end - measured, end] of both, by the database's clock, worked out here on its own
    List<Instant> ends = phaseEnds("cut");
    Instant firstStart = null;
    Instant lastEnd = null;
    for (int i = 0; i < 2; i++) {
      double seconds = parts.get(i).phases().get(0).stats().durationSeconds();
      Instant start = ends.get(i).minusNanos(Math.round(seconds * 1e9));
      firstStart = firstStart == null || start.isBefore(firstStart) ? start : firstStart;
      lastEnd = lastEnd == null || ends.get(i).isAfter(lastEnd) ? ends.get(i) : lastEnd;
    }
    double union = java.time.Duration.between(firstStart, lastEnd).toNanos() / 1e9;
    double mean = (parts.get(0).phases().get(0).stats().durationSeconds()
        + parts.get(1).phases().get(0).stats().durationSeconds()) / 2;
    assertTrue(union > mean * 1.01, "the windows differ (union " + union + " s, mean " + mean + " s)");
    assertEquals(count / union, merged.phases().get(0).stats().total().opsPerSecond(), count / union * 1e-6,
        "merged ops/s = merged count over the union of the windows");
  }

  @Test
  void anInstanceKilledWithSigkillIsLostAndTheOthersAndTheMergeSaySo() throws Exception {
    // a short heartbeat, so that the lease (3 of them) passes soon
    try (Child survivor = Child.start(dir, "survivor", run("killed", "1/2", "--duration", "5m", "--heartbeat", "2s"));
         Child victim = Child.start(dir, "victim", run("killed", "2/2", "--duration", "5m", "--heartbeat", "2s"))) {
      awaitCondition(() -> victim.intervals() > 0, victim, "the victim measures");
      victim.kill();
      assertEquals(1, survivor.awaitExit(), survivor.out());
      List<String> errors = survivor.out().lines().filter(l -> l.startsWith("stress: ")).toList();
      assertEquals(1, errors.size(), survivor.out());
      assertTrue(errors.get(0).matches("stress: run killed: instance 2 of 2 lost: no heartbeat for [0-9.]+ s \\(its"
          + " lease is 6 s; host .+, pid [0-9]+\\): killed, or cut off from the database; instance 1 stops, and no"
          + " result of the run is kept"), errors.get(0));
    }
    CliTester.Result merge = CliTester.run("--url", url, "-U", "postgres", "merge", "--run", "killed", "--wait", "30m");
    assertEquals(1, merge.exitCode(), merge.all());
    assertTrue(merge.err().startsWith("stress: run killed: instance 2 of 2 lost: no heartbeat for "), merge.err());
  }

  private static List<String> run(String runId, String instance, String... more) {
    List<String> args = new ArrayList<>(List.of("--url", url, "-U", "postgres", "run", "--run-id", runId,
        "--instance", instance, "--threads", "1", "--warmup", "0", "--barrier-timeout", "5m"));
    args.addAll(List.of(more));
    return args;
  }

  private static boolean readyAtBarrier(String runId, int instance) {
    try (Connection c = TestDatabase.connect(url);
         PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM stress_fleet_phase WHERE run_id = ?"
             + " AND instance = ?")) {
      ps.setString(1, runId);
      ps.setInt(2, instance);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && rs.getInt(1) > 0;
      }
    } catch (SQLException e) {
      return false; // the table is made by the first instance
    }
  }

  private static List<RunResult> keptResults(String runId) throws SQLException {
    List<RunResult> results = new ArrayList<>();
    for (String json : column("SELECT result FROM stress_fleet WHERE run_id = ? ORDER BY instance", runId)) {
      results.add(JsonReport.fromJson(json));
    }
    return results;
  }

  private static List<Instant> phaseEnds(String runId) throws SQLException {
    List<Instant> ends = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url);
         PreparedStatement ps = c.prepareStatement("SELECT ended_at FROM stress_fleet_phase WHERE run_id = ?"
             + " AND phase = 1 ORDER BY instance")) {
      ps.setString(1, runId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          ends.add(rs.getObject(1, OffsetDateTime.class).toInstant());
        }
      }
    }
    return ends;
  }

  private static List<String> column(String sql, String runId) throws SQLException {
    List<String> values = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url); PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, runId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          values.add(rs.getString(1));
        }
      }
    }
    return values;
  }

  /** Polls {@code condition} until it holds; fails when {@code child} ended first. */
  private static void awaitCondition(BooleanSupplier condition, Child child, String what) throws Exception {
    long guard = System.nanoTime() + TimeUnit.SECONDS.toNanos(GUARD_SECONDS);
    while (!condition.getAsBoolean()) {
      if (!child.process.isAlive()) {
        throw new AssertionError(child.name + " ended before: " + what + "\n" + child.out());
      }
      if (System.nanoTime() - guard > 0) {
        throw new AssertionError("not seen: " + what + "\n" + child.out());
      }
      Thread.sleep(50);
    }
  }

  /** A stress process whose output (both streams) goes to a file. */
  private record Child(String name, Process process, Path output) implements AutoCloseable {
    static Child start(Path dir, String name, List<String> args) throws IOException {
      Path output = dir.resolve(name + ".out");
      Process p = new ProcessBuilder(ChildJvm.command(args)).redirectErrorStream(true)
          .redirectOutput(output.toFile()).start();
      return new Child(name, p, output);
    }

    String out() {
      try {
        return Files.readString(output);
      } catch (IOException e) {
        return "(unreadable: " + e.getMessage() + ")";
      }
    }

    long intervals() {
      return out().lines().filter(l -> l.startsWith("[ ")).count();
    }

    void signal(String signal) throws Exception {
      assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor());
    }

    void kill() throws Exception {
      signal("KILL");
      process.waitFor();
    }

    int awaitExit() throws InterruptedException {
      assertTrue(process.waitFor(GUARD_SECONDS, TimeUnit.SECONDS), name + " ended");
      return process.exitValue();
    }

    @Override
    public void close() {
      process.destroyForcibly();
    }
  }
}
