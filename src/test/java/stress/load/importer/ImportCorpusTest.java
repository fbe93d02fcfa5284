package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.bson.RawBsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.BsonDocumentReader;
import stress.dump.Corpus;
import stress.dump.DocumentStream;
import stress.dump.document.DumpDocument;
import stress.dump.bson.JsonFormat;
import stress.dump.document.ReadItem;
import stress.dump.ReadPolicy;
import stress.dump.ScanOptions;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportResult;
import stress.testing.TestDatabase;

/**
 * Every data file of the real corpus imported into PostgreSQL: per collection, documents loaded plus rejected equal
 * PROVENANCE.md's count, the table holds exactly the loaded ones, the {@code _id} column has the type the data
 * calls for, and sampled documents equal org.bson's own JSON of the same bytes as jsonb; each collection exported as
 * mongoexport JSON imports to the same rows.
 */
class ImportCorpusTest {
  private static final int SAMPLE = 40;
  private static final JsonWriterSettings RELAXED = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();
  private static final JsonWriterSettings CANONICAL = JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();
  private static final AtomicInteger TABLES = new AtomicInteger();

  @TempDir
  static Path dir;
  private static String url;

  @BeforeAll
  static void database() {
    Corpus.root();
    url = TestDatabase.newDatabaseUrl("import_corpus");
  }

  private static ImportRequest.Builder request(Path path) {
    return ImportRequest.builder(path).scan(ScanOptions.defaults().withSystemCollections(true))
        .rejects(dir.resolve("rejects-" + TABLES.incrementAndGet() + ".jsonl"));
  }

  @TestFactory
  Stream<DynamicTest> everyReadableBsonFileImportsWithItsStatedCount() {
    return Corpus.rows().stream().filter(r -> Corpus.isBson(r.file()) && !r.isError())
        .map(row -> DynamicTest.dynamicTest(row.file(), () -> {
          Path file = Corpus.file(row.file());
          String table = "f" + TABLES.incrementAndGet();
          ImportResult result = Imports.run(url, request(file).naming(new TableNaming(null, table, "")).build());
          assertEquals(1, result.collections().size(), result.collections()::toString);
          CollectionResult c = result.collections().get(0);
          assertEquals(CollectionResult.Status.LOADED, c.status(), c::toString);
          assertEquals(row.docs(), c.read(), "documents read");
          assertEquals(c.read(), c.loaded() + c.rejected(), "read = loaded + rejected");
          assertEquals(c.loaded(), Imports.count(url, "SELECT count(*) FROM \"" + table + "\""), "rows in the table");
          boolean noIds = row.idTypes().equals("(no _id)");
          assertEquals(noIds ? row.docs() : 0, c.rejected(), "only documents without _id are rejected");
          assertEquals(c.rejected(), lines(result.rejects()), "one rejects line per rejected document");
          assertEquals(c.rejected() == 0 ? ImportResult.Outcome.LOADED : ImportResult.Outcome.REJECTED, result.outcome());
          if (!noIds && row.docs() > 0) {
            assertEquals(expectedColumnType(row.idTypes()), Imports.text(url, "SELECT format_type(atttypid, atttypmod)"
                + " FROM pg_attribute WHERE attrelid = '\"" + table + "\"'::regclass AND attname = '_id'"), row.idTypes());
          }
          assertSampleEqualsOrgBson(file, table, RELAXED);
        }));
  }

  @Test
  void canonicalModeStoresOrgBsonsCanonicalJson() throws Exception {
    Path file = Corpus.file("northwind/sample_Northwind/Employees.bson");
    ImportResult result = Imports.run(url, request(file).naming(new TableNaming(null, "canonical", ""))
        .jsonFormat(JsonFormat.CANONICAL).build());
    assertEquals(9, result.loaded());
    assertSampleEqualsOrgBson(file, "canonical", CANONICAL);
    assertEquals(1, Imports.count(url, "SELECT count(*) FROM canonical WHERE data->'_id' = '{\"$numberInt\": \"1\"}'"));
  }

  @TestFactory
  Stream<DynamicTest> everyReadableArchiveImportsEachNamespaceWithItsStatedCount() {
    return Corpus.rows().stream().filter(r -> Corpus.isArchive(r.file()) && !r.isError())
        .map(row -> DynamicTest.dynamicTest(row.file(), () -> {
          String prefix = "a" + TABLES.incrementAndGet() + "_";
          ImportResult result = Imports.run(url, request(Corpus.file(row.file()))
              .naming(new TableNaming(null, null, prefix)).build());
          Map<String, Long> expected = new HashMap<>(row.archiveCounts());
          List<String> imported = new ArrayList<>();
          for (CollectionResult c : result.collections()) {
            String namespace = c.namespace().toString();
            imported.add(namespace);
            assertTrue(expected.containsKey(namespace), namespace + " is not in " + expected);
            assertEquals(expected.get(namespace), c.read(), namespace);
            assertEquals(c.read(), c.loaded() + c.rejected(), namespace);
            assertEquals(CollectionResult.Status.LOADED, c.status(), c::toString);
            assertEquals(c.loaded(), Imports.count(url, "SELECT count(*) FROM \"" + prefix + c.namespace().database()
                + "_" + c.namespace().collection() + "\""));
          }
          // Not imported: the oplog (skipped with a notice), and views or time-series metadata without data.
          expected.forEach((namespace, count) -> {
            if (!imported.contains(namespace)) {
              assertTrue(namespace.startsWith(".") || count == 0, namespace + " with " + count + " documents left out");
              assertTrue(result.notices().stream().anyMatch(n -> n.subject().endsWith("[" + namespace + "]")),
                  "a notice says why " + namespace + " is left out: " + result.notices());
            }
          });
        }));
  }

  @TestFactory
  Stream<DynamicTest> everyDumpDirectoryImportsWithDerivedTableNames() {
    List<String> roots = List.of("atlas-sample-mcampo2", "atlas-sample-addy", "northwind", "mongo-mongoose",
        "suresh-bookdb", "orderexample-gzip", "gipfel-prelude", "edge-cases/dumps/dump_local_oplog",
        "edge-cases/dumps/duplicate_index_key", "edge-cases/dumps/legacy_dump_with_oplog",
        "edge-cases/dumps/longcollectionname", "edge-cases/dumps/oplogdump",
        "edge-cases/dumps/prelude_test/prelude_top_level", "edge-cases/dumps/prelude_test/prelude_gzip",
        "edge-cases/dumps/specialcharacter", "edge-cases/dumps/testdirs", "edge-cases/dumps/timeseries_tests/ts_dump");
    Map<String, Long> docs = new HashMap<>();
    Corpus.rows().stream().filter(r -> Corpus.isBson(r.file())).forEach(r -> docs.put(r.file(), r.docs()));
    return roots.stream().map(root -> DynamicTest.dynamicTest(root, () -> {
      String schema = "d" + TABLES.incrementAndGet();
      try (var c = TestDatabase.connect(url); var s = c.createStatement()) {
        s.execute("CREATE SCHEMA " + schema);
      }
      ImportResult result = Imports.run(url, request(Corpus.file(root)).jobs(3)
          .naming(new TableNaming(schema, null, "")).build());
      assertFalse(result.collections().isEmpty());
      long total = 0;
      for (CollectionResult c : result.collections()) {
        String file = Corpus.root().relativize(Path.of(c.location())).toString().replace('\\', '/');
        assertEquals(docs.get(file), c.read(), file);
        assertEquals(c.read(), c.loaded() + c.rejected(), file);
        String table = TableNaming.fit(c.namespace().database() + "_" + c.namespace().collection());
        assertEquals(schema + "." + table, c.table());
        assertEquals(c.loaded(), Imports.count(url, "SELECT count(*) FROM " + schema + ".\"" + table + "\""), file);
        total += c.read();
      }
      assertEquals(total, result.read());
      assertEquals(result.read(), result.loaded() + result.rejected());
    }));
  }

  /**
   * Each readable collection exported as mongoexport would (org.bson's JSON writer: canonical Extended JSON one
   * document a line, and relaxed as a gzipped {@code --jsonArray}) imports to the rows of its BSON file: the same
   * {@code _id} column type, and no row of one table missing from the other.
   */
  @TestFactory
  Stream<DynamicTest> eachCollectionExportedAsJsonImportsToTheRowsOfItsBson() {
    return Corpus.rows().stream().filter(r -> Corpus.isBson(r.file()) && !r.isError())
        .map(row -> DynamicTest.dynamicTest(row.file(), () -> {
          Path bson = Corpus.file(row.file());
          int n = TABLES.incrementAndGet();
          String fromBson = "jb" + n;
          import_(bson, fromBson);
          Path canonical = dir.resolve("jc" + n + ".json");
          Path relaxed = dir.resolve("jr" + n + ".json.gz");
          export(bson, canonical, relaxed);
          import_(canonical, "jc" + n);
          assertSameRows(fromBson, "jc" + n, true);
          import_(relaxed, "jr" + n);
          // relaxed JSON writes a small int64 as a plain number, which reads back as an int32: the jsonb is the same
          // (the data column is relaxed JSON), an int64 _id column may become integer
          assertSameRows(fromBson, "jr" + n, false);
        }));
  }

  private static void import_(Path file, String table) throws Exception {
    Imports.run(url, request(file).naming(new TableNaming(null, table, "")).build());
  }

  private static void export(Path bson, Path canonicalLines, Path relaxedArray) throws IOException {
    try (DocumentStream stream = BsonDocumentReader.open(bson, ReadPolicy.SKIP);
         Writer lines = Files.newBufferedWriter(canonicalLines, StandardCharsets.UTF_8);
         OutputStream gzip = new GZIPOutputStream(Files.newOutputStream(relaxedArray));
         Writer array = new OutputStreamWriter(gzip, StandardCharsets.UTF_8)) {
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

  /** Sampled documents, spread over the file, are in the table exactly as org.bson writes them. */
  private static void assertSampleEqualsOrgBson(Path file, String table, JsonWriterSettings settings) throws Exception {
    List<DumpDocument> documents = new ArrayList<>();
    try (DocumentStream stream = BsonDocumentReader.open(file, ReadPolicy.ABORT)) {
      for (ReadItem item; (item = stream.next()) != null; ) {
        documents.add((DumpDocument) item);
      }
    }
    int step = Math.max(1, documents.size() / SAMPLE);
    for (int i = 0; i < documents.size(); i += step) {
      RawBsonDocument raw = new RawBsonDocument(documents.get(i).bytes());
      if (!raw.containsKey("_id")) {
        continue;
      }
      String json = raw.toJson(settings);
      assertEquals(1, Imports.count(url, "SELECT count(*) FROM \"" + table + "\" WHERE data = ?::jsonb", json),
          () -> file + " document " + raw.toJson(settings).substring(0, Math.min(200, json.length())));
    }
  }

  private static String expectedColumnType(String idTypes) {
    return switch (idTypes) {
      case "int32" -> "integer";
      case "double" -> "double precision";
      default -> "text"; // ObjectId, string, or mixed kinds
    };
  }

  private static long lines(Path file) throws IOException {
    return Files.exists(file) ? Files.readAllLines(file).size() : 0;
  }
}
