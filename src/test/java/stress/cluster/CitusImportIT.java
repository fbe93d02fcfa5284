package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.Corpus;

/**
 * On a real Citus coordinator: a mongodump collection imported into a hash-distributed table with its colocated
 * copy table, with the checkpoints written in the same distributed transactions, then a run on it.
 */
class CitusImportIT {
  private static final String TABLE = "stress_it_theaters";
  private String url;

  @TempDir
  Path dir;

  /** Per test, so a missing cluster shows as a skipped test (with the reason) rather than none at all. */
  @BeforeEach
  void cluster() {
    url = ClusterUrls.citus();
  }

  /** The cluster is shared with the other cluster tests: leave neither the tables nor their checkpoints behind. */
  @AfterEach
  void dropTables() throws Exception {
    if (url != null) {
      ClusterCleanup.dropImported(url, List.of(TABLE));
    }
  }

  private int cli(String... args) {
    List<String> all = new ArrayList<>(List.of("--url", url));
    all.addAll(List.of(args));
    return new stress.cli.Cli(System.out, System.err).execute(all.toArray(String[]::new));
  }

  @Test
  void importIntoADistributedTableThenRunFindFirstOnIt() throws Exception {
    Path theaters = Corpus.file("atlas-sample-mcampo2/sample_mflix/theaters.bson");
    assertEquals(0, cli("import", theaters.toString(), "--table", TABLE, "--drop-existing", "--batch-docs", "300",
        "--jobs", "2", "--rejects", dir.resolve("rejects.jsonl").toString()));
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + TABLE)) {
        rs.next();
        assertEquals(1564, rs.getLong(1));
      }
      try (ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT colocationid) FROM pg_dist_partition"
          + " WHERE logicalrelid::text IN ('" + TABLE + "', '" + TABLE + "_copy') AND partkey IS NOT NULL")) {
        rs.next();
        assertEquals(2, rs.getLong(1), "both tables hash-distributed");
        assertEquals(1, rs.getLong(2), "and colocated");
      }
      try (ResultSet rs = s.executeQuery("SELECT sum(last_index - first_index + 1), count(*) FROM stress_import_progress"
          + " WHERE target = '\"" + TABLE + "\"'")) {
        rs.next();
        assertEquals(1564, rs.getLong(1));
        assertTrue(rs.getLong(2) >= 6, "one checkpoint per batch of 300");
      }
    }
    assertEquals(0, cli("run", "--table", TABLE, "--op", "find_first", "--threads", "4", "--duration", "3s",
        "--warmup", "1s"));
  }
}
