package stress.dump;

import java.util.Objects;
import stress.dump.naming.NamespaceFilter;

/**
 * How {@link DumpScanner} reads a dump path.
 *
 * @param filter                   which namespaces to read
 * @param includeSystemCollections read {@code system.*} collections (skipped with a notice by default)
 * @param layout                   how to take a directory
 * @param verifyArchive            frame and checksum a whole archive while scanning (one extra pass): finds
 *                                 namespaces that have data but no metadata entry, counts documents and
 *                                 reports corruption before anything is loaded
 */
public record ScanOptions(NamespaceFilter filter, boolean includeSystemCollections, Layout layout,
                          boolean verifyArchive) {
  /** How a directory given to the scanner is taken. */
  public enum Layout {
    /**
     * A directory that directly holds collection files ({@code .bson}, {@code .metadata.json}, either
     * gzipped; a root {@code oplog.bson} does not count) is a database directory; any other directory is
     * a dump root whose subdirectories are databases.
     */
    AUTO,
    /** The directory is a dump root: each subdirectory is a database. */
    ROOT,
    /** The directory is one database directory, named after the directory. */
    DATABASE
  }

  public ScanOptions {
    Objects.requireNonNull(filter, "filter");
    Objects.requireNonNull(layout, "layout");
  }

  /** Every namespace except system collections, layout detected, archives verified. */
  public static ScanOptions defaults() {
    return new ScanOptions(NamespaceFilter.all(), false, Layout.AUTO, true);
  }

  public ScanOptions withFilter(NamespaceFilter value) {
    return new ScanOptions(value, includeSystemCollections, layout, verifyArchive);
  }

  public ScanOptions withSystemCollections(boolean value) {
    return new ScanOptions(filter, value, layout, verifyArchive);
  }

  public ScanOptions withLayout(Layout value) {
    return new ScanOptions(filter, includeSystemCollections, value, verifyArchive);
  }

  public ScanOptions withVerifyArchive(boolean value) {
    return new ScanOptions(filter, includeSystemCollections, layout, value);
  }
}
