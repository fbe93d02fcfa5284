package stress.dump.generate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Writes a {@link DumpPlan} in mongodump's directory layout, as {@code mongodump --db <db> --out DIR}
 * (100.x) does: {@code DIR/<db>/<collection>.bson} and {@code <collection>.metadata.json} for each
 * collection and {@code DIR/<db>/prelude.json}; with gzip every one of those files is gzip-compressed and
 * gets {@code .gz} appended, as with {@code mongodump --gzip}.
 *
 * <p>Directories are created as needed; files of the same names are replaced, other files are left
 * alone (deciding whether a directory may be written into is the caller's business). Each file is written
 * under a temporary name and renamed when complete.
 */
public final class DumpWriter {
  private final DumpPlan plan;
  private final DumpOrigin origin;

  public DumpWriter(DumpPlan plan, DumpOrigin origin) {
    this.plan = Objects.requireNonNull(plan, "plan");
    this.origin = Objects.requireNonNull(origin, "origin");
  }

  /** Writes the dump under {@code outDir} and returns what was written. */
  public DumpSummary write(Path outDir, boolean gzip, GenerationListener listener) throws IOException {
    Path database = outDir.resolve(plan.database());
    Files.createDirectories(database);
    String gz = gzip ? ".gz" : "";
    DocumentTally tally = new DocumentTally(plan, listener);
    List<Path> files = new ArrayList<>();
    long outputBytes = 0;
    for (DumpPlan.CollectionRange range : plan.ranges()) {
      try (PendingFile data = PendingFile.create(database.resolve(range.name() + ".bson" + gz), gzip)) {
        tally.write(range, data.out(), null);
        outputBytes += data.commit();
        files.add(data.target());
      }
      String metadata = CollectionMetadata.json(plan.database(), range.name(), plan.seed());
      outputBytes += text(database.resolve(range.name() + ".metadata.json" + gz), metadata, gzip, files);
    }
    outputBytes += text(database.resolve("prelude.json" + gz), origin.preludeJson(), gzip, files);
    tally.finish();
    return new DumpSummary(tally.docs(), tally.bsonBytes(), outputBytes, files);
  }

  private static long text(Path target, String content, boolean gzip, List<Path> files) throws IOException {
    try (PendingFile file = PendingFile.create(target, gzip)) {
      file.out().write(content.getBytes(StandardCharsets.UTF_8));
      long size = file.commit();
      files.add(target);
      return size;
    }
  }
}
