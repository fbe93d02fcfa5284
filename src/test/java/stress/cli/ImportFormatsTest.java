package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.BsonFiles;
import stress.testing.TestDatabase;
import stress.testing.TestDumps;

/**
 * {@code stress import} of each kind of input, on dumps every clone has: generated ones (a directory, a .bson file
 * plain and gzipped, a directory of gzipped files, an archive plain and gzipped) and the small real mongodump files
 * of the test resources; rejects and a cut-short file end with exit 3, an archive that is none with exit 1.
 */
class ImportFormatsTest {
  private static final String CHECKSUM = "SELECT md5(string_agg(_id || ' ' || data::text, E'\\n' ORDER BY _id)) FROM ";

  /** One database for the class: each test imports into tables of its own names. */
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void database() {
    url = TestDatabase.newDatabaseUrl("import_formats");
  }

  private CliTester.Result importing(String... args) {
    List<String> all = new java.util.ArrayList<>(List.of("--url", url, "-U", "postgres", "import",
        "--rejects=" + dir.resolve("rejects.jsonl")));
    all.addAll(List.of(args));
    return CliTester.run(all.toArray(String[]::new));
  }

  private static void assertLoaded(CliTester.Result r, long documents) {
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("import: " + documents + " documents read, " + documents + " loaded, 0 rejected;"
        + " read = loaded + rejected"), r.out());
  }

  private long count(String table) throws SQLException {
    return TestDatabase.count(url, "SELECT count(*) FROM " + table);
  }

  private String checksum(String table) throws SQLException {
    try (var c = TestDatabase.connect(url); var s = c.createStatement(); var rs = s.executeQuery(CHECKSUM + table)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void aGeneratedDumpDirectoryImportsEachCollectionIntoItsTable() throws Exception {
    Path dump = TestDumps.directory(dir.resolve("dump"), "bench", "check_in", 3000, 2, false);
    CliTester.Result r = importing(dump.toString());
    assertLoaded(r, 3000);
    assertTrue(r.out().lines().anyMatch(l -> l.matches("total, set-up included\\s+3000\\s+3000\\s+0\\s.*")), r.out());
    assertEquals(1500, count("bench_check_in_1"));
    assertEquals(1500, count("bench_check_in_2"));
  }

  @Test
  void aBsonFileImportsTheSameRowsPlainAndGzippedAndSoDoesAGzippedDirectory() throws Exception {
    Path plain = TestDumps.directory(dir.resolve("plain"), "shop", "orders", 800, 1, false);
    Path gzipped = TestDumps.directory(dir.resolve("gzipped"), "shop", "orders", 800, 1, true);
    assertLoaded(importing(plain.resolve("shop/orders.bson").toString(), "--table", "from_bson"), 800);
    assertLoaded(importing(gzipped.resolve("shop/orders.bson.gz").toString(), "--table", "from_gz"), 800);
    assertLoaded(importing(gzipped.toString(), "--table", "from_gz_dir"), 800);
    assertEquals(800, count("from_bson"));
    assertEquals(checksum("from_bson"), checksum("from_gz"));
    assertEquals(checksum("from_bson"), checksum("from_gz_dir"));
  }

  @Test
  void archivesImportPlainAndGzipped() throws Exception {
    Path plain = TestDumps.archive(dir.resolve("orders.archive"), "shop", "orders", 700, false);
    Path gzipped = TestDumps.archive(dir.resolve("orders.archive.gz"), "shop", "orders", 700, true);
    CliTester.Result r = importing("--archive", plain.toString(), "--table", "from_archive");
    assertLoaded(r, 700);
    assertTrue(r.out().lines().anyMatch(l -> l.matches("total, set-up included\\s+700\\s+700\\s+0\\s.*")), r.out());
    assertLoaded(importing("--archive", gzipped.toString(), "--table", "from_archive_gz"), 700);
    assertEquals(700, count("from_archive"));
    assertEquals(checksum("from_archive"), checksum("from_archive_gz"));
  }

  /**
   * Real mongodump output: a directory of two collections, a gzipped directory with its prelude, a .bson file with
   * binary and timestamp values, an archive.
   */
  @Test
  void smallRealDumpsImport() throws Exception {
    assertLoaded(importing(TestDumps.mongoTools("testdirs").toString()), 110);
    assertEquals(100, count("db1_c1"));
    assertEquals(10, count("db1_c4"));

    Path gzip = TestDumps.mongoTools("prelude_gzip");
    CliTester.Result gz = importing(gzip.toString());
    assertLoaded(gz, 1);
    assertTrue(gz.out().contains("notice: INFO " + gzip.resolve("prelude.json.gz") + ": dump of MongoDB"), gz.out());
    assertEquals(1, count("test_foo"));

    assertLoaded(importing(TestDumps.mongoTools("bsondump/sample.bson").toString(), "--table", "sample"), 4);
    assertEquals(4, count("sample"));

    CliTester.Result archive = importing("--archive", TestDumps.mongoTools("archives/test.bar.archive").toString());
    assertEquals(0, archive.exitCode(), archive.all());
    assertEquals(1, count("test_bar"));
  }

  @Test
  void aCutShortFileAndDocumentsWithoutIdExitThreeWithTheirRejects() throws Exception {
    Path partial = TestDumps.mongoTools("bsondump/partial_file.bson");
    CliTester.Result cut = importing(partial.toString(), "--table", "partial");
    assertEquals(3, cut.exitCode(), cut.all());
    assertTrue(cut.out().contains("stopped at corrupt input: " + partial + ": document #2 at byte offset 164:"
        + " truncated document"), cut.out());
    assertTrue(cut.out().contains("import: rejects file " + dir.resolve("rejects.jsonl")), cut.out());
    assertEquals(2, count("partial"));

    Path generated = TestDumps.directory(dir.resolve("dump"), "shop", "orders", 300, 1, false);
    Path withRejects = BsonFiles.withoutIdAfterEvery(generated.resolve("shop/orders.bson"), 100,
        dir.resolve("with_rejects/shop/with_rejects.bson"));
    CliTester.Result rejected = importing(withRejects.toString(), "--table", "orders");
    assertEquals(3, rejected.exitCode(), rejected.all());
    assertTrue(rejected.out().contains("import: 303 documents read, 300 loaded, 3 rejected"), rejected.out());
    assertEquals(3, Files.readAllLines(dir.resolve("rejects.jsonl")).size());
    assertEquals(300, count("orders"));

    // an archive whose bytes went through a UTF-16 conversion: a byte-order mark where the magic number belongs
    Path mangled = Files.write(dir.resolve("utf16.archive"), new byte[] {(byte) 0xff, (byte) 0xfe, 0x6d, 0, 0x41, 0x26,
        (byte) 0x99, 0, (byte) 0x81, 0});
    CliTester.Result bad = importing("--archive", mangled.toString());
    assertEquals(2, bad.exitCode(), "a file of no kind read is bad input, as a path not there: " + bad.all());
    assertTrue(bad.err().startsWith("stress: " + mangled + ": "), bad.err());
    assertTrue(bad.err().contains("(byte offset 0)"), bad.err());
    assertEquals(1, bad.err().strip().lines().count(), bad.err());
  }
}
