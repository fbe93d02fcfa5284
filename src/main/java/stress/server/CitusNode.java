package stress.server;

/**
 * What a Citus node reported about its cluster.
 *
 * @param activeWorkers active primary worker nodes in {@code pg_dist_node} (group id other than 0)
 * @param shardCount    {@code citus.shard_count}: the shard count new distributed tables get, or null when unreadable
 */
public record CitusNode(int activeWorkers, Integer shardCount) {
  public CitusNode {
    if (activeWorkers < 0) {
      throw new IllegalArgumentException("active worker count must not be negative, got " + activeWorkers);
    }
  }
}
