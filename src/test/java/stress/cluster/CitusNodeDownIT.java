package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * when one is missing.
 */
class CitusNodeDownIT {
  private static final String TABLE = "stress_it_node_down";
  /** Long enough for a stop, {@value #DOWN_INTERVALS} intervals with failures, a restart and the recovery after it. */
  private static final int RUN_SECONDS = 40;
  /** Interval lines with failures after the stop before the worker is started again. */
  private static final int DOWN_INTERVALS = 3;
  /** Interval lines after the worker serves again (a new session's probe) from which no execution may fail. */
  private static final int RECOVERY_INTERVALS = 2;
  private static NodeDownRun cluster;

  @TempDir
  Path dir;

  @BeforeEach
  void cluster() {
    cluster = NodeDownRun.fromEnvironment("STRESS_CITUS_URL", "STRESS_CITUS_STOP_WORKER", "STRESS_CITUS_START_WORKER");
  }

  @AfterAll
  static void dropTables() throws Exception {
    if (cluster != null) {
      ClusterUrls.dropDocumentTables(cluster.url(), TABLE);
    }
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

  @Test
  void aStoppedWorkerIsADegradedWindowNamingItWithoutReconnects() throws Exception {
    assertEquals(0, cluster.cli("init", "--table", TABLE, "--docs", "4000", "--drop-existing").exitCode());
    NodeDownRun.Watched run = watched(dir.resolve("node-down.json"));
    assertEquals(0, run.stats().get("reconnects").asLong(), "no client connection broke\n" + run.out());
    assertDegradedWindowNamingOneNode(run);
  }

  /**
   * The same on the event-loop client, but vertx-pg-client takes any 57P01 for the end of the session (Citus relays
   * the stopping worker's as the statement's ERROR) and closes the connection: one reconnect per 57P01, each of
   * those executions counted as failed (not left in flight), and the run ends on time.
   */
  @Test
  void onEventLoopsAStoppedWorkerIsTheSameDegradedWindowWithAReconnectPer57P01() throws Exception {
    assertEquals(0, cluster.cli("init", "--table", TABLE, "--docs", "4000", "--drop-existing").exitCode());
    NodeDownRun.Watched run = watched(dir.resolve("node-down-el.json"), "--event-loops", "1");
    long adminShutdowns = 0;
    for (JsonNode e : run.stats().get("total").get("errors")) {
      if (e.get("sqlState").asText().equals("57P01")) {
        adminShutdowns += e.get("count").asLong();
      }
    }
    assertEquals(adminShutdowns, run.stats().get("reconnects").asLong(), run.out());
    assertDegradedWindowNamingOneNode(run);
  }

  /**
   * find_first from 4 sessions with the worker stopped once the run shows successes and started once
   * {@value #DOWN_INTERVALS} interval lines after the stop showed failures; back when a new session's count of the
   * table (every shard) runs.
   */
  private static NodeDownRun.Watched watched(Path json, String... options) throws Exception {
    List<String> all = new ArrayList<>(List.of("--op", "find_first", "--threads", "4",
        "--pool", "none"));
    all.addAll(List.of(options));
    return cluster.runWatched(TABLE, json, RUN_SECONDS, DOWN_INTERVALS, "SELECT count(*) FROM " + TABLE,
        all.toArray(String[]::new));
  }

  private static void assertDegradedWindowNamingOneNode(NodeDownRun.Watched run) throws Exception {
    Set<String> nodes = nodes();
    JsonNode stats = run.stats();
    long failed = stats.get("total").get("errorCount").asLong();
    long ok = stats.get("total").get("count").asLong();
    assertTrue(failed > 0 && ok > 0, ok + " succeeded, " + failed + " failed\n" + run.out());
    // the other worker's keys went on: no streak of failures without a success between them (an outage is timed,
    // 100 ms without a success, which a busy machine pausing the workers can open; about half the keys fail, so a
    // streak of 30 has a chance of 2^-30)
    for (JsonNode outage : stats.get("outages")) {
      assertTrue(outage.get("failed").asLong() <= 30, "the other worker's keys went on\n" + run.out());
    }
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
    List<JsonNode> afterRecovery = run.intervalsFrom(run.intervalsWhenBack() + RECOVERY_INTERVALS);
    assertTrue(!afterRecovery.isEmpty(), "the run went on after the worker was back; give it more time\n" + run.out());
    for (JsonNode i : afterRecovery) {
      assertEquals(0, i.get("errorCount").asLong(), "recovered " + RECOVERY_INTERVALS + " intervals after the worker"
          + " served again: " + i + "\n" + run.out());
    }
  }
}
