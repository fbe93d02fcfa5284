package stress.server;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import stress.model.UsageException;
import stress.table.DocumentTable;

/**
 * Citus's own answer to "which shard holds this key": {@code get_shard_id_for_distribution_column} over an
 * array of keys in one statement. Asking the server keeps the client exact whatever hash function, shard
 * count or rebalancing the cluster has, at the price of one round trip per few thousand keys.
 */
final class CitusShardLookup implements ShardLookup {
  private final DocumentTable table;
  private final int shardCount;
  private final String sql;

  private CitusShardLookup(DocumentTable table, int shardCount) {
    this.table = table;
    this.shardCount = shardCount;
    // the key is cast to the column's type, as a row of the table would carry it; the table travels as text
    this.sql = "SELECT get_shard_id_for_distribution_column(CAST(? AS regclass), CAST(k AS " + table.idType().sql()
        + ")) FROM unnest(CAST(? AS bigint[])) WITH ORDINALITY AS u(k, i) ORDER BY i";
  }

  /** Checks that the table is hash-distributed and reads its shard count from the Citus metadata. */
  static CitusShardLookup read(Connection connection, DocumentTable table) throws SQLException {
    String metadata = "SELECT p.partmethod::text, (SELECT count(*) FROM pg_dist_shard s WHERE s.logicalrelid = p.logicalrelid)"
        + " FROM pg_dist_partition p WHERE p.logicalrelid = CAST(? AS regclass)";
    try (PreparedStatement ps = connection.prepareStatement(metadata)) {
      ps.setString(1, table.qualifiedName());
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          throw new UsageException("--group-by-shard needs a distributed table; " + table.displayName()
              + " is not in pg_dist_partition (create it with 'stress init' or create_distributed_table)");
        }
        String method = rs.getString(1);
        int shards = rs.getInt(2);
        if (!"h".equals(method)) {
          throw new UsageException("--group-by-shard needs a hash-distributed table; " + table.displayName()
              + " has Citus partition method '" + method + "' (" + (shards <= 1 ? "one shard" : shards + " shards") + ")");
        }
        return new CitusShardLookup(table, shards);
      }
    } finally {
      if (!connection.getAutoCommit()) {
        connection.rollback();
      }
    }
  }

  @Override
  public long[] shardsOf(Connection connection, long[] keys) throws SQLException {
    Long[] boxed = new Long[keys.length];
    for (int i = 0; i < keys.length; i++) {
      boxed[i] = keys[i];
    }
    long[] shards = new long[keys.length];
    Array array = connection.createArrayOf("bigint", boxed);
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      ps.setString(1, table.qualifiedName());
      ps.setArray(2, array);
      try (ResultSet rs = ps.executeQuery()) {
        int n = 0;
        while (rs.next()) {
          if (n == keys.length) {
            throw new SQLException("shard lookup returned more rows than the " + keys.length + " keys asked");
          }
          shards[n++] = rs.getLong(1);
        }
        if (n != keys.length) {
          throw new SQLException("shard lookup returned " + n + " rows for " + keys.length + " keys");
        }
      }
    } finally {
      array.free();
    }
    return shards;
  }

  @Override
  public int shardCount() {
    return shardCount;
  }

  @Override
  public String describe() {
    return shardCount + " hash shards of " + table.displayName()
        + ", keys placed by the server's get_shard_id_for_distribution_column";
  }
}
