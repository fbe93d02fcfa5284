package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * {@code --json FILE} of {@code import}, {@code init} and {@code generate}: the counts match the database; of
 * {@code run} and {@code merge}: never written over.
 */
class ResultJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;
  private String url;

  @BeforeEach
  void database() {
    url = TestDatabase.newDatabaseUrl("result_json");
  }

  private Path generated(int docs) throws IOException {
    Path json = dir.resolve("generate.json");
    CliTester.Result r = CliTester.run("generate", "--docs", "" + docs, "--db", "shop", "--collection", "orders",
        "--out", dir.resolve("dump").toString(), "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("result: " + json), r.out());
    JsonNode result = read(json);
    assertEquals("generate", result.get("command").asText());
    assertEquals(0, result.get("exitCode").asInt());
    assertEquals(docs, result.get("documents").asLong());
    assertEquals("directory", result.get("layout").asText());
    for (JsonNode file : result.get("files")) {
      assertTrue(Files.isRegularFile(Path.of(file.asText())), file.asText());
    }
    return dir.resolve("dump");
  }

  private CliTester.Result importing(Path json, String... args) {
    String[] all = new String[args.length + 8];
    System.arraycopy(new String[] {"--url", url, "-U", "postgres", "import",
        "--rejects=" + dir.resolve("rejects.jsonl"), "--json", json.toString()}, 0, all, 0, 8);
    System.arraycopy(args, 0, all, 8, args.length);
    return CliTester.run(all);
  }

  /**
   * A run's --json takes a new or empty file, as its --out a new or empty directory: an earlier result is refused
   * before the run and left as it was, not written over; merge's --json the same.
   */
  @Test
  void anEarlierRunResultIsRefusedNotWrittenOver() throws IOException {
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "100").exitCode());
    Path json = dir.resolve("run.json");
    String[] run = {"--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads", "1", "--ops", "50",
        "--warmup", "0", "--json", json.toString()};
    CliTester.Result first = CliTester.run(run);
    assertEquals(0, first.exitCode(), first.all());
    String earlier = Files.readString(json);
    CliTester.Result again = CliTester.run(run);
    assertEquals(2, again.exitCode(), again.all());
    assertEquals("stress: --json " + json + " exists and holds " + earlier.getBytes(StandardCharsets.UTF_8).length
        + " bytes (an earlier result?): a result never replaces another, as --out takes only a new or empty"
        + " directory; give a new file name or remove it", again.err().strip());
    assertFalse(again.out().contains("phase 1"), "refused before measuring: " + again.out());
    assertEquals(earlier, Files.readString(json));
    Path empty = Files.createFile(dir.resolve("empty.json"));
    CliTester.Result intoEmpty = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first",
        "--threads", "1", "--ops", "50", "--warmup", "0", "--json", empty.toString());
    assertEquals(0, intoEmpty.exitCode(), "an empty file is taken, as mktemp makes: " + intoEmpty.all());
    CliTester.Result merged = CliTester.run("merge", json.toString(), empty.toString(), "--json", json.toString());
    assertEquals(2, merged.exitCode(), merged.all());
    assertEquals(earlier, Files.readString(json));
  }

  private static JsonNode read(Path file) throws IOException {
    return JSON.readTree(file.toFile());
  }

  @Test
  void aCleanImportCountsWhatTheTableHolds() throws IOException, SQLException {
    Path dump = generated(1200);
    Path json = dir.resolve("import.json");
    CliTester.Result r = importing(json, dump.toString());
    assertEquals(0, r.exitCode(), r.all());
    JsonNode result = read(json);
    assertEquals("import", result.get("command").asText());
    assertEquals(0, result.get("exitCode").asInt());
    assertEquals("loaded", result.get("outcome").asText());
    assertEquals("PostgreSQL", result.get("target").get("kind").asText());
    assertTrue(result.get("toastCompression").asText().matches("pglz|lz4"), result.toString());
    assertEquals("dump-root", result.get("source").get("format").asText());
    assertEquals("reject", result.get("options").get("onDuplicate").asText());
    assertEquals("reject", result.get("options").get("repeatedFields").asText());
    assertEquals(1, result.get("collections").size());
    JsonNode orders = result.get("collections").get(0);
    assertEquals("shop.orders", orders.get("namespace").asText());
    assertEquals("shop_orders", orders.get("table").asText());
    assertEquals("integer", orders.get("idType").asText());
    assertEquals("loaded", orders.get("status").asText());
    long rows = TestDatabase.count(url, "SELECT count(*) FROM shop_orders");
    assertEquals(1200, rows);
    assertEquals(rows, orders.get("loaded").asLong());
    assertEquals(rows, orders.get("read").asLong());
    assertEquals(0, orders.get("rejected").asLong());
    assertEquals(0, orders.get("repeatedFields").asLong());
    assertTrue(orders.get("bytes").asLong() > 0);
    assertEquals(rows, result.get("totals").get("loaded").asLong());
    JsonNode streams = result.get("loadStreams");
    assertTrue(streams.get("seconds").asDouble() > 0, streams.toString());
    assertTrue(streams.get("waitingSeconds").asDouble() >= 0, streams.toString());
    assertTrue(streams.get("waitingSeconds").asDouble() <= streams.get("seconds").asDouble(), streams.toString());
    assertFalse(result.toString().contains("password"), result.toString());
  }

  @Test
  void rejectedDocumentsAndAFailedCollectionCarryTheExitCode() throws IOException, SQLException {
    Path dump = generated(300);
    assertEquals(0, importing(dir.resolve("first.json"), dump.toString()).exitCode());

    Path failedJson = dir.resolve("failed.json");
    CliTester.Result failed = importing(failedJson, dump.toString());
    assertEquals(1, failed.exitCode(), failed.all());
    JsonNode failure = read(failedJson);
    assertEquals(1, failure.get("exitCode").asInt());
    assertEquals("failed", failure.get("outcome").asText());
    JsonNode collection = failure.get("collections").get(0);
    assertEquals("failed", collection.get("status").asText());
    assertTrue(collection.get("message").asText().contains("already exists"), collection.toString());

    Path rejectedJson = dir.resolve("rejected.json");
    CliTester.Result rejected = importing(rejectedJson, dump.toString(), "--reuse");
    assertEquals(3, rejected.exitCode(), rejected.all());
    JsonNode result = read(rejectedJson);
    assertEquals(3, result.get("exitCode").asInt());
    assertEquals("rejected", result.get("outcome").asText());
    assertEquals(dir.resolve("rejects.jsonl").toString(), result.get("rejectsFile").asText());
    assertEquals(300, result.get("rejectLines").asLong());
    assertEquals(Files.readAllLines(dir.resolve("rejects.jsonl")).size(), result.get("rejectLines").asLong());
    assertEquals(300, result.get("totals").get("rejected").asLong());
    assertEquals(0, result.get("totals").get("loaded").asLong());
    assertEquals("reuse", result.get("options").get("existingTables").asText());
    assertEquals(300, TestDatabase.count(url, "SELECT count(*) FROM shop_orders"));
  }

  @Test
  void initWritesItsResult() throws IOException, SQLException {
    Path json = dir.resolve("init.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "500", "--table", "solo",
        "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    JsonNode result = read(json);
    assertEquals("init", result.get("command").asText());
    assertEquals("solo", result.get("table").asText());
    assertEquals("created", result.get("tableAction").asText());
    assertTrue(result.get("tableNote").isNull(), result.toString());
    assertEquals(TestDatabase.count(url, "SELECT count(*) FROM solo"), result.get("documents").asLong());
    assertEquals(500, result.get("documents").asLong());
    assertEquals(42, result.get("seed").asLong());
  }

  @Test
  void aPathThatCannotBeWrittenIsRefusedBeforeAnyWork() {
    Path nowhere = dir.resolve("missing").resolve("result.json");
    CliTester.Result r = importing(nowhere, dir.toString());
    assertEquals(2, r.exitCode(), r.all());
    // the empty directory is no dump either, which the same line also says
    assertTrue(r.err().strip().startsWith("stress: ") && r.err().strip().endsWith("--json '" + nowhere
        + "': directory '" + nowhere.getParent() + "' does not exist"), r.err());
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "10", "--json",
        dir.toString());
    assertEquals(2, init.exitCode(), init.all());
    assertTrue(init.err().contains("--json '" + dir + "' is a directory"), init.err());
    CliTester.Result generate = CliTester.run("generate", "--docs", "10", "--out", dir.resolve("d").toString(),
        "--json", nowhere.toString());
    assertEquals(2, generate.exitCode(), generate.all());
    assertFalse(Files.exists(dir.resolve("d")), "nothing generated");
  }

  /** run --json: checked before measuring, and one file is never the result of two runs. */
  @Test
  void aRunsResultFileIsClaimedBeforeMeasuring() throws Exception {
    Path nowhere = dir.resolve("missing").resolve("result.json");
    CliTester.Result missing = CliTester.run("--url", url, "-U", "postgres", "run", "--ops", "10", "--json",
        nowhere.toString());
    assertEquals(2, missing.exitCode(), missing.all());
    assertTrue(missing.err().contains("--json '" + nowhere + "': directory '" + nowhere.getParent()
        + "' does not exist"), missing.err());
    assertFalse(missing.out().contains("phase 1/1"), "refused before measuring: " + missing.out());

    Path busy = dir.resolve("busy.json");
    try (java.nio.channels.FileChannel other = java.nio.channels.FileChannel.open(busy,
        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
         java.nio.channels.FileLock held = other.lock()) {
      CliTester.Result second = CliTester.run("--url", url, "-U", "postgres", "run", "--ops", "10", "--json",
          busy.toString());
      assertEquals(2, second.exitCode(), second.all());
      assertTrue(second.err().contains("--json " + busy + ": another stress run is writing its result there"),
          second.err());
    }
    assertEquals(0, Files.size(busy), "the refused run wrote nothing into the other run's file");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "100").exitCode());
    CliTester.Result alone = CliTester.run("--url", url, "-U", "postgres", "run", "--ops", "10", "--threads", "1",
        "--json", busy.toString());
    assertEquals(0, alone.exitCode(), alone.all());
    assertTrue(Files.size(busy) > 0, "written once the file is free");
  }
}
