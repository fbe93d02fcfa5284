package stress.mongodb;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.OperationSession;

/**
 * The built-in operations of the find family as MongoDB's own calls, drawing the same keys and limits in the same
 * order as on PostgreSQL (so one seed gives the same values on both): {@code find_first} a find by {@code _id},
 * {@code find_in} a find of {@code _id $in} a batch of keys, {@code find} a find of {@code _id > key} sorted by
 * {@code _id} with the drawn limit, {@code find_update} a find by {@code _id} and a replaceOne of the document with
 * itself. The inserting and copy-table ones have no MongoDB form here.
 */
final class NativeBuiltIns {
  /** The built-ins sent to MongoDB. */
  static final Set<String> MAPPED = Set.of("find_first", "find_in", "find", "find_update");

  private NativeBuiltIns() {}

  /**
   * The built-in {@code builtIn} sent to {@code collection}.
   *
   * @param objectIds true when the documents' {@code _id}s are ObjectIds (the table holds their hex text)
   * @param maxTimeMs the server-side time limit of each call, 0 for none
   */
  static Operation of(Operation builtIn, MongoCollection<BsonDocument> collection, boolean objectIds, long maxTimeMs) {
    return new Operation() {
      @Override
      public String name() {
        return builtIn.name();
      }

      @Override
      public String description() {
        return builtIn.description() + ", sent to MongoDB";
      }

      @Override
      public boolean idempotent() {
        return true;
      }

      @Override
      public Bound bind(OperationContext context) {
        int batch = context.settings().batch();
        int min = context.settings().limitMin();
        int max = context.settings().limitMax();
        int fetch = context.settings().fetchSize();
        return switch (builtIn.name()) {
          case "find_first" -> session -> byId(collection, key(session, objectIds), maxTimeMs) == null ? 0 : 1;
          case "find_in" -> session -> {
            List<BsonValue> keys = new ArrayList<>(batch);
            for (int i = 0; i < batch; i++) {
              keys.add(key(session, objectIds));
            }
            return count(collection.find(Filters.in("_id", keys)).maxTime(maxTimeMs, TimeUnit.MILLISECONDS));
          };
          case "find" -> session -> {
            BsonValue key = key(session, objectIds);
            int limit = session.nextInt(min, max);
            return count(collection.find(Filters.gt("_id", key)).sort(Sorts.ascending("_id")).limit(limit)
                .batchSize(fetch).maxTime(maxTimeMs, TimeUnit.MILLISECONDS));
          };
          case "find_update" -> session -> {
            BsonValue key = key(session, objectIds);
            BsonDocument found = byId(collection, key, maxTimeMs);
            return found == null ? 0 : 1 + collection.replaceOne(Filters.eq("_id", key), found).getMatchedCount();
          };
          default -> throw new IllegalArgumentException("no MongoDB form for " + builtIn.name());
        };
      }
    };
  }

  private static BsonDocument byId(MongoCollection<BsonDocument> collection, BsonValue key, long maxTimeMs) {
    return collection.find(Filters.eq("_id", key)).maxTime(maxTimeMs, TimeUnit.MILLISECONDS).first();
  }

  private static long count(Iterable<BsonDocument> documents) {
    long n = 0;
    for (BsonDocument ignored : documents) {
      n++;
    }
    return n;
  }

  /** The session's next key as the document's {@code _id}. */
  private static BsonValue key(OperationSession session, boolean objectIds) {
    return NativeValues.key(session.nextKey(), objectIds);
  }
}
