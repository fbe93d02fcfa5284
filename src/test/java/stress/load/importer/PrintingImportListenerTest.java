package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.dump.DumpSource;
import stress.dump.naming.Namespace;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportProgress;
import stress.load.importer.progress.ImportResult;
import stress.load.importer.progress.LoadStreamTime;
import stress.table.IdType;

class PrintingImportListenerTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
  private long now;

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void plainProgressLinesAtMostOncePerIntervalWithRatesAndEta() {
    PrintingImportListener listener = new PrintingImportListener(out, false, () -> now, 2_000);
    now = 1_000;
    listener.progress(new ImportProgress(3, 0, 10, 1_000_000, 10, 1_000_000, 1, 4_000_000, -1));
    assertEquals("", printed(), "not before the interval");
    now = 2_000;
    listener.progress(new ImportProgress(3, 1, 50_000, 2_000_000, 50_000, 2_000_000, 2, 4_000_000, -1));
    assertEquals("import: 1/3 collections, 50000 docs, 2.0 MB, 25000 docs/s, 1.0 MB/s, 50%, ETA 2s\n", printed());
    listener.progress(new ImportProgress(3, 1, 60_000, 2_100_000, 60_000, 2_100_000, 2.1, 4_000_000, -1));
    assertEquals(1, printed().lines().count());
  }

  @Test
  void aShortenedTableNameIsSaidWithBothNames() {
    PrintingImportListener listener = new PrintingImportListener(out, false, () -> now, 10);
    String derived = "c_db_" + "é".repeat(30);
    listener.tableNameShortened(new Namespace("db", "é".repeat(30)), derived, TableNaming.fit(derived));
    assertEquals("import: db." + "é".repeat(30) + ": table name '" + derived + "' is 65 bytes of UTF-8, more than"
        + " the 58 that fit (PostgreSQL keeps 63 and the copy table appends _copy); shortened to '" + TableNaming.fit(derived)
        + "'\n", printed());
  }

  @Test
  void plainLinesNeverRedrawInPlace() {
    PrintingImportListener listener = new PrintingImportListener(out, false, () -> now, 10);
    now = 100;
    listener.progress(new ImportProgress(1, 0, 5, 500, 5, 500, 1, -1, 20));
    listener.problem("db.c: stopped");
    now = 200;
    listener.progress(new ImportProgress(1, 0, 10, 1000, 10, 1000, 2, -1, 20));
    assertEquals("""
        import: 0/1 collections, 5 docs, 0.0 MB, 5 docs/s, 0.0 MB/s, 25%, ETA 3s
        import: db.c: stopped
        import: 0/1 collections, 10 docs, 0.0 MB, 5 docs/s, 0.0 MB/s, 50%, ETA 2s
        """, printed());
  }

  @Test
  void theBarDrawsToAnyStreamPrintsLinesAboveItAndEndsAtTheTotalInMegabytes() {
    PrintingImportListener listener = PrintingImportListener.withBar(out, 150);
    listener.progress(new ImportProgress(2, 0, 10_000, 1_000_000, 10_000, 1_000_000, 1, 4_000_000, -1));
    listener.problem("db.c: stopped");
    listener.progress(new ImportProgress(2, 2, 40_000, 4_000_000, 40_000, 4_000_000, 2, 4_000_000, -1));
    listener.finished(result(false));
    String text = printed();
    assertTrue(text.contains("\rimport: db.c: stopped\n"), text);
    String finalBar = lastDrawnBar(text);
    assertTrue(finalBar.startsWith("import 100% |"), finalBar);
    assertTrue(finalBar.contains("4/4 MB"), finalBar);
    assertTrue(finalBar.contains("2/2 collections, 40000 docs, 20000 docs/s, 2.0 MB/s"), finalBar);
    assertTrue(text.endsWith("rejects file rejects.jsonl (1 line written by this run)\n"), text);
  }

  @Test
  void withoutFileSizesTheBarCountsTheArchivesDocuments() {
    PrintingImportListener listener = PrintingImportListener.withBar(out, 150);
    listener.progress(new ImportProgress(1, 1, 20, 900, 20, 900, 1, -1, 20));
    listener.finished(result(false));
    String finalBar = lastDrawnBar(printed());
    assertTrue(finalBar.startsWith("import 100% |"), finalBar);
    assertTrue(finalBar.contains("20/20 docs"), finalBar);
  }

  @Test
  void withNoSizeKnownTheBarShowsNoPercentageUntilItEnds() {
    PrintingImportListener listener = PrintingImportListener.withBar(out, 150);
    listener.progress(new ImportProgress(1, 0, 20, 3_000_000, 20, 3_000_000, 1, -1, -1));
    listener.finished(result(false));
    String finalBar = lastDrawnBar(printed());
    assertTrue(finalBar.startsWith("import 100% |") && finalBar.contains("3/3 MB"), finalBar);
  }

  @Test
  void anInterruptedImportKeepsItsTotalAndACloseWithoutFinishEndsTheLine() {
    PrintingImportListener listener = PrintingImportListener.withBar(out, 150);
    listener.progress(new ImportProgress(1, 0, 10, 2_000_000, 10, 2_000_000, 1, 4_000_000, -1));
    listener.finished(result(true));
    assertTrue(lastDrawnBar(printed()).startsWith("import  50% |"), printed());

    bytes.reset();
    PrintingImportListener failing = PrintingImportListener.withBar(out, 150);
    failing.progress(new ImportProgress(1, 0, 10, 1_000_000, 10, 1_000_000, 1, 4_000_000, -1));
    failing.close();
    String text = printed();
    assertTrue(text.endsWith("\n") && lastDrawnBar(text).startsWith("import  25% |"), text);
  }

  /** The text of the last redraw: after the last carriage return before the bar's closing line break. */
  private static String lastDrawnBar(String text) {
    int end = text.indexOf('\n', text.lastIndexOf("\rimport "));
    return text.substring(text.lastIndexOf("\rimport ") + 1, end);
  }

  private static ImportResult result(boolean interrupted) {
    CollectionResult ok = new CollectionResult(new Namespace("db", "a"), "/d/db/a.bson", "db_a", IdType.INTEGER, "",
        100, 100, 0, 0, 0, 0, 0, 2_000_000, 1, 0, CollectionResult.Status.LOADED, null);
    return new ImportResult(Path.of("/d"), DumpSource.Format.DUMP_ROOT, List.of(), List.of(ok), 2, interrupted,
        Path.of("rejects.jsonl"), 1, LoadStreamTime.NONE);
  }

  @Test
  void theSummaryHasOneRowPerCollectionTotalsAndTheReconciliation() {
    PrintingImportListener listener = new PrintingImportListener(out, false, () -> now, 1);
    CollectionResult ok = new CollectionResult(new Namespace("db", "a"), "/d/db/a.bson", "db_a", IdType.INTEGER, "",
        100, 100, 0, 0, 0, 0, 0, 2_000_000, 1, 0, CollectionResult.Status.LOADED, null);
    CollectionResult stopped = new CollectionResult(new Namespace("db", "b"), "/d/db/b.bson", "db_b",
        IdType.INTEGER, "", 3, 2, 1, 0, 0, 0, 0, 300, 0.5, 0, CollectionResult.Status.STOPPED,
        "/d/db/b.bson: ... (byte offset 164)");
    listener.finished(new ImportResult(Path.of("/d"), DumpSource.Format.DUMP_ROOT, List.of(), List.of(ok, stopped), 2,
        false, Path.of("rejects.jsonl"), 1, LoadStreamTime.NONE));
    assertEquals("""

        collection              table  read  loaded  rejected    MB  seconds  docs/s  status
        db.a                    db_a    100     100         0  2.00      1.0     100  ok
        db.b                    db_b      3       2         1  0.00      0.5       6  stopped at corrupt input
        total, set-up included          103     102         1  2.00      2.0      52
        import: 103 documents read, 102 loaded, 1 rejected; read = loaded + rejected
        import: rejects file rejects.jsonl (1 line written by this run)
        """, printed());
  }
}
