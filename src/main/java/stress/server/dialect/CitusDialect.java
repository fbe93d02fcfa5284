package stress.server.dialect;

import java.util.List;
import stress.server.SqlLiterals;
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
    List<List<String>> byTable = byTable(table);
    // both CREATE TABLEs first: a table is distributed (and the copy colocated) within the one transaction
    return List.of(byTable.get(0).get(0), byTable.get(1).get(0), byTable.get(0).get(1), byTable.get(1).get(1));
  }

  /**
   * Measured on Citus 13.2 (coordinator + 2 workers, 32 shards, on one core): both tables made in one transaction took
   * 445-465 ms, statement by statement 213-215 ms, the document table alone (as a raw COPY's table is made) 126-138
   * ms. An import waits for it before its first COPY.
   */
  @Override
  public List<List<String>> createDocumentTablesOneByOne(DocumentTable table, boolean unlogged) {
    return byTable(table).stream().map(statements -> unlogged
        ? statements.stream().map(PostgresDialect::unlogged).toList() : statements).toList();
  }

  /** Each table's CREATE TABLE and the statement that distributes it, the document table first. */
  private static List<List<String>> byTable(DocumentTable table) {
    DocumentTable copy = table.copyTable();
    // create_distributed_table takes the table as regclass text: the quoted name travels as data
    String main = SqlLiterals.quote(table.qualifiedName());
    return List.of(
        List.of(PostgresDialect.createTable(table, ""), distribute(main, table.layout(), colocation(table.layout()))),
        List.of(PostgresDialect.createTable(copy, ""), distribute(SqlLiterals.quote(copy.qualifiedName()),
            table.layout(), main)));
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
   * A COPY into a distributed table opens a connection to each shard placement; at the commit Citus closes all but
   * {@code citus.max_cached_conns_per_worker} (1) per worker, so every batch opened them again: a forked backend and a
   * TLS handshake each, 25% more server CPU per document than one raw COPY on a one-core cluster (2 workers, 32
   * shards, 150,000 large orders: the load 17.8 s, 15.8 s with them kept). Kept, they stay as many as one batch's COPY
   * opens anyway; only their reuse changes.
   */
  @Override
  public List<String> loadSessionSettings() {
    return List.of("SET citus.max_cached_conns_per_worker TO " + CACHED_CONNECTIONS_PER_WORKER);
  }

  /**
   * Its 64 MiB batches make a first batch a long wait (1.6 s of conversion by a cold client); with the connections
   * kept, smaller first batches cost less than that: the load of 150,000 large orders on a one-core cluster took
   * 14.0-14.9 s with them, 14.9-15.4 s without (3 runs each, interleaved). On Greenplum, whose batches are 8 MiB,
   * they did not pay (11.8-12.0 s against 11.7-11.8 s). Since rows go to the server as they are converted, the small
   * batches make no difference beyond noise on Citus (4 interleaved pairs, 16.55 s mean with them, 16.41 s without).
   */
  @Override
  public boolean startsWithSmallBatches() {
    return true;
  }

  /** More than any COPY opens to one worker (one per shard placement there), so that all it opened are kept. */
  static final int CACHED_CONNECTIONS_PER_WORKER = 1024;

  /**
   * Measured on Citus 13.2 (2 workers, 32 shards, 150,000 large orders): one import stream took 41 s with 8 MiB batches
   * and 18 s with 64 MiB ones, as each batch's COPY opened a connection to every shard and committed across the
   * workers. With the connections kept ({@link #loadSessionSettings}) 8 MiB batches took 17.9 s, no faster than 64 MiB
   * ones (one run each), so 64 MiB stays: fewer commits across the workers.
   */
  @Override
  public LoadBatch loadBatch() {
    return new LoadBatch(64L << 20, "Citus: each batch is one distributed COPY and a commit across the workers; 64 MiB"
        + " batches keep that a small share of the load");
  }
}
