package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One Postgres-XL datanode stopped for a few seconds in the middle of a run: the coordinator refuses the
 * statements that need it ("Failed to get pooled connections", 53000, which names no node) and keeps the client
 * sessions, the other datanode's keys go on. The run must not reconnect and must report the time as degraded.
 *
 * <p>Needs {@code STRESS_XL_URL} and the shell commands that stop and start one datanode in
 * {@code STRESS_XL_STOP_DATANODE} and {@code STRESS_XL_START_DATANODE} (e.g. {@code pgxc_ctl stop -m fast datanode
 * master dn2}); skipped, saying so, when one is missing.
 */
class PostgresXlNodeDownIT {
  private static final String TABLE = "stress_it_node_down";
  private static NodeDownRun cluster;

  @TempDir
  Path dir;

  @BeforeEach
  void cluster() {
    cluster = NodeDownRun.fromEnvironment("STRESS_XL_URL", "STRESS_XL_STOP_DATANODE", "STRESS_XL_START_DATANODE");
  }

  @AfterAll
  static void dropTables() throws Exception {
    if (cluster != null) {
      ClusterUrls.dropDocumentTables(cluster.url(), TABLE);
    }
  }

  @Test
  void aStoppedDatanodeIsADegradedWindowWithoutReconnects() throws Exception {
    assertEquals(0, cluster.cli("init", "--table", TABLE, "--docs", "4000", "--drop-existing").exitCode());
    NodeDownRun.Result run = cluster.run(TABLE, dir.resolve("datanode-down.json"));
    JsonNode stats = run.stats();
    long failed = stats.get("total").get("errorCount").asLong();
    long ok = stats.get("total").get("count").asLong();
    assertTrue(failed > 0 && ok > 0, ok + " succeeded, " + failed + " failed\n" + run.out());
    assertEquals(0, stats.get("reconnects").asLong(), "no client connection broke\n" + run.out());
    JsonNode degraded = stats.get("degraded");
    assertTrue(degraded != null && degraded.size() >= 1, "the other datanode's keys went on\n" + run.out());
    assertTrue(run.out().contains("degraded: "), run.out());
    JsonNode intervals = stats.get("intervals");
    assertEquals(0, intervals.get(intervals.size() - 1).get("errorCount").asLong(),
        "the datanode was back before the end\n" + run.out());
  }
}
