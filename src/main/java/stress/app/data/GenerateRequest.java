package stress.app.data;

import java.nio.file.Path;
import java.util.Objects;
import stress.dump.generate.DumpPlan;
import stress.model.Shape;
import stress.model.UsageException;

/**
 * What {@code stress generate} was asked to write.
 *
 * @param plan    the documents and how they are split
 * @param out     dump directory (mongodump {@code --out}), or null when writing an archive
 * @param archive archive file (mongodump {@code --archive}), or null when writing a directory
 * @param gzip    gzip-compress every file, or the whole archive
 * @param force   write into a non-empty directory, or replace an existing archive
 */
public record GenerateRequest(DumpPlan plan, Path out, Path archive, boolean gzip, boolean force) {
  public GenerateRequest {
    Objects.requireNonNull(plan, "plan");
    if ((out == null) == (archive == null)) {
      throw new UsageException("give exactly one of --out DIR and --archive FILE");
    }
  }

  /**
   * The request of the command line: {@code docs} documents of {@code shape} from {@code seed}, split over
   * {@code collections} collections named after {@code collection} (null: the shape's own name) in
   * {@code database}.
   */
  public static GenerateRequest of(long docs, Shape shape, long seed, String database, String collection,
                                   int collections, Path out, Path archive, boolean gzip, boolean force) {
    DumpPlan plan = new DumpPlan(docs, shape, seed, database,
        collection != null ? collection : DumpPlan.defaultCollection(shape), collections);
    return new GenerateRequest(plan, out, archive, gzip, force);
  }

  /** The directory or archive written. */
  public Path target() {
    return out != null ? out : archive;
  }
}
