package stress.ops;

import java.util.List;
import stress.model.OperationSettings;
import stress.table.DocumentTable;

/**
 * What an operation's SQL is built from.
 *
 * @param table        the document table; its copy table is {@code table.copyTable()}
 * @param settings     knobs of the built-in operations
 * @param newDocuments new keys and documents for the insert operations, or null when no operation of the
 *                     run inserts
 * @param workerTables with --table-per-thread, the table of each worker (worker i writes to element i); empty when
 *                     all workers share {@code table}
 */
public record OperationContext(DocumentTable table, OperationSettings settings, NewDocuments newDocuments,
                               List<DocumentTable> workerTables) {

  public OperationContext {
    workerTables = List.copyOf(workerTables);
  }

  /** Workers sharing the table. */
  public OperationContext(DocumentTable table, OperationSettings settings, NewDocuments newDocuments) {
    this(table, settings, newDocuments, List.of());
  }

  /**
   * The tables inserts write to, by worker number: one element (the run's table, for every worker) or one per
   * worker with --table-per-thread.
   */
  public DocumentTable[] insertTables() {
    return workerTables.isEmpty() ? new DocumentTable[] {table} : workerTables.toArray(DocumentTable[]::new);
  }

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
