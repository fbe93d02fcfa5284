package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.connect.DriverSettings;
import stress.testing.TestDatabase;

/**
 * A run spread over the coordinator and the workers of a real Citus cluster (metadata synced to the workers, as
 * Citus 11+ does, so every node can coordinate): every node is accepted as the same kind of server, every node
 * gets its share of the client connections and does work, and a plain PostgreSQL among them is refused.
 */
class CitusHostsIT {
  private static final String TABLE = "hosts_it_mx";
  private static final Pattern URL = Pattern.compile("jdbc:postgresql://([^/:,?]+):(\\d+)/([^?]+)(?:\\?(.*))?");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static String url;
  private static String database;
  private static String user;
  /** The coordinator first, then the workers, as {@code host:port}. */
  private static List<String> nodes;
  private static boolean created;

  @TempDir
  Path dir;

  record Result(int exitCode, String out, String err) {
    String all() {
      return out + err;
    }
  }

  /** Per test, so a missing cluster shows as skipped tests (with the reason) rather than none at all. */
  @BeforeEach
  void cluster() throws SQLException {
    url = ClusterUrls.citus();
    if (nodes != null) {
      return;
    }
    Matcher m = URL.matcher(url);
    assertTrue(m.matches(), "STRESS_CITUS_URL is a one-host URL jdbc:postgresql://HOST:PORT/DB?user=...: " + url);
    database = m.group(3);
    user = m.group(4) == null ? "postgres" : Pattern.compile("(?:^|&)user=([^&]+)").matcher(m.group(4)).results()
        .map(r -> r.group(1)).findFirst().orElse("postgres");
    List<String> found = new ArrayList<>(List.of(m.group(1) + ":" + m.group(2)));
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT nodename, nodeport FROM pg_dist_node WHERE groupid > 0"
             + " AND noderole = 'primary' AND isactive AND hasmetadata ORDER BY nodeid")) {
      while (rs.next()) {
        found.add(rs.getString(1) + ":" + rs.getInt(2));
      }
    }
    boolean workers = found.size() > 1;
    if (!workers) {
      System.out.println("Citus host tests SKIPPED: the cluster at " + url + " has no active worker with metadata");
    }
    assumeTrue(workers, "the Citus cluster has no active worker with metadata");
    nodes = List.copyOf(found);
    Result init = cli("--url", url, "init", "--table", TABLE, "--docs", "3000", "--drop-existing");
    assertEquals(0, init.exitCode(), init.all());
    created = true;
  }

  @AfterAll
  static void dropTables() throws SQLException {
    if (created) {
      ClusterUrls.dropDocumentTables(url, TABLE);
    }
  }

  private static Result cli(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
         PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = new stress.cli.Cli(o, e).execute(args);
    }
    Result r = new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    System.out.print(r.out());
    System.err.print(r.err());
    return r;
  }

  /** {@code run --hosts <every node>} with -d and -U of the cluster URL, and the given run options. */
  private static Result runOnEveryNode(String... runArgs) {
    List<String> all = new ArrayList<>(List.of("-d", database, "-U", user, "run", "--hosts", String.join(",", nodes),
        "--table", TABLE));
    all.addAll(List.of(runArgs));
    return cli(all.toArray(String[]::new));
  }

  private static JsonNode read(Path json) throws IOException {
    return JSON.readTree(Files.readString(json));
  }

  /** Every node appears in the header as a Citus node: the coordinator and the workers are one kind. */
  private static void assertEveryNodeIsCitus(String out) {
    String line = out.lines().filter(l -> l.contains("hosts (thread i on host i mod " + nodes.size() + "): ["))
        .findFirst().orElseThrow(() -> new AssertionError("no spread hosts line in the header:\n" + out));
    assertTrue(line.contains(nodes.get(0) + " (Citus coordinator, "), line);
    for (String worker : nodes.subList(1, nodes.size())) {
      assertTrue(line.contains(worker + " (Citus worker, "), line);
    }
  }

  /** One row per node, in --hosts order; each did work without errors and together they make the total. */
  private static void assertEveryNodeWorked(JsonNode phase) {
    JsonNode hosts = phase.get("hosts");
    assertEquals(nodes.size(), hosts.size(), hosts.toString());
    long count = 0;
    for (int i = 0; i < nodes.size(); i++) {
      JsonNode host = hosts.get(i);
      assertEquals(nodes.get(i), host.get("host").asText());
      JsonNode total = host.get("stats").get("total");
      assertTrue(total.get("count").asLong() > 0, "host " + nodes.get(i) + " did work: " + host);
      assertEquals(0, total.get("errorCount").asLong(), "no errors on " + nodes.get(i) + ": " + host);
      count += total.get("count").asLong();
    }
    assertEquals(phase.get("stats").get("total").get("count").asLong(), count, "per-host counts add up to the total");
    assertEquals(0, phase.get("stats").get("total").get("errorCount").asLong());
  }

  @Test
  void readsSpreadOverCoordinatorAndWorkersReachEveryNode() throws Exception {
    Path json = dir.resolve("find-first.json");
    int threads = 2 * nodes.size();
    Map<String, Integer> seen = new LinkedHashMap<>();
    CompletableFuture<Result> running = CompletableFuture.supplyAsync(() -> runOnEveryNode("--threads",
        String.valueOf(threads), "--op", "find_first", "--duration", "3s", "--warmup", "0", "--json", json.toString()));
    while (!running.isDone()) {
      for (String node : nodes) {
        seen.merge(node, clientBackends(node), Math::max);
      }
      Thread.sleep(50);
    }
    Result r = running.get();
    assertEquals(0, r.exitCode(), r.all());
    assertEveryNodeIsCitus(r.out());
    // pool none: each worker thread holds one connection to its own node, thread i on node i mod n
    for (String node : nodes) {
      assertEquals(2, seen.get(node), "client connections of the run seen on " + node + ": " + seen);
    }
    JsonNode phase = read(json).get("phases").get(0);
    assertEquals(String.join(",", nodes), phase.get("connection").get("hosts").asText());
    assertEveryNodeWorked(phase);
  }

  @Test
  void writesThroughEveryNodeWithPoolsPerNode() throws Exception {
    Path json = dir.resolve("find-update.json");
    Result r = runOnEveryNode("--threads", String.valueOf(2 * nodes.size()), "--op", "find_update",
        "--pool", "hikari", "--ops", "600", "--warmup", "0", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertEveryNodeIsCitus(r.out());
    assertTrue(r.out().contains("pool size: as many as the host's threads per host (each host has its own pool)"),
        r.out());
    JsonNode phase = read(json).get("phases").get(0);
    assertEquals(600, phase.get("stats").get("total").get("count").asLong());
    assertEveryNodeWorked(phase);
  }

  @Test
  void aMultiHostUrlIsSpreadOverEveryNodeWhenAsked() throws Exception {
    String multi = "jdbc:postgresql://" + String.join(",", nodes) + "/" + database + "?user=" + user;
    Path json = dir.resolve("spread.json");
    Result r = cli("--url", multi, "run", "--spread-hosts", "--table", TABLE, "--threads",
        String.valueOf(nodes.size()), "--op", "find_first=3,find_update=1", "--ops", "300", "--warmup", "0",
        "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertEveryNodeIsCitus(r.out());
    assertEveryNodeWorked(read(json).get("phases").get(0));
  }

  @Test
  void aPlainPostgresqlBesideTheCoordinatorIsRefusedInOneLine() throws SQLException {
    String plain = "localhost:" + TestDatabase.port();
    // the plain server must hold the coordinator's database, whatever STRESS_CITUS_URL names, to be told apart by kind
    try (Connection c = TestDatabase.server().getPostgresDatabase().getConnection(); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_database WHERE datname = '" + database.replace("'", "''")
             + "'")) {
      rs.next();
      if (rs.getInt(1) == 0) {
        s.execute("CREATE DATABASE \"" + database.replace("\"", "\"\"") + "\"");
      }
    }
    Result r = cli("-d", database, "-U", user, "run", "--hosts", nodes.get(0) + "," + plain, "--table", TABLE,
        "--threads", "2", "--ops", "10");
    assertEquals(2, r.exitCode(), r.all());
    String error = r.err().strip();
    assertEquals(1, error.lines().count(), error);
    assertTrue(error.contains("--hosts: host " + plain + " is plain PostgreSQL but " + nodes.get(0)
        + " is a Citus coordinator"), error);
  }

  @Test
  void explainThroughEveryNodeIsCheckedOncePerRun() throws Exception {
    Path json = dir.resolve("explain.json");
    Result r = runOnEveryNode("--threads", String.valueOf(nodes.size()), "--op", "find_first,find_in",
        "--mode", "prepared,plain", "--explain", "--ops", "60", "--warmup", "0", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertEveryNodeIsCitus(r.out());
    assertEquals(1, r.out().lines().filter(l -> l.startsWith("explain (where each statement goes")).count(), r.out());
    assertEquals(1, r.out().lines().filter(l -> l.contains("! find_in SELECT, prepared, generic plan: refused (0A000)"))
        .count(), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.matches("\\s*find_first\\s+SELECT\\s+one: 1 of \\d+ shards.*")),
        r.out());
    JsonNode result = read(json);
    JsonNode firstRoutes = result.get("settings").get("explain").get(0).get("modes");
    for (String mode : List.of("prepared, generic plan", "prepared, custom plan", "plain")) {
      assertEquals("one", firstRoutes.get(mode).get("route").asText(), mode + ": " + firstRoutes);
    }
    assertEquals(2, result.get("phases").size());
    for (JsonNode phase : result.get("phases")) {
      assertEveryNodeWorked(phase);
    }
  }

  @Test
  void groupedBatchesThroughEveryNodeEachFillOneShard() throws Exception {
    Set<Long> before = keys();
    int batches = 6;
    int batch = 100;
    Path json = dir.resolve("grouped.json");
    Result r = runOnEveryNode("--threads", String.valueOf(nodes.size()), "--op", "insert_batch", "--group-by-shard",
        "--batch", String.valueOf(batch), "--ops", String.valueOf(batches), "--warmup", "0", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertEveryNodeIsCitus(r.out());
    JsonNode result = read(json);
    assertTrue(result.get("settings").get("group by shard").asText().contains("hash shards of " + TABLE),
        result.get("settings").toString());
    JsonNode phase = result.get("phases").get(0);
    assertEquals(0, phase.get("stats").get("total").get("errorCount").asLong(), phase.toString());
    long count = 0;
    for (JsonNode host : phase.get("hosts")) {
      count += host.get("stats").get("total").get("count").asLong();
    }
    assertEquals(batches, count, "per-host counts add up to the batches run");

    Set<Long> added = keys();
    added.removeAll(before);
    assertEquals(batches * batch, added.size(), "rows inserted");
    // ungrouped, 600 uniformly spread keys would reach every one of the shards; grouped, each batch reaches one
    int shards = shardsOf(added);
    assertTrue(shards <= batches, "the new rows lie in " + shards + " shards, at most one per batch");
  }

  private static Set<Long> keys() throws SQLException {
    Set<Long> keys = new HashSet<>();
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT _id FROM " + TABLE)) {
      while (rs.next()) {
        keys.add(rs.getLong(1));
      }
    }
    return keys;
  }

  private static int shardsOf(Set<Long> keys) throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
         PreparedStatement s = c.prepareStatement("SELECT count(DISTINCT"
             + " get_shard_id_for_distribution_column(?::regclass, k::integer)) FROM unnest(?::bigint[]) AS k")) {
      s.setString(1, TABLE);
      s.setArray(2, c.createArrayOf("bigint", keys.toArray()));
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  /** Client backends of this tool on one node whose last statement touched this test's table. */
  private static int clientBackends(String node) throws SQLException {
    String nodeUrl = "jdbc:postgresql://" + node + "/" + database + "?user=" + user;
    try (Connection c = DriverManager.getConnection(nodeUrl);
         PreparedStatement s = c.prepareStatement("SELECT count(*) FROM pg_stat_activity"
             + " WHERE backend_type = 'client backend' AND application_name = ? AND query LIKE ?")) {
      s.setString(1, DriverSettings.APPLICATION_NAME);
      s.setString(2, "%" + TABLE + "%");
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }
}
