package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.bson.RawBsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.BsonDocumentReader;
import stress.dump.Corpus;
import stress.dump.DocumentStream;
import stress.dump.DumpDocument;
import stress.dump.ReadItem;
import stress.dump.ReadPolicy;
import stress.dump.ScanOptions;
import stress.testing.TestDatabase;

/**
 * Every readable collection of the real corpus exported as mongoexport would (org.bson's JSON writer: canonical
 * Extended JSON one document a line, and relaxed Extended JSON as a gzipped {@code --jsonArray}) imports to the same
 * rows as its BSON file: the same {@code _id} column type, and no row of one table missing from the other.
 */
class ImportJsonExportCorpusTest {
  private static final JsonWriterSettings RELAXED = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();
  private static final JsonWriterSettings CANONICAL = JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();
  private static final AtomicInteger TABLES = new AtomicInteger();

  @TempDir
  static Path dir;
  private static String url;

  @BeforeAll
  static void database() {
    Corpus.root();
    url = TestDatabase.newDatabaseUrl("import_json_export");
  }

  @TestFactory
  Stream<DynamicTest> eachCollectionExportedAsJsonImportsToTheRowsOfItsBson() {
    return Corpus.rows().stream().filter(r -> Corpus.isBson(r.file()) && !r.isError())
        .map(row -> DynamicTest.dynamicTest(row.file(), () -> {
          Path bson = Corpus.file(row.file());
          int n = TABLES.incrementAndGet();
          String fromBson = "b" + n;
          import_(bson, fromBson);
          Path canonical = dir.resolve("c" + n + ".json");
          Path relaxed = dir.resolve("r" + n + ".json.gz");
          export(bson, canonical, relaxed);
          import_(canonical, "c" + n);
          assertSameRows(fromBson, "c" + n, true);
          import_(relaxed, "r" + n);
          // relaxed JSON writes a small int64 as a plain number, which reads back as an int32: the jsonb is the same
          // (the data column is relaxed JSON), an int64 _id column may become integer
          assertSameRows(fromBson, "r" + n, false);
        }));
  }

  private static void import_(Path file, String table) throws Exception {
    Imports.run(url, ImportRequest.builder(file).scan(ScanOptions.defaults().withSystemCollections(true))
        .naming(new TableNaming(null, table, "")).rejects(dir.resolve(table + ".rejects.jsonl")).build());
  }

  private static void export(Path bson, Path canonicalLines, Path relaxedArray) throws IOException {
    try (DocumentStream stream = BsonDocumentReader.open(bson, ReadPolicy.SKIP);
         Writer lines = Files.newBufferedWriter(canonicalLines, StandardCharsets.UTF_8);
         OutputStream gzip = new GZIPOutputStream(Files.newOutputStream(relaxedArray));
         Writer array = new java.io.OutputStreamWriter(gzip, StandardCharsets.UTF_8)) {
      array.write("[");
      boolean first = true;
      for (ReadItem item; (item = stream.next()) != null; ) {
        if (item instanceof DumpDocument d) {
          RawBsonDocument document = new RawBsonDocument(d.bytes());
          lines.write(document.toJson(CANONICAL));
          lines.write('\n');
          array.write(first ? "\n" : ",\n");
          array.write(document.toJson(RELAXED));
          first = false;
        }
      }
      array.write("\n]\n");
    }
  }

  private static void assertSameRows(String expected, String actual, boolean sameIdType) throws Exception {
    String idType = "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '%s'::regclass"
        + " AND attname = '_id'";
    if (sameIdType) {
      assertEquals(Imports.text(url, idType.formatted(expected)), Imports.text(url, idType.formatted(actual)));
    }
    String rows = "SELECT _id::text, data FROM %s";
    assertEquals(Imports.count(url, "SELECT count(*) FROM " + expected), Imports.count(url, "SELECT count(*) FROM "
        + actual), "rows");
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM (" + rows.formatted(expected) + " EXCEPT ALL "
        + rows.formatted(actual) + ") missing"), actual + " lacks rows of " + expected);
  }
}
