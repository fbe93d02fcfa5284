package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.load.CopyBatching;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportResult;
import stress.model.ExistingTablePolicy;
import stress.server.dialect.PostgresDialect;
import stress.testing.InterceptedConnection;
import stress.testing.TestDatabase;
import stress.testing.BsonFiles;

/**
 * The server fails a COPY in the middle of a batch. A row it refuses (a CHECK constraint) is found and rejected
 * with the server's message, the rest of its batch loaded. A failure that is not about one row (a trigger raising
 * {@code disk_full}, a simulated server-side failure: the disk is not really filled; or a statement timeout) rolls
 * the whole batch back: the collection is reported failed, nothing of that batch is counted as loaded or is in the
 * table, the counts reconcile, and {@code --resume} completes it once the cause is gone.
 */
class ServerFailureTest {
  private static final int DOCUMENTS = 1000;
  private static final int BATCH = 100;
  /** The document the server fails on: in the middle of the sixth batch. */
  private static final int BAD = 537;
  private static final String TABLE = "shop_items";

  @TempDir
  Path dir;
  private String url;
  private Path dump;

  @BeforeEach
  void setUp() throws Exception {
    url = TestDatabase.newDatabaseUrl("server_failure");
    List<String> documents = new ArrayList<>();
    for (int i = 0; i < DOCUMENTS; i++) {
      documents.add("{\"_id\": " + i + ", \"n\": " + i + ", \"text\": \"document " + i + "\"}");
    }
    dump = BsonFiles.write(dir.resolve("dump/shop/items.bson"), documents);
    // the tables as an earlier import made them, so the test can add a constraint or trigger before loading
    execute("CREATE TABLE " + TABLE + " (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')",
        "CREATE TABLE " + TABLE + "_copy (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')");
  }

  private ImportRequest request(boolean resume) {
    return ImportRequest.builder(dir.resolve("dump")).policy(ExistingTablePolicy.REUSE).resume(resume).jobs(1)
        .batching(new CopyBatching(BATCH, 64L << 20)).rejects(dir.resolve("rejects.jsonl")).build();
  }

  @Test
  void aRowTheServerRefusesIsRejectedAndTheRestOfItsBatchLoaded() throws Exception {
    execute("ALTER TABLE " + TABLE + " ADD CONSTRAINT not_" + BAD + " CHECK ((data->>'n')::int <> " + BAD + ")");
    ImportResult result = Imports.run(url, request(false));

    CollectionResult items = Imports.collection(result, "shop.items");
    assertEquals(CollectionResult.Status.LOADED, items.status(), String.valueOf(items));
    assertEquals(DOCUMENTS, items.read());
    assertEquals(DOCUMENTS - 1, items.loaded());
    assertEquals(1, items.rejected());
    assertEquals(0, items.failed());
    assertEquals(items.read(), items.loaded() + items.rejected() + items.failed(), "counts reconcile");
    assertEquals(DOCUMENTS - 1, Imports.count(url, "SELECT count(*) FROM " + TABLE));
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM " + TABLE + " WHERE _id = " + BAD));
    assertEquals(DOCUMENTS - 1, checkpointsLoaded());

    List<JsonNode> rejects = rejects();
    assertEquals(1, rejects.size(), rejects.toString());
    JsonNode reject = rejects.get(0);
    assertEquals(BAD, reject.get("index").asInt());
    assertTrue(reject.get("file").asText().endsWith("items.bson"), reject.toString());
    assertEquals(offsetOf(BAD), reject.get("offset").asLong(), "the document's byte offset in the file");
    assertTrue(reject.get("reason").asText().contains("violates check constraint \"not_" + BAD + "\""),
        reject.toString());
    assertTrue(reject.get("reason").asText().contains("23514"), reject.toString());
  }

  @Test
  void withoutSavepointsAsOnPostgresXlTheRefusedRowIsStillFoundAndTheRestOfItsBatchLoaded() throws Exception {
    execute("ALTER TABLE " + TABLE + " ADD CONSTRAINT not_" + BAD + " CHECK ((data->>'n')::int <> " + BAD + ")");
    ImportResult result = new DumpImporter(() -> refusingSavepoints(TestDatabase.connect(url)), new PostgresDialect())
        .run(request(false), new Imports.Recorder());

    CollectionResult items = Imports.collection(result, "shop.items");
    assertEquals(CollectionResult.Status.LOADED, items.status(), String.valueOf(items));
    assertEquals(DOCUMENTS - 1, items.loaded());
    assertEquals(1, items.rejected());
    assertEquals(0, items.failed());
    assertEquals(DOCUMENTS - 1, Imports.count(url, "SELECT count(*) FROM " + TABLE));
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM " + TABLE + " WHERE _id = " + BAD));
    assertEquals(DOCUMENTS - 1, checkpointsLoaded());
    List<JsonNode> rejects = rejects();
    assertEquals(1, rejects.size(), rejects.toString());
    assertEquals(BAD, rejects.get(0).get("index").asInt());
    assertTrue(rejects.get(0).get("reason").asText().contains("violates check constraint \"not_" + BAD + "\""),
        rejects.toString());
  }

  /**
   * A real connection whose SAVEPOINT gets Postgres-XL 10's answer: the server raises "SAVEPOINT is not yet
   * supported." (SQLState 54001, as XL 10r1.1 does), which aborts the transaction there as it does on XL.
   */
  private static Connection refusingSavepoints(Connection real) {
    return InterceptedConnection.before(real, "setSavepoint", () -> {
      try (Statement s = real.createStatement()) {
        s.execute("DO $$ BEGIN RAISE EXCEPTION 'SAVEPOINT is not yet supported.' USING ERRCODE = '54001'; END $$");
      }
      throw new AssertionError("the server did not refuse the savepoint");
    });
  }

  @Test
  void aSimulatedDiskFullRollsTheWholeBatchBackAndResumeCompletesIt() throws Exception {
    // A simulated server-side failure: a trigger raises SQLSTATE 53100 (disk_full) on one document.
    execute("CREATE FUNCTION fail_on_" + BAD + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            + " IF (NEW.data->>'n')::int = " + BAD + " THEN"
            + " RAISE EXCEPTION 'simulated: could not extend file: No space left on device' USING ERRCODE = 'disk_full';"
            + " END IF; RETURN NEW; END $$",
        "CREATE TRIGGER fail_on_" + BAD + " BEFORE INSERT ON " + TABLE + " FOR EACH ROW EXECUTE FUNCTION fail_on_"
            + BAD + "()");
    assertFailsThenResumes("No space left on device", "53100", "DROP TRIGGER fail_on_" + BAD + " ON " + TABLE);
  }

  @Test
  void aStatementTimeoutRollsTheWholeBatchBackAndResumeCompletesIt() throws Exception {
    String database = TestDatabase.databaseName(url);
    execute("CREATE FUNCTION slow_on_" + BAD + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            + " IF (NEW.data->>'n')::int = " + BAD + " THEN PERFORM pg_sleep(5); END IF; RETURN NEW; END $$",
        "CREATE TRIGGER slow_on_" + BAD + " BEFORE INSERT ON " + TABLE + " FOR EACH ROW EXECUTE FUNCTION slow_on_"
            + BAD + "()",
        "ALTER DATABASE " + database + " SET statement_timeout = '500ms'");
    assertFailsThenResumes("canceling statement due to statement timeout", "57014",
        "ALTER DATABASE " + database + " RESET statement_timeout");
  }

  private void assertFailsThenResumes(String message, String sqlState, String cure) throws Exception {
    ImportResult result = Imports.run(url, request(false));
    CollectionResult items = Imports.collection(result, "shop.items");
    assertEquals(CollectionResult.Status.FAILED, items.status(), String.valueOf(items));
    assertTrue(items.message().contains(message) && items.message().contains(sqlState), items.message());
    int goodBatches = BAD / BATCH;
    assertEquals((long) goodBatches * BATCH, items.loaded(), "the batches before the failing one");
    assertEquals(0, items.rejected());
    assertTrue(items.failed() >= BATCH, "at least the failing batch: " + items);
    assertEquals(items.read(), items.loaded() + items.rejected() + items.failed(), "counts reconcile: " + items);
    assertEquals(items.loaded(), Imports.count(url, "SELECT count(*) FROM " + TABLE),
        "no row of the failed batch is in the table");
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM " + TABLE + " WHERE _id >= " + goodBatches * BATCH));
    assertEquals(items.loaded(), checkpointsLoaded(), "no checkpoint for the failed batch");
    assertEquals(ImportResult.Outcome.FAILED, result.outcome());
    assertTrue(rejects().isEmpty(), "a failed batch is not rejected document by document");

    execute(cure);
    ImportResult resumed = Imports.run(url, request(true));
    CollectionResult done = Imports.collection(resumed, "shop.items");
    assertEquals(CollectionResult.Status.LOADED, done.status(), String.valueOf(done));
    assertEquals(DOCUMENTS, done.read());
    assertEquals(DOCUMENTS, done.loaded());
    assertEquals(items.loaded(), done.earlier());
    assertEquals(DOCUMENTS, Imports.count(url, "SELECT count(*) FROM " + TABLE));
    assertEquals(DOCUMENTS, checkpointsLoaded());
  }

  private long checkpointsLoaded() throws SQLException {
    return Imports.count(url, "SELECT coalesce(sum(loaded), 0) FROM stress_import_progress WHERE target = ?",
        "\"" + TABLE + "\"");
  }

  /** The byte offset of document {@code index} in the dump file: the sum of the lengths before it. */
  private long offsetOf(int index) throws Exception {
    byte[] bytes = Files.readAllBytes(dump);
    long offset = 0;
    for (int i = 0; i < index; i++) {
      int length = (bytes[(int) offset] & 0xff) | (bytes[(int) offset + 1] & 0xff) << 8
          | (bytes[(int) offset + 2] & 0xff) << 16 | (bytes[(int) offset + 3] & 0xff) << 24;
      offset += length;
    }
    return offset;
  }

  private List<JsonNode> rejects() throws IOException {
    return Imports.rejects(dir.resolve("rejects.jsonl"));
  }

  private void execute(String... statements) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
  }
}
