package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.Corpus;
import stress.testing.TestDatabase;
import stress.testing.TestDumps;

/** {@code stress import} through the command line: output, exit codes, and one-line errors. */
class ImportCommandTest {
  @TempDir
  Path dir;
  private String url;

  @BeforeEach
  void database() {
    url = TestDatabase.newDatabaseUrl("import_cli");
  }

  private CliTester.Result importing(String... args) {
    String[] all = new String[args.length + 6];
    System.arraycopy(new String[] {"--url", url, "-U", "postgres", "import", "--rejects"}, 0, all, 0, 6);
    all[5] = "--rejects=" + dir.resolve("rejects.jsonl");
    System.arraycopy(args, 0, all, 6, args.length);
    return CliTester.run(all);
  }

  private static void assertUsageError(CliTester.Result r, String expected) {
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().startsWith("stress: "), r.err());
    assertTrue(r.err().contains(expected), "expected '" + expected + "' in: " + r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }

  @Test
  void helpExplainsTableNamesRejectsAndExitCodes() {
    CliTester.Result r = CliTester.run("import", "--help");
    assertEquals(0, r.exitCode());
    String help = r.out().replaceAll("\\s+", " ");
    assertTrue(help.contains("otherwise <prefix><db>_<collection>"), help);
    assertTrue(help.contains("keeps its first 49 bytes plus '_' and 8 hex digits of the SHA-256 of the full name"), help);
    assertTrue(help.contains("Exit codes: 0 every document loaded; 3 documents rejected"), help);
    for (String option : new String[] {"--archive", "--db", "--collection", "--exclude-db", "--table-prefix", "--resume",
        "--drop-existing", "--reuse", "--jobs", "--json-mode", "--id-type", "--on-error", "--on-duplicate", "--rejects",
        "--batch-docs", "--repeated-fields"}) {
      assertTrue(help.contains(option), option);
    }
  }

  @Test
  void badUsageIsOneLineAndExitTwo() {
    Path file = TestDumps.mongoTools("testdirs/db1/c4.bson");
    assertUsageError(importing(), "give the dump to import: PATH");
    assertUsageError(importing(file.toString(), "--archive", file.toString()), "give either PATH or --archive FILE");
    assertUsageError(importing(dir.resolve("nothing").toString()), "PATH '" + dir.resolve("nothing") + "' does not exist");
    assertUsageError(importing("--archive", file.toString()), "is named like a BSON data file; give it as PATH");
    assertUsageError(importing(file.toString(), "--on-duplicate", "ignore"),
        "--on-duplicate must be one of reject, skip, update, got 'ignore'");
    assertUsageError(importing(file.toString(), "--repeated-fields", "both"),
        "--repeated-fields must be one of reject, last, first, got 'both'");
    assertUsageError(importing(file.toString(), "--json-mode", "strict"),
        "--json-mode must be one of relaxed, canonical, got 'strict'");
    assertUsageError(importing(file.toString(), "--on-error", "ignore"), "--on-error must be one of abort, skip");
    assertUsageError(importing(file.toString(), "--id-type", "objectid"), "--id-type: unknown _id type 'objectid'");
    assertUsageError(importing(file.toString(), "--drop-existing", "--reuse", "--jobs", "0"),
        "--drop-existing and --reuse exclude each other; --jobs must be at least 1, got 0");
    assertUsageError(importing(file.toString(), "--resume", "--drop-existing"),
        "--resume continues into the tables an earlier import created");
    assertUsageError(importing(file.toString(), "--batch-docs", "0"), "--batch-docs must be at least 1, got 0");
    assertUsageError(importing(TestDumps.mongoTools("testdirs").toString(), "--table", "t"),
        "--table names one table, but 2 collections were found");
  }

  @Test
  void aDirectoryWhoseDumpsAreFurtherDownNamesThemAndExitsTwo() throws Exception {
    assertUsageError(importing("datasets/"), "'datasets' is not a dump: none of its directories holds .bson or"
        + " .metadata.json files; dumps found below it: datasets/sample-large, datasets/sample-small (give one of"
        + " them as PATH)");
    Path empty = Files.createDirectories(dir.resolve("empty/sub"));
    assertUsageError(importing(empty.getParent().toString()), "'" + empty.getParent() + "' holds no mongodump output:"
        + " no .bson or .metadata.json file in it or in the directories below it");
  }

  /** The server's TOAST compression shapes what a load of large documents costs it, so the import names it. */
  @Test
  void anImportNamesHowTheServerCompressesLargeRows() {
    Path dump = dir.resolve("dump");
    assertEquals(0, CliTester.run("generate", "--out", dump.toString(), "--docs", "20", "--shape", "large").exitCode());
    CliTester.Result r = importing(dump.toString());
    assertEquals(0, r.exitCode(), r.all());
    List<String> lines = r.out().lines().toList();
    int target = lines.indexOf("import: target PostgreSQL");
    assertTrue(target >= 0, r.out());
    assertTrue(lines.get(target + 1).matches("import: rows over about 2 KB are compressed with (pglz|lz4)"
        + " \\(default_toast_compression\\).*"), r.out());
  }

  @Test
  void aCleanImportExitsZeroAndPrintsTheSummary() {
    CliTester.Result r = importing(Corpus.file("mongo-mongoose").toString(), "--table-prefix", "m_");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("import: sample_examples.bios -> table m_sample_examples_bios (created); mixed _id types:"
        + " double (8), ObjectId (2) -> text (relaxed Extended JSON of each _id)"), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.matches("total, set-up included\\s+24\\s+24\\s+0\\s.*")), r.out());
    assertTrue(r.out().contains("import: 24 documents read, 24 loaded, 0 rejected; read = loaded + rejected"), r.out());
  }

  @Test
  void gzippedDumpsAndArchivesImport() {
    CliTester.Result gzipRoot = importing(Corpus.file("edge-cases/dumps/prelude_test/prelude_gzip").toString());
    assertEquals(0, gzipRoot.exitCode(), gzipRoot.all());
    assertTrue(gzipRoot.out().contains("notice: INFO " + Corpus.file("edge-cases/dumps/prelude_test/prelude_gzip")
        .resolve("prelude.json.gz") + ": dump of MongoDB"), gzipRoot.out());
    CliTester.Result archive = importing("--archive", Corpus.file("archives/Kenjo_dump.archive.gz").toString());
    assertEquals(0, archive.exitCode(), archive.all());
    assertTrue(archive.out().lines().anyMatch(l -> l.matches("total, set-up included\\s+16\\s+16\\s+0\\s.*")), archive.out());
  }

  @Test
  void rejectedDocumentsExitThreeAndAFileOfNoDumpKindExitsTwoNamingTheOffset() {
    CliTester.Result rejected = importing(Corpus.file("edge-cases/bsondump/partial_file.bson").toString());
    assertEquals(3, rejected.exitCode(), rejected.all());
    assertTrue(rejected.out().contains("stopped at corrupt input: " + Corpus.file("edge-cases/bsondump/partial_file.bson")
        + ": document #2 at byte offset 164: truncated document"), rejected.out());
    assertTrue(rejected.out().contains("import: rejects file " + dir.resolve("rejects.jsonl")), rejected.out());

    Path mangled = Corpus.file("edge-cases/archives/Liandrys2_dump_utf16-mangled.archive");
    CliTester.Result bad = importing("--archive", mangled.toString());
    assertEquals(2, bad.exitCode(), "no dump of any kind read is bad input: " + bad.all());
    assertTrue(bad.err().startsWith("stress: " + mangled + ": "), bad.err());
    assertTrue(bad.err().contains("(byte offset 0)"), bad.err());
    assertFalse(bad.err().contains("\tat "), bad.err());
  }

  @Test
  void anExistingTableFailsTheCollectionWithExitOne() {
    String file = TestDumps.mongoTools("testdirs/db1/c4.bson").toString();
    assertEquals(0, importing(file).exitCode());
    CliTester.Result again = importing(file);
    assertEquals(1, again.exitCode(), again.all());
    assertTrue(again.out().contains("import: db1.c4: table public.db1_c4 already exists;"
        + " use --reuse to run on it or --drop-existing to replace it"), again.out());
    assertEquals(0, importing(file, "--drop-existing").exitCode());
  }

  /** A mongoexport file named by the command line: its collection and database as given, a table of its rows. */
  @Test
  void aMongoexportFileImportsUnderTheCollectionAndDatabaseGiven() throws Exception {
    Path file = java.nio.file.Files.writeString(dir.resolve("export.json"),
        "{\"_id\": {\"$oid\": \"5f1d7a0e9b1e8b3c4a2d6e7f\"}, \"n\": 1}\n"
            + "{\"_id\": {\"$oid\": \"5f1d7a0e9b1e8b3c4a2d6e80\"}, \"n\": {\"$numberLong\": \"2\"}}\n");
    CliTester.Result r = importing(file.toString(), "--db", "shop", "--collection", "orders");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("(json export)"), r.out());
    assertTrue(r.out().contains("shop.orders"), r.out());
    assertEquals(2, TestDatabase.count(url, "SELECT count(*) FROM shop_orders"));
  }
}
