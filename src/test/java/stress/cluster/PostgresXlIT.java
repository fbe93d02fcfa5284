package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import stress.server.TargetDetector;
import stress.server.TargetInfo;
import stress.server.TargetKind;

/** On a real Postgres-XL coordinator (STRESS_XL_URL): detection, DISTRIBUTE BY HASH tables, both modes. */
class PostgresXlIT {
  private static String url;
  private static final String TABLE = "stress_it_check_in";

  /** Per test, so a missing cluster shows as skipped tests (with the reason) rather than none at all. */
  @BeforeEach
  void cluster() {
    url = ClusterUrls.postgresXl();
  }

  private static int cli(String... args) {
    List<String> all = new ArrayList<>(List.of("--url", url));
    all.addAll(List.of(args));
    return new stress.cli.Cli(System.out, System.err).execute(all.toArray(String[]::new));
  }

  @Test
  void detectsTheCoordinatorAndItsDatanodes() throws Exception {
    try (Connection c = DriverManager.getConnection(url)) {
      TargetInfo info = TargetDetector.detect(c);
      assertEquals(TargetKind.XL_COORDINATOR, info.kind());
      assertFalse(info.xl().datanodes().isEmpty());
    }
  }

  @Test
  void initAndRunInBothStatementModes() {
    assertEquals(0, cli("init", "--table", TABLE, "--docs", "2000", "--drop-existing"));
    assertEquals(0, cli("run", "--table", TABLE, "--op", "find_first=3,find_update=1", "--threads", "4",
        "--duration", "3s", "--warmup", "1s", "--mode", "prepared,plain",
        "--set", "global_snapshot_source=gtm,coordinator"));
  }
}
