package stress.server;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Which shard of a distributed table holds a key, answered by the server in bulk, so a client can build
 * multi-row statements whose rows all go to one shard. Get one from {@link ShardLookups#forTarget}.
 * Thread-safe: it holds no connection, each call uses the caller's.
 */
public interface ShardLookup {

  /**
   * The shard id of each key, in the order of {@code keys}; one round trip.
   *
   * @param connection any connection to the target (the caller's own)
   */
  long[] shardsOf(Connection connection, long[] keys) throws SQLException;

  /** How many shards the table had when the lookup was made. */
  int shardCount();

  /** One line for reports. */
  String describe();
}
