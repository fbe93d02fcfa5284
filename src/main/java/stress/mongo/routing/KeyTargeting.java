package stress.mongo.routing;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Which shards a MongoDB-style operation reaches on a collection distributed by one document path (a candidate shard
 * key), read from the operation as MongoDB's query targeting reads it and as a key layout routes it: the path pinned by
 * equality ({@code {k: v}}, {@code {k: {$eq: v}}}) or by {@code $in} at the top level of the filter or inside
 * {@code $and} (at any depth), or in the first stage of a pipeline when it is a {@code $match}. One value reaches one
 * shard, a {@code $in} of several values several, anything else all of them: ranges, {@code $or}, {@code $nor},
 * {@code $not}, {@code $elemMatch}, {@code $expr}, and values a key cannot hold (an array, a document, a regular
 * expression). A parameter ({@code ":name"}) is one value per execution. An update that writes the path, a path above
 * it or below it, replaces the document or is a pipeline changes the key. Pure: reads the operation only.
 */
public final class KeyTargeting {
  /** Where an operation goes under the key. */
  public enum Reach {
    /** One shard: the filter pins one value of the key. */
    ONE,
    /** Several shards: a {@code $in} of several values. */
    SEVERAL,
    /** Every shard. */
    ALL,
    /** An insert: the shard of the key it writes, whatever the key. */
    INSERT
  }

  /**
   * @param reach      where the operation goes
   * @param values     the values of the key it pins (1 for an equality; the distinct values of a {@code $in}), 0
   *                   when it pins none
   * @param changesKey true for an update that may change the key of a document it matches
   * @param joins      true when a stage reads another collection (or this one again) on more shards than the filter
   *                   pins: a {@code $lookup} not joined on the key, {@code $graphLookup}, {@code $unionWith}
   */
  public record Target(Reach reach, int values, boolean changesKey, boolean joins) {
    Target(Reach reach, int values, boolean changesKey) {
      this(reach, values, changesKey, false);
    }
  }

  private static final Set<String> READS = Set.of("find", "countDocuments", "aggregate");
  private static final Set<String> FILTERED_WRITES = Set.of("updateOne", "updateMany", "replaceOne",
      "findOneAndReplace", "deleteOne", "deleteMany");

  private KeyTargeting() {}

  /** True for the kinds that read ({@code find}, {@code countDocuments}, {@code aggregate}). */
  public static boolean reads(String kind) {
    return READS.contains(kind);
  }

  /** Where the operation goes on a collection distributed by {@code path}. */
  public static Target of(String kind, BsonDocument spec, String path) {
    if (kind.equals("insertOne") || kind.equals("insertMany")) {
      return new Target(Reach.INSERT, 1, false);
    }
    BsonDocument filter = filterOf(kind, spec);
    Integer values = filter == null ? null : pinned(filter, path);
    boolean replaces = kind.endsWith("Replace") || kind.equals("replaceOne");
    BsonValue update = spec.get(replaces ? "replacement" : "update");
    boolean changes = (kind.startsWith("update") || replaces) && changesKey(update, path)
        && !keepsKey(update, filter, path);
    Reach reach = values == null ? Reach.ALL : values <= 1 ? Reach.ONE : Reach.SEVERAL;
    Reach joined = kind.equals("aggregate") ? joins(spec.get("pipeline"), path) : Reach.ONE;
    if (joined.compareTo(reach) > 0) {
      return new Target(joined, values == null ? 0 : values, changes, true);
    }
    return new Target(reach, values == null ? 0 : values, changes);
  }

  /**
   * How far the stages that read a collection again reach, at any depth ({@code $facet}, a {@code $lookup}'s own
   * pipeline): a {@code $lookup} joined on the key ({@code localField} and {@code foreignField} both the path) stays
   * on the document's shard, one whose {@code foreignField} is the path reaches the shards of the values it looks up,
   * any other {@code $lookup}, a {@code $graphLookup} and a {@code $unionWith} every shard.
   */
  private static Reach joins(BsonValue stages, String path) {
    Reach widest = Reach.ONE;
    if (stages == null) {
      return widest;
    }
    List<BsonValue> values = stages.isArray() ? stages.asArray().getValues()
        : stages.isDocument() ? List.copyOf(stages.asDocument().values()) : List.of();
    for (BsonValue v : values) {
      if (!v.isDocument() && !v.isArray()) {
        continue;
      }
      if (v.isDocument()) {
        BsonDocument stage = v.asDocument();
        Reach here = stage.containsKey("$graphLookup") || stage.containsKey("$unionWith") ? Reach.ALL
            : stage.isDocument("$lookup") ? lookup(stage.getDocument("$lookup"), path) : Reach.ONE;
        widest = here.compareTo(widest) > 0 ? here : widest;
      }
      Reach inner = joins(v, path);
      widest = inner.compareTo(widest) > 0 ? inner : widest;
    }
    return widest;
  }

  private static Reach lookup(BsonDocument lookup, String path) {
    boolean foreign = lookup.isString("foreignField") && lookup.getString("foreignField").getValue().equals(path);
    boolean local = lookup.isString("localField") && lookup.getString("localField").getValue().equals(path);
    return !foreign ? Reach.ALL : local ? Reach.ONE : Reach.SEVERAL;
  }

  /** The paths the operation pins by equality or {@code $in} where a key layout routes it, in the order written. */
  public static Set<String> pinnedPaths(String kind, BsonDocument spec) {
    Set<String> paths = new LinkedHashSet<>();
    BsonDocument filter = filterOf(kind, spec);
    if (filter != null) {
      collectPinned(filter, paths);
    }
    return paths;
  }

  /** The filter whose conditions route the operation: a filter, or a pipeline's leading {@code $match}; else null. */
  private static BsonDocument filterOf(String kind, BsonDocument spec) {
    if (kind.equals("aggregate")) {
      BsonValue pipeline = spec.get("pipeline");
      if (pipeline == null || !pipeline.isArray() || pipeline.asArray().isEmpty()) {
        return null;
      }
      BsonValue first = pipeline.asArray().get(0);
      return first.isDocument() && first.asDocument().size() == 1 && first.asDocument().isDocument("$match")
          ? first.asDocument().getDocument("$match") : null;
    }
    if (!READS.contains(kind) && !FILTERED_WRITES.contains(kind)) {
      return null;
    }
    BsonValue filter = spec.get("filter");
    return filter != null && filter.isDocument() ? filter.asDocument() : new BsonDocument();
  }

  /** The fewest values any conjunct pins the path to, or null when none pins it. */
  private static Integer pinned(BsonDocument filter, String path) {
    Integer fewest = null;
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      Integer here = null;
      if (e.getKey().equals("$and") && e.getValue().isArray()) {
        for (BsonValue branch : e.getValue().asArray()) {
          Integer inner = branch.isDocument() ? pinned(branch.asDocument(), path) : null;
          here = min(here, inner);
        }
      } else if (e.getKey().equals(path)) {
        here = values(e.getValue());
      }
      fewest = min(fewest, here);
    }
    return fewest;
  }

  private static void collectPinned(BsonDocument filter, Set<String> paths) {
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      if (e.getKey().equals("$and") && e.getValue().isArray()) {
        for (BsonValue branch : e.getValue().asArray()) {
          if (branch.isDocument()) {
            collectPinned(branch.asDocument(), paths);
          }
        }
      } else if (!e.getKey().startsWith("$") && values(e.getValue()) != null) {
        paths.add(e.getKey());
      }
    }
  }

  private static Integer min(Integer a, Integer b) {
    return a == null ? b : b == null ? a : Integer.valueOf(Math.min(a, b));
  }

  /** How many key values a condition on the path allows, or null when it does not pin the path. */
  private static Integer values(BsonValue condition) {
    if (!isOperators(condition)) {
      return keyValue(condition) ? 1 : null;
    }
    Integer fewest = null;
    for (Map.Entry<String, BsonValue> op : condition.asDocument().entrySet()) {
      if (op.getKey().equals("$eq") && keyValue(op.getValue())) {
        fewest = min(fewest, 1);
      } else if (op.getKey().equals("$in") && op.getValue().isArray()
          && op.getValue().asArray().stream().allMatch(KeyTargeting::keyValue)) {
        fewest = min(fewest, new HashSet<>(op.getValue().asArray()).size());
      }
    }
    return fewest;
  }

  /** {@code {$eq: 1}}: operators, not a document compared whole. */
  private static boolean isOperators(BsonValue v) {
    return v.isDocument() && !v.asDocument().isEmpty() && v.asDocument().getFirstKey().startsWith("$");
  }

  /** A value a shard key can hold: not an array, a document or a pattern (a parameter is one value). */
  private static boolean keyValue(BsonValue v) {
    return !v.isArray() && !v.isDocument() && !v.isRegularExpression();
  }

  /**
   * True when a replacement cannot change the key: the key is {@code _id} (MongoDB refuses to change it), or the
   * replacement writes at the path the very value (or parameter) the filter pins it to by equality.
   */
  private static boolean keepsKey(BsonValue update, BsonDocument filter, String path) {
    if (update == null || !update.isDocument() || isOperators(update.asDocument())) {
      return false;
    }
    if (path.equals("_id")) {
      return true;
    }
    BsonValue written = update.asDocument();
    for (String key : path.split("\\.")) {
      written = written != null && written.isDocument() ? written.asDocument().get(key) : null;
    }
    BsonValue pinned = filter == null ? null : filter.get(path);
    if (pinned != null && pinned.isDocument() && pinned.asDocument().size() == 1 && pinned.asDocument().containsKey("$eq")) {
      pinned = pinned.asDocument().get("$eq");
    }
    return written != null && pinned != null && !isOperators(pinned) && written.equals(pinned);
  }

  /** True when the update may change the path: it writes it, a path above or below it, or replaces the document. */
  static boolean changesKey(BsonValue update, String path) {
    if (update == null || !update.isDocument()) {
      return update != null; // a pipeline update computes new documents
    }
    BsonDocument doc = update.asDocument();
    if (!isOperators(doc)) {
      return true; // a replacement
    }
    List<String> written = new ArrayList<>();
    for (Map.Entry<String, BsonValue> op : doc.entrySet()) {
      if (op.getKey().equals("$setOnInsert") || !op.getValue().isDocument()) {
        continue; // $setOnInsert writes only a new document, which an update of existing ones never creates here
      }
      for (Map.Entry<String, BsonValue> field : op.getValue().asDocument().entrySet()) {
        written.add(field.getKey());
        if (op.getKey().equals("$rename") && field.getValue().isString()) {
          written.add(field.getValue().asString().getValue());
        }
      }
    }
    return written.stream().anyMatch(w -> w.equals(path) || path.startsWith(w + ".") || w.startsWith(path + "."));
  }
}
