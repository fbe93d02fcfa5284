package stress.server.dialect;

import java.nio.charset.StandardCharsets;
import stress.table.Identifiers;
import java.util.List;
import stress.table.DocumentTable;

/**
 * The names Citus gives a document table's shards, as far as they decide whether creating the shards is safe.
 *
 * <p>Citus names each shard of a table, and of its primary-key index, {@code <name>_<shard id>}; when that does
 * not fit in {@value #MAX_IDENTIFIER_BYTES} bytes it cuts the name and puts a hash in, giving exactly 63 bytes.
 * A shard table named with 63 bytes makes PostgreSQL cut the name of its array type ({@code _} + the name) too,
 * and then the shards of one table, created in parallel over several connections to the same worker, ask for the
 * same type name: each connection waits for the other's uncommitted row and Citus cancels its own distributed
 * transaction as a deadlock (citusdata/citus issue 4739). Created one connection per worker (sequential mode),
 * the names are chosen one after the other and never wait. Shard ids are positive bigints, so the suffix can
 * grow to {@value #MAX_SUFFIX_BYTES} bytes; the check assumes the longest, never the cluster's current id.
 */
public final class CitusShardNames {
  /** PostgreSQL's identifier limit (NAMEDATALEN - 1). */
  public static final int MAX_IDENTIFIER_BYTES = 63;
  /** {@code _} and the 19 digits of the largest bigint. */
  static final int MAX_SUFFIX_BYTES = 20;
  private static final String PKEY_SUFFIX = "_pkey";

  private CitusShardNames() {}

  /**
   * The names Citus appends a shard id to for a document table: the table, its copy table and the primary-key
   * index of each, as PostgreSQL names those indexes. When the copy table's cut name equals the table's index
   * name (tables of 58 bytes), PostgreSQL cuts one byte more and appends a digit: the same length or one byte
   * shorter, and only the longest possible lengths matter here.
   */
  public static List<String> shardedNames(DocumentTable table) {
    String copy = table.copyTable().name();
    return List.of(table.name(), primaryKeyName(table.name()), copy, primaryKeyName(copy));
  }

  /**
   * Whether a shard of this table or of its index may be named with 63 bytes (cut, or hashed by Citus) for
   * some shard id, so that its shards must be created one connection per worker.
   */
  public static boolean mayReachLimit(DocumentTable table) {
    return shardedNames(table).stream().anyMatch(name -> bytes(name) + MAX_SUFFIX_BYTES >= MAX_IDENTIFIER_BYTES);
  }

  /**
   * The name PostgreSQL gives the index of a {@code PRIMARY KEY} declared in CREATE TABLE: the table name, cut
   * between characters so that {@code _pkey} still fits in 63 bytes, then {@code _pkey}.
   */
  public static String primaryKeyName(String table) {
    return Identifiers.clipToBytes(table, MAX_IDENTIFIER_BYTES - PKEY_SUFFIX.length()) + PKEY_SUFFIX;
  }


  static int bytes(String name) {
    return name.getBytes(StandardCharsets.UTF_8).length;
  }
}
