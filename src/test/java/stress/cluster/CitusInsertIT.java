package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.generate.DocumentGenerator;
import stress.model.Shape;
import stress.ops.NewDocuments;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.OperationSession;
import stress.model.OperationSettings;
import stress.ops.builtin.Operations;
import stress.model.StatementMode;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.ShardLookup;
import stress.server.ShardLookups;
import stress.server.TargetDetector;
import stress.model.Instance;
import stress.keys.NewKeys;

/**
 * On a real Citus coordinator: with --group-by-shard every insert_batch statement and every copy puts all its rows
 * into one shard, as the server itself places them; without it a batch spreads over many shards.
 */
class CitusInsertIT {
  private static final String TABLE = "inserts_it_grouped";
  private static final int BATCH = 50;
  private String url;

  @TempDir
  Path dir;

  /** Per test, so a missing cluster shows as a skipped test (with the reason) rather than none at all. */
  @BeforeEach
  void cluster() {
    url = ClusterUrls.citus();
    assertEquals(0, cli("init", "--table", TABLE, "--docs", "1000", "--drop-existing"));
  }

  @AfterEach
  void dropTables() throws SQLException {
    if (url != null) {
      ClusterUrls.dropDocumentTables(url, TABLE);
    }
  }

  private int cli(String... args) {
    List<String> all = new ArrayList<>(List.of("--url", url));
    all.addAll(List.of(args));
    return new stress.cli.Cli(System.out, System.err).execute(all.toArray(String[]::new));
  }

  private static Set<Long> keys(Connection c) throws SQLException {
    Set<Long> keys = new HashSet<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT _id FROM " + TABLE)) {
      while (rs.next()) {
        keys.add(rs.getLong(1));
      }
    }
    return keys;
  }

  /** How many shards the server places these keys in. */
  private static int shardsOf(Connection c, Set<Long> keys) throws SQLException {
    Array array = c.createArrayOf("bigint", keys.toArray());
    try (PreparedStatement ps = c.prepareStatement("SELECT count(DISTINCT get_shard_id_for_distribution_column('"
        + TABLE + "', k::integer)) FROM unnest(?::bigint[]) k")) {
      ps.setArray(1, array);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  /**
   * Runs {@code op} ten times in each statement mode and returns, per execution, how many shards its new rows
   * landed in (read back from the table, so what counts is where the server put them).
   */
  private List<Integer> shardsPerExecution(String op, boolean grouped) throws SQLException {
    DocumentTable table = new DocumentTable(null, TABLE, IdType.INTEGER);
    List<Integer> shards = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url)) {
      ShardLookup lookup = grouped ? ShardLookups.forTarget(TargetDetector.detect(c), c, table) : null;
      NewDocuments documents = new NewDocuments(NewKeys.above(c, table, Instance.SOLE),
          new DocumentGenerator(Shape.SMALL, 3), lookup);
      Operation.Bound bound = Operations.byName(op).bind(new OperationContext(table,
          new OperationSettings(BATCH, 1, 2, 10), documents));
      Set<Long> before = keys(c);
      for (StatementMode mode : StatementMode.values()) {
        try (Connection worker = DriverManager.getConnection(url);
             OperationSession session = new OperationSession(mode, true, null, new SplittableRandom(1), 10)) {
          session.attach(worker);
          for (int i = 0; i < 10; i++) {
            assertEquals(BATCH, bound.execute(session));
            Set<Long> after = keys(c);
            Set<Long> inserted = new HashSet<>(after);
            inserted.removeAll(before);
            assertEquals(BATCH, inserted.size(), "rows really inserted by one execution of " + op);
            shards.add(shardsOf(c, inserted));
            before = after;
          }
        }
      }
    }
    return shards;
  }

  @Test
  void groupedBatchesEachTouchOneShard() throws SQLException {
    for (String op : List.of("insert_batch", "copy")) {
      List<Integer> shards = shardsPerExecution(op, true);
      assertEquals(20, shards.size());
      assertTrue(shards.stream().allMatch(n -> n == 1), op + ": shards per execution " + shards);
    }
  }

  @Test
  void ungroupedBatchesSpreadOverManyShards() throws SQLException {
    for (String op : List.of("insert_batch", "copy")) {
      List<Integer> shards = shardsPerExecution(op, false);
      // 50 consecutive keys over the cluster's hash shards (32 by default): about 25 distinct ones
      assertTrue(shards.stream().allMatch(n -> n >= 8), op + ": shards per execution " + shards);
    }
  }

  @Test
  void groupedRunsThroughTheCommandLineInsertWhatTheyReport() throws Exception {
    long before;
    try (Connection c = DriverManager.getConnection(url)) {
      before = keys(c).size();
    }
    Path json = dir.resolve("run.json");
    assertEquals(0, cli("run", "--table", TABLE, "--op", "insert_batch=1,copy=1,insert=1", "--group-by-shard",
        "--batch", "100", "--threads", "4", "--duration", "2s", "--warmup", "0", "--mode", "prepared,plain",
        "--json", json.toString()));
    Path simple = dir.resolve("simple.json");
    assertEquals(0, cli("run", "--table", TABLE, "--op", "insert_batch", "--group-by-shard", "--batch", "100",
        "--threads", "2", "--ops", "20", "--warmup", "0", "--query-mode", "simple", "--json", simple.toString()));
    long reported = 0;
    for (Path p : List.of(json, simple)) {
      JsonNode result = new ObjectMapper().readTree(Files.readString(p));
      assertTrue(result.get("settings").get("group by shard").asText().contains("hash shards of " + TABLE),
          result.get("settings").toString());
      for (JsonNode phase : result.get("phases")) {
        JsonNode total = phase.get("stats").get("total");
        assertEquals(0, total.get("errorCount").asLong(), phase.toString());
        reported += total.get("rows").asLong();
      }
    }
    try (Connection c = DriverManager.getConnection(url)) {
      assertEquals(before + reported, keys(c).size());
    }
  }
}
