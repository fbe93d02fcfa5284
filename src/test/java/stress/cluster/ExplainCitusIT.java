package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress explain} on a real Citus coordinator: a key lookup is a router query on one shard in every
 * mode; find_in and find are refused as generic plans (0A000) and reach several shards as custom plans.
 */
class ExplainCitusIT {
  private static final String TABLE = "explain_it_check_in";
  private static String url;
  private static boolean created;

  @BeforeEach
  void cluster() {
    url = ClusterUrls.citus();
    if (!created) {
      assertEquals(0, cli(new ByteArrayOutputStream(), "init", "--table", TABLE, "--docs", "5000", "--drop-existing"));
      created = true;
    }
  }

  @AfterAll
  static void dropTables() throws SQLException {
    if (created) {
      ClusterUrls.dropDocumentTables(url, TABLE);
    }
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

  /** The verdict lines of `stress explain`, by "operation statement" and mode. */
  private static Map<String, Map<String, String>> explain(String... ops) {
    return explainWith("--op", String.join(",", ops));
  }

  /** As {@link #explain}, with the explain command's own arguments. */
  private static Map<String, Map<String, String>> explainWith(String... args) {
    String[] all = new String[args.length + 4];
    System.arraycopy(new String[] {"explain", "--verbose", "--table", TABLE}, 0, all, 0, 4);
    System.arraycopy(args, 0, all, 4, args.length);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertEquals(0, cli(out, all));
    String text = out.toString(StandardCharsets.UTF_8);
    System.out.println(text);
    return ExplainVerdicts.of(text);
  }

  private static int shardCount() throws SQLException {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT shard_count FROM citus_tables WHERE table_name = '" + TABLE + "'::regclass")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  @Test
  void aKeyLookupIsARouterQueryOnOneShardInEveryMode() throws SQLException {
    int shards = shardCount();
    Map<String, String> lookup = explain("find_first").get("find_first SELECT");
    assertEquals(List.of("prepared, generic plan", "prepared, custom plan", "plain"), List.copyOf(lookup.keySet()));
    for (String verdict : lookup.values()) {
      assertTrue(verdict.startsWith("single-node route: 1 of " + shards + " shards (router, Task Count 1; node "),
          verdict);
    }
  }

  @Test
  void writesByKeyAreRoutedToo() throws SQLException {
    int shards = shardCount();
    Map<String, Map<String, String>> all = explain("find_update", "find_insert", "find_delete");
    for (String statement : List.of("find_update UPDATE", "find_insert INSERT", "find_delete DELETE")) {
      for (String verdict : all.get(statement).values()) {
        assertTrue(verdict.startsWith("single-node route: 1 of " + shards + " shards (router"), statement + ": " + verdict);
      }
    }
  }

  @Test
  void multiShardStatementsAreRefusedAsGenericPlansAndSpreadAsCustomPlans() throws SQLException {
    int shards = shardCount();
    Map<String, Map<String, String>> all = explain("find_in", "find");
    for (String statement : List.of("find_in SELECT", "find SELECT")) {
      assertEquals("refused: ERROR 0A000 could not create distributed plan",
          all.get(statement).get("prepared, generic plan"), statement);
    }
    Matcher custom = Pattern.compile("multi-shard: (\\d+) of " + shards + " shards \\(Task Count (\\d+)\\)")
        .matcher(all.get("find_in SELECT").get("prepared, custom plan"));
    assertTrue(custom.matches(), all.get("find_in SELECT").get("prepared, custom plan"));
    int reached = Integer.parseInt(custom.group(1));
    assertTrue(reached > 1 && reached < shards, "40 random keys of 5000 spread over several shards: " + reached);
    assertEquals("broadcast: " + shards + " of " + shards + " shards (multi-shard, Task Count " + shards + ")",
        all.get("find SELECT").get("prepared, custom plan"));
  }

  @Test
  void aWorkloadFilterOnAFieldThatIsNotTheKeyFansOutToEveryShard(@TempDir Path dir) throws SQLException, IOException {
    int shards = shardCount();
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, """
        operations:
          by_key:
            sql: SELECT _id, data FROM {table} WHERE _id = :id
            params:
              id: key
          by_user:
            sql: SELECT _id FROM {table} WHERE data->>'u' = :u
            params:
              u: {sample: u, cap: 20}
        """);
    Map<String, Map<String, String>> all = explainWith("--workload", file.toString());
    for (String verdict : all.get("by_key SELECT").values()) {
      assertTrue(verdict.startsWith("single-node route: 1 of " + shards + " shards (router"), verdict);
    }
    // plain and custom plans: every shard; the generic plan is refused like any multi-shard one
    for (String mode : List.of("plain", "prepared, custom plan")) {
      assertEquals("broadcast: " + shards + " of " + shards + " shards (multi-shard, Task Count " + shards + ")",
          all.get("by_user SELECT").get(mode), mode);
    }
  }

  @Test
  void mongoStyleOperationsRouteByKeyAndFanOutOtherwise(@TempDir Path dir) throws SQLException, IOException {
    int shards = shardCount();
    Path file = dir.resolve("mongo.yaml");
    Files.writeString(file, """
        operations:
          m_key:
            find: {filter: {_id: ":id"}}
            params: {id: key}
          m_key_literal:
            updateOne: {filter: {_id: 42}, update: {$inc: {visits: 1}}}
          m_user:
            find: {filter: {u: ":u", t: {$gte: 0}}, limit: 5}
            params: {u: {sample: u, cap: 20}}
        """);
    Map<String, Map<String, String>> all = explainWith("--workload", file.toString());
    for (String op : List.of("m_key SELECT", "m_key_literal UPDATE")) {
      for (String verdict : all.get(op).values()) {
        assertTrue(verdict.startsWith("single-node route: 1 of " + shards + " shards (router"), op + ": " + verdict);
      }
    }
    for (String mode : List.of("plain", "prepared, custom plan")) {
      assertEquals("broadcast: " + shards + " of " + shards + " shards (multi-shard, Task Count " + shards + ")",
          all.get("m_user SELECT").get(mode), mode);
    }
  }

  @Test
  void indexesOfAWorkloadFileReachEveryShardAndExplainReadsTheShardsPlan(@TempDir Path dir)
      throws SQLException, IOException {
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, """
        operations:
          by_user:
            sql: SELECT _id FROM {table} WHERE data ->> 'u' = :u
            params:
              u: {sample: u, cap: 20}
        indexes:
          - {path: u}
        """);
    ByteArrayOutputStream indexOut = new ByteArrayOutputStream();
    assertEquals(0, cli(indexOut, "index", "--table", TABLE, "--workload", file.toString()));
    String printed = indexOut.toString(StandardCharsets.UTF_8);
    assertTrue(printed.contains("{path: u, type: text}: created in ") || printed.contains(": already there: "), printed);
    int shards = shardCount();
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM run_command_on_shards('" + TABLE + "', $$SELECT"
             + " count(*) FROM pg_indexes WHERE tablename = '%s' AND indexdef LIKE '%%(data ->> ''u''::text)%%'$$)"
             + " WHERE success AND result = '1'")) {
      rs.next();
      assertEquals(shards, rs.getInt(1), "every shard has the index");
    }
    ByteArrayOutputStream explainOut = new ByteArrayOutputStream();
    assertEquals(0, cli(explainOut, "explain", "--verbose", "--table", TABLE, "--workload", file.toString()));
    String explained = explainOut.toString(StandardCharsets.UTF_8);
    // about 150 rows per shard: the planner may well read a shard whole, so only the index line itself is certain
    assertTrue(explained.contains("    index: " + TABLE + "_u_idx_")
        || explained.contains("    index: none; whole table read: public." + TABLE + "_"), explained);
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("DROP INDEX " + TABLE + "_u_idx");
    }
  }
}
