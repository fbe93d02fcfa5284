package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.DumpNotice.Severity;
import stress.dump.naming.NamespaceFilter;

/** Discovery over the corpus layouts and edge-case directories, and over small made-up dumps. */
class DumpScannerTest {
  private static final ScanOptions WITH_SYSTEM = ScanOptions.defaults().withSystemCollections(true);

  private static DumpSource scan(String relative) throws IOException {
    return new DumpScanner().scan(Corpus.file(relative));
  }

  private static List<String> names(DumpSource source) {
    return source.collections().stream().map(c -> c.namespace().toString()).toList();
  }

  private static DumpNotice notice(DumpSource source, String subjectEnd, String messagePart) {
    return source.notices().stream()
        .filter(n -> n.subject().endsWith(subjectEnd) && n.message().contains(messagePart)).findFirst()
        .orElseThrow(() -> new AssertionError("no notice on ..." + subjectEnd + " containing '" + messagePart
            + "' in " + source.notices()));
  }

  private static long count(DumpCollection collection) throws IOException {
    Corpus.Outcome outcome = Corpus.readAll(collection.open(ReadPolicy.ABORT));
    assertNull(outcome.failure());
    return outcome.documents().size();
  }

  @Test
  void viewsAreNoticedAndEmptyCollectionsKept() throws IOException {
    DumpSource source = scan("suresh-bookdb");
    assertEquals(DumpSource.Format.DUMP_ROOT, source.format());
    assertEquals(21, source.collections().size());
    for (String view : List.of("firstYears", "graduateStudents", "studorder")) {
      assertEquals(Severity.INFO, notice(source, view + ".metadata.json", "view bookdb." + view + " on 'students'").severity());
      assertTrue(!names(source).contains("bookdb." + view));
    }
    DumpCollection news = source.collections().stream().filter(c -> c.namespace().collection().equals("news"))
        .findFirst().orElseThrow();
    assertEquals(OptionalLong.of(0), news.documentCount());
    assertEquals(0, count(news));
    notice(source, "news.bson", "empty collection bookdb.news (0-byte data file)");
  }

  @Test
  void systemCollectionsAreSkippedByDefaultWithANotice() throws IOException {
    DumpSource source = scan("atlas-sample-addy");
    assertEquals(List.of("config.image_collection", "sample_restaurants.neighborhoods"), names(source));
    notice(source, "system.version.bson", "system collection admin.system.version");
    DumpSource all = new DumpScanner(WITH_SYSTEM).scan(Corpus.file("atlas-sample-addy"));
    assertEquals(List.of("admin.system.version", "config.image_collection", "sample_restaurants.neighborhoods"), names(all));
  }

  @Test
  void preludeInsideADatabaseDirectoryIsNoticed() throws IOException {
    DumpSource source = scan("gipfel-prelude");
    assertEquals(8, source.collections().size());
    notice(source, "prelude.json", "dump of MongoDB 6.0.24 by mongodump 100.12.2");
  }

  @Test
  void preludeAtTheRootPlainAndGzipped() throws IOException {
    for (String root : List.of("prelude_top_level", "prelude_gzip")) {
      DumpSource source = new DumpScanner().scan(Corpus.file("edge-cases/dumps/prelude_test/" + root));
      assertEquals(List.of("test.foo"), names(source));
      notice(source, "prelude.json" + (root.endsWith("gzip") ? ".gz" : ""), "dump of MongoDB 7.0.16");
      assertEquals(1, count(source.collections().get(0)));
      assertEquals(root.endsWith("gzip"), source.collections().get(0).location().endsWith(".gz"));
    }
  }

  @Test
  void gzipDumpRootReadsLikeAPlainOne() throws IOException {
    DumpSource source = scan("orderexample-gzip");
    Map<String, Long> counts = new TreeMap<>();
    for (DumpCollection collection : source.collections()) {
      counts.put(collection.namespace().toString(), count(collection));
    }
    assertEquals(Map.of("OrderExample.customers", 1000L, "OrderExample.orders", 51393L, "OrderExample.products", 1000L),
        counts);
  }

  @Test
  void rootOplogIsSkippedWithANotice() throws IOException {
    DumpSource source = scan("edge-cases/dumps/oplogdump");
    assertEquals(List.of("db1.c1"), names(source));
    notice(source, "oplog.bson", "oplog entries captured by mongodump --oplog (681 bytes)");
    DumpSource legacy = scan("edge-cases/dumps/legacy_dump_with_oplog");
    assertEquals(List.of("test.data"), names(legacy));
    notice(legacy, "oplog.bson", "not a collection; skipped");
    notice(legacy, "system.indexes.bson", "system collection test.system.indexes");
  }

  @Test
  void strayFilesAndDirectoriesAreNoticed() throws IOException {
    DumpSource source = scan("edge-cases/dumps/testdirs");
    assertEquals(List.of("db1.c1", "db1.c2", "db1.c3", "db1.c4"), names(source));
    notice(source, "badfile.txt", "not a dump file");
    notice(source, "baddir", "directory inside database directory 'db1'");
    notice(source, "c3.metadata.json", "empty metadata file");
    notice(source, "db2", "not a database directory");
    notice(source, "testdirs/oplog.bson", "oplog entries");
    Map<String, Long> counts = new TreeMap<>();
    for (DumpCollection collection : source.collections()) {
      counts.put(collection.namespace().collection(), count(collection));
    }
    assertEquals(Map.of("c1", 100L, "c2", 0L, "c3", 0L, "c4", 10L), counts);
  }

  @Test
  void percentEscapedNameIsDecoded() throws IOException {
    DumpSource source = scan("edge-cases/dumps/specialcharacter");
    assertEquals(List.of("db1.cafés"), names(source));
    assertEquals(1, count(source.collections().get(0)));
  }

  @Test
  void truncatedFileNameTakesTheFullNameFromMetadata() throws IOException {
    String full = "aVery".repeat(1) + "Very".repeat(43) + "LongCollectionNameConsistingOfExactlyTwoHundredAndFortySevenCharacters";
    DumpSource source = scan("edge-cases/dumps/longcollectionname/db1");
    assertEquals(DumpSource.Format.DATABASE_DIRECTORY, source.format());
    assertEquals(List.of("db1." + full), names(source));
    assertEquals(247, source.collections().get(0).namespace().collection().length());
    assertEquals(Severity.INFO, notice(source, ".bson", "taken from the metadata's collectionName").severity());
  }

  @Test
  void truncatedFileNameWithoutMetadataIsUsedWithAWarning() throws IOException {
    Path dir = Corpus.file("edge-cases/dumps/longcollectionname");
    Path file;
    try (var files = Files.list(dir)) {
      file = files.filter(p -> p.toString().endsWith(".bson")).findFirst().orElseThrow();
    }
    DumpSource source = new DumpScanner().scan(file);
    assertEquals(DumpSource.Format.BSON_FILE, source.format());
    assertTrue(source.collections().get(0).namespace().collection().endsWith("OfE$someMadeUpInvalidHashString"));
    assertEquals(Severity.WARNING, notice(source, ".bson", "looks truncated").severity());
    // As a root, the loose file is skipped and db1 is read.
    DumpSource root = new DumpScanner(ScanOptions.defaults().withLayout(ScanOptions.Layout.ROOT)).scan(dir);
    assertEquals(1, root.collections().size());
    assertEquals(247, root.collections().get(0).namespace().collection().length());
    notice(root, "String.bson", "outside any database directory");
  }

  @Test
  void timeseriesDirectoryPointsAtItsBuckets() throws IOException {
    DumpSource source = scan("edge-cases/dumps/timeseries_tests/ts_dump");
    assertEquals(List.of(), names(source));
    notice(source, "foo_ts.metadata.json", "its documents are the buckets in timeseries_test.system.buckets.foo_ts");
    DumpSource all = new DumpScanner(WITH_SYSTEM).scan(Corpus.file("edge-cases/dumps/timeseries_tests/ts_dump"));
    assertEquals(List.of("admin.system.version", "admin.system.views", "timeseries_test.system.buckets.foo_ts"), names(all));
    assertEquals(10, count(all.collections().get(2)));
  }

  @Test
  void archivesSkipTheOplogAndFindTimeseriesBuckets() throws IOException {
    DumpSource oplog = scan("edge-cases/archives/dump-w-oplog.archive");
    assertEquals(DumpSource.Format.ARCHIVE, oplog.format());
    assertEquals(List.of("test.foo"), names(oplog));
    assertEquals(OptionalLong.of(25), oplog.collections().get(0).documentCount());
    notice(oplog, "[.oplog]", "oplog entries captured by mongodump --oplog");
    notice(oplog, "dump-w-oplog.archive", "of MongoDB 4.0.2 by mongodump r4.1.3");

    DumpSource timeseries = new DumpScanner(WITH_SYSTEM).scan(Corpus.file("edge-cases/archives/timeseries_dump.archive"));
    assertEquals(List.of("admin.system.views", "admin.system.version", "timeseries_test.system.buckets.foo_ts"),
        names(timeseries));
    notice(timeseries, "[timeseries_test.foo_ts]", "time-series collection");
    assertEquals(10, count(timeseries.collections().get(2)));

    DumpSource unverified = new DumpScanner(WITH_SYSTEM.withVerifyArchive(false))
        .scan(Corpus.file("edge-cases/archives/timeseries_dump.archive"));
    assertEquals(names(timeseries).stream().sorted().toList(), names(unverified).stream().sorted().toList());
    assertEquals(OptionalLong.empty(), unverified.collections().get(0).documentCount());
  }

  @Test
  void archiveWithInvalidMetadataJsonIsReadWithAnErrorNotice() throws IOException {
    DumpSource source = scan("edge-cases/archives/bad-format.archive");
    assertEquals(List.of("test.ixtest"), names(source));
    DumpNotice bad = notice(source, "[test.ixtest]", "invalid metadata JSON");
    assertEquals(Severity.ERROR, bad.severity());
    assertTrue(bad.message().contains("metadata entry at byte offset 106"), bad.message());
    assertTrue(bad.message().matches(".*\\(byte offset \\d+\\)$"), bad.message());
    assertEquals(0, count(source.collections().get(0)));
  }

  @Test
  void powershellMangledArchiveIsRefusedForItsMagic() {
    Path file = Corpus.file("edge-cases/archives/Liandrys2_dump_utf16-mangled.archive");
    DumpFormatException e = assertThrows(DumpFormatException.class, () -> new DumpScanner().scan(file));
    assertEquals(file + ": neither a mongodump archive (it starts with bytes 6d e2 99 81) nor a mongoexport JSON"
        + " file (it starts with '{' or '['): it starts with bytes ff fe 6d 00, a UTF-16LE byte-order mark: the file"
        + " was re-encoded as text (e.g. redirected with PowerShell '>'), which cannot be undone for an archive;"
        + " stress imports a mongodump directory, a .bson or .bson.gz file, a mongodump --archive file or mongoexport"
        + " JSON (one document a line or --jsonArray), plain or gzipped (byte offset 0)", e.getMessage());
  }

  @Test
  void gzippedArchiveIsRecognisedByItsContent() throws IOException {
    DumpSource source = scan("archives/Kenjo_dump.archive.gz");
    assertEquals(List.of("kenjo-cd-collection.artists", "kenjo-cd-collection.albums"), names(source));
    assertEquals(7, count(source.collections().get(0)));
    assertEquals(9, count(source.collections().get(1)));
  }

  @Test
  void filtersSelectDatabasesAndCollectionsByGlob() throws IOException {
    NamespaceFilter filter = new NamespaceFilter(List.of("book*"), List.of(), List.of("co*", "order?"), List.of("coffee"));
    DumpSource source = new DumpScanner(ScanOptions.defaults().withFilter(filter)).scan(Corpus.file("suresh-bookdb"));
    assertEquals(List.of("bookdb.comment", "bookdb.orders"), names(source));
    notice(source, "coffee.bson", "matches exclude pattern 'coffee'");
    notice(source, "aircraft.bson", "matches no include pattern [co*, order?]");
  }

  @Test
  void aMongoexportFileSaysWhereItsNamespaceCameFrom(@TempDir Path dir) throws IOException {
    Path file = java.nio.file.Files.createDirectories(dir.resolve("data")).resolve("customers.json");
    java.nio.file.Files.writeString(file, "{\"_id\": 1}\n");
    DumpSource source = new DumpScanner(ScanOptions.defaults()).scan(file);
    assertEquals(List.of("data.customers"), names(source));
    notice(source, "customers.json", "mongoexport JSON file, imported as collection data.customers (the database from"
        + " its folder data, the collection from its file name; --db NAME and --collection NAME give others)");
    DumpSource named = new DumpScanner(ScanOptions.defaults().withFilter(new NamespaceFilter(List.of("shop"), List.of(),
        List.of("clients"), List.of()))).scan(file);
    assertEquals(List.of("shop.clients"), names(named));
    assertTrue(named.notices().stream().noneMatch(n -> n.message().contains("mongoexport JSON file")),
        "both given: nothing to say " + named.notices());
  }

  @Test
  void aGeneratedDumpsPreludeIsNoNotice(@TempDir Path dir) throws IOException {
    Path db = java.nio.file.Files.createDirectories(dir.resolve("gen"));
    java.nio.file.Files.writeString(db.resolve("prelude.json"), "{\"ServerVersion\":\"0.0.0\",\"ToolVersion\":"
        + "\"stress 0.1.0\"}");
    java.nio.file.Files.write(db.resolve("docs.bson"), new byte[0]);
    DumpSource source = new DumpScanner(ScanOptions.defaults()).scan(dir);
    assertTrue(source.notices().stream().noneMatch(n -> n.subject().endsWith("prelude.json")), source.notices().toString());
  }

  @Test
  void invalidMetadataFileInADirectoryStillReadsTheData(@TempDir Path dir) throws IOException {
    Path db = Files.createDirectory(dir.resolve("shop"));
    Files.copy(Corpus.file("edge-cases/bsondump/sample.bson"), db.resolve("items.bson"));
    Files.writeString(db.resolve("items.metadata.json"), "{\"options\":{},\"indexes\":[{\"v\":2,}]}");
    DumpSource source = new DumpScanner().scan(dir);
    assertEquals(List.of("shop.items"), names(source));
    DumpNotice bad = notice(source, "items.metadata.json", "invalid metadata JSON");
    assertEquals(Severity.ERROR, bad.severity());
    assertTrue(bad.message().contains(db.resolve("items.metadata.json") + ": invalid metadata JSON"), bad.message());
    assertTrue(bad.message().endsWith("(byte offset 32)"), bad.message()); // 0-based offset of the stray }
    assertEquals(4, count(source.collections().get(0)));
  }

  @Test
  void metadataWithoutDataAndNamesThatDisagreeAreNoticed(@TempDir Path dir) throws IOException {
    Path db = Files.createDirectory(dir.resolve("shop"));
    Files.writeString(db.resolve("ghost.metadata.json"), "{\"options\":{},\"indexes\":[]}");
    Files.write(db.resolve("a%2Fb.bson"), new byte[0]);
    Files.writeString(db.resolve("a%2Fb.metadata.json"), "{\"collectionName\":\"renamed\"}", StandardCharsets.UTF_8);
    DumpSource source = new DumpScanner().scan(db);
    assertEquals(List.of("shop.renamed"), names(source));
    assertEquals(Severity.WARNING, notice(source, "ghost.metadata.json", "without a data file").severity());
    assertEquals(Severity.WARNING, notice(source, "a%2Fb.bson", "the file name says 'a/b'").severity());
  }

  @Test
  void badPathsAreUsageErrors(@TempDir Path dir) throws IOException {
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> new DumpScanner().scan(dir.resolve("nope")));
    assertTrue(missing.getMessage().contains("does not exist"), missing.getMessage());
    Path metadata = Files.writeString(dir.resolve("c.metadata.json"), "{}");
    IllegalArgumentException meta = assertThrows(IllegalArgumentException.class, () -> new DumpScanner().scan(metadata));
    assertTrue(meta.getMessage().contains("is a metadata file"), meta.getMessage());
    Path text = Files.writeString(dir.resolve("notes.txt"), "hello");
    // no dump at all: its own kind, which the command line takes for bad input (exit 2)
    NotADumpException notArchive = assertThrows(NotADumpException.class, () -> new DumpScanner().scan(text));
    assertTrue(notArchive.getMessage().contains("it starts with the text 'hello'; stress imports"),
        notArchive.getMessage());
  }
}
