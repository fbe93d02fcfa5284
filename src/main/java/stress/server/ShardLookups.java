package stress.server;

import java.sql.Connection;
import java.sql.SQLException;
import stress.model.UsageException;
import stress.table.DocumentTable;

/** Picks the {@link ShardLookup} for a target; only Citus has shards a client can address. */
public final class ShardLookups {
  private ShardLookups() {}

  /**
   * The lookup for {@code table} on {@code target}, checked once now on {@code connection}.
   *
   * @throws UsageException when the target has no client-visible shards, or the table is not
   *     hash-distributed
   */
  public static ShardLookup forTarget(TargetInfo target, Connection connection, DocumentTable table)
      throws SQLException {
    return switch (target.kind()) {
      case CITUS_COORDINATOR, CITUS_WORKER -> CitusShardLookup.read(connection, table);
      case POSTGRESQL, XL_COORDINATOR, XL_DATANODE, GREENPLUM -> throw new UsageException(
          "--group-by-shard needs a Citus cluster (it puts each statement's rows into one shard of a hash-distributed"
              + " table); the target is " + target.kind().displayName());
    };
  }
}
