package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * Runs whose executions fail, through the command line against a real PostgreSQL: the outage a failing run reports
 * agrees with its summary, and {@code --max-errors} / {@code --stop-on-error} stop it.
 */
class FailureAccountingTest {
  private static final int THREADS = 2;
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("failures");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "200");
    assertEquals(0, r.exitCode(), r.all());
  }

  /** A workload whose {@code boom} fails every time (22012, division by zero) beside the built-in find_first. */
  private Path failing() throws IOException {
    Path w = dir.resolve("failing.yaml");
    Files.writeString(w, """
        operations:
          boom:
            sql: SELECT 1 / (_id - _id) FROM {table} WHERE _id = :id
            params:
              id: key
        """);
    return w;
  }

  private record Run(CliTester.Result cli, JsonNode phase) {}

  private Run run(String... args) throws IOException {
    Path json = dir.resolve("result-" + System.nanoTime() + ".json");
    List<String> all = new ArrayList<>(List.of("--url", url, "-U", "postgres", "run", "--workload",
        failing().toString(), "--threads", Integer.toString(THREADS), "--report-interval", "200ms", "--json",
        json.toString()));
    all.addAll(List.of(args));
    CliTester.Result r = CliTester.run(all.toArray(String[]::new));
    JsonNode result = Files.exists(json) ? new ObjectMapper().readTree(Files.readString(json)) : null;
    return new Run(r, result == null ? null : result.get("phases").get(0));
  }

  /**
   * A statement longer than the phase: no execution ends within it, so the run measured nothing and says so with
   * exit 1 (it printed 0 ops/s, errors none, and exited 0).
   */
  @Test
  void aPhaseInWhichNoExecutionEndedFailsTheRun() throws IOException {
    Path w = dir.resolve("sleeps.yaml");
    Files.writeString(w, """
        operations:
          sleeps:
            sql: SELECT pg_sleep(30) FROM {table} WHERE _id = :id
            params:
              id: key
        """);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", w.toString(), "--threads",
        "1", "--warmup", "0s", "--duration", "1s");
    assertEquals(1, r.exitCode(), r.all());
    assertTrue(r.out().contains("no execution ended within the measured time of any phase"), r.all());
  }

  /**
   * Every execution fails, in the warm-up too: the outage starts at 0 s (it printed -1.961 s) and counts the failures
   * the table counts (it counted the warm-up's too: 22845 against 16,007).
   */
  @Test
  void theOutageOfARunWhoseEveryExecutionFailedAgreesWithItsSummary() throws IOException {
    Run run = run("--op", "boom", "--warmup", "1s", "--duration", "1s");
    assertEquals(1, run.cli().exitCode(), run.cli().all());
    JsonNode stats = run.phase().get("stats");
    long failed = stats.get("total").get("errorCount").asLong();
    assertTrue(failed > 0, run.cli().out());
    JsonNode outages = stats.get("outages");
    assertEquals(1, outages.size(), outages.toString());
    JsonNode outage = outages.get(0);
    assertEquals(0.0, outage.get("startSeconds").asDouble(), "under way when measuring started: " + outage);
    assertTrue(outage.get("endSeconds").isNull(), outage.toString());
    // a failure at the very moment measuring starts may land on either side of the line: one per worker at most
    assertTrue(Math.abs(outage.get("failed").asLong() - failed) <= THREADS, outage + " against " + failed);
    String line = run.cli().out().lines().filter(l -> l.startsWith("outage: ")).findFirst().orElseThrow();
    assertTrue(line.startsWith("outage: 0.000 s -> end of phase"), line);
  }

  @Test
  void stopOnErrorStopsTheRunAtTheFirstFailureAndExitsOne() throws IOException {
    Run run = run("--op", "boom=1,find_first=9", "--warmup", "0", "--duration", "60s", "--stop-on-error");
    assertEquals(1, run.cli().exitCode(), run.cli().all());
    List<String> lines = run.cli().out().lines().toList();
    String last = lines.get(lines.size() - 1);
    assertTrue(last.matches("stopped: --max-errors 1 reached: [1-" + THREADS + "] executions? failed \\(the first"
        + " with SQLState 22012\\); the figures above cover what ran until then; exit code 1"), last);
    assertTrue(run.phase().get("stats").get("durationSeconds").asDouble() < 60, "stopped before its planned 60 s");
    assertTrue(run.cli().out().contains("max errors: 1 (the run stops once that many executions failed; exit 1)"),
        run.cli().out());
  }

  @Test
  void maxErrorsStopsTheRunAfterThatManyFailedExecutions() throws IOException {
    Run run = run("--op", "boom=1,find_first=1", "--warmup", "0", "--duration", "60s", "--max-errors", "50");
    assertEquals(1, run.cli().exitCode(), run.cli().all());
    long failed = run.phase().get("stats").get("total").get("errorCount").asLong();
    // each worker finishes the execution in flight when the run stops
    assertTrue(failed >= 50 && failed < 50 + THREADS, failed + " failed");
    assertTrue(run.cli().out().contains("stopped: --max-errors 50 reached: "), run.cli().out());
    assertTrue(run.cli().out().contains("(the 50th with SQLState 22012)"), run.cli().out());
  }

  @Test
  void badLimitsAreOneLineUsageErrors() {
    CliTester.Result zero = CliTester.run("--url", url, "-U", "postgres", "run", "--max-errors", "0");
    assertEquals(2, zero.exitCode(), zero.all());
    assertEquals("stress: --max-errors must be 1 or more (the failed executions that stop the run), got 0",
        zero.err().strip());
    CliTester.Result both = CliTester.run("--url", url, "-U", "postgres", "run", "--max-errors", "3",
        "--stop-on-error");
    assertEquals(2, both.exitCode(), both.all());
    assertEquals("stress: --stop-on-error is --max-errors 1: give one of them, not both", both.err().strip());
    assertFalse(both.out().contains("phase 1/1"));
  }
}
