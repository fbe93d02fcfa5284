package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * Runs spread over several hosts: two spellings of the shared test server, and a second embedded server
 * started here for a real two-server run.
 */
class HostsRunTest {
  private static String database;
  private static int port;
  private static EmbeddedPostgres second;
  /** A database that exists on both servers but has the table only on the shared one. */
  private static String halfDatabase;

  @TempDir
  Path dir;

  @BeforeAll
  static void start() throws IOException, SQLException {
    String url = TestDatabase.newDatabaseUrl("hosts");
    database = TestDatabase.databaseName(url);
    port = TestDatabase.port();
    second = EmbeddedPostgres.builder().start();
    createDatabase(second.getPort(), database);
    for (String u : List.of(url, urlOn(second.getPort(), database))) {
      CliTester.Result r = CliTester.run("--url", u, "-U", "postgres", "init", "--docs", "2000");
      assertEquals(0, r.exitCode(), r.all());
    }
    String halfUrl = TestDatabase.newDatabaseUrl("hostshalf");
    halfDatabase = TestDatabase.databaseName(halfUrl);
    createDatabase(second.getPort(), halfDatabase);
    CliTester.Result r = CliTester.run("--url", halfUrl, "-U", "postgres", "init", "--docs", "100");
    assertEquals(0, r.exitCode(), r.all());
  }

  @AfterAll
  static void stop() throws IOException {
    if (second != null) {
      second.close();
    }
  }

  private static void createDatabase(int serverPort, String name) throws SQLException {
    try (Connection c = DriverManager.getConnection(urlOn(serverPort, "postgres"), "postgres", null);
         Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE \"" + name + "\"");
    }
  }

  private static String urlOn(int serverPort, String db) {
    return "jdbc:postgresql://localhost:" + serverPort + "/" + db;
  }

  private CliTester.Result run(String... args) {
    List<String> all = new ArrayList<>(List.of("-U", "postgres"));
    all.addAll(List.of(args));
    return CliTester.run(all.toArray(String[]::new));
  }

  private static JsonNode read(Path json) throws IOException {
    return new ObjectMapper().readTree(Files.readString(json));
  }

  /**
   * The per-host rows add up to the phase's totals. Not that every host did work: the threads share an --ops budget
   * (and a short duration), so on a loaded machine one thread may take all of it before another is scheduled.
   */
  private static void assertHostsAddUp(JsonNode phase) {
    long count = 0;
    long errors = 0;
    for (JsonNode host : phase.get("hosts")) {
      assertFalse(host.get("host").asText().isEmpty(), host.toString());
      long c = host.get("stats").get("total").get("count").asLong();
      count += c;
      errors += host.get("stats").get("total").get("errorCount").asLong();
    }
    assertEquals(phase.get("stats").get("total").get("count").asLong(), count);
    assertEquals(phase.get("stats").get("total").get("errorCount").asLong(), errors);
  }

  @Test
  void twoSpellingsOfOneServerAreTwoHostsWithTheirShareOfThreads() throws IOException {
    Path json = dir.resolve("spellings.json");
    CliTester.Result r = run("-d", database, "run", "--hosts", "127.0.0.1:" + port + ",localhost:" + port,
        "--threads", "5", "--duration", "1s", "--warmup", "0", "--op", "find_first=80,find_update=20",
        "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("hosts (thread i on host i mod 2): [127.0.0.1:" + port + " (PostgreSQL, password: "),
        r.out());
    assertTrue(r.out().contains("pool size: as many as the host's threads per host (each host has its own pool)"), r.out());
    assertTrue(r.out().contains("per host (latency of successful operations in ms):"), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.matches("127\\.0\\.0\\.1:" + port + "\\s+3\\s+\\d+.*")), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.matches("localhost:" + port + "\\s+2\\s+\\d+.*")), r.out());

    JsonNode phase = read(json).get("phases").get(0);
    assertEquals(2, phase.get("hosts").size());
    assertEquals("127.0.0.1:" + port, phase.get("hosts").get(0).get("host").asText());
    assertEquals(3, phase.get("hosts").get(0).get("threads").asInt());
    assertEquals(2, phase.get("hosts").get(1).get("threads").asInt());
    assertEquals("5", phase.get("connection").get("distinct server backends").asText());
    assertEquals("127.0.0.1:" + port + ",localhost:" + port, phase.get("connection").get("hosts").asText());
    assertHostsAddUp(phase);
  }

  @Test
  void twoServersEachSeeTheirShareOfTheThreads() throws Exception {
    Path json = dir.resolve("two-servers.json");
    int[] seen = new int[2];
    CompletableFuture<CliTester.Result> running = CompletableFuture.supplyAsync(() -> run("-d", database, "run", "--hosts",
        "localhost:" + port + ",localhost:" + second.getPort(), "--threads", "5", "--duration", "3s", "--warmup", "0",
        "--json", json.toString()));
    int[] ports = {port, second.getPort()};
    while (!running.isDone()) {
      for (int s = 0; s < 2; s++) {
        seen[s] = Math.max(seen[s], backends(ports[s]));
      }
      Thread.sleep(50);
    }
    CliTester.Result r = running.get();
    assertEquals(0, r.exitCode(), r.all());
    // pool none: each worker holds one connection on its own host; thread i on host i mod 2
    assertEquals(3, seen[0], "backends of the run on the first server");
    assertEquals(2, seen[1], "backends of the run on the second server");

    JsonNode phase = read(json).get("phases").get(0);
    assertEquals(List.of(3, 2), List.of(phase.get("hosts").get(0).get("threads").asInt(),
        phase.get("hosts").get(1).get("threads").asInt()));
    assertHostsAddUp(phase);
  }

  /** Client backends in the run's database (unique to this class); the probe itself is in database postgres. */
  private static int backends(int serverPort) throws SQLException {
    try (Connection c = DriverManager.getConnection(urlOn(serverPort, "postgres"), "postgres", null);
         Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'"
             + " AND datname = '" + database + "'")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  @Test
  void eachHostHasItsOwnPoolAndMergeKeepsTheHosts() throws Exception {
    Path a = dir.resolve("a.json");
    Path b = dir.resolve("b.json");
    // two instances of one run (--run-id), measuring together as merge requires
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
    List<java.util.concurrent.Future<CliTester.Result>> runs = new java.util.ArrayList<>();
    for (Path json : List.of(a, b)) {
      String instance = (json == a ? 1 : 2) + "/2";
      runs.add(pool.submit(() -> run("-d", database, "run", "--hosts", "localhost:" + port + ",localhost:"
          + second.getPort(), "--threads", "4", "--pool", "hikari", "--pool-size", "3", "--ops", "400", "--warmup",
          "0", "--run-id", "hosts-merge", "--instance", instance, "--json", json.toString())));
    }
    pool.shutdown();
    for (int i = 0; i < 2; i++) {
      CliTester.Result r = runs.get(i).get();
      Path json = i == 0 ? a : b;
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.out().contains("pool size: 3 per host (each host has its own pool)"), r.out());
      JsonNode phase = read(json).get("phases").get(0);
      assertEquals("3", phase.get("connection").get("pool.size").asText());
      assertHostsAddUp(phase);
    }
    Path merged = dir.resolve("merged.json");
    CliTester.Result m = CliTester.run("merge", a.toString(), b.toString(), "--json", merged.toString());
    assertEquals(0, m.exitCode(), m.all());
    JsonNode phase = read(merged).get("phases").get(0);
    assertEquals(800, phase.get("stats").get("total").get("count").asLong());
    assertEquals(4, phase.get("hosts").get(0).get("threads").asInt());
    assertHostsAddUp(phase);
  }

  @Test
  void aMultiHostUrlIsLeftToPgjdbcUnlessSpreadIsAsked() throws IOException {
    String url = "jdbc:postgresql://localhost:" + port + ",localhost:" + second.getPort() + "/" + database;
    Path json = dir.resolve("url.json");
    CliTester.Result r = run("--url", url, "run", "--threads", "2", "--ops", "100", "--warmup", "0",
        "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("hosts: pgjdbc picks one of localhost:" + port + ",localhost:" + second.getPort()
        + " for each connection"), r.out());
    assertFalse(r.out().contains("per host ("), r.out());
    assertFalse(read(json).get("phases").get(0).has("hosts"));

    Path spreadJson = dir.resolve("url-spread.json"); // a result never replaces another
    CliTester.Result spread = run("--url", url, "run", "--spread-hosts", "--threads", "2", "--ops", "100",
        "--warmup", "0", "--json", spreadJson.toString());
    assertEquals(0, spread.exitCode(), spread.all());
    assertTrue(spread.out().contains("per host ("), spread.out());
    assertEquals(2, read(spreadJson).get("phases").get(0).get("hosts").size());
    assertHostsAddUp(read(spreadJson).get("phases").get(0));
  }

  @Test
  void aHostWithoutTheTableIsRefusedInOneLine() {
    CliTester.Result r = run("-d", halfDatabase, "run", "--hosts",
        "localhost:" + port + ",localhost:" + second.getPort(), "--threads", "2", "--ops", "10");
    assertEquals(2, r.exitCode(), r.all());
    String error = r.err().strip();
    assertEquals(1, error.lines().count(), error);
    assertTrue(error.contains("--hosts: on host localhost:" + second.getPort() + ", table"), error);
    assertTrue(error.contains("does not exist"), error);
  }

  @Test
  void usageErrorsNameTheOption() {
    CliTester.Result badPort = run("-d", database, "run", "--hosts", "localhost:" + port + ",localhost:x");
    assertEquals(2, badPort.exitCode(), badPort.all());
    assertTrue(badPort.err().contains("--hosts 'localhost:" + port + ",localhost:x': port 'x'"), badPort.all());

    CliTester.Result both = run("--url", urlOn(port, database), "run", "--hosts", "localhost:" + port);
    assertEquals(2, both.exitCode(), both.all());
    assertTrue(both.err().contains("cannot be combined with --url, -h or -p"), both.all());

    CliTester.Result fewThreads = run("-d", database, "run", "--hosts",
        "localhost:" + port + ",127.0.0.1:" + port, "--threads", "1", "--ops", "10");
    assertEquals(2, fewThreads.exitCode(), fewThreads.all());
    assertTrue(fewThreads.err().contains("--threads 1 is fewer than the 2 hosts of --hosts"), fewThreads.all());
  }
}
