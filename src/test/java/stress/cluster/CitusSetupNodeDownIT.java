package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One Citus worker stopped while a run is still setting up (before its first phase): the set-up's reads that need the
 * worker (the table's keys, its largest key) are tried again with one line naming it, and the run measures once the
 * worker is back; a worker that stays down past {@code --connect-timeout} ends the run with one line naming it, exit 1,
 * no stack trace.
 *
 * <p>Needs {@code STRESS_CITUS_URL} and the shell commands that stop and start one worker in
 * {@code STRESS_CITUS_STOP_WORKER} and {@code STRESS_CITUS_START_WORKER}; skipped, saying so, when one is missing.
 */
class CitusSetupNodeDownIT {
  private static final String TABLE = "stress_it_setup_down";
  private static final Pattern WAITING = Pattern.compile("(?m)^set-up: (\\S+) unavailable while reading the table's"
      + " keys \\(08006 connection to the remote node \\S+ failed[^\\n]*\\); trying again for up to \\S+"
      + " \\(--connect-timeout\\)$");
  private static NodeDownRun cluster;

  @TempDir
  Path dir;

  @BeforeEach
  void cluster() {
    cluster = NodeDownRun.fromEnvironment("STRESS_CITUS_URL", "STRESS_CITUS_STOP_WORKER", "STRESS_CITUS_START_WORKER");
    assertEquals(0, cluster.cli("init", "--table", TABLE, "--docs", "2000", "--drop-existing").exitCode());
  }

  @AfterAll
  static void dropTables() throws Exception {
    if (cluster != null) {
      ClusterUrls.dropDocumentTables(cluster.url(), TABLE);
    }
  }

  @Test
  void aWorkerDownBeforeTheFirstPhaseIsWaitedForWithOneLineAndTheRunMeasuresOnceItIsBack() throws Exception {
    Path json = dir.resolve("setup-down.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code;
    cluster.stopNode();
    boolean started = false;
    try {
      CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> run(out, "--connect-timeout", "60s",
          "--json", json.toString()));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!WAITING.matcher(text(out)).find() && !run.isDone() && System.nanoTime() < deadline) {
        Thread.sleep(50); // until the run says it waits for the worker
      }
      assertTrue(WAITING.matcher(text(out)).find(), "the run said it waits for the worker\n" + text(out));
      cluster.startNode();
      started = true;
      code = run.get(120, TimeUnit.SECONDS);
    } finally {
      if (!started) {
        cluster.startNode();
      }
    }
    String text = text(out);
    System.out.print(text);
    assertEquals(0, code, text);
    Matcher waiting = WAITING.matcher(text);
    assertTrue(waiting.find(), text);
    String node = waiting.group(1);
    assertTrue(nodes().contains(node), node + " is a node of pg_dist_node " + nodes());
    List<String> setUpLines = text.lines().filter(l -> l.startsWith("set-up: ")).toList();
    assertEquals(2, setUpLines.size(), "one line when it waits, one when the worker answers\n" + text);
    assertTrue(setUpLines.get(1).matches("set-up: " + Pattern.quote(node) + " answers again after \\d+\\.\\d s; the"
        + " run goes on"), setUpLines.get(1));
    assertNoStackTrace(text);
    JsonNode total = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0).get("stats")
        .get("total");
    assertTrue(total.get("count").asLong() > 0, "the run measured\n" + text);
    assertEquals(0, total.get("errorCount").asLong(), "the worker was back before the first phase\n" + text);
  }

  @Test
  void aWorkerThatStaysDownEndsTheRunWithOneLineNamingIt() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code;
    cluster.stopNode();
    try {
      code = run(out, "--connect-timeout", "2s");
    } finally {
      cluster.startNode();
    }
    String text = text(out);
    System.out.print(text);
    assertEquals(1, code, text);
    Matcher waiting = WAITING.matcher(text);
    assertTrue(waiting.find(), text);
    String node = waiting.group(1);
    List<String> errors = text.lines().filter(l -> l.startsWith("stress: ")).toList();
    assertEquals(1, errors.size(), text);
    assertTrue(errors.get(0).matches("stress: set-up \\(on postgresql jdbc:postgresql://\\S+\\): " + Pattern.quote(node)
        + " was unavailable for \\d+\\.\\d s"
        + " \\(--connect-timeout 2s\\) while the run was reading the table's keys: connection to the remote node"
        + " \\S+ failed with the following error: .*; nothing was measured \\(SQLState 08006\\)"), errors.get(0));
    assertEquals(1, text.lines().filter(l -> l.startsWith("set-up: ")).count(), text);
    assertFalse(text.contains("phase 1/"), "no phase started\n" + text);
    assertNoStackTrace(text);
  }

  /** find_first and insert on two sessions, briefly: the set-up reads the table's keys and its largest key. */
  private static int run(ByteArrayOutputStream out, String... options) {
    List<String> args = new ArrayList<>(List.of("--url", cluster.url(), "run", "--table", TABLE, "--op",
        "find_first,insert", "--threads", "2", "--pool", "none", "--warmup", "0", "--duration", "2s"));
    args.addAll(List.of(options));
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
    return new stress.cli.Cli(print, print).execute(args.toArray(String[]::new));
  }

  private static String text(ByteArrayOutputStream out) {
    return out.toString(StandardCharsets.UTF_8);
  }

  private static void assertNoStackTrace(String text) {
    assertFalse(text.lines().anyMatch(l -> l.startsWith("\tat ") || l.contains("Exception")), "no stack trace\n"
        + text);
  }

  private static Set<String> nodes() throws Exception {
    Set<String> nodes = new HashSet<>();
    try (Connection c = DriverManager.getConnection(cluster.url()); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT nodename || ':' || nodeport FROM pg_dist_node")) {
      while (rs.next()) {
        nodes.add(rs.getString(1));
      }
    }
    return nodes;
  }
}
