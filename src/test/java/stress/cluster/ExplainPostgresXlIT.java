package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.server.TargetDetector;

/**
 * {@code stress explain} on a real Postgres-XL coordinator (STRESS_XL_URL): the literal lookup goes to one datanode,
 * the prepared one to all of them and is flagged, and the prepared statement is never analyzed. XL 10 has no
 * plan_cache_mode, so a prepared statement is explained as the server plans it from its sixth execution on, which for
 * an UPDATE by key that is not fast-query-shipped is the generic plan on every datanode, where its first (custom)
 * plans reach the key's datanode only; the executions that take it there are rolled back.
 */
class ExplainPostgresXlIT {
  private static final String TABLE = "stress_it_xl_explain";
  private static String url;

  @BeforeEach
  void cluster() {
    url = ClusterUrls.postgresXl();
  }

  @TempDir
  Path dir;

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
      assertEquals(0, cli(out, "explain", "--verbose", "--table", TABLE, "--op", "find_first", "--analyze"));
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

  @Test
  void aPreparedUpdateIsExplainedAsTheRunWillExecuteItAndNothingIsWritten() throws Exception {
    int datanodes;
    try (Connection c = DriverManager.getConnection(url)) {
      datanodes = TargetDetector.detect(c).xl().datanodes().size();
    }
    // now() keeps the UPDATE from being fast-query-shipped: the coordinator plans it, custom plans for the key
    Path workload = Files.writeString(dir.resolve("touch.yaml"), """
        operations:
          touch:
            sql: UPDATE {table} SET data = data || jsonb_build_object('seen', now()::text) WHERE _id = :id
            params:
              id: key
        """);
    assertEquals(0, cli(new ByteArrayOutputStream(), "init", "--table", TABLE, "--docs", "2000", "--drop-existing"));
    try {
      String before = contents();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assertEquals(0, cli(out, "explain", "--verbose", "--table", TABLE, "--workload", workload.toString(), "--op", "touch"));
      String text = out.toString(StandardCharsets.UTF_8);
      System.out.println(text);
      assertTrue(text.contains("  prepared: broadcast: " + datanodes + " of " + datanodes
          + " datanodes (Remote Subquery Scan"), text);
      assertTrue(text.contains("note: the plan the server keeps from the 6th execution on, explained after 5 plannings"
          + " in a transaction that was rolled back; its first 5 executions: single-node route: 1 of " + datanodes
          + " datanodes (Remote Subquery Scan"), text);
      assertTrue(text.contains("  plain: single-node route: 1 of " + datanodes + " datanodes"), text);
      assertTrue(text.contains("  ! prepared: broadcast to " + datanodes + " of " + datanodes
          + " datanodes where plain reaches one"), text);
      assertEquals(before, contents(), "the executions were rolled back");
      try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_prepared_statements")) {
        rs.next();
        assertEquals(0, rs.getInt(1));
      }
    } finally {
      ClusterUrls.dropDocumentTables(url, TABLE);
    }
  }

  /** Every row's key and document, hashed. */
  private static String contents() throws Exception {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT md5(string_agg(_id || ':' || data::text, ',' ORDER BY _id)), count(*)"
             + " FROM " + TABLE)) {
      rs.next();
      return rs.getString(1) + " " + rs.getLong(2);
    }
  }
}
