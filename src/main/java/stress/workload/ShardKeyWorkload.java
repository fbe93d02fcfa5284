package stress.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.mongo.routing.KeyTargeting;

/**
 * A workload file's operations by where they would go on a collection distributed by one document path, weighted as
 * the file weights them, as MongoDB's {@code analyzeShardKey} reports its sampled queries: reads and writes to one
 * shard, to several, to all, and the updates that would change the key. Inserts reach the shard of the key they write
 * whatever the key, and MongoDB samples none, so they are counted apart; operations written in SQL are not read.
 *
 * @param path       the candidate key path
 * @param reads      {@code find}, {@code countDocuments} and {@code aggregate}
 * @param writes     updates and deletes
 * @param keyUpdates the updates that may change the key of a document they match
 * @param inserts    {@code insertOne}
 * @param notRead    operations written in SQL
 * @param joins      pipelines counted wider than their filter because a stage reads a collection again on more shards
 *                   (a {@code $lookup} not joined on the key, {@code $graphLookup}, {@code $unionWith})
 */
public record ShardKeyWorkload(String path, Spread reads, Spread writes, Bucket keyUpdates, Bucket inserts,
                               Bucket notRead, Bucket joins) {
  /** Operations and their summed weight. */
  public record Bucket(long weight, List<String> operations) {
    static final Bucket EMPTY = new Bucket(0, List.of());

    public Bucket {
      operations = List.copyOf(operations);
    }

    Bucket plus(String name, long w) {
      List<String> names = new ArrayList<>(operations);
      names.add(name);
      return new Bucket(weight + w, names);
    }

    Bucket plus(Bucket other) {
      List<String> names = new ArrayList<>(operations);
      names.addAll(other.operations);
      return new Bucket(weight + other.weight, names);
    }
  }

  /** Operations by reach: one shard, several, all. */
  public record Spread(Bucket one, Bucket several, Bucket all) {
    static final Spread EMPTY = new Spread(Bucket.EMPTY, Bucket.EMPTY, Bucket.EMPTY);

    /** The weight of all its operations. */
    public long weight() {
      return one.weight + several.weight + all.weight;
    }

    /** A bucket's weight as a share of the spread's (0 when it has none). */
    public double share(Bucket b) {
      return weight() == 0 ? 0 : (double) b.weight / weight();
    }

    Spread plus(KeyTargeting.Reach reach, String name, long w) {
      return switch (reach) {
        case ONE -> new Spread(one.plus(name, w), several, all);
        case SEVERAL -> new Spread(one, several.plus(name, w), all);
        default -> new Spread(one, several, all.plus(name, w));
      };
    }

    Spread plus(Spread other) {
      return new Spread(one.plus(other.one), several.plus(other.several), all.plus(other.all));
    }
  }

  /** The file's operations on a collection distributed by {@code path}. */
  public static ShardKeyWorkload of(WorkloadFile file, String path) {
    Spread reads = Spread.EMPTY;
    Spread writes = Spread.EMPTY;
    Bucket keyUpdates = Bucket.EMPTY;
    Bucket inserts = Bucket.EMPTY;
    Bucket notRead = Bucket.EMPTY;
    Bucket joins = Bucket.EMPTY;
    for (Map.Entry<String, Integer> e : file.weights().entrySet()) {
      String name = e.getKey();
      long weight = e.getValue();
      MongoSpec op = file.mongo().get(name);
      if (op == null) {
        notRead = notRead.plus(name, weight);
        continue;
      }
      KeyTargeting.Target t = KeyTargeting.of(op.kind(), op.spec(), path);
      if (t.reach() == KeyTargeting.Reach.INSERT) {
        inserts = inserts.plus(name, weight);
      } else if (KeyTargeting.reads(op.kind())) {
        reads = reads.plus(t.reach(), name, weight);
      } else {
        writes = writes.plus(t.reach(), name, weight);
      }
      if (t.changesKey()) {
        keyUpdates = keyUpdates.plus(name, weight);
      }
      if (t.joins()) {
        joins = joins.plus(name, weight);
      }
    }
    return new ShardKeyWorkload(path, reads, writes, keyUpdates, inserts, notRead, joins);
  }

  /** Reads and writes together. */
  public Spread all() {
    return reads.plus(writes);
  }

  /** The share of the reads' and writes' weight that would change the key. */
  public double keyUpdateShare() {
    return all().weight() == 0 ? 0 : (double) keyUpdates.weight / all().weight();
  }

  /**
   * The paths the file's operations pin by equality or {@code $in} where a key layout routes them, each with the
   * weight of the operations that pin it, heaviest first (then in file order).
   */
  public static Map<String, Long> pinnedPaths(WorkloadFile file) {
    Map<String, Long> weights = new LinkedHashMap<>();
    file.mongo().forEach((name, op) -> {
      for (String path : KeyTargeting.pinnedPaths(op.kind(), op.spec())) {
        weights.merge(path, (long) file.weights().get(name), Long::sum);
      }
    });
    Map<String, Long> sorted = new LinkedHashMap<>();
    weights.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .forEach(e -> sorted.put(e.getKey(), e.getValue()));
    return sorted;
  }
}
