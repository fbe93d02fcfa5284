package stress.load.importer.progress;

import stress.dump.DumpSource;
import stress.dump.naming.Namespace;
import stress.load.PreparedTable;
import stress.table.DocumentTable;

/**
 * Hears what an import does. {@link #scanned}, {@link #progress} and {@link #finished} are called from the thread
 * that runs the import; the others from import threads, so implementations must be thread-safe. Every method has
 * a no-op default.
 */
public interface ImportListener {
  /** A listener that ignores everything. */
  ImportListener NONE = new ImportListener() { };

  /** The path was scanned: its collections and the notices on what is skipped or worked around. */
  default void scanned(DumpSource source) {
  }

  /**
   * A collection's table is ready and loading starts.
   *
   * @param namespace the collection
   * @param location  its data file, or archive and namespace
   * @param table     the table, with its real {@code _id} type
   * @param action    whether the table was created, reused or replaced
   * @param idChoice  one line: the {@code _id} type chosen and why (or that the existing table's type is used)
   * @param earlier   documents already accounted for by an earlier run (resume), 0 otherwise
   * @param complete  true when earlier runs finished the collection, so nothing is loaded again
   */
  record Started(Namespace namespace, String location, DocumentTable table, PreparedTable.Action action,
                 String idChoice, long earlier, boolean complete) {}

  /** A collection's table is ready and loading starts. */
  default void collectionStarted(Started started) {
  }

  /**
   * A derived table name was too long and was shortened ({@link TableNaming}); called before any table is made.
   *
   * @param derived the name the rule gave before shortening
   * @param table   the name used
   */
  default void tableNameShortened(Namespace namespace, String derived, String table) {
  }

  /** A line about a collection that the user should see at once (corrupt input, a failed batch). */
  default void problem(String line) {
  }

  /** Progress, a few times a second. */
  default void progress(ImportProgress progress) {
  }

  /** A collection is done. */
  default void collectionDone(CollectionResult result) {
  }

  /** The import is done. */
  default void finished(ImportResult result) {
  }
}
