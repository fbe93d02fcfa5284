package stress.ops;

import java.util.Objects;
import stress.dump.generate.DocumentGenerator;
import stress.server.ShardLookup;
import stress.keys.NewKeys;

/**
 * What the insert operations write: keys no row has yet, the documents generated for them, and, with
 * {@code --group-by-shard}, how to find each key's shard. One per run, shared by every phase and worker.
 *
 * @param keys      the run's new keys (above the table's largest _id, this instance's share only)
 * @param documents makes the document of each key (the shapes of {@code stress init})
 * @param shards    the target's shard placement when multi-row statements are grouped by shard, else null
 */
public record NewDocuments(NewKeys keys, DocumentGenerator documents, ShardLookup shards) {

  /** New keys handed to a worker at a time when rows are not grouped by shard. */
  public static final int KEY_BLOCK = 1024;

  public NewDocuments {
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(documents, "documents");
  }

  /** Whether multi-row statements put all their rows into one shard. */
  public boolean groupedByShard() {
    return shards != null;
  }
}
