package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.Corpus;
import stress.dump.DumpFormatException;
import stress.dump.DumpNotice;
import stress.dump.ReadPolicy;
import stress.dump.ScanOptions;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportResult;
import stress.model.ExistingTablePolicy;
import stress.table.IdType;
import stress.testing.TestDatabase;
import stress.testing.BsonFiles;

/** The corpus's odd and corrupt inputs, one by one: what is loaded, what is rejected, and what is said. */
class ImportEdgeCasesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BSONDUMP = "edge-cases/bsondump/";

  @TempDir
  Path dir;
  private String url;

  @BeforeEach
  void database() {
    Corpus.root();
    url = TestDatabase.newDatabaseUrl("import_edge");
  }

  private ImportRequest.Builder request(Path path) {
    return ImportRequest.builder(path).rejects(dir.resolve("rejects.jsonl"));
  }

  private List<JsonNode> rejects() throws IOException {
    return Imports.rejects(dir.resolve("rejects.jsonl"));
  }

  private static void assertOneLineNaming(String message, Path file, long offset) {
    assertTrue(message.contains(file.toString()), message);
    assertTrue(message.contains("byte offset " + offset), message);
    assertFalse(message.contains("\n"), message);
  }

  @Test
  void undecodableFirstDocumentStopsTheCollectionUnderAbortAndIsKept() throws Exception {
    Path file = Corpus.file(BSONDUMP + "bad_cstring.bson");
    Imports.Recorder recorder = new Imports.Recorder();
    ImportResult result = Imports.run(url, request(file).build(), recorder);
    CollectionResult c = result.collections().get(0);
    assertEquals(CollectionResult.Status.STOPPED, c.status());
    assertOneLineNaming(c.message(), file, 0);
    assertEquals(List.of(1L, 0L, 1L), List.of(c.read(), c.loaded(), c.rejected()));
    assertEquals(ImportResult.Outcome.REJECTED, result.outcome());
    assertTrue(recorder.problems.stream().anyMatch(p -> p.contains("stopped at corrupt input") && p.contains("byte offset 0")),
        recorder.problems::toString);

    JsonNode line = rejects().get(0);
    assertEquals(file.toString(), line.get("file").asText());
    assertEquals(0, line.get("offset").asLong());
    assertEquals(0, line.get("index").asLong());
    assertEquals("bsondump.bad_cstring", line.get("namespace").asText());
    assertTrue(line.get("reason").asText().startsWith("undecodable BSON"), line.toString());
    byte[] raw = Base64.getDecoder().decode(line.get("bson_base64").asText());
    assertArrayEquals(Arrays.copyOf(Files.readAllBytes(file), raw.length), raw, "the document's bytes as read");
    assertNull(line.get("document"), "an undecodable document has no JSON form");
  }

  /**
   * Batches are converted in parallel but queued in order: under abort nothing after the first undecodable
   * document is loaded, however many later batches were already converted; under skip only it is missing.
   */
  @Test
  void abortStopsAtTheUndecodableDocumentWhileLaterBatchesAreConvertedInParallel() throws Exception {
    List<String> documents = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      documents.add("{\"_id\": " + i + ", \"a\": \"value " + i + "\"}");
    }
    Path file = BsonFiles.write(dir.resolve("db/damaged.bson"), documents);
    byte[] bytes = Files.readAllBytes(file);
    long offset = 0;
    for (int i = 0; i < 25; i++) {
      offset += BsonFiles.bytes(documents.get(i)).length;
    }
    // document 25: the type byte of field "a" (after the length, the int32 _id element of 1+4+4 bytes) is no type
    bytes[(int) offset + 4 + 9] = 0x7E;
    Files.write(file, bytes);

    ImportResult aborted = Imports.run(url, request(file).jobs(4).batching(new stress.load.CopyBatching(2, 1 << 20))
        .idType(IdType.INTEGER).build());
    CollectionResult c = aborted.collections().get(0);
    assertEquals(CollectionResult.Status.STOPPED, c.status(), c.message());
    assertOneLineNaming(c.message(), file, offset);
    assertEquals(List.of(26L, 25L, 1L), List.of(c.read(), c.loaded(), c.rejected()));
    assertEquals(25, Imports.count(url, "SELECT count(*) FROM db_damaged WHERE _id < 25"));
    assertEquals(25, Imports.count(url, "SELECT count(*) FROM db_damaged"), "nothing after the damaged document");

    ImportResult skipped = Imports.run(url, request(file).jobs(4).batching(new stress.load.CopyBatching(2, 1 << 20))
        .idType(IdType.INTEGER).onError(ReadPolicy.SKIP).policy(ExistingTablePolicy.DROP_EXISTING).build());
    c = skipped.collections().get(0);
    assertEquals(List.of(60L, 59L, 1L), List.of(c.read(), c.loaded(), c.rejected()));
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM db_damaged WHERE _id = 25"));
  }

  @Test
  void undecodableDocumentsAreRejectedAndReadingGoesOnUnderSkip() throws Exception {
    for (String name : List.of("bad_cstring.bson", "bad_type.bson")) {
      ImportResult result = Imports.run(url, request(Corpus.file(BSONDUMP + name)).onError(ReadPolicy.SKIP)
          .policy(ExistingTablePolicy.DROP_EXISTING).naming(new TableNaming(null, "skip", "")).build());
      CollectionResult c = result.collections().get(0);
      assertEquals(CollectionResult.Status.LOADED, c.status(), name);
      assertEquals(List.of(4L, 3L, 1L), List.of(c.read(), c.loaded(), c.rejected()), name);
      assertEquals(3, Imports.count(url, "SELECT count(*) FROM skip"));
      assertEquals(ImportResult.Outcome.REJECTED, result.outcome());
    }
  }

  @Test
  void truncatedFileLoadsTheWholeDocumentsAndKeepsTheTail() throws Exception {
    Path file = Corpus.file(BSONDUMP + "partial_file.bson");
    for (ReadPolicy policy : ReadPolicy.values()) {
      ImportResult result = Imports.run(url, request(file).onError(policy).policy(ExistingTablePolicy.DROP_EXISTING).build());
      CollectionResult c = result.collections().get(0);
      assertEquals(CollectionResult.Status.STOPPED, c.status(), policy.name());
      assertOneLineNaming(c.message(), file, 164);
      assertEquals(List.of(3L, 2L, 1L), List.of(c.read(), c.loaded(), c.rejected()), policy.name());
      JsonNode tail = rejects().get(0);
      assertEquals(List.of(164L, 2L, 13L), List.of(tail.get("offset").asLong(), tail.get("index").asLong(),
          tail.get("length").asLong()));
      assertTrue(tail.get("reason").asText().startsWith("truncated document"), tail.toString());
    }
  }

  @Test
  void randomBytesAndATrailingByteStopWithTheirOffsets() throws Exception {
    Path random = Corpus.file(BSONDUMP + "random_bytes.bson");
    CollectionResult r = Imports.run(url, request(random).build()).collections().get(0);
    assertEquals(CollectionResult.Status.STOPPED, r.status());
    assertOneLineNaming(r.message(), random, 0);
    assertEquals(0, r.loaded());
    assertEquals(r.read(), r.rejected());

    Path trailing = Corpus.file(BSONDUMP + "invalid_field_name.bson");
    ImportResult result = Imports.run(url, request(trailing).build());
    CollectionResult t = result.collections().get(0);
    assertEquals(CollectionResult.Status.STOPPED, t.status());
    assertOneLineNaming(t.message(), trailing, 283);
    // four documents (the second without _id) and the stray last byte
    assertEquals(List.of(5L, 3L, 2L), List.of(t.read(), t.loaded(), t.rejected()));
    List<String> reasons = rejects().stream().map(n -> n.get("reason").asText()).toList();
    assertTrue(reasons.contains("document has no _id field"), reasons::toString);
    assertTrue(reasons.stream().anyMatch(s -> s.startsWith("truncated length prefix")), reasons::toString);
  }

  @Test
  void documentsWithoutIdAreRejectedWithTheirJson() throws Exception {
    for (String name : List.of("all_in_one_doc.bson", "importCollection.bson")) {
      ImportResult result = Imports.run(url, request(Corpus.file(BSONDUMP + name)).build());
      CollectionResult c = result.collections().get(0);
      assertEquals(CollectionResult.Status.LOADED, c.status());
      assertEquals(List.of(1L, 0L, 1L), List.of(c.read(), c.loaded(), c.rejected()), name);
      JsonNode line = rejects().get(0);
      assertEquals("document has no _id field", line.get("reason").asText());
      assertTrue(line.get("document").isObject(), "readable documents keep their relaxed JSON: " + line);
      assertEquals(ImportResult.Outcome.REJECTED, result.outcome());
    }
  }

  @Test
  void aMangledArchiveIsRefusedForItsMagicNumber() {
    Path archive = Corpus.file("edge-cases/archives/Liandrys2_dump_utf16-mangled.archive");
    DumpFormatException e = assertThrows(DumpFormatException.class, () -> Imports.run(url, request(archive).build()));
    assertOneLineNaming(e.getMessage(), archive, 0);
  }

  @Test
  void anArchiveWithInvalidMetadataJsonStillImportsItsData() throws Exception {
    ImportResult result = Imports.run(url, request(Corpus.file("edge-cases/archives/bad-format.archive")).build());
    assertTrue(result.notices().stream().anyMatch(n -> n.severity() == DumpNotice.Severity.ERROR
        && n.message().contains("invalid metadata JSON")), result.notices()::toString);
    CollectionResult c = Imports.collection(result, "test.ixtest");
    assertEquals(0, c.read());
    assertEquals(CollectionResult.Status.LOADED, c.status());
    assertEquals(ImportResult.Outcome.LOADED, result.outcome());
  }

  @Test
  void viewsSystemCollectionsPreludesAndTheOplogAreNoticedAndNotImported() throws Exception {
    ImportResult bookdb = Imports.run(url, request(Corpus.file("suresh-bookdb")).build());
    for (String view : List.of("firstYears", "graduateStudents", "studorder")) {
      assertNotice(bookdb, view + ".metadata.json", "view bookdb." + view);
      assertEquals(0, Imports.count(url, "SELECT count(*) FROM pg_class WHERE relname = ?", "bookdb_" + view));
    }
    CollectionResult news = Imports.collection(bookdb, "bookdb.news");
    assertEquals(0, news.read());
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM bookdb_news"), "0-byte collection: an empty table");
    assertEquals(ImportResult.Outcome.LOADED, bookdb.outcome());

    ImportResult addy = Imports.run(url, request(Corpus.file("atlas-sample-addy")).build());
    assertNotice(addy, "system.version.bson", "system collection admin.system.version");
    assertTrue(addy.collections().stream().noneMatch(c -> c.namespace().isSystem()));

    ImportResult oplog = Imports.run(url, request(Corpus.file("edge-cases/dumps/oplogdump")).build());
    assertNotice(oplog, "oplog.bson", "oplog entries captured by mongodump --oplog");
    assertEquals(List.of("db1.c1"), oplog.collections().stream().map(c -> c.namespace().toString()).toList());

    ImportResult prelude = Imports.run(url, request(Corpus.file("gipfel-prelude")).build());
    assertNotice(prelude, "prelude.json", "dump of MongoDB 6.0.24 by mongodump 100.12.2");
  }

  @Test
  void timeSeriesDataIsInItsBucketsWhichAreImportedOnRequest() throws Exception {
    Path tsDump = Corpus.file("edge-cases/dumps/timeseries_tests/ts_dump");
    ImportResult plain = Imports.run(url, request(tsDump).build());
    assertNotice(plain, "foo_ts.metadata.json", "time-series collection timeseries_test.foo_ts");
    assertTrue(plain.collections().isEmpty(), plain.collections()::toString);

    ImportResult withSystem = Imports.run(url, request(tsDump).scan(ScanOptions.defaults().withSystemCollections(true))
        .build());
    CollectionResult buckets = Imports.collection(withSystem, "timeseries_test.system.buckets.foo_ts");
    assertEquals(10, buckets.loaded());
    assertEquals("timeseries_test_system.buckets.foo_ts", buckets.table());
    assertEquals(10, Imports.count(url, "SELECT count(*) FROM \"timeseries_test_system.buckets.foo_ts\""));
  }

  @Test
  void percentEscapedAndTruncatedFileNamesGiveTheFullCollectionName() throws Exception {
    ImportResult special = Imports.run(url, request(Corpus.file("edge-cases/dumps/specialcharacter")).build());
    assertEquals("db1_cafés", Imports.collection(special, "db1.cafés").table());
    assertEquals(1, Imports.count(url, "SELECT count(*) FROM \"db1_cafés\""));

    ImportResult longName = Imports.run(url, request(Corpus.file("edge-cases/dumps/longcollectionname/db1")).build());
    CollectionResult c = longName.collections().get(0);
    assertEquals(247, c.namespace().collection().length(), "the full name comes from the metadata");
    String table = c.table();
    assertEquals(TableNaming.MAX_TABLE_BYTES, table.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
    assertTrue(table.matches("db1_aVeryVery.*_[0-9a-f]{8}"), table);
    assertEquals(1, Imports.count(url, "SELECT count(*) FROM \"" + table + "\""));
    assertEquals(1, Imports.count(url, "SELECT count(*) FROM pg_class WHERE relname = ?", table + "_copy"),
        "the copy table name fits too");
    assertNotice(longName, "xFO0VquRn7cg3QooSZD5sglTddU.bson", "taken from the metadata's collectionName");
  }

  @Test
  void aCollectionOfMixedIdTypesImportsEveryDocumentAndSaysWhy() throws Exception {
    Imports.Recorder recorder = new Imports.Recorder();
    ImportResult result = Imports.run(url, request(Corpus.file("mongo-mongoose/sample_examples/bios.bson")).build(),
        recorder);
    assertEquals(10, result.loaded());
    assertEquals(ImportResult.Outcome.LOADED, result.outcome());
    String choice = recorder.started.get(0).idChoice();
    assertEquals("mixed _id types: double (8), ObjectId (2) -> text (relaxed Extended JSON of each _id)", choice);
    assertEquals(IdType.TEXT, recorder.started.get(0).table().idType());
    assertEquals(10, Imports.count(url, "SELECT count(DISTINCT _id) FROM sample_examples_bios"));
    assertEquals(2, Imports.count(url, "SELECT count(*) FROM sample_examples_bios WHERE _id LIKE '{\"$oid\": %'"));
    assertEquals(1, Imports.count(url, "SELECT count(*) FROM sample_examples_bios WHERE _id = '1.0'"));
  }

  @Test
  void idTypeOverrideSkipsDetectionAndRejectsWhatDoesNotFit() throws Exception {
    Imports.Recorder recorder = new Imports.Recorder();
    ImportResult doubles = Imports.run(url, request(Corpus.file("mongo-mongoose/sample_examples/orders.bson"))
        .idType(IdType.BIGINT).build(), recorder);
    assertEquals(8, doubles.loaded(), "whole doubles fit bigint");
    assertEquals("_id bigint (--id-type)", recorder.started.get(0).idChoice());

    ImportResult objectIds = Imports.run(url, request(Corpus.file("edge-cases/dumps/testdirs/db1/c4.bson"))
        .idType(IdType.INTEGER).build());
    assertEquals(List.of(10L, 0L, 10L), List.of(objectIds.read(), objectIds.loaded(), objectIds.rejected()));
    assertTrue(rejects().get(0).get("reason").asText().contains("does not fit an _id column of type integer"));
  }

  @Test
  void nulStringsAreRejectedWithTheirPathAndTheRestLoads() throws Exception {
    Path file = BsonFiles.write(dir.resolve("db/nul.bson"), List.of(
        "{\"_id\": 1, \"a\": \"x\\u0000y\"}",
        "{\"_id\": 2, \"a\": \"fine\"}",
        "{\"_id\": 3, \"n\": {\"list\": [\"ok\", \"\\u0000\"]}}",
        "{\"_id\": 4}"));
    ImportResult result = Imports.run(url, request(file).batching(new stress.load.CopyBatching(10, 1 << 20)).build());
    CollectionResult c = result.collections().get(0);
    assertEquals(List.of(4L, 2L, 2L), List.of(c.read(), c.loaded(), c.rejected()));
    assertEquals(CollectionResult.Status.LOADED, c.status());
    List<String> reasons = rejects().stream().map(n -> n.get("reason").asText()).toList();
    assertEquals(List.of("field 'a': string contains U+0000 (NUL), which jsonb cannot store",
        "field 'n.list.1': string contains U+0000 (NUL), which jsonb cannot store"), reasons);
    assertEquals(2, Imports.count(url, "SELECT count(*) FROM db_nul"));
  }

  @Test
  void duplicateIdsAreRejectedByDefaultWithinAndAcrossBatches() throws Exception {
    Path file = duplicates();
    ImportResult result = Imports.run(url, request(file).jobs(1).batching(new stress.load.CopyBatching(4, 1 << 20)).build());
    CollectionResult c = result.collections().get(0);
    assertEquals(List.of(9L, 6L, 3L), List.of(c.read(), c.loaded(), c.rejected()));
    assertEquals(ImportResult.Outcome.REJECTED, result.outcome());
    assertEquals(6, Imports.count(url, "SELECT count(*) FROM db_dups"));
    assertEquals(4, Imports.count(url, "SELECT count(*) FROM db_dups WHERE data->>'v' = 'first'"));
    List<JsonNode> lines = rejects();
    assertEquals(List.of(2L, 5L, 7L), lines.stream().map(n -> n.get("index").asLong()).sorted().toList());
    assertTrue(lines.stream().allMatch(n -> n.get("reason").asText().startsWith("duplicate _id ")
        && n.get("action").asText().equals("rejected")), lines::toString);
    assertTrue(lines.stream().anyMatch(n -> n.get("reason").asText().contains("document #1 of this collection")),
        "within a batch, the earlier document is named: " + lines);
    assertTrue(lines.stream().anyMatch(n -> n.get("reason").asText().contains("the table already has a row")),
        "across batches, the table's row is named: " + lines);
  }

  @Test
  void duplicateIdsCanBeSkippedOrReplaceTheRow() throws Exception {
    Path file = duplicates();
    ImportResult skipped = Imports.run(url, request(file).jobs(1).onDuplicate(DuplicatePolicy.SKIP)
        .batching(new stress.load.CopyBatching(4, 1 << 20)).build());
    assertEquals(List.of(9L, 6L, 3L, 3L), List.of(skipped.read(), skipped.loaded(), skipped.rejected(), skipped.skipped()));
    assertEquals(ImportResult.Outcome.LOADED, skipped.outcome(), "skipping was asked for");
    assertTrue(rejects().stream().allMatch(n -> n.get("action").asText().equals("skipped")));

    ImportResult updated = Imports.run(url, request(file).jobs(1).onDuplicate(DuplicatePolicy.UPDATE)
        .policy(ExistingTablePolicy.DROP_EXISTING).batching(new stress.load.CopyBatching(4, 1 << 20)).build());
    assertEquals(List.of(9L, 9L, 0L, 3L), List.of(updated.read(), updated.loaded(), updated.rejected(), updated.updated()));
    assertEquals(ImportResult.Outcome.LOADED, updated.outcome());
    assertEquals(6, Imports.count(url, "SELECT count(*) FROM db_dups"));
    assertEquals(3, Imports.count(url, "SELECT count(*) FROM db_dups WHERE data->>'v' = 'later'"),
        "the later document wins");
  }

  /** _ids 1..6 with 2 repeated in its own batch, and 1 and 4 repeated in later batches (batches of 4). */
  private Path duplicates() throws IOException {
    return BsonFiles.write(dir.resolve("db/dups.bson"), List.of(
        "{\"_id\": 1, \"v\": \"first\"}", "{\"_id\": 2, \"v\": \"first\"}", "{\"_id\": 2, \"v\": \"later\"}",
        "{\"_id\": 3, \"v\": \"first\"}",
        "{\"_id\": 4, \"v\": \"first\"}", "{\"_id\": 1, \"v\": \"later\"}", "{\"_id\": 5, \"v\": \"x\"}",
        "{\"_id\": 4, \"v\": \"later\"}",
        "{\"_id\": 6, \"v\": \"x\"}"));
  }

  @Test
  void existingTablesAreRefusedReusedOrReplaced() throws Exception {
    Path file = Corpus.file("edge-cases/dumps/testdirs/db1/c1.bson");
    assertEquals(ImportResult.Outcome.LOADED, Imports.run(url, request(file).build()).outcome());

    ImportResult again = Imports.run(url, request(file).build());
    CollectionResult refused = again.collections().get(0);
    assertEquals(CollectionResult.Status.FAILED, refused.status());
    assertTrue(refused.message().contains("db1_c1 already exists; use --reuse"), refused.message());
    assertFalse(refused.message().contains("--resume"), "the earlier import finished: " + refused.message());
    assertEquals(ImportResult.Outcome.FAILED, again.outcome());

    ImportResult reused = Imports.run(url, request(file).policy(ExistingTablePolicy.REUSE).build());
    assertEquals(List.of(100L, 0L, 100L), List.of(reused.read(), reused.loaded(), reused.rejected()),
        "every document is already there");

    ImportResult replaced = Imports.run(url, request(file).policy(ExistingTablePolicy.DROP_EXISTING).build());
    assertEquals(List.of(100L, 100L, 0L), List.of(replaced.read(), replaced.loaded(), replaced.rejected()));
    assertEquals(100, Imports.count(url, "SELECT count(*) FROM db1_c1"));
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM db1_c1_copy"), "the copy table is created empty");
  }

  private static void assertNotice(ImportResult result, String subjectEnd, String messagePart) {
    assertTrue(result.notices().stream().anyMatch(n -> n.subject().endsWith(subjectEnd) && n.message().contains(messagePart)),
        "no notice on ..." + subjectEnd + " containing '" + messagePart + "' in " + result.notices());
  }
}
