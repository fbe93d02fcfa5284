package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.DumpCollection;
import stress.dump.DumpScanner;
import stress.table.IdType;
import stress.testing.BsonFiles;

/**
 * The {@code _id} passes started as soon as the dump is scanned give each collection the type its own pass gives, and
 * a pass that cannot read its file fails that collection's setup with the reading error, early or not.
 */
class IdPassesTest {
  @TempDir
  Path dir;

  @Test
  void earlyPassesGiveEachCollectionItsOwnType() throws IOException {
    BsonFiles.write(dir.resolve("dump/shop/numbers.bson"), List.of("{\"_id\": 1, \"a\": 1}", "{\"_id\": 2, \"a\": 2}"));
    BsonFiles.write(dir.resolve("dump/shop/names.bson"), List.of("{\"_id\": \"x\", \"a\": 1}",
        "{\"_id\": \"y\", \"b\": \"" + "p".repeat(300) + "\"}"));
    List<CollectionRun> runs = runs();
    for (boolean resume : new boolean[] {false, true}) {
      ImportRequest request = ImportRequest.builder(dir.resolve("dump")).jobs(2).resume(resume).build();
      try (IdPasses passes = IdPasses.start(request, runs, () -> false)) {
        for (CollectionRun run : runs) {
          IdType expected = run.collection.namespace().toString().endsWith("numbers") ? IdType.INTEGER : IdType.TEXT;
          assertEquals(expected, passes.detection(run).type(), run.collection.namespace() + " resume " + resume);
        }
      }
    }
  }

  @Test
  void theGuessIsWhatThePassCountedFirstAndThePassHasTheLastWord() throws IOException {
    List<String> documents = new ArrayList<>();
    for (int i = 0; i < IdPasses.GUESS_DOCUMENTS; i++) {
      documents.add("{\"_id\": " + i + "}");
    }
    documents.add("{\"_id\": \"late\"}");
    BsonFiles.write(dir.resolve("dump/shop/items.bson"), documents);
    BsonFiles.write(dir.resolve("dump/shop/small.bson"), List.of("{\"_id\": 1}", "{\"_id\": \"two\"}"));
    List<CollectionRun> runs = runs();
    ImportRequest request = ImportRequest.builder(dir.resolve("dump")).jobs(1).build();
    try (IdPasses passes = IdPasses.start(request, runs, () -> false)) {
      CollectionRun items = runs.get(0).tableName.equals("items") ? runs.get(0) : runs.get(1);
      CollectionRun small = items == runs.get(0) ? runs.get(1) : runs.get(0);
      assertEquals(IdType.INTEGER, passes.guess(items)); // the first GUESS_DOCUMENTS _ids only
      assertEquals(IdType.TEXT, passes.detection(items).type());
      assertEquals(IdType.TEXT, passes.guess(small)); // fewer documents than that: all of them
    }
  }

  @Test
  void withoutAnEarlyPassThereIsNoGuess() throws IOException {
    BsonFiles.write(dir.resolve("dump/shop/items.bson"), List.of("{\"_id\": 1}"));
    List<CollectionRun> runs = runs();
    ImportRequest request = ImportRequest.builder(dir.resolve("dump")).jobs(1).resume(true).build();
    try (IdPasses passes = IdPasses.start(request, runs, () -> false)) {
      assertEquals(null, passes.guess(runs.get(0)));
      assertEquals(IdType.INTEGER, passes.detection(runs.get(0)).type());
    }
  }

  @Test
  void aFileThatCannotBeReadFailsItsCollectionWithTheReadingError() throws IOException {
    Path file = BsonFiles.write(dir.resolve("dump/shop/gone.bson"), List.of("{\"_id\": 1}"));
    List<CollectionRun> runs = runs();
    Files.delete(file);
    ImportRequest request = ImportRequest.builder(dir.resolve("dump")).jobs(1).build();
    try (IdPasses passes = IdPasses.start(request, runs, () -> false)) {
      assertEquals(null, passes.guess(runs.get(0))); // no guess to wait for: the setup goes on to the error
      IOException e = assertThrows(IOException.class, () -> passes.detection(runs.get(0)));
      assertEquals(true, e.getMessage().contains("gone.bson"), e.getMessage());
    }
  }

  private List<CollectionRun> runs() throws IOException {
    List<CollectionRun> runs = new ArrayList<>();
    for (DumpCollection collection : new DumpScanner().scan(dir.resolve("dump")).collections()) {
      runs.add(new CollectionRun(collection, collection.namespace().collection(), -1));
    }
    return runs;
  }
}
