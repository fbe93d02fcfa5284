package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.DumpSource;
import stress.load.PreparedTable;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportListener;
import stress.load.importer.progress.ImportResult;
import stress.server.dialect.PostgresDialect;
import stress.testing.BsonFiles;
import stress.testing.TestDatabase;

/**
 * A new table is made while the {@code _id} pass runs, with the type the collection's first documents give; the pass
 * has the last word: a later {@code _id} of another kind makes the table again with the type of them all, and a stop
 * during the pass leaves no table behind.
 */
class EarlyTableTest {
  @TempDir
  Path dir;
  private String url;

  @BeforeEach
  void setUp() {
    url = TestDatabase.newDatabaseUrl("early_table");
  }

  @Test
  void aLaterIdOfAnotherKindMakesTheTableAgainWithTheTypeOfThemAll() throws Exception {
    List<String> documents = new ArrayList<>();
    for (int i = 0; i < IdPasses.GUESS_DOCUMENTS + 10; i++) {
      documents.add("{\"_id\": " + i + ", \"n\": " + i + "}");
    }
    documents.add("{\"_id\": \"late\", \"n\": -1}"); // past what the guess reads
    BsonFiles.write(dir.resolve("dump/shop/items.bson"), documents);
    Imports.Recorder recorder = new Imports.Recorder();

    ImportResult result = Imports.run(url, request(), recorder);

    assertEquals(documents.size(), result.collections().get(0).loaded());
    assertEquals("text", columnType("shop_items"));
    assertEquals("text", columnType("shop_items_copy"));
    assertEquals(PreparedTable.Action.CREATED, recorder.started.get(0).action());
    assertTrue(recorder.started.get(0).idChoice().contains("text"), recorder.started.get(0).idChoice());
    assertEquals(1, Imports.count(url, "SELECT count(*) FROM shop_items WHERE _id = '\"late\"' AND data->>'n' = '-1'"));
  }

  @Test
  void aGuessThePassConfirmsIsTheTable() throws Exception {
    int documents = IdPasses.GUESS_DOCUMENTS + 10;
    Imports.numberedItems(dir, documents);
    Imports.Recorder recorder = new Imports.Recorder();

    ImportResult result = Imports.run(url, request(), recorder);

    assertEquals(documents, result.collections().get(0).loaded());
    assertEquals("integer", columnType("shop_items"));
    assertEquals(PreparedTable.Action.CREATED, recorder.started.get(0).action());
  }

  @Test
  void aStopDuringThePassLeavesNoTable() throws Exception {
    BsonFiles.write(dir.resolve("dump/shop/items.bson"), List.of("{\"_id\": 1}", "{\"_id\": 2}"));
    DumpImporter importer = new DumpImporter(() -> TestDatabase.connect(url), new PostgresDialect());
    ImportListener stopAfterScan = new ImportListener() {
      @Override
      public void scanned(DumpSource source) {
        importer.stop(); // before the passes start: each ends at once, knowing no _id
      }
    };

    ImportResult result = importer.run(request(), stopAfterScan);

    assertEquals(CollectionResult.Status.INTERRUPTED, result.collections().get(0).status());
    assertTrue(result.collections().get(0).message().contains("before its table was created"),
        result.collections().get(0).message());
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM pg_class WHERE relname IN ('shop_items', 'shop_items_copy')"));
  }

  private ImportRequest request() {
    return ImportRequest.builder(dir.resolve("dump")).jobs(1).rejects(dir.resolve("rejects.jsonl")).build();
  }

  private String columnType(String table) throws Exception {
    return Imports.text(url, "SELECT data_type FROM information_schema.columns WHERE table_name = '" + table
        + "' AND column_name = '_id'");
  }
}
