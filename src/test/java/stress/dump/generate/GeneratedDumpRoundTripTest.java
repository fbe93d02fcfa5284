package stress.dump.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import stress.dump.DocumentStream;
import stress.dump.DumpCollection;
import stress.dump.document.DumpDocument;
import stress.dump.DumpMetadata;
import stress.dump.DumpNotice;
import stress.dump.DumpScanner;
import stress.dump.DumpSource;
import stress.dump.document.ReadItem;
import stress.dump.ReadPolicy;
import stress.dump.ScanOptions;
import stress.model.Shape;

/**
 * Generated dumps read back by the project's own reader in every layout: the collections, counts and
 * document bytes are the generator's, archive checksums verify, metadata parses and names its collection,
 * and average sizes are the shapes' (43 B and 3 KiB, within 15%).
 */
class GeneratedDumpRoundTripTest {
  private static final DumpOrigin ORIGIN = new DumpOrigin("stress test");

  enum Layout {
    DIRECTORY(false, false), DIRECTORY_GZIP(false, true), ARCHIVE(true, false), ARCHIVE_GZIP(true, true);

    final boolean archive;
    final boolean gzip;

    Layout(boolean archive, boolean gzip) {
      this.archive = archive;
      this.gzip = gzip;
    }
  }

  static List<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (Layout layout : Layout.values()) {
      cases.add(Arguments.of(layout, Shape.SMALL, 6_001L));
      cases.add(Arguments.of(layout, Shape.LARGE, 601L));
    }
    return cases;
  }

  /** Writes the plan in the layout and returns the path to give the scanner. */
  static Path write(DumpPlan plan, Layout layout, Path dir, DumpSummary[] summary) throws IOException {
    if (layout.archive) {
      Path file = dir.resolve(layout.gzip ? "dump.archive.gz" : "dump.archive");
      summary[0] = new ArchiveWriter(plan, ORIGIN).write(file, layout.gzip, GenerationListener.NONE);
      return file;
    }
    Path out = dir.resolve("dump");
    summary[0] = new DumpWriter(plan, ORIGIN).write(out, layout.gzip, GenerationListener.NONE);
    return out;
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void readsBackWhatWasGenerated(Layout layout, Shape shape, long docs, @TempDir Path dir) throws IOException {
    DumpPlan plan = new DumpPlan(docs, shape, 42, "bench", DumpPlan.defaultCollection(shape), 3);
    DumpSummary[] summary = new DumpSummary[1];
    Path path = write(plan, layout, dir, summary);

    DumpSource source = new DumpScanner(ScanOptions.defaults().withVerifyArchive(true)).scan(path);
    assertEquals(layout.archive ? DumpSource.Format.ARCHIVE : DumpSource.Format.DUMP_ROOT, source.format());
    for (DumpNotice notice : source.notices()) {
      assertEquals(DumpNotice.Severity.INFO, notice.severity(), notice.toString());
    }
    List<DumpPlan.CollectionRange> ranges = plan.ranges();
    assertEquals(ranges.stream().map(r -> "bench." + r.name()).toList(),
        source.collections().stream().map(c -> c.namespace().toString()).toList());

    DocumentGenerator generator = new DocumentGenerator(shape, 42);
    long total = 0;
    long bsonBytes = 0;
    for (int i = 0; i < ranges.size(); i++) {
      DumpPlan.CollectionRange range = ranges.get(i);
      DumpCollection collection = source.collections().get(i);
      if (layout.archive) {
        assertEquals(range.docs(), collection.documentCount().orElseThrow(), "counted by the verifying scan");
      }
      DumpMetadata metadata = collection.metadata().orElseThrow();
      assertEquals(range.name(), metadata.collectionName().orElseThrow());
      assertEquals("collection", metadata.type().orElseThrow());

      long id = range.firstId();
      try (DocumentStream documents = collection.open(ReadPolicy.ABORT)) {
        for (ReadItem item; (item = documents.next()) != null; id++) {
          byte[] expected = generator.generate(id).bsonBytes();
          assertArrayEquals(expected, ((DumpDocument) item).bytes(), range.name() + " id " + id);
          bsonBytes += expected.length;
          total++;
        }
      }
      assertEquals(range.lastId() + 1, id, range.name() + " ends at its last id");
    }
    assertEquals(docs, total);
    assertEquals(new DumpSummary(total, bsonBytes, summary[0].outputBytes(), summary[0].files()), summary[0]);
    double average = (double) bsonBytes / total;
    assertTrue(Math.abs(average - shape.averageBsonBytes()) <= 0.15 * shape.averageBsonBytes(),
        shape + " average " + average + " B is not within 15% of " + shape.averageBsonBytes());
    long onDisk = 0;
    for (Path file : summary[0].files()) {
      onDisk += Files.size(file);
      assertEquals(layout.gzip, isGzip(file), file + " gzip");
    }
    assertEquals(onDisk, summary[0].outputBytes());
  }

  private static boolean isGzip(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      byte[] magic = in.readNBytes(2);
      boolean gzip = magic.length == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b;
      if (gzip) {
        try (InputStream whole = new GZIPInputStream(Files.newInputStream(file))) {
          whole.readAllBytes(); // throws when the gzip stream is not complete
        }
      }
      return gzip;
    }
  }
}
