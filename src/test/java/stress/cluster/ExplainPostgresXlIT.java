package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import stress.target.TargetDetector;

/**
 * {@code stress explain --analyze} on a real Postgres-XL coordinator (STRESS_XL_URL): the literal lookup goes to
 * one datanode, the prepared one to all of them and is flagged, and the prepared statement is never analyzed.
 */
class ExplainPostgresXlIT {
  private static final String TABLE = "explain_it_check_in";
  private static String url;

  @BeforeEach
  void cluster() {
    url = ClusterUrls.postgresXl();
  }

  private static int cli(ByteArrayOutputStream out, String... args) {
    String[] all = new String[args.length + 2];
    all[0] = "--url";
    all[1] = url;
    System.arraycopy(args, 0, all, 2, args.length);
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8)) {
      return new stress.cli.Cli(o, System.err).execute(all);
    }
  }

  @Test
  void thePreparedLookupIsABroadcastExplainedWithoutAnalyze() throws Exception {
    int datanodes;
    try (Connection c = DriverManager.getConnection(url)) {
      datanodes = TargetDetector.detect(c).xl().datanodes().size();
    }
    assertEquals(0, cli(new ByteArrayOutputStream(), "init", "--table", TABLE, "--docs", "2000", "--drop-existing"));
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assertEquals(0, cli(out, "explain", "--table", TABLE, "--op", "find_first", "--analyze"));
      String text = out.toString(StandardCharsets.UTF_8);
      System.out.println(text);
      assertTrue(text.contains("  plain: single-node route: 1 of " + datanodes + " datanodes (Remote Fast Query"
          + " Execution"), text);
      assertTrue(text.contains("  prepared: broadcast: " + datanodes + " of " + datanodes + " datanodes"), text);
      assertTrue(text.contains("    note: ANALYZE skipped: on Postgres-XL 10r1.1, EXPLAIN (ANALYZE) EXECUTE"), text);
      assertTrue(text.contains("  ! prepared: broadcast to " + datanodes + " of " + datanodes
          + " datanodes where plain reaches one"), text);
      assertTrue(text.contains("use --mode plain or --query-mode simple"), text);
    } finally {
      ClusterUrls.dropDocumentTables(url, TABLE);
    }
  }
}
