package stress.ops.file;

import java.sql.Connection;
import java.sql.SQLException;
import stress.table.DocumentTable;

/**
 * How an operation of a workload file is written for the table it runs on, once, before any load: a
 * MongoDB-style operation's SQL depends on what the table's documents hold and on the server's features.
 */
@FunctionalInterface
public interface TableTranslation {
  /** The operation as it runs on this table, on the server of this connection. */
  WorkloadOperation forTable(Connection connection, DocumentTable table) throws SQLException;
}
