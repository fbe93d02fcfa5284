package stress.dump.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.dump.DocumentStream;
import stress.dump.DumpCollection;
import stress.dump.document.DumpDocument;
import stress.dump.DumpScanner;
import stress.dump.DumpSource;
import stress.dump.document.ReadItem;
import stress.dump.ReadPolicy;
import stress.model.Shape;

/**
 * The samples shipped in {@code datasets/} are exactly what {@code stress generate} writes with the commands in
 * {@code datasets/README.md}: if the generator changes, they must be regenerated (and the README's figures
 * measured again).
 */
class SampleDatasetsTest {

  @ParameterizedTest
  @CsvSource({"sample-small, SMALL, 20000, check_in", "sample-large, LARGE, 500, orders"})
  void samplesAreTheGeneratorsOutput(String directory, Shape shape, long docs, String collection) throws IOException {
    Path root = Path.of("datasets", directory);
    DumpSource source = new DumpScanner().scan(root);
    assertEquals(DumpSource.Format.DUMP_ROOT, source.format());
    assertEquals(1, source.collections().size());
    DumpCollection only = source.collections().get(0);
    assertEquals("stress." + collection, only.namespace().toString());
    assertEquals(CollectionMetadata.json("stress", collection, 42),
        Files.readString(root.resolve("stress/" + collection + ".metadata.json")));

    DocumentGenerator generator = new DocumentGenerator(shape, 42);
    long id = 1;
    try (DocumentStream documents = only.open(ReadPolicy.ABORT)) {
      for (ReadItem item; (item = documents.next()) != null; id++) {
        assertArrayEquals(generator.generate(id).bsonBytes(), ((DumpDocument) item).bytes(),
            directory + " id " + id);
      }
    }
    assertEquals(docs, id - 1);
  }
}
