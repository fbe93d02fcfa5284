package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.dump.Corpus;
import stress.load.CopyBatching;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportListener;
import stress.load.importer.progress.ImportResult;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;
import stress.testing.TestDumps;

/**
 * Resuming in process: after a stop request, after a finished import, and when the table went missing. The long
 * imports run on the corpus's zips.bson (skipped without the corpus) and on a generated dump of as many documents;
 * the short ones on small real dumps of the test resources.
 */
class ResumeTest {
  /** Documents of zips.bson, and of the generated dump that stands in for it. */
  private static final int ZIPS = 29_470;
  @TempDir
  Path dir;
  private String url;

  @BeforeEach
  void database() {
    url = TestDatabase.newDatabaseUrl("import_resume_lib");
  }

  private ImportRequest.Builder request(Path file) {
    return ImportRequest.builder(file).naming(new TableNaming(null, "zips", "")).rejects(dir.resolve("r.jsonl"))
        .batching(new CopyBatching(500, 1 << 20));
  }

  /** The corpus's zips.bson (the test skips without the corpus), or a generated collection of as many documents. */
  private Path zips(String source) throws java.io.IOException {
    return source.equals("corpus") ? Corpus.file("atlas-sample-mcampo2/sample_training/zips.bson")
        : TestDumps.directory(dir.resolve("generated"), "sample_training", "zips", ZIPS, 1, false)
            .resolve("sample_training/zips.bson");
  }

  @ParameterizedTest
  @ValueSource(strings = {"corpus", "generated"})
  void aStoppedImportResumesWhereItsCheckpointsEnd(String source) throws Exception {
    Path zips = zips(source);
    DumpImporter importer = new DumpImporter(() -> TestDatabase.connect(url), new PostgresDialect());
    Thread stopper = new Thread(() -> {
      // stops once 3 batches are committed; the deadline only keeps a broken import from hanging the test
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
      try {
        while (checkpoints() < 3 && System.nanoTime() < deadline) {
          Thread.sleep(2);
        }
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      importer.stop();
    });
    stopper.start();
    ImportResult stopped = importer.run(request(zips).batching(new CopyBatching(100, 1 << 20)).build(),
        ImportListener.NONE);
    stopper.join();
    assertTrue(stopped.interrupted());
    CollectionResult partial = stopped.collections().get(0);
    assertEquals(CollectionResult.Status.INTERRUPTED, partial.status());
    long rows = Imports.count(url, "SELECT count(*) FROM zips");
    assertTrue(rows > 0 && rows < ZIPS, rows + " rows");
    assertEquals(partial.loaded(), rows, "the counts are the committed batches");

    Imports.Recorder recorder = new Imports.Recorder();
    ImportResult resumed = Imports.run(url, request(zips).resume(true).build(), recorder);
    assertEquals(rows, recorder.started.get(0).earlier());
    assertEquals(ZIPS, resumed.read());
    assertEquals(ZIPS, resumed.loaded());
    assertEquals(rows, resumed.earlier());
    assertEquals(ImportResult.Outcome.LOADED, resumed.outcome());
    assertEquals(ZIPS, Imports.count(url, "SELECT count(DISTINCT _id) FROM zips"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"corpus", "generated"})
  void anImportStoppedWhileDetectingTheIdTypeCreatesNoTableAndResumesAsACleanImportLoads(String source)
      throws Exception {
    Path zips = zips(source);
    DumpImporter importer = new DumpImporter(() -> TestDatabase.connect(url), new PostgresDialect());
    // the stop comes once the dump is scanned, so the detection pass sees it before its first _id
    ImportResult stopped = importer.run(request(zips).build(), new ImportListener() {
      @Override
      public void scanned(stress.dump.DumpSource source) {
        importer.stop();
      }
    });
    assertTrue(stopped.interrupted());
    CollectionResult partial = stopped.collections().get(0);
    assertEquals(CollectionResult.Status.INTERRUPTED, partial.status());
    assertTrue(partial.message().contains("before its table was created"), partial.message());
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM pg_class WHERE relname = 'zips'"),
        "no table is made from a detection cut short");

    ImportResult resumed = Imports.run(url, request(zips).resume(true).build(), new Imports.Recorder());
    assertEquals(ImportResult.Outcome.LOADED, resumed.outcome());
    assertEquals(ZIPS, resumed.loaded());
    Imports.run(url, ImportRequest.builder(zips).naming(new TableNaming(null, "zips_clean", ""))
        .rejects(dir.resolve("clean.jsonl")).build(), new Imports.Recorder());
    assertEquals(idType("zips_clean"), idType("zips"), "the resumed import gives the clean import's _id type");
    assertEquals(Imports.count(url, "SELECT count(*) FROM zips_clean"), Imports.count(url, "SELECT count(*) FROM zips"));
  }

  private String idType(String table) throws java.sql.SQLException {
    try (java.sql.Connection c = TestDatabase.connect(url);
         java.sql.PreparedStatement ps = c.prepareStatement("SELECT format_type(atttypid, atttypmod) FROM pg_attribute"
             + " WHERE attrelid = to_regclass(?) AND attname = '_id'")) {
      ps.setString(1, table);
      try (java.sql.ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next(), table + " has an _id column");
        return rs.getString(1);
      }
    }
  }

  private long checkpoints() throws java.sql.SQLException {
    try {
      return Imports.count(url, "SELECT count(*) FROM stress_import_progress");
    } catch (java.sql.SQLException e) {
      if ("42P01".equals(e.getSQLState())) {
        return 0; // not created yet
      }
      throw e;
    }
  }

  @Test
  void aFinishedImportIsNotReadAgain() throws Exception {
    Path file = TestDumps.mongoTools("bsondump/partial_file.bson");
    ImportResult first = Imports.run(url, request(file).build());
    assertEquals(CollectionResult.Status.STOPPED, first.collections().get(0).status());

    Imports.Recorder recorder = new Imports.Recorder();
    ImportResult again = Imports.run(url, request(file).resume(true).build(), recorder);
    assertTrue(recorder.started.get(0).complete());
    assertEquals("_id text of the existing table", recorder.started.get(0).idChoice(), "no first pass");
    CollectionResult c = again.collections().get(0);
    assertEquals(CollectionResult.Status.STOPPED, c.status(), "the earlier stop is reported again");
    assertTrue(c.message().contains("byte offset 164"), c.message());
    assertEquals(java.util.List.of(3L, 2L, 1L, 3L), java.util.List.of(c.read(), c.loaded(), c.rejected(), c.earlier()));
    assertEquals(ImportResult.Outcome.REJECTED, again.outcome());
  }

  @Test
  void resumingIntoATableThatWasDroppedIsRefused() throws Exception {
    Path file = TestDumps.mongoTools("testdirs/db1/c4.bson");
    Imports.run(url, request(file).build());
    try (var c = TestDatabase.connect(url); var s = c.createStatement()) {
      s.execute("DROP TABLE zips, zips_copy");
    }
    Imports.Recorder recorder = new Imports.Recorder();
    ImportResult result = Imports.run(url, request(file).resume(true).build(), recorder);
    assertEquals(CollectionResult.Status.FAILED, result.collections().get(0).status());
    assertTrue(recorder.problems.get(0).contains("the checkpoints say db1.c4 was imported into zips, but that table"
        + " did not exist"), recorder.problems::toString);
  }
}
