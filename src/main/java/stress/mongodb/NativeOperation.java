package stress.mongodb;

import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.CountOptions;
import com.mongodb.client.model.FindOneAndReplaceOptions;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import stress.workload.MongoSpec;

/**
 * One MongoDB-style operation of a workload file sent natively, with one execution's drawn values in place: the
 * driver call each kind stands for (find with its filter, sort, skip, limit and projection; countDocuments; aggregate;
 * the updates, replacements, inserts and deletes), the server's time limit set where the kind takes one.
 *
 * @param name      the operation's name in the file
 * @param spec      the operation as written
 * @param objectIds which drawn values are keys of a table whose documents' {@code _id}s are ObjectIds (the table holds
 *                  them as their hex text): sent as ObjectIds; empty when none is
 */
public record NativeOperation(String name, MongoSpec spec, boolean[] objectIds) {
  public NativeOperation {
    objectIds = objectIds.clone();
  }

  /** An operation whose keys, if any, are sent as drawn. */
  public NativeOperation(String name, MongoSpec spec) {
    this(name, spec, new boolean[0]);
  }

  /**
   * This operation on a table whose documents' {@code _id}s are ObjectIds when {@code objectIdKeys}: the drawn values
   * of the parameters {@code keyParameters} marks are then sent as ObjectIds.
   */
  public NativeOperation withKeys(boolean[] keyParameters, boolean objectIdKeys) {
    return new NativeOperation(name, spec, objectIdKeys ? keyParameters : new boolean[0]);
  }
  /** The kinds that only read: their answers can be compared without changing either database. */
  public static final java.util.Set<String> READS = java.util.Set.of("find", "countDocuments", "aggregate");

  /** What one execution returned: the documents of a read (in the server's order), or the count. */
  public record Answer(List<BsonDocument> documents, Long count) {}

  /** True when the operation only reads. */
  public boolean reads() {
    return READS.contains(spec.kind());
  }

  /** The operation's keys with the drawn values in place ({@code {filter: {...}, sort: ...}}). */
  public BsonDocument bound(Object[] drawn) {
    return NativeValues.bind(spec.spec(), NativeValues.named(spec.parameters(), drawn, objectIds)).asDocument();
  }

  /** The drawn values by parameter name, for messages. */
  public BsonDocument values(Object[] drawn) {
    BsonDocument values = new BsonDocument();
    NativeValues.named(spec.parameters(), drawn, objectIds).entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(e -> values.append(e.getKey(), e.getValue()));
    return values;
  }

  /**
   * Runs it once.
   *
   * @param maxTimeMs the server-side time limit, 0 for none
   */
  public Answer run(MongoCollection<BsonDocument> collection, Object[] drawn, long maxTimeMs) {
    BsonDocument s = bound(drawn);
    BsonDocument filter = s.containsKey("filter") ? s.getDocument("filter") : new BsonDocument();
    return switch (spec.kind()) {
      case "find" -> {
        FindIterable<BsonDocument> find = collection.find(filter);
        if (s.containsKey("sort")) {
          find = find.sort(s.getDocument("sort"));
        }
        if (s.containsKey("projection")) {
          find = find.projection(s.getDocument("projection"));
        }
        if (s.containsKey("skip")) {
          find = find.skip(s.get("skip").asNumber().intValue());
        }
        if (s.containsKey("limit")) {
          find = find.limit(s.get("limit").asNumber().intValue());
        }
        if (maxTimeMs > 0) {
          find = find.maxTime(maxTimeMs, TimeUnit.MILLISECONDS);
        }
        yield new Answer(find.into(new ArrayList<>()), null);
      }
      case "countDocuments" -> {
        CountOptions options = new CountOptions();
        if (s.containsKey("skip")) {
          options.skip(s.get("skip").asNumber().intValue());
        }
        if (s.containsKey("limit")) {
          options.limit(s.get("limit").asNumber().intValue());
        }
        if (maxTimeMs > 0) {
          options.maxTime(maxTimeMs, TimeUnit.MILLISECONDS);
        }
        yield new Answer(null, collection.countDocuments(filter, options));
      }
      case "aggregate" -> {
        List<BsonDocument> stages = new ArrayList<>();
        s.getArray("pipeline").forEach(v -> stages.add(v.asDocument()));
        var aggregate = collection.aggregate(stages);
        if (maxTimeMs > 0) {
          aggregate = aggregate.maxTime(maxTimeMs, TimeUnit.MILLISECONDS);
        }
        yield new Answer(aggregate.into(new ArrayList<>()), null);
      }
      case "updateOne", "updateMany" -> {
        UpdateOptions options = new UpdateOptions().upsert(s.getBoolean("upsert", org.bson.BsonBoolean.FALSE)
            .getValue());
        if (s.containsKey("arrayFilters")) {
          List<BsonDocument> filters = new ArrayList<>();
          s.getArray("arrayFilters").forEach(v -> filters.add(v.asDocument()));
          options.arrayFilters(filters);
        }
        BsonValue update = s.get("update");
        boolean one = spec.kind().equals("updateOne");
        var result = update.isArray()
            ? (one ? collection.updateOne(filter, stages(update.asArray()), options)
            : collection.updateMany(filter, stages(update.asArray()), options))
            : (one ? collection.updateOne(filter, update.asDocument(), options)
            : collection.updateMany(filter, update.asDocument(), options));
        yield new Answer(null, result.getModifiedCount() + (result.getUpsertedId() == null ? 0 : 1));
      }
      case "replaceOne" -> {
        var result = collection.replaceOne(filter, s.getDocument("replacement"), new ReplaceOptions()
            .upsert(s.getBoolean("upsert", org.bson.BsonBoolean.FALSE).getValue()));
        yield new Answer(null, result.getModifiedCount() + (result.getUpsertedId() == null ? 0 : 1));
      }
      case "findOneAndReplace" -> {
        FindOneAndReplaceOptions options = new FindOneAndReplaceOptions().returnDocument(
            "after".equals(s.getString("returnDocument", new org.bson.BsonString("before")).getValue())
                ? ReturnDocument.AFTER : ReturnDocument.BEFORE);
        BsonDocument found = collection.findOneAndReplace(filter, s.getDocument("replacement"), options);
        yield new Answer(found == null ? List.of() : List.of(found), null);
      }
      case "deleteOne" -> new Answer(null, collection.deleteOne(filter).getDeletedCount());
      case "deleteMany" -> new Answer(null, collection.deleteMany(filter).getDeletedCount());
      case "insertOne" -> {
        collection.insertOne(s.getDocument("document"));
        yield new Answer(null, 1L);
      }
      case "insertMany" -> {
        List<BsonDocument> documents = new ArrayList<>();
        s.getArray("documents").forEach(v -> documents.add(v.asDocument()));
        collection.insertMany(documents);
        yield new Answer(null, (long) documents.size());
      }
      default -> throw new IllegalArgumentException("no native form for " + spec.kind());
    };
  }

  private static List<BsonDocument> stages(BsonArray pipeline) {
    List<BsonDocument> stages = new ArrayList<>();
    pipeline.forEach(v -> stages.add(v.asDocument()));
    return stages;
  }

  /** The command name the driver sends for the kind (what a command listener sees). */
  public String commandName() {
    return switch (spec.kind()) {
      case "find" -> "find";
      case "countDocuments", "aggregate" -> "aggregate";
      case "updateOne", "updateMany", "replaceOne" -> "update";
      case "findOneAndReplace" -> "findAndModify";
      case "deleteOne", "deleteMany" -> "delete";
      default -> "insert";
    };
  }

}
