package stress.mongodb;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The table's drawn keys looked up on a MongoDB collection as the built-in operations send them ({@code _id} as the
 * table holds it, an ObjectId's hex text as the ObjectId): how many it holds, and the document of one. A collection
 * holding part of the table's keys answers the built-ins' lookups with nothing, which a run would measure as fast.
 */
public final class KeyLookups {
  /** Keys asked for in one {@code $in}: a few hundred keep the command far below MongoDB's size limit. */
  private static final int BATCH = 200;

  private final MongoCollection<BsonDocument> collection;
  private final boolean objectIds;
  private final long maxTimeMs;

  public KeyLookups(MongoCollection<BsonDocument> collection, boolean objectIds, long maxTimeMs) {
    this.collection = collection;
    this.objectIds = objectIds;
    this.maxTimeMs = maxTimeMs;
  }

  /** How many of {@code keys} (drawn from the table, repeats counted each time) the collection holds. */
  public int found(List<Object> keys) {
    Set<Object> held = new HashSet<>();
    for (int from = 0; from < keys.size(); from += BATCH) {
      List<BsonValue> batch = new ArrayList<>();
      keys.subList(from, Math.min(keys.size(), from + BATCH)).forEach(k -> batch.add(NativeValues.key(k, objectIds)));
      for (BsonDocument d : collection.find(Filters.in("_id", batch)).projection(Projections.include("_id"))
          .maxTime(maxTimeMs, TimeUnit.MILLISECONDS)) {
        held.add(comparable(d.get("_id")));
      }
    }
    int found = 0;
    for (Object key : keys) {
      found += held.contains(comparable(NativeValues.key(key, objectIds))) ? 1 : 0;
    }
    return found;
  }

  /**
   * A key as MongoDB matches it: a number by its value whatever its BSON type (a key sent as an int32 finds the
   * document whose {@code _id} is the int64 or double of that value), anything else as it is.
   */
  static Object comparable(BsonValue id) {
    if (id != null && id.isNumber()) {
      return new java.math.BigDecimal(id.isDouble() ? Double.toString(id.asDouble().getValue())
          : Long.toString(id.asNumber().longValue())).stripTrailingZeros();
    }
    return id;
  }

  /** The document of {@code key}, or null when the collection has none. */
  public BsonDocument document(Object key) {
    return collection.find(Filters.eq("_id", NativeValues.key(key, objectIds)))
        .maxTime(maxTimeMs, TimeUnit.MILLISECONDS).first();
  }

  /** The key as MongoDB is sent it, as extended JSON, for messages. */
  public String shown(Object key) {
    return new BsonDocument("_id", NativeValues.key(key, objectIds)).toJson();
  }
}
