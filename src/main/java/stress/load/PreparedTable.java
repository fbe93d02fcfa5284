package stress.load;

import java.util.Objects;
import stress.table.DocumentTable;

/**
 * The document table ready for loading, and how it came to be.
 *
 * @param table  the table, with the {@code _id} type it really has (read from the catalog when reused)
 * @param action whether the tables were created, reused or replaced
 * @param note   one line the user should see about how the tables were made (a deadlock and the retry that
 *               created them), or null
 * @param copyTableCreated true when the table was reused and its missing copy table was created (empty)
 */
public record PreparedTable(DocumentTable table, Action action, String note, boolean copyTableCreated) {

  /** What {@link TableSetup} did. */
  public enum Action {
    /** Neither table existed; both were created. */
    CREATED,
    /** Both tables existed and were kept as they are. */
    REUSED,
    /** Existing tables were dropped and both created anew. */
    REPLACED
  }

  public PreparedTable {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(action, "action");
  }

  /** Both tables {@code action}ed alike, with nothing to tell. */
  public PreparedTable(DocumentTable table, Action action) {
    this(table, action, null, false);
  }

  /** Both tables {@code action}ed alike, with a note (or null). */
  public PreparedTable(DocumentTable table, Action action, String note) {
    this(table, action, note, false);
  }
}
