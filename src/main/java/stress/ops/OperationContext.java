package stress.ops;

import stress.table.DocumentTable;

/**
 * What an operation's SQL is built from.
 *
 * @param table    the document table; its copy table is {@code table.copyTable()}
 * @param settings knobs of the built-in operations
 */
public record OperationContext(DocumentTable table, OperationSettings settings) {}
