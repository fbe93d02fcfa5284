package stress.server;

import java.util.List;
import stress.table.DocumentTable;
import stress.table.Layout;

/**
 * Citus coordinator: ordinary tables turned into hash-distributed tables on {@code _id} or on the key column, or into
 * reference tables. The copy table is colocated with the main table so find_insert and find_delete touch the same
 * worker as the read; a key table is colocated with the table its layout names (another table of the same key type),
 * else with Citus' default group for its column type. Tables whose shard names may reach 63 bytes get their shards
 * created one connection per worker ({@link CitusShardNames}).
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
        distribute(main, table.layout(), colocation(table.layout())),
        distribute(SqlLiterals.quote(copy.qualifiedName()), table.layout(), main));
  }

  /** The statement that distributes (or replicates) one table, colocated with {@code colocateWith} (SQL text). */
  private static String distribute(String table, Layout layout, String colocateWith) {
    return switch (layout.kind()) {
      case ID -> "SELECT create_distributed_table(" + table + ", '_id'"
          + (colocateWith == null ? "" : ", colocate_with => " + colocateWith) + ")";
      // Citus looks the column up by the text as given, without folding its case
      case KEY -> "SELECT create_distributed_table(" + table + ", " + SqlLiterals.quote(layout.path())
          + ", colocate_with => " + colocateWith + ")";
      case REFERENCE -> "SELECT create_reference_table(" + table + ")";
    };
  }

  private static String colocation(Layout layout) {
    return !layout.keyed() ? null
        : SqlLiterals.quote(layout.colocateWith() == null ? "default" : layout.colocateWith());
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
    return List.of(PostgresDialect.createTable(copy, ""), distribute(SqlLiterals.quote(copy.qualifiedName()),
        table.layout(), SqlLiterals.quote(table.qualifiedName())));
  }

  /**
   * Measured on Citus 13.2 (2 workers, 32 shards, 150,000 large orders): one import stream took 41 s with 8 MiB batches
   * and 18 s with 64 MiB ones, as each batch's COPY opens a connection to every shard and commits across the workers.
   */
  @Override
  public LoadBatch loadBatch() {
    return new LoadBatch(64L << 20, "Citus: each batch is one distributed COPY and commit, which opens a connection to"
        + " every shard; 64 MiB batches keep that a small share of the load");
  }
}
