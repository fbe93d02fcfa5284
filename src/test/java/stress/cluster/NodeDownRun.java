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
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run with one node of a cluster stopped in its middle, for the node-down cluster tests, by shell commands from the
 * environment; the node is started again even when the run fails. {@link #runWatched} stops and starts it on what
 * the run printed, never after a fixed time.
 */
final class NodeDownRun {
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

  /** Stops the node with the environment's command. */
  void stopNode() throws Exception {
    shell(stop);
  }

  /** Starts the node again with the environment's command. */
  void startNode() throws Exception {
    shell(start);
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

  /**
   * What a run with the node stopped on the run's own signs saw: its output, its phase's stats, and how many
   * interval lines it had printed when the node was stopped and when the node was back.
   */
  record Watched(String out, JsonNode stats, int intervalsAtStop, int intervalsWhenBack) {
    /** The phase's measured intervals (JSON), those from {@code from} on. */
    List<JsonNode> intervalsFrom(int from) {
      List<JsonNode> out = new ArrayList<>();
      JsonNode all = stats.get("intervals");
      for (int i = from; i < all.size(); i++) {
        out.add(all.get(i));
      }
      return out;
    }
  }

  /** An interval line of a run: {@code [ 7s ] thds: 8 ops/s: 0.0 ... err/s: 939.7 ...}. */
  private static final Pattern INTERVAL_LINE =
      Pattern.compile("(?m)^\\[ *[0-9.]+s \\] thds: \\d+ ops/s: ([0-9.]+) .* err/s: ([0-9.]+)");

  /**
   * Runs {@code run} with {@code options} on {@code table} for {@code seconds}, and stops and starts the node as the
   * run shows it: the node is stopped once an interval line shows successful executions, started again once
   * {@code downIntervals} interval lines after the stop have shown failures, and counted back once a new session
   * runs {@code probeSql} (which must need the node) without error. Nothing waits a fixed time for something to
   * have happened; the run must last long enough for all of it, or the test fails saying so. The node is started
   * again even when the run fails.
   */
  Watched runWatched(String table, Path json, int seconds, int downIntervals, String probeSql, String... options)
      throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicInteger atStop = new AtomicInteger(-1);
    AtomicInteger whenBack = new AtomicInteger(-1);
    AtomicBoolean runEnded = new AtomicBoolean();
    Thread schedule = new Thread(() -> {
      boolean stopped = false;
      try {
        awaitLines(out, runEnded, lines -> lines.stream().anyMatch(l -> l[0] > 0), "an interval with successes");
        shell(stop);
        stopped = true;
        int stopLine = lines(out).size();
        atStop.set(stopLine);
        awaitLines(out, runEnded, lines -> lines.size() >= stopLine + downIntervals
            && lines.subList(stopLine, lines.size()).stream().anyMatch(l -> l[1] > 0),
            downIntervals + " interval lines after the stop, with failures");
      } catch (Throwable t) {
        failure.set(t);
      } finally {
        if (stopped) {
          try {
            shell(start);
            awaitProbe(probeSql, runEnded);
            whenBack.set(lines(out).size());
          } catch (Throwable t) {
            failure.compareAndSet(null, t);
          }
        }
      }
    }, "node-down-schedule");
    schedule.start();
    CliResult run;
    try {
      List<String> args = new ArrayList<>(List.of("--url", url, "run", "--table", table, "--warmup", "0",
          "--duration", seconds + "s", "--report-interval", "1s", "--json", json.toString()));
      args.addAll(List.of(options));
      PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
      int code = new stress.cli.Cli(print, print).execute(args.toArray(String[]::new));
      run = new CliResult(code, out.toString(StandardCharsets.UTF_8));
      System.out.print(run.out());
    } finally {
      runEnded.set(true);
      schedule.join(180_000);
    }
    if (failure.get() != null) {
      throw new AssertionError("stopping or starting the node failed: " + failure.get() + "\n" + run.out(),
          failure.get());
    }
    JsonNode stats = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0).get("stats");
    return new Watched(run.out(), stats, atStop.get(), whenBack.get());
  }

  /** The interval lines printed so far, each as {ops/s, err/s}. */
  private static List<double[]> lines(ByteArrayOutputStream out) {
    Matcher m = INTERVAL_LINE.matcher(out.toString(StandardCharsets.UTF_8));
    List<double[]> lines = new ArrayList<>();
    while (m.find()) {
      lines.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
    }
    return lines;
  }

  private static void awaitLines(ByteArrayOutputStream out, AtomicBoolean runEnded,
                                 Predicate<List<double[]>> condition, String what) throws InterruptedException {
    while (!condition.test(lines(out))) {
      if (runEnded.get()) {
        throw new AssertionError("the run ended before it showed " + what + "; give it more time");
      }
      Thread.sleep(50);
    }
  }

  /** Waits until a new session runs {@code sql} without error: the node serves again. */
  private void awaitProbe(String sql, AtomicBoolean runEnded) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    SQLException last = null;
    while (System.nanoTime() < deadline) {
      try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
        s.execute(sql);
        if (runEnded.get()) {
          throw new AssertionError("the node was back only after the run ended; give the run more time");
        }
        return;
      } catch (SQLException e) {
        last = e;
        Thread.sleep(100);
      }
    }
    throw new AssertionError("the node did not serve again within 60 s: " + last, last);
  }

  /** Runs a shell command, failing with its output unless it exits 0 within 60 s. */
  static void shell(String command) throws Exception {
    Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "still running after 60 s: " + command);
    assertEquals(0, p.exitValue(), command + "\n" + output);
  }
}
