package stress.dump;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What {@link DumpScanner} found at a path: the collections to read, in a stable order (databases,
 * then collections, by name; archives in prelude order), and the notices explaining everything that
 * was skipped or worked around.
 *
 * @param path        the path given
 * @param format      how it was read
 * @param collections collections to read
 * @param notices     what was skipped or worked around, and why
 */
public record DumpSource(Path path, Format format, List<DumpCollection> collections, List<DumpNotice> notices) {
  /** The kinds of mongodump output. */
  public enum Format {
    /** A directory of database directories (plain mongodump, or {@code --gzip}). */
    DUMP_ROOT,
    /** One database directory. */
    DATABASE_DIRECTORY,
    /** A single {@code .bson} or {@code .bson.gz} file. */
    BSON_FILE,
    /** A {@code mongodump --archive} file, plain or gzip-compressed. */
    ARCHIVE,
    /** A mongoexport file: Extended JSON, one document a line or one array, plain or gzip-compressed. */
    JSON_EXPORT
  }

  public DumpSource {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(format, "format");
    collections = List.copyOf(collections);
    notices = List.copyOf(notices);
  }
}
