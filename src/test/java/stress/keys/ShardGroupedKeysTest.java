package stress.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import stress.model.Instance;
import stress.table.IdType;
import stress.server.ShardLookup;

/**
 * The grouping logic on its own, with shard placement given by a plain function; the real server's placement
 * is tested against Citus in {@code stress.cluster.CitusInsertIT}.
 */
class ShardGroupedKeysTest {

  /** Seven shards, keys scattered over them like a hash would. */
  private static final class ModuloShards implements ShardLookup {
    int calls;

    static long shardOf(long key) {
      return 100 + Math.floorMod(key * 0x9E3779B97F4A7C15L >>> 40, 7);
    }

    @Override
    public long[] shardsOf(Connection connection, long[] keys) {
      calls++;
      long[] shards = new long[keys.length];
      for (int i = 0; i < keys.length; i++) {
        shards[i] = shardOf(keys[i]);
      }
      return shards;
    }

    @Override
    public int shardCount() {
      return 7;
    }

    @Override
    public String describe() {
      return "7 modulo shards";
    }
  }

  @Test
  void everyBatchComesFromOneShardAndNoKeyTwice() throws Exception {
    ModuloShards shards = new ModuloShards();
    NewKeys keys = new NewKeys("t", IdType.BIGINT, Instance.SOLE, 0);
    int lookupSize = ShardGroupedKeys.lookupSizeFor(100, shards.shardCount());
    assertEquals(4096, lookupSize, "at least 4096 keys per lookup");
    ShardGroupedKeys grouped = new ShardGroupedKeys(keys.stream(lookupSize), shards, lookupSize);
    Set<Long> seen = new HashSet<>();
    Set<Long> shardsUsed = new HashSet<>();
    long[] batch = new long[100];
    int batches = 400;
    for (int b = 0; b < batches; b++) {
      long shard = grouped.nextBatch(null, batch);
      shardsUsed.add(shard);
      for (long k : batch) {
        assertEquals(shard, ModuloShards.shardOf(k), "key " + k + " in batch " + b);
        assertTrue(seen.add(k), "key " + k + " handed out twice");
      }
    }
    assertEquals(7, shardsUsed.size(), "batches take turns over the shards");
    // 40,000 keys handed out; each lookup brings 4096, and at most 99 per shard wait for the next lookup
    assertTrue(shards.calls >= 10 && shards.calls <= 11, "lookups: " + shards.calls);
    assertEquals(shards.calls, grouped.lookups());
  }

  @Test
  void batchesLargerThanOneLookupStillFill() throws Exception {
    ModuloShards shards = new ModuloShards();
    NewKeys keys = new NewKeys("t", IdType.BIGINT, Instance.parse("2/3"), 0);
    ShardGroupedKeys grouped = new ShardGroupedKeys(keys.stream(50), shards, 50);
    long[] batch = new long[200];
    long shard = grouped.nextBatch((Connection) null, batch);
    for (long k : batch) {
      assertEquals(shard, ModuloShards.shardOf(k));
      assertEquals(2, k % 3, "keys keep to the instance's remainder");
    }
  }
}
