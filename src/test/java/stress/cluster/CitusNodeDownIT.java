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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One Citus worker stopped for a few seconds in the middle of a run: the coordinator answers the statements on
 * that worker's shards with an error and keeps every client session, the other worker's keys go on. The run must
 * not reconnect, must report the time as degraded (not an outage), and must name the stopped worker.
 *
 * <p>Needs {@code STRESS_CITUS_URL} (a coordinator with at least two workers) and the shell commands that stop and
 * start one worker in {@code STRESS_CITUS_STOP_WORKER} and {@code STRESS_CITUS_START_WORKER}; skipped, saying so,
 * when one is missing. The test starts the worker again even when it fails.
 */
class CitusNodeDownIT {
  private static final String TABLE = "stress_it_node_down";
  private static final int DOWN_AFTER_SECONDS = 3;
  private static final int DOWN_FOR_SECONDS = 5;
  private static final int RUN_SECONDS = 14;
  private static String url;
  private static String stop;
  private static String start;

  @TempDir
  Path dir;

  @BeforeEach
  void cluster() {
    url = System.getenv("STRESS_CITUS_URL");
    stop = System.getenv("STRESS_CITUS_STOP_WORKER");
    start = System.getenv("STRESS_CITUS_START_WORKER");
    boolean given = url != null && !url.isBlank() && stop != null && !stop.isBlank() && start != null
        && !start.isBlank();
    String reason = "Citus node-down test SKIPPED: it needs STRESS_CITUS_URL, STRESS_CITUS_STOP_WORKER and"
        + " STRESS_CITUS_START_WORKER (shell commands that stop and start one worker)";
    if (!given) {
      System.out.println(reason);
    }
    assumeTrue(given, reason);
  }

  @AfterAll
  static void dropTables() throws Exception {
    if (url != null && stop != null && start != null) {
      try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
        s.execute("DROP TABLE IF EXISTS " + TABLE + ", " + TABLE + "_copy");
      }
    }
  }

  private record Cli(int exitCode, String out) {}

  private static Cli cli(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
    List<String> all = new java.util.ArrayList<>(List.of("--url", url));
    all.addAll(List.of(args));
    int code = new stress.cli.Cli(print, print).execute(all.toArray(String[]::new));
    String text = out.toString(StandardCharsets.UTF_8);
    System.out.print(text);
    return new Cli(code, text);
  }

  private static void shell(String command) throws Exception {
    Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "still running after 60 s: " + command);
    assertEquals(0, p.exitValue(), command + "\n" + output);
  }

  private static Set<String> workers() throws Exception {
    Set<String> nodes = new HashSet<>();
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT nodename || ':' || nodeport FROM pg_dist_node")) {
      while (rs.next()) {
        nodes.add(rs.getString(1));
      }
    }
    return nodes;
  }

  @Test
  void aStoppedWorkerIsADegradedWindowNamingItWithoutReconnects() throws Exception {
    assertEquals(0, cli("init", "--table", TABLE, "--docs", "4000", "--drop-existing").exitCode());
    Set<String> nodes = workers();
    Path json = dir.resolve("node-down.json");
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread stopper = new Thread(() -> {
      try {
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
    Cli run;
    try {
      run = cli("run", "--table", TABLE, "--op", "find_first", "--threads", "4", "--pool", "none", "--warmup", "0",
          "--duration", RUN_SECONDS + "s", "--report-interval", "1s", "--json", json.toString());
    } finally {
      stopper.join(120_000);
    }
    if (failure.get() != null) {
      throw new AssertionError("stopping or starting the worker failed: " + failure.get(), failure.get());
    }
    JsonNode stats = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0).get("stats");
    long failed = stats.get("total").get("errorCount").asLong();
    long ok = stats.get("total").get("count").asLong();
    assertTrue(failed > 0 && ok > 0, ok + " succeeded, " + failed + " failed\n" + run.out());
    assertEquals(0, stats.get("reconnects").asLong(), "no client connection broke\n" + run.out());
    assertEquals(0, stats.get("outages").size(), "the other worker's keys went on\n" + run.out());
    JsonNode degraded = stats.get("degraded");
    assertTrue(degraded != null && degraded.size() >= 1, run.out());
    long inWindows = 0;
    Set<String> named = new HashSet<>();
    for (JsonNode w : degraded) {
      inWindows += w.get("failed").asLong();
      assertTrue(w.get("shareFailed").asDouble() > 0 && w.get("shareFailed").asDouble() < 1, w.toString());
      w.get("failedNodes").fieldNames().forEachRemaining(named::add);
    }
    assertEquals(failed, inWindows, "every failure lies in a degraded window\n" + run.out());
    assertEquals(1, named.size(), "one node named: " + named + "\n" + run.out());
    assertTrue(nodes.containsAll(named), named + " is one of " + nodes);
    assertTrue(run.out().contains("degraded: ") && run.out().contains(named.iterator().next()), run.out());
    JsonNode intervals = stats.get("intervals");
    assertEquals(0, intervals.get(intervals.size() - 1).get("errorCount").asLong(),
        "the worker was back before the end\n" + run.out());
  }
}
