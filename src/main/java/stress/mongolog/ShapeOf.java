package stress.mongolog;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A logged statement's shape: the statement with every compared or written value replaced by a parameter
 * ({@link Slot}), so that statements that differ only in their values have the same shape. Operators, field names,
 * sorts, projections, limits and the stages of a pipeline other than its {@code $match} stay as logged: they are
 * what the shape is. A {@code $in} list of any length is one parameter.
 */
final class ShapeOf {
  /** Compared values that become parameters; any other operator's argument is part of the shape. */
  private static final Set<String> COMPARISONS = Set.of("$eq", "$ne", "$gt", "$gte", "$lt", "$lte");
  private static final Set<String> LISTS = Set.of("$in", "$nin", "$all");
  private static final Set<String> LOGICAL = Set.of("$and", "$or", "$nor");
  /** Update operators whose values become parameters. */
  private static final Set<String> WRITTEN = Set.of("$set", "$setOnInsert", "$inc", "$mul", "$min", "$max", "$push",
      "$addToSet");

  private final List<Slot> slots = new ArrayList<>();
  private final Set<String> names = new HashSet<>();

  /** A shape that goes on after the statement's {@code slots} so far: their names are taken. */
  private ShapeOf(List<Slot> slots) {
    slots.forEach(s -> names.add(s.name()));
  }

  /** The shape of a filter, and its slots appended to {@code slots}. */
  static BsonDocument filter(BsonDocument filter, List<Slot> slots) {
    ShapeOf shape = new ShapeOf(slots);
    BsonDocument out = shape.filter(filter, "", true);
    slots.addAll(shape.slots);
    return out;
  }

  /** The shape of an update document ({@code {$set: {...}, $inc: {...}}}); a pipeline or replacement stays whole. */
  static BsonValue update(BsonValue update, List<Slot> slots) {
    if (!update.isDocument()) {
      return update;
    }
    ShapeOf shape = new ShapeOf(slots);
    BsonDocument out = new BsonDocument();
    for (Map.Entry<String, BsonValue> op : update.asDocument().entrySet()) {
      if (WRITTEN.contains(op.getKey()) && op.getValue().isDocument()) {
        BsonDocument fields = new BsonDocument();
        for (Map.Entry<String, BsonValue> f : op.getValue().asDocument().entrySet()) {
          fields.put(f.getKey(), scalar(f.getValue())
              ? shape.slot(f.getKey(), null, op.getKey().substring(1), false, f.getValue()) : f.getValue());
        }
        out.put(op.getKey(), fields);
      } else {
        out.put(op.getKey(), op.getValue());
      }
    }
    slots.addAll(shape.slots);
    return out;
  }

  /**
   * The shape of a replacement document: its top-level scalars become parameters as {@code $set}'s values do; an
   * {@code _id} equal to the filter's {@code _id} equality takes the filter's parameter, so the replacement keeps the
   * document's {@code _id} whatever the execution draws (MongoDB refuses a replacement that changes it).
   */
  static BsonDocument replacement(BsonDocument replacement, List<Slot> slots) {
    ShapeOf shape = new ShapeOf(slots);
    BsonDocument out = new BsonDocument();
    for (Map.Entry<String, BsonValue> f : replacement.entrySet()) {
      BsonValue v = f.getValue();
      Slot filterId = !"_id".equals(f.getKey()) ? null : slots.stream().filter(s -> "_id".equals(s.path())
          && "eq".equals(s.operator()) && !s.list() && s.value().equals(v)).findFirst().orElse(null);
      if (filterId != null) {
        out.put(f.getKey(), new BsonString(filterId.token()));
      } else {
        out.put(f.getKey(), scalar(v) ? shape.slot(f.getKey(), null, "set", false, v) : v);
      }
    }
    slots.addAll(shape.slots);
    return out;
  }

  /** The shape of a pipeline: each {@code $match} stage's filter; every other stage as logged. */
  static BsonArray pipeline(BsonArray pipeline, List<Slot> slots) {
    BsonArray out = new BsonArray();
    for (BsonValue stage : pipeline) {
      if (stage.isDocument() && stage.asDocument().size() == 1 && stage.asDocument().isDocument("$match")) {
        out.add(new BsonDocument("$match", filter(stage.asDocument().getDocument("$match"), slots)));
      } else {
        out.add(stage);
      }
    }
    return out;
  }

  private BsonDocument filter(BsonDocument filter, String prefix, boolean sampleable) {
    BsonDocument out = new BsonDocument();
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      String key = e.getKey();
      BsonValue value = e.getValue();
      if (LOGICAL.contains(key) && value.isArray()) {
        BsonArray branches = new BsonArray();
        for (BsonValue branch : value.asArray()) {
          branches.add(branch.isDocument() ? filter(branch.asDocument(), prefix, sampleable) : branch);
        }
        out.put(key, branches);
      } else if (key.startsWith("$")) {
        out.put(key, value); // $expr, $text, $where, $comment ...: part of the shape
      } else {
        String path = prefix.isEmpty() ? key : prefix + "." + key;
        if (value.isDocument() && !value.asDocument().isEmpty() && value.asDocument().getFirstKey().startsWith("$")) {
          out.put(key, operators(value.asDocument(), path, sampleable));
        } else if (scalar(value)) {
          out.put(key, slot(path, sampleable ? path : null, "eq", false, value));
        } else {
          out.put(key, value); // a whole document or array compared: part of the shape
        }
      }
    }
    return out;
  }

  private BsonDocument operators(BsonDocument ops, String path, boolean sampleable) {
    BsonDocument out = new BsonDocument();
    String samplePath = sampleable ? path : null;
    for (Map.Entry<String, BsonValue> op : ops.entrySet()) {
      String name = op.getKey();
      BsonValue v = op.getValue();
      if (COMPARISONS.contains(name) && scalar(v)) {
        out.put(name, slot(path, samplePath, name.substring(1), false, v));
      } else if (LISTS.contains(name) && v.isArray() && v.asArray().stream().allMatch(ShapeOf::scalar)) {
        out.put(name, slot(path, samplePath, name.substring(1), true, v));
      } else if ("$elemMatch".equals(name) && v.isDocument()) {
        BsonDocument inner = v.asDocument();
        out.put(name, !inner.isEmpty() && inner.getFirstKey().startsWith("$")
            ? operators(inner, path, false) : filter(inner, path, false));
      } else if ("$not".equals(name) && v.isDocument()) {
        out.put(name, operators(v.asDocument(), path, sampleable));
      } else {
        out.put(name, v);
      }
    }
    return out;
  }

  private BsonString slot(String path, String samplePath, String operator, boolean list, BsonValue value) {
    String base = path.replaceAll("[^A-Za-z0-9_]", "_") + ("eq".equals(operator) ? "" : "_" + operator);
    if (base.isEmpty() || !Character.isLetter(base.charAt(0)) && base.charAt(0) != '_') {
      base = "p_" + base;
    }
    String name = base;
    for (int n = 2; !names.add(name); n++) {
      name = base + "_" + n;
    }
    Slot slot = new Slot(name, samplePath, operator, list, value);
    slots.add(slot);
    return new BsonString(slot.token());
  }

  /** A value that becomes a parameter; a regular expression is part of the shape (a pattern, not a value compared). */
  static boolean scalar(BsonValue v) {
    return !v.isDocument() && !v.isArray() && !v.isRegularExpression();
  }
}
