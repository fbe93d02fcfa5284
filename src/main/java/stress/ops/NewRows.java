package stress.ops;

import java.sql.Connection;
import java.sql.SQLException;
import stress.keys.NewKeyStream;
import stress.keys.ShardGroupedKeys;

/**
 * One worker's supply of rows for the insert operations: batches of new keys (all in one shard when asked)
 * and the generated document of each. Not thread-safe: each worker owns one through a {@link SessionLocal}.
 */
public final class NewRows {
  private final NewDocuments source;
  private final NewKeyStream stream;
  private final ShardGroupedKeys grouped;
  private final long[] keys;
  private Object[] parameters;

  /**
   * @param source what to insert
   * @param batch  rows per statement
   * @param group  put each batch into one shard (needs {@code source.shards()})
   */
  public NewRows(NewDocuments source, int batch, boolean group) {
    this.source = source;
    this.keys = new long[batch];
    if (group) {
      int lookupSize = ShardGroupedKeys.lookupSizeFor(batch, source.shards().shardCount());
      this.stream = source.keys().stream(lookupSize);
      this.grouped = new ShardGroupedKeys(stream, source.shards(), lookupSize);
    } else {
      this.stream = source.keys().stream(Math.max(batch, NewDocuments.KEY_BLOCK));
      this.grouped = null;
    }
  }

  /** The keys of the next batch, in an array reused by the next call. */
  public long[] nextKeys(Connection connection) throws SQLException {
    if (grouped != null) {
      grouped.nextBatch(connection, keys);
    } else {
      stream.fill(keys);
    }
    return keys;
  }

  /** The key as bound for the table's column: Integer for integer, Long for bigint. */
  Object boundKey(long key) {
    return source.keys().asInt() ? (Object) (int) key : (Object) key;
  }

  /** Key and document of each key, in an array reused by the next call: the parameters of a multi-row INSERT. */
  public Object[] parameters(long[] batch) {
    return parameters(batch, 2);
  }

  /**
   * The rows' parameters, {@code perRow} of them each: key and document, and with 3 the document once more (a table
   * with a key column reads the column's value from it, {@link DocumentSql#parametersPerRow}).
   */
  public Object[] parameters(long[] batch, int perRow) {
    if (parameters == null || parameters.length != perRow * batch.length) {
      parameters = new Object[perRow * batch.length];
    }
    for (int i = 0; i < batch.length; i++) {
      String json = json(batch[i]);
      parameters[perRow * i] = boundKey(batch[i]);
      for (int j = 1; j < perRow; j++) {
        parameters[perRow * i + j] = json;
      }
    }
    return parameters;
  }

  /** The document of a key as JSON text for the jsonb column. */
  public String json(long key) {
    return source.documents().generate(key).json();
  }
}
