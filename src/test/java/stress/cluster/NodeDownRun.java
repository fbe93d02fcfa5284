package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import stress.connect.DriverSettings;

/**
 * A run with one node of a cluster stopped in its middle, for the node-down cluster tests: the node is stopped
 * {@value #DOWN_AFTER_SECONDS} s after the run's sessions opened, in a {@value #RUN_SECONDS} s run ({@code --pool none}, 4 threads, no warm-up)
 * and started again {@value #DOWN_FOR_SECONDS} s later, by shell commands from the environment; started again even
 * when the run fails.
 */
final class NodeDownRun {
  static final int DOWN_AFTER_SECONDS = 3;
  static final int DOWN_FOR_SECONDS = 5;
  static final int RUN_SECONDS = 14;

  /** What the run printed and its phase's stats from the JSON result. */
  record Result(String out, JsonNode stats) {}

  private final String url;
  private final String stop;
  private final String start;

  private NodeDownRun(String url, String stop, String start) {
    this.url = url;
    this.stop = stop;
    this.start = start;
  }

  /**
   * The run's parts from the environment, or the test is skipped saying which variables it needs.
   *
   * @param urlVariable the variable with the coordinator's JDBC URL
   * @param stopVariable the variable with the shell command that stops one node
   * @param startVariable the variable with the shell command that starts it again
   */
  static NodeDownRun fromEnvironment(String urlVariable, String stopVariable, String startVariable) {
    String url = System.getenv(urlVariable);
    String stop = System.getenv(stopVariable);
    String start = System.getenv(startVariable);
    boolean given = isSet(url) && isSet(stop) && isSet(start);
    String reason = "node-down test SKIPPED: it needs " + urlVariable + ", " + stopVariable + " and " + startVariable
        + " (shell commands that stop and start one node)";
    if (!given) {
      System.out.println(reason);
    }
    assumeTrue(given, reason);
    return new NodeDownRun(url, stop, start);
  }

  private static boolean isSet(String value) {
    return value != null && !value.isBlank();
  }

  String url() {
    return url;
  }

  /** Runs the stress command line against the cluster, printing and returning its output. */
  CliResult cli(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
    List<String> all = new ArrayList<>(List.of("--url", url));
    all.addAll(List.of(args));
    int code = new stress.cli.Cli(print, print).execute(all.toArray(String[]::new));
    String text = out.toString(StandardCharsets.UTF_8);
    System.out.print(text);
    return new CliResult(code, text);
  }

  record CliResult(int exitCode, String out) {}

  /** Runs find_first on {@code table} while the node is stopped and started again, with {@code options} added. */
  Result run(String table, Path json, String... options) throws Exception {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread stopper = new Thread(() -> {
      try {
        // the schedule counts from the run's start (its sessions open), however long the start takes
        awaitSessions(4);
        Thread.sleep(TimeUnit.SECONDS.toMillis(DOWN_AFTER_SECONDS));
        shell(stop);
        try {
          Thread.sleep(TimeUnit.SECONDS.toMillis(DOWN_FOR_SECONDS));
        } finally {
          shell(start);
        }
      } catch (Throwable t) {
        failure.set(t);
      }
    });
    stopper.start();
    CliResult run;
    try {
      List<String> args = new ArrayList<>(List.of("run", "--table", table, "--op", "find_first", "--threads", "4",
          "--pool", "none", "--warmup", "0", "--duration", RUN_SECONDS + "s", "--report-interval", "1s", "--json",
          json.toString()));
      args.addAll(List.of(options));
      run = cli(args.toArray(String[]::new));
    } finally {
      stopper.join(120_000);
    }
    if (failure.get() != null) {
      throw new AssertionError("stopping or starting the node failed: " + failure.get(), failure.get());
    }
    JsonNode stats = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0).get("stats");
    return new Result(run.out(), stats);
  }

  /** Waits (up to 60 s) until the run has {@code count} sessions on the coordinator. */
  private void awaitSessions(int count) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE application_name = '"
               + DriverSettings.APPLICATION_NAME + "' AND pid <> pg_backend_pid()")) {
        rs.next();
        if (rs.getInt(1) >= count) {
          return;
        }
      }
      assertTrue(System.nanoTime() - deadline < 0, "the run did not open " + count + " sessions within 60 s");
      Thread.sleep(20);
    }
  }

  private static void shell(String command) throws Exception {
    Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "still running after 60 s: " + command);
    assertEquals(0, p.exitValue(), command + "\n" + output);
  }
}
