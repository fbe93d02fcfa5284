package stress.dump;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import stress.dump.DumpNotice.Severity;
import stress.dump.naming.DumpFileNames;
import stress.dump.naming.Namespace;
import stress.model.UsageException;

/**
 * Finds the collections of mongodump output at a path: a dump root ({@code <db>/<collection>.bson} with
 * {@code .metadata.json}, plain or {@code --gzip}), one database directory, one {@code .bson} or
 * {@code .bson.gz} file, a mongoexport JSON file (Extended JSON one document a line or {@code --jsonArray}, recognised
 * by its first character, '{' or '['; {@link JsonExportStream}) or a {@code --archive} file (plain or
 * gzip-compressed; any other file that is not a directory or a {@code .bson} file is taken as an archive and must
 * start with the archive magic number).
 *
 * <p>Whatever is not read is said in a {@link DumpNotice}, never printed: views and time-series
 * collections (metadata without a data file), {@code system.*} collections (skipped unless asked for),
 * 0-byte data files (kept, as empty collections), {@code prelude.json}, a root {@code oplog.bson} or
 * archive oplog namespace (skipped), stray files and directories, names taken from the metadata's
 * {@code collectionName} because the file name is escaped or truncated, invalid metadata JSON (the data
 * is still read), and namespaces left out by the filter.
 */
public final class DumpScanner {
  private final ScanOptions options;

  public DumpScanner(ScanOptions options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** A scanner with {@link ScanOptions#defaults()}. */
  public DumpScanner() {
    this(ScanOptions.defaults());
  }

  /**
   * Scans a path.
   *
   * @throws UsageException     when the path does not exist or is a metadata file
   * @throws NotADumpException   when the file is of no kind read (bad input all the same)
   * @throws DumpFormatException when an archive's prelude is bad (nothing can be read)
   * @throws IOException         when a file or directory cannot be read
   */
  public DumpSource scan(Path path) throws IOException {
    Objects.requireNonNull(path, "path");
    Discovery found = new Discovery(options);
    if (Files.isDirectory(path)) {
      return found.source(path, new DirectoryDiscovery(found).scanDirectory(path));
    }
    if (!Files.isRegularFile(path)) {
      throw new UsageException("dump path '" + path + "' does not exist or is neither a file nor a directory");
    }
    String name = DirectoryDiscovery.fileName(path);
    if (DumpFileNames.metadataBase(name) != null) {
      throw new UsageException("'" + path + "' is a metadata file; give its .bson file, its directory"
          + " or the dump root");
    }
    if (DumpFileNames.dataBase(name) != null) {
      new DirectoryDiscovery(found).scanFile(path);
      return found.source(path, DumpSource.Format.BSON_FILE);
    }
    if (JsonExports.isJsonExport(path)) {
      Namespace namespace = JsonExports.namespace(path, options.filter());
      String from = JsonExports.namedFrom(path, options.filter());
      if (from != null) {
        found.notice(Severity.INFO, path, "mongoexport JSON file, imported as collection " + namespace + " (" + from
            + "; --db NAME and --collection NAME give others)");
      }
      if (found.wanted(namespace, path)) {
        // the size of the JSON text says nothing of the BSON the progress counts: no ETA rather than a wrong one
        found.add(new DumpCollection(namespace, null, path.toString(), -1, -1,
            policy -> JsonExportStream.open(path, policy)));
      }
      return found.source(path, DumpSource.Format.JSON_EXPORT);
    }
    // a file that is no dump at all throws NotADumpException: bad input (exit 2), as a path that is not there
    new ArchiveDiscovery(found).scan(path);
    return found.source(path, DumpSource.Format.ARCHIVE);
  }
}
