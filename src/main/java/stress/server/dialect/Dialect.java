package stress.server.dialect;

import java.util.List;
import stress.table.DocumentTable;
import stress.table.Layout;

/** The SQL that differs per target kind. The generic engine asks this and never tests the kind itself. */
public interface Dialect {

  /**
   * Statements that create the document table and its copy table, distributed and colocated the way the
   * target wants (plain CREATE TABLE, Citus create_distributed_table, XL DISTRIBUTE BY HASH, Greenplum
   * DISTRIBUTED BY). Every identifier is quoted.
   */
  List<String> createDocumentTables(DocumentTable table);

  /**
   * The same DDL, creating UNLOGGED tables when asked: no WAL is written for them, so inserts are cheaper, but a
   * crash empties them and they are not replicated. Every target's DDL is built by
   * {@code PostgresDialect.createTable}, so its CREATE TABLE statements are the ones made unlogged.
   */
  default List<String> createDocumentTables(DocumentTable table, boolean unlogged) {
    List<String> ddl = createDocumentTables(table);
    return unlogged ? ddl.stream().map(PostgresDialect::unlogged).toList() : ddl;
  }

  /**
   * The DDL of {@link #createDocumentTables(DocumentTable, boolean)} as one list per table, the document table's first
   * and each list's CREATE TABLE first, where this target makes new tables faster statement by statement (each its own
   * transaction) than in one transaction; empty, the default, where they are made in one.
   */
  default List<List<String>> createDocumentTablesOneByOne(DocumentTable table, boolean unlogged) {
    return List.of();
  }

  /**
   * Settings that open the transaction which (drops and) creates the document tables, run before any other of
   * its statements; none unless the target needs them for this table.
   */
  default List<String> tableDdlSettings(DocumentTable table) {
    return List.of();
  }

  /**
   * Settings for one more attempt at that transaction after it failed with a deadlock (SQLState 40P01), or none
   * when the target has no other way to run it (the deadlock is then reported as it is).
   */
  default List<String> deadlockRetrySettings() {
    return List.of();
  }

  /**
   * An import's batch size on this target where the user gave none, and why, for the import's header.
   *
   * @param bytes  BSON bytes per committed batch
   * @param reason what each batch costs this target beyond its rows
   */
  record LoadBatch(long bytes, String reason) {}

  /** This target's own batch size for an import, or null where the import's default suits it. */
  default LoadBatch loadBatch() {
    return null;
  }

  /**
   * Whether an import starts each collection with small batches (256 KiB, doubling up to the batch size), chosen when
   * the server waited for a whole first batch from a client whose code was not yet compiled; now that rows go as they
   * are converted they make no difference beyond noise. By default where a commit is local.
   */
  default boolean startsWithSmallBatches() {
    return commitsLocally();
  }

  /**
   * Statements run once on each connection an import loads batches on, before its first batch: settings that make a
   * batch after the first cheaper on this target. Empty by default.
   */
  default List<String> loadSessionSettings() {
    return List.of();
  }

  /**
   * Whether a commit is one server's own commit, with no two-phase commit across nodes. Only then may an import
   * commit its batches asynchronously: if the server crashes, a batch and its checkpoint still vanish together.
   */
  default boolean commitsLocally() {
    return false;
  }

  /**
   * Statements that create only the copy table of the existing document table {@code table}, distributed (and on
   * Citus colocated with it) as {@link #createDocumentTables} would. {@code init --reuse} uses it when the copy
   * table is missing.
   */
  List<String> createCopyTable(DocumentTable table);

  /**
   * Whether this target needs the distribution column in every unique constraint, so that the primary key of a table
   * distributed by a key is {@code (key column, _id)}. Plain PostgreSQL does not: its primary key stays {@code _id}.
   */
  default boolean keyInPrimaryKey() {
    return true;
  }

  /** Whether this target spreads tables over nodes (false on plain PostgreSQL). */
  default boolean distributes() {
    return true;
  }

  /** The layout a new table gets here: {@code layout} with this target's primary key. */
  default Layout placed(Layout layout) {
    return layout.withKeyInPrimaryKey(keyInPrimaryKey());
  }

  /** One line about what this target does with a layout that is not the default, or null when nothing to say. */
  default String layoutNote(Layout layout) {
    return null;
  }
}
