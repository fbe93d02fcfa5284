package stress.testing;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import stress.dump.generate.ArchiveWriter;
import stress.dump.generate.DumpOrigin;
import stress.dump.generate.DumpPlan;
import stress.dump.generate.DumpWriter;
import stress.dump.generate.GenerationListener;
import stress.model.Shape;

/**
 * Dumps for import tests that run in any clone: ones the test writes with the generator (the documents of
 * {@code stress generate}: small shape, integer {@code _id}s 1..n, seed 42) and the small real mongodump files under
 * {@code src/test/resources/dumps/mongo-tools} (their README says where they come from and their licence).
 */
public final class TestDumps {
  private static final DumpOrigin ORIGIN = new DumpOrigin("stress tests");

  private TestDumps() {}

  /** A real mongodump file or directory of the test resources, e.g. {@code testdirs/db1/c4.bson}. */
  public static Path mongoTools(String relative) {
    URL url = TestDumps.class.getResource("/dumps/mongo-tools/" + relative);
    if (url == null) {
      throw new IllegalArgumentException("no test resource dumps/mongo-tools/" + relative);
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A generated dump directory under {@code dir}: {@code docs} documents over {@code collections} collections of
   * database {@code database} named {@code collection} (or {@code collection_1}, ... for several), every file gzipped
   * when asked. Returns {@code dir}, the root to give to import.
   */
  public static Path directory(Path dir, String database, String collection, long docs, int collections, boolean gzip)
      throws IOException {
    new DumpWriter(new DumpPlan(docs, Shape.SMALL, 42, database, collection, collections), ORIGIN)
        .write(dir, gzip, GenerationListener.NONE);
    return dir;
  }

  /** A generated {@code mongodump --archive} file of one collection {@code database.collection}, gzipped when asked. */
  public static Path archive(Path file, String database, String collection, long docs, boolean gzip)
      throws IOException {
    new ArchiveWriter(new DumpPlan(docs, Shape.SMALL, 42, database, collection, 1), ORIGIN)
        .write(file, gzip, GenerationListener.NONE);
    return file;
  }
}
