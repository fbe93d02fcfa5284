package stress.ops;

import stress.model.OperationSettings;
import stress.table.DocumentTable;

/**
 * What an operation's SQL is built from.
 *
 * @param table        the document table; its copy table is {@code table.copyTable()}
 * @param settings     knobs of the built-in operations
 * @param newDocuments new keys and documents for the insert operations, or null when no operation of the
 *                     run inserts
 */
public record OperationContext(DocumentTable table, OperationSettings settings, NewDocuments newDocuments) {

  /** A context for operations that only work on existing rows. */
  public OperationContext(DocumentTable table, OperationSettings settings) {
    this(table, settings, null);
  }

  /** The new documents, or an error naming the operation that needs them. */
  public NewDocuments requireNewDocuments(String operation) {
    if (newDocuments == null) {
      throw new IllegalStateException(operation + " inserts new rows, but the run prepared no new keys for "
          + table.displayName());
    }
    return newDocuments;
  }
}
