package stress.keys;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import stress.server.ShardLookup;

/**
 * One worker's new keys handed out in batches whose keys all live in one shard, so a multi-row INSERT or a
 * COPY of a batch touches one shard only. Not thread-safe: each worker owns one.
 *
 * <p>It takes {@code lookupSize} keys from the worker's {@link NewKeyStream}, asks the server once which shard
 * each belongs to, and keeps them in one queue per shard. A batch comes from the next shard, in turn, whose
 * queue holds enough keys; when none does, the next keys are looked up. Keys left in a queue wait for the next
 * lookup to fill it up, so none is skipped except at the end of a run.
 */
public final class ShardGroupedKeys {
  private final NewKeyStream keys;
  private final ShardLookup lookup;
  private final int lookupSize;
  private final Map<Long, ShardQueue> byShard = new HashMap<>();
  private final List<ShardQueue> queues = new ArrayList<>();
  private int turn;
  private long lookups;

  /**
   * @param keys       the worker's new keys
   * @param lookup     the server's answer to "which shard"
   * @param lookupSize keys looked up per round trip
   */
  public ShardGroupedKeys(NewKeyStream keys, ShardLookup lookup, int lookupSize) {
    if (lookupSize < 1) {
      throw new IllegalArgumentException("keys per shard lookup must be at least 1, got " + lookupSize);
    }
    this.keys = keys;
    this.lookup = lookup;
    this.lookupSize = lookupSize;
  }

  /** Enough keys per lookup that every shard can be expected to fill about two batches of {@code batch}. */
  public static int lookupSizeFor(int batch, int shardCount) {
    return (int) Math.min(Integer.MAX_VALUE - 8, Math.max(4096L, 2L * batch * Math.max(1, shardCount)));
  }

  /**
   * Fills {@code into} with new keys that all belong to one shard, looking keys up on {@code connection}
   * when no shard has enough waiting.
   *
   * @return the shard id of the batch
   */
  public long nextBatch(Connection connection, long[] into) throws SQLException {
    while (true) {
      int n = queues.size();
      for (int i = 0; i < n; i++) {
        ShardQueue q = queues.get((turn + i) % n);
        if (q.size() >= into.length) {
          turn = (turn + i + 1) % n;
          q.take(into);
          return q.shard;
        }
      }
      lookUpMore(connection);
    }
  }

  /** How many round trips to the server this worker made for shard placement. */
  public long lookups() {
    return lookups;
  }

  private void lookUpMore(Connection connection) throws SQLException {
    long[] fresh = new long[lookupSize];
    keys.fill(fresh);
    long[] shards = lookup.shardsOf(connection, fresh);
    lookups++;
    for (int i = 0; i < fresh.length; i++) {
      ShardQueue q = byShard.get(shards[i]);
      if (q == null) {
        q = new ShardQueue(shards[i]);
        byShard.put(shards[i], q);
        queues.add(q);
      }
      q.add(fresh[i]);
    }
  }

  /** The keys waiting for one shard, oldest first. */
  private static final class ShardQueue {
    final long shard;
    private long[] keys = new long[64];
    private int head;
    private int tail;

    ShardQueue(long shard) {
      this.shard = shard;
    }

    int size() {
      return tail - head;
    }

    void add(long key) {
      if (tail == keys.length) {
        int size = size();
        long[] target = size * 2 < keys.length ? keys : new long[keys.length * 2];
        System.arraycopy(keys, head, target, 0, size);
        keys = target;
        head = 0;
        tail = size;
      }
      keys[tail++] = key;
    }

    void take(long[] into) {
      System.arraycopy(keys, head, into, 0, into.length);
      head += into.length;
      if (head == tail) {
        head = 0;
        tail = 0;
      }
    }
  }
}
