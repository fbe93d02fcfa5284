package stress.target;

import java.util.List;
import stress.table.DocumentTable;

/**
 * Citus coordinator: ordinary tables turned into hash-distributed tables on {@code _id}, the copy table
 * colocated with the main table so find_insert and find_delete touch the same worker as the read. Tables whose
 * shard names may reach 63 bytes get their shards created one connection per worker ({@link CitusShardNames}).
 */
public final class CitusDialect implements Dialect {
  /** One connection per worker for the rest of the transaction: shards are created one after the other. */
  static final String SEQUENTIAL = "SET LOCAL citus.multi_shard_modify_mode TO 'sequential'";

  @Override
  public List<String> createDocumentTables(DocumentTable table) {
    DocumentTable copy = table.copyTable();
    // create_distributed_table takes the table as regclass text: the quoted name travels as data
    String main = SqlLiterals.quote(table.qualifiedName());
    return List.of(
        PostgresDialect.createTable(table, ""),
        PostgresDialect.createTable(copy, ""),
        "SELECT create_distributed_table(" + main + ", '_id')",
        "SELECT create_distributed_table(" + SqlLiterals.quote(copy.qualifiedName()) + ", '_id', colocate_with => "
            + main + ")");
  }

  @Override
  public List<String> tableDdlSettings(DocumentTable table) {
    return CitusShardNames.mayReachLimit(table) ? List.of(SEQUENTIAL) : List.of();
  }

  @Override
  public List<String> deadlockRetrySettings() {
    return List.of(SEQUENTIAL);
  }

  @Override
  public List<String> createCopyTable(DocumentTable table) {
    DocumentTable copy = table.copyTable();
    return List.of(PostgresDialect.createTable(copy, ""), "SELECT create_distributed_table("
        + SqlLiterals.quote(copy.qualifiedName()) + ", '_id', colocate_with => " + SqlLiterals.quote(table.qualifiedName())
        + ")");
  }
}
