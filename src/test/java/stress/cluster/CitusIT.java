package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import stress.server.TargetDetector;
import stress.server.TargetInfo;
import stress.server.TargetKind;

/** On a real Citus coordinator: detection, distributed and colocated tables from init, and a run on them. */
class CitusIT {
  private static String url;
  private static final String TABLE = "stress_it_check_in";

  /** Per test, so a missing cluster shows as skipped tests (with the reason) rather than none at all. */
  @BeforeEach
  void cluster() {
    url = ClusterUrls.citus();
  }

  /** The cluster is shared with the other cluster tests: leave no tables behind. */
  @AfterAll
  static void dropTables() throws Exception {
    if (url != null) {
      ClusterUrls.dropDocumentTables(url, TABLE);
    }
  }

  private static int cli(String... args) {
    List<String> all = new ArrayList<>(List.of("--url", url));
    all.addAll(List.of(args));
    return new stress.cli.Cli(System.out, System.err).execute(all.toArray(String[]::new));
  }

  @Test
  void detectsTheCoordinator() throws Exception {
    try (Connection c = DriverManager.getConnection(url)) {
      TargetInfo info = TargetDetector.detect(c);
      assertEquals(TargetKind.CITUS_COORDINATOR, info.kind());
      assertTrue(info.productVersion() != null && !info.productVersion().isBlank());
    }
  }

  @Test
  void initDistributesBothTablesColocatedAndTheRunSucceeds() throws Exception {
    assertEquals(0, cli("init", "--table", TABLE, "--docs", "2000", "--drop-existing"));
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT logicalrelid::text, partkey IS NOT NULL, colocationid"
             + " FROM pg_dist_partition WHERE logicalrelid::text IN ('" + TABLE + "', '" + TABLE + "_copy')"
             + " ORDER BY 1")) {
      List<Integer> colocation = new ArrayList<>();
      while (rs.next()) {
        assertTrue(rs.getBoolean(2), rs.getString(1) + " is hash-distributed");
        colocation.add(rs.getInt(3));
      }
      assertEquals(2, colocation.size());
      assertEquals(colocation.get(0), colocation.get(1), "copy table colocated with the main table");
    }
    assertEquals(0, cli("run", "--table", TABLE, "--op", "find_first=2,find_update=1,find_insert=1,find_delete=1",
        "--threads", "4", "--duration", "3s", "--warmup", "1s", "--mode", "prepared,plain"));
  }
}
