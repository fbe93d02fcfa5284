package stress.mongo.value;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What a workload's writes may put into its documents ({@code $set}, {@code $inc}, {@code $push}, inserted
 * templates), path by path, so that a typed form chosen from the table's facts stays right while the run writes:
 * a {@code $push} puts an array at its path, a {@code $set} of a string adds strings, a parameter whose values are
 * not known in advance may put anything there.
 */
public final class WrittenPaths {
  /** One write: at {@code path}, this value, or an unknown one (null). */
  private record Write(List<String> path, BsonValue value, PathFacts facts) {}

  private final List<Write> writes = new ArrayList<>();

  /** No writes. */
  public boolean isEmpty() {
    return writes.isEmpty();
  }

  /** A write of a known value (a literal) at a path. */
  public void value(MongoPath path, BsonValue value) {
    writes.add(new Write(path.keys(), value, null));
  }

  /** A write of values of the given facts at a path (e.g. a number by {@code $inc}, an array by {@code $push}). */
  public void facts(MongoPath path, PathFacts facts) {
    writes.add(new Write(path.keys(), null, facts));
  }

  /** Everything from another operation. */
  public void addAll(WrittenPaths other) {
    writes.addAll(other.writes);
  }

  /** What the writes may put at a dotted path: nothing new is a fact of kind set empty and no arrays. */
  public PathFacts factsBelow(String dotted) {
    List<String> keys = List.of(dotted.split("\\.", -1));
    PathFacts all = new PathFacts(false, Set.of());
    for (Write w : writes) {
      int common = 0;
      while (common < w.path.size() && common < keys.size() && w.path.get(common).equals(keys.get(common))) {
        common++;
      }
      if (common == w.path.size()) { // the write is at the path or above it
        List<String> below = keys.subList(common, keys.size());
        PathFacts at = w.value == null ? (below.isEmpty() ? w.facts : PathFacts.UNKNOWN) : factsOf(w.value, below);
        all = all.or(at);
      } else if (common == keys.size()) { // the write is below the path, which becomes a document if missing
        all = all.or(new PathFacts(false, Set.of(PathFacts.OBJECT)));
      }
    }
    return all;
  }

  /** The facts of the values a literal holds at a relative path, stepping through arrays as MongoDB does. */
  static PathFacts factsOf(BsonValue value, List<String> path) {
    Set<String> kinds = new HashSet<>();
    boolean[] arrays = {false};
    walk(value, path, kinds, arrays);
    return new PathFacts(arrays[0], kinds);
  }

  private static void walk(BsonValue v, List<String> path, Set<String> kinds, boolean[] arrays) {
    if (Parameters.isReference(v)) { // a parameter of an inserted template: its values are not known here
      kinds.addAll(PathFacts.KINDS);
      arrays[0] = true;
      return;
    }
    if (v.isArray()) {
      arrays[0] = true;
      kinds.add(PathFacts.ARRAY);
      for (BsonValue e : v.asArray()) {
        if (!path.isEmpty() && e.isDocument()) {
          walk(e, path, kinds, arrays);
        } else if (path.isEmpty()) {
          kinds.add(kindOf(e));
        }
      }
      return;
    }
    if (path.isEmpty()) {
      kinds.add(kindOf(v));
      return;
    }
    if (!v.isDocument()) {
      kinds.add(PathFacts.MISSING);
      return;
    }
    BsonValue next = v.asDocument().get(path.get(0));
    if (next == null) {
      kinds.add(PathFacts.MISSING);
    } else {
      walk(next, path.subList(1, path.size()), kinds, arrays);
    }
  }

  /** The kind of a value as the importer writes it. */
  static String kindOf(BsonValue v) {
    return switch (v.getBsonType()) {
      case INT32, INT64 -> PathFacts.NUMBER;
      case DOUBLE -> Double.isFinite(v.asDouble().getValue()) ? PathFacts.NUMBER : PathFacts.SPECIAL_DOUBLE;
      case DECIMAL128 -> PathFacts.DECIMAL;
      case STRING -> PathFacts.STRING;
      case BOOLEAN -> PathFacts.BOOLEAN;
      case NULL -> PathFacts.NULL;
      case DATE_TIME -> TypedExpression.inIsoRange(v.asDateTime().getValue()) ? PathFacts.DATE : PathFacts.FAR_DATE;
      case OBJECT_ID -> PathFacts.OBJECT_ID;
      case DOCUMENT -> PathFacts.OBJECT;
      case ARRAY -> PathFacts.ARRAY;
      default -> PathFacts.OTHER;
    };
  }

  /** The facts of a document written whole (an insert): every path of it. */
  public void document(BsonDocument document) {
    writes.add(new Write(List.of(), document, null));
  }
}
