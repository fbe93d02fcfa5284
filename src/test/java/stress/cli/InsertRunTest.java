package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/** Insert runs through the command line against a real PostgreSQL: reported rows against the table's rows. */
class InsertRunTest {
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() throws SQLException {
    url = TestDatabase.newDatabaseUrl("insertrun");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "500");
    assertEquals(0, r.exitCode(), r.all());
    sql("CREATE TABLE empty_docs (_id bigint PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')",
        "CREATE TABLE text_docs (_id text PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')",
        "INSERT INTO text_docs VALUES ('a', '{}')");
  }

  private static void sql(String... statements) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String statement : statements) {
        s.execute(statement);
      }
    }
  }

  private static long scalar(String query) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private List<String> args(Path json, String... args) {
    List<String> all = new ArrayList<>(List.of("--url", url, "-U", "postgres", "run", "--json", json.toString(),
        "--warmup", "0", "--report-interval", "500ms"));
    all.addAll(List.of(args));
    return all;
  }

  private JsonNode run(String... args) throws IOException {
    Path json = dir.resolve("result-" + System.nanoTime() + ".json");
    CliTester.Result r = CliTester.run(args(json, args).toArray(String[]::new));
    assertEquals(0, r.exitCode(), r.all());
    return new ObjectMapper().readTree(Files.readString(json));
  }

  /** Rows reported by every phase, checked to have no errors. */
  private static long reportedRows(JsonNode result) {
    long rows = 0;
    for (JsonNode phase : result.get("phases")) {
      JsonNode total = phase.get("stats").get("total");
      assertEquals(0, total.get("errorCount").asLong(), phase.toString());
      rows += total.get("rows").asLong();
    }
    return rows;
  }

  @Test
  void eachInsertOperationInBothModesInsertsWhatItReports() throws Exception {
    for (String op : List.of("insert", "insert_batch", "copy")) {
      long before = scalar("SELECT count(*) FROM check_in");
      long max = scalar("SELECT max(_id) FROM check_in");
      JsonNode result = run("--op", op, "--threads", "3", "--ops", "60", "--batch", "25", "--mode", "prepared,plain");
      assertEquals(2, result.get("phases").size());
      long perExecution = op.equals("insert") ? 1 : 25;
      for (JsonNode phase : result.get("phases")) {
        JsonNode total = phase.get("stats").get("total");
        assertEquals(60, total.get("count").asLong(), op);
        assertEquals(60 * perExecution, total.get("rows").asLong(), op);
        assertTrue(total.get("rowsPerSecond").asDouble() > 0, op);
      }
      assertEquals(before + reportedRows(result), scalar("SELECT count(*) FROM check_in"), op);
      assertEquals("none read (the operations only insert new rows)", result.get("settings").get("keys").asText());
      assertTrue(result.get("settings").get("new keys").asText().startsWith("from " + (max + 1) + " up"),
          result.get("settings").toString());
    }
  }

  @Test
  void copyWorksThroughEveryPool() throws Exception {
    long before = scalar("SELECT count(*) FROM check_in");
    JsonNode result = run("--op", "copy", "--threads", "2", "--ops", "20", "--batch", "10", "--pool", "none,hikari,c3p0",
        "--transaction");
    assertEquals(3 * 20 * 10, reportedRows(result));
    assertEquals(before + 600, scalar("SELECT count(*) FROM check_in"));
  }

  @Test
  void readsAndInsertsMixWithoutTouchingEachOther() throws Exception {
    long before = scalar("SELECT count(*) FROM check_in");
    JsonNode result = run("--op", "find_first=1,insert=1,insert_batch=1", "--threads", "4", "--duration", "1s",
        "--batch", "5", "--shape", "large");
    JsonNode ops = result.get("phases").get(0).get("stats").get("operations");
    long inserted = ops.get(1).get("rows").asLong() + ops.get(2).get("rows").asLong();
    assertEquals(ops.get(0).get("count").asLong(), ops.get(0).get("rows").asLong(), "each find_first finds its row");
    assertTrue(inserted > 0);
    assertEquals(before + inserted, scalar("SELECT count(*) FROM check_in"));
    assertEquals(inserted, scalar("SELECT count(*) FROM check_in WHERE _id > " + before + " AND data ? 'items'"),
        "new rows hold large (order) documents");
    assertEquals("large", result.get("settings").get("new documents").asText());
  }

  @Test
  void twoInstancesRunningAtOnceNeverCollide() throws Exception {
    long before = scalar("SELECT count(*) FROM check_in");
    long max = scalar("SELECT max(_id) FROM check_in");
    Path one = dir.resolve("one.json");
    Path two = dir.resolve("two.json");
    CompletableFuture<CliTester.Result> first = CompletableFuture.supplyAsync(() -> CliTester.run(args(one,
        "--instance", "1/2", "--op", "insert_batch", "--threads", "3", "--duration", "2s", "--batch", "10")
        .toArray(String[]::new)));
    CompletableFuture<CliTester.Result> second = CompletableFuture.supplyAsync(() -> CliTester.run(args(two,
        "--instance", "2/2", "--op", "insert=1,copy=1", "--threads", "3", "--duration", "2s", "--batch", "10",
        "--mode", "plain").toArray(String[]::new)));
    assertEquals(0, first.get().exitCode(), first.get().all());
    assertEquals(0, second.get().exitCode(), second.get().all());
    long rowsOne = reportedRows(new ObjectMapper().readTree(Files.readString(one)));
    long rowsTwo = reportedRows(new ObjectMapper().readTree(Files.readString(two)));
    assertTrue(rowsOne > 0 && rowsTwo > 0);
    assertEquals(before + rowsOne + rowsTwo, scalar("SELECT count(*) FROM check_in"));
    assertEquals(rowsOne, scalar("SELECT count(*) FROM check_in WHERE _id > " + max + " AND _id % 2 = 1"));
    assertEquals(rowsTwo, scalar("SELECT count(*) FROM check_in WHERE _id > " + max + " AND _id % 2 = 0"));
  }

  @Test
  void anEmptyTableGetsKeysFromOne() throws Exception {
    JsonNode result = run("--table", "empty_docs", "--op", "insert_batch", "--threads", "2", "--ops", "10",
        "--batch", "7");
    assertEquals(70, reportedRows(result));
    assertEquals(70, scalar("SELECT count(*) FROM empty_docs"));
    assertEquals(1, scalar("SELECT min(_id) FROM empty_docs"));
  }

  @Test
  void theRunHeaderShowsWhereNewKeysStart() throws SQLException {
    long max = scalar("SELECT max(_id) FROM check_in");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "insert", "--ops", "5",
        "--threads", "1", "--warmup", "0");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("new keys: from " + (max + 1) + " up (largest _id at start: " + max + "), "), r.out());
    assertTrue(r.out().contains("group by shard: no"), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("insert ") || l.contains(" insert ")), r.out());
  }

  private static void assertOneLineError(CliTester.Result r, int code, String expected) {
    assertEquals(code, r.exitCode(), r.all());
    String[] lines = r.err().strip().split("\n");
    assertEquals(1, lines.length, r.err());
    assertTrue(lines[0].startsWith("stress: "), r.err());
    assertTrue(lines[0].contains(expected), "expected '" + expected + "' in: " + r.err());
    assertFalse(r.err().contains("\tat "), "no stack trace without --verbose: " + r.err());
  }

  private static CliTester.Result runWith(String... args) {
    List<String> all = new ArrayList<>(List.of("--url", url, "-U", "postgres", "run", "--warmup", "0", "--ops", "5"));
    all.addAll(List.of(args));
    return CliTester.run(all.toArray(String[]::new));
  }

  @Test
  void instanceOutsideItsRule() {
    for (String bad : List.of("0/2", "3/2", "9/8", "two", "1:2")) {
      assertOneLineError(runWith("--op", "insert", "--instance", bad), 2,
          "--instance must be i/n with 1 <= i <= n (this process is instance i of n processes inserting into the same"
              + " table), got '" + bad + "'");
    }
  }

  @Test
  void groupByShardNeedsCitus() {
    assertOneLineError(runWith("--op", "insert_batch", "--group-by-shard"), 2,
        "--group-by-shard needs a Citus cluster (it puts each statement's rows into one shard of a hash-distributed"
            + " table); the target is PostgreSQL");
  }

  @Test
  void insertOptionsWithoutAnInsertOperation() {
    assertOneLineError(runWith("--op", "find_first", "--group-by-shard"), 2,
        "--group-by-shard applies to operations that insert new rows (insert_batch, copy); --op find_first has none");
    assertOneLineError(runWith("--op", "find_first", "--instance", "1/2"), 2,
        "--instance 1/2 shares out the new keys of insert, insert_batch and copy; --op find_first inserts none");
    assertOneLineError(runWith("--op", "find_first", "--instance", "1/2"), 2,
        "give --run-id NAME --instance 1/2 (every process the same NAME), then 'stress merge --run NAME'");
  }

  @Test
  void insertsNeedWholeNumberKeys() {
    assertOneLineError(runWith("--op", "insert", "--table", "text_docs"), 2,
        "insert, insert_batch and copy need an integer or bigint _id to make new keys; table text_docs has a text _id");
  }

  @Test
  void unknownShape() {
    assertOneLineError(runWith("--op", "insert", "--shape", "huge"), 2,
        "--shape: unknown document shape 'huge'; valid: small, large");
  }

  @Test
  void batchTooLargeForOneStatement() {
    assertOneLineError(runWith("--op", "insert_batch", "--batch", "40000"), 2,
        "--batch for insert_batch must be at most 32767");
  }
}
