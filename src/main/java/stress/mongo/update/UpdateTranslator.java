package stress.mongo.update;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.PathFacts;
import stress.mongo.value.Translation;

/**
 * Translates a MongoDB update document into the new value of {@code data}. As in MongoDB every operator reads the
 * document as it was before the update, and the operators that create a field create its missing parent documents:
 * first the parents are put in place, then each change is one {@code jsonb_set} (or {@code #-}) around the previous,
 * so no part is written twice and placeholders occur in the text in the order they are added. The operators are
 * written by family: {@link UpdateFields} ($set, $unset, $rename, $currentDate), {@link UpdateArithmetic} ($inc,
 * $mul), {@link UpdateMinMax} ($min, $max), {@link UpdateArrays} ($push, $pop, $addToSet, $pull, $pullAll).
 * What MongoDB refuses for what a document holds fails the statement ({@link UpdateRefusals}); what it refuses for
 * the update itself (paths that overlap, a bad operand) is refused here, as MongoDB refuses it before reading any
 * document. Paths with the positional {@code $}, {@code $[]} or {@code $[<identifier>]} change the elements of an
 * array ({@link UpdatePositional}), each element through the same operators.
 */
public final class UpdateTranslator {
  public static final Set<String> SUPPORTED = Set.of("$set", "$unset", "$inc", "$mul", "$push", "$pop", "$min", "$max",
      "$rename", "$currentDate", "$setOnInsert", "$addToSet", "$pull", "$pullAll");
  /** The operators that create a missing field, and the documents above it. */
  private static final Set<String> CREATING = Set.of("$set", "$setOnInsert", "$inc", "$mul", "$push", "$min", "$max",
      "$currentDate", "$addToSet");
  private final Translation t;
  private UpdatePositional positional;

  public UpdateTranslator(Translation t) {
    this.t = t;
  }

  String newData(BsonDocument update) {
    return newData(update, new BsonDocument(), null, false);
  }

  /**
   * The new data for an update of documents that {@code filter} selects (which the positional {@code $} reads), with
   * the update's {@code arrayFilters} (null: none).
   *
   * @param inserting true for the document an upsert inserts: {@code $setOnInsert} is applied there, and only there
   */
  public String newData(BsonDocument update, BsonDocument filter, BsonValue arrayFilters, boolean inserting) {
    if (update.isEmpty()) {
      throw new IllegalArgumentException("the update document is empty");
    }
    positional = new UpdatePositional(t, this, filter, arrayFilters);
    List<UpdateChange> changes = new ArrayList<>();
    List<MongoPath> paths = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Map.Entry<String, BsonValue> op : update.entrySet()) {
      if (!op.getKey().startsWith("$")) {
        throw new IllegalArgumentException("Unknown modifier: " + op.getKey() + ". Expected a valid update modifier:"
            + " an update holds either update operators or, as a replacement, no operator at all");
      }
      if (!SUPPORTED.contains(op.getKey())) {
        throw new IllegalArgumentException("update operator " + op.getKey() + " is not supported; supported: "
            + String.join(", ", new TreeSet<>(SUPPORTED)));
      }
      if (!op.getValue().isDocument() || op.getValue().asDocument().isEmpty()) {
        throw new IllegalArgumentException(op.getKey() + " needs a document of field paths to values");
      }
      for (Map.Entry<String, BsonValue> f : op.getValue().asDocument().entrySet()) {
        MongoPath path = UpdatePositional.isPositional(f.getKey()) ? positional.path(op.getKey(), f.getKey())
            : MongoPath.parse(f.getKey());
        List<MongoPath> written = new ArrayList<>(List.of(path));
        if (op.getKey().equals("$rename")) {
          written.add(UpdateFields.renameTarget(path, f.getValue()));
        }
        for (MongoPath w : written) {
          if (!op.getKey().equals("$setOnInsert")) { // it writes only a new document, which no update here inserts
            if (w.keys().get(0).equals("_id")) {
              throw new IllegalArgumentException(op.getKey() + " on _id: the _id of a document cannot change");
            }
            refuseKeyChange(op.getKey(), w);
          }
          if (!seen.add(w.toString())) {
            throw new IllegalArgumentException("field '" + w + "' is changed twice in one update");
          }
          paths.add(w);
        }
        changes.add(new UpdateChange(op.getKey(), path, f.getValue()));
      }
    }
    refuseOverlaps(paths);
    positional.refuseUnusedFilters(update);
    if (!inserting) {
      changes.removeIf(c -> c.op().equals("$setOnInsert")); // MongoDB ignores it in an update that inserts nothing
    }
    for (UpdateChange c : changes) {
      if (!UpdatePositional.isPositional(c.path())) {
        written(c);
      }
    }
    return data(changes, new UpdateRefusals(), "data");
  }

  /**
   * The new value of a document, or of an array element's wrapper: {@code start} (the value so far) with the changes,
   * whose paths {@code refusals} reads from the value as it was. The parents are put in place, then each change
   * around the previous, then the changes of array elements.
   */
  String data(List<UpdateChange> all, UpdateRefusals refusals, String start) {
    List<UpdateChange> changes = new ArrayList<>();
    List<UpdateChange> elements = new ArrayList<>();
    for (UpdateChange c : all) {
      (UpdatePositional.isPositional(c.path()) ? elements : changes).add(c);
    }
    UpdateFields fields = new UpdateFields(t, refusals);
    UpdateArithmetic arithmetic = new UpdateArithmetic(t, refusals);
    UpdateMinMax minMax = new UpdateMinMax(t, refusals);
    UpdateArrays arrays = new UpdateArrays(t, refusals);
    String data = start;
    Map<String, MongoPath> parents = new LinkedHashMap<>();
    for (UpdateChange c : changes) {
      if (CREATING.contains(c.op())) {
        for (int i = 1; i < c.path().keys().size(); i++) {
          MongoPath parent = new MongoPath(c.path().keys().subList(0, i));
          if (parents.putIfAbsent(parent.textArray(), parent) == null) {
            refusals.parent(parent, c.path().keys().get(i));
          }
        }
      }
    }
    for (String parent : parents.keySet()) {
      String p = JsonPathText.sql(parent);
      data = "jsonb_set(" + data + ", " + p + ", COALESCE(" + refusals.root() + " #> " + p + ", '{}'), true)";
    }
    for (UpdateChange c : changes) {
      if (c.op().equals("$rename")) {
        data = fields.renameParents(data, c, parents.keySet());
      }
    }
    for (UpdateChange c : changes) {
      data = switch (c.op()) {
        case "$set", "$setOnInsert", "$unset", "$rename", "$currentDate" -> fields.apply(data, c);
        case "$inc", "$mul" -> arithmetic.apply(data, c);
        case "$min", "$max" -> minMax.apply(data, c);
        default -> arrays.apply(data, c);
      };
    }
    if (!elements.isEmpty()) {
      data = positional.apply(data, elements, refusals);
    }
    return refusals.around(data);
  }

  /**
   * Refuses a change of the table's distribution key (the key path, a field above it or below it): the key column and
   * the shard a document lives on follow from it. MongoDB changes a shard key value only inside a transaction (and not
   * before 4.2); stress runs no such transaction, so it refuses the update instead of moving documents between shards.
   */
  private void refuseKeyChange(String op, MongoPath path) {
    if (!t.target.keyed()) {
      return;
    }
    String key = t.target.layout().path();
    String written = path.toString();
    if (key.equals(written) || key.startsWith(written + ".") || written.startsWith(key + ".")) {
      throw new IllegalArgumentException(op + " on " + written + " would change " + key + ", the table's distribution"
          + " key: MongoDB changes a shard key value only inside a transaction, and stress does not move documents"
          + " between shards, so an update of the key is refused");
    }
  }

  /**
   * MongoDB refuses an update of a path and of a path below it ("Updating the path 'a.b' would create a conflict at
   * 'a'").
   */
  private static void refuseOverlaps(List<MongoPath> paths) {
    for (MongoPath a : paths) {
      for (MongoPath b : paths) {
        List<String> longer = b.keys();
        if (a != b && longer.size() > a.keys().size() && longer.subList(0, a.keys().size()).equals(a.keys())) {
          throw new IllegalArgumentException("Updating the path '" + b + "' would create a conflict at '" + a + "'");
        }
      }
    }
  }

  /** Records what the change may put at its path, for the typed forms of the workload's reads. */
  void written(UpdateChange c) {
    MongoPath path = c.path();
    BsonValue v = c.value();
    switch (c.op()) {
      case "$unset" -> { }
      case "$inc", "$mul" -> t.writes.facts(path, new PathFacts(false, Set.of(PathFacts.NUMBER)));
      case "$currentDate" -> t.writes.facts(path, new PathFacts(false, Set.of(PathFacts.DATE, PathFacts.OTHER)));
      case "$rename" -> t.writes.facts(MongoPath.parse(v.asString().getValue()), PathFacts.UNKNOWN);
      case "$push", "$pop", "$addToSet", "$pull", "$pullAll" -> t.writes.facts(path, PathFacts.UNKNOWN);
      default -> { // $set, $min, $max: the operand's value (or the value kept)
        int p = t.parameters.indexOf(v);
        if (p < 0) {
          t.writes.value(path, v);
        } else if (t.parameters.isDate(p)) {
          t.writes.facts(path, new PathFacts(false, Set.of(PathFacts.DATE, PathFacts.FAR_DATE)));
        } else if (t.parameters.isSampled(p)) {
          t.writes.facts(path, PathFacts.UNKNOWN);
        } else if (t.parameters.kind(p) != null) { // int, long, double, a choice of numbers or of strings
          t.writes.facts(path, new PathFacts(false, Set.of(t.parameters.kind(p))));
        } else { // a key: a scalar of the key's kind
          t.writes.facts(path, new PathFacts(false, Set.of(PathFacts.NUMBER, PathFacts.STRING, PathFacts.BOOLEAN,
              PathFacts.NULL, PathFacts.SPECIAL_DOUBLE)));
        }
      }
    }
  }
}
