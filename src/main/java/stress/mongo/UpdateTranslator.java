package stress.mongo;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.dump.BsonJson;

/**
 * Translates a MongoDB update document ({@code $set}, {@code $unset}, {@code $inc}, {@code $push}) into the new
 * value of {@code data}. As in MongoDB every operator reads the document as it was before the update, and
 * {@code $set}/{@code $inc}/{@code $push} create missing parent documents: first the parents are put in place,
 * then each change is one {@code jsonb_set} (or {@code #-}) around the previous, so no part is written twice.
 */
final class UpdateTranslator {
  static final Set<String> SUPPORTED = Set.of("$set", "$unset", "$inc", "$push");
  private final Translation t;

  UpdateTranslator(Translation t) {
    this.t = t;
  }

  String newData(BsonDocument update) {
    if (update.isEmpty()) {
      throw new IllegalArgumentException("the update document is empty");
    }
    List<Change> changes = new ArrayList<>();
    Set<String> seen = new java.util.HashSet<>();
    for (Map.Entry<String, BsonValue> op : update.entrySet()) {
      if (!op.getKey().startsWith("$")) {
        throw new IllegalArgumentException("a replacement document is not supported; write the change with $set");
      }
      if (!SUPPORTED.contains(op.getKey())) {
        throw new IllegalArgumentException("update operator " + op.getKey() + " is not supported; supported: "
            + String.join(", ", new java.util.TreeSet<>(SUPPORTED)));
      }
      if (!op.getValue().isDocument() || op.getValue().asDocument().isEmpty()) {
        throw new IllegalArgumentException(op.getKey() + " needs a document of field paths to values");
      }
      for (Map.Entry<String, BsonValue> f : op.getValue().asDocument().entrySet()) {
        MongoPath path = MongoPath.parse(f.getKey());
        if (path.keys().get(0).equals("_id")) {
          throw new IllegalArgumentException(op.getKey() + " on _id: the _id of a document cannot change");
        }
        if (!seen.add(path.toString())) {
          throw new IllegalArgumentException("field '" + path + "' is changed twice in one update");
        }
        changes.add(new Change(op.getKey(), path, f.getValue()));
        written(op.getKey(), path, f.getValue());
      }
    }
    String data = "data";
    Set<String> parents = new LinkedHashSet<>();
    for (Change c : changes) {
      if (!c.op.equals("$unset")) {
        for (int i = 1; i < c.path.keys().size(); i++) {
          parents.add(new MongoPath(c.path.keys().subList(0, i)).textArray());
        }
      }
    }
    for (String parent : parents) {
      String p = JsonPathText.sql(parent);
      data = "jsonb_set(" + data + ", " + p + ", COALESCE(data #> " + p + ", '{}'), true)";
    }
    for (Change c : changes) {
      String p = JsonPathText.sql(c.path.textArray());
      data = switch (c.op) {
        case "$unset" -> "(" + data + " #- " + p + ")";
        case "$set" -> "jsonb_set(" + data + ", " + p + ", " + value(c.value) + ", true)";
        case "$inc" -> "jsonb_set(" + data + ", " + p + ", to_jsonb(COALESCE(CAST(data #>> " + p
            + " AS numeric), 0) + " + number(c) + "), true)";
        default -> "jsonb_set(" + data + ", " + p + ", COALESCE(data #> " + p + ", '[]') || jsonb_build_array("
            + push(c) + "), true)";
      };
    }
    return data;
  }

  /** Records what the change may put at its path, for the typed forms of the workload's reads. */
  private void written(String op, MongoPath path, BsonValue v) {
    int p = t.parameters.indexOf(v);
    switch (op) {
      case "$unset" -> { }
      case "$inc" -> t.writes.facts(path, new PathFacts(false, Set.of(PathFacts.NUMBER)));
      case "$push" -> t.writes.facts(path, PathFacts.UNKNOWN);
      default -> {
        if (p < 0) {
          t.writes.value(path, v);
        } else if (t.parameters.isDate(p)) {
          t.writes.facts(path, new PathFacts(false, Set.of(PathFacts.DATE, PathFacts.FAR_DATE)));
        } else if (t.parameters.isSampled(p)) {
          t.writes.facts(path, PathFacts.UNKNOWN);
        } else { // int, long, double, choice: scalars, of a kind the run decides
          t.writes.facts(path, new PathFacts(false, Set.of(PathFacts.NUMBER, PathFacts.STRING, PathFacts.BOOLEAN,
              PathFacts.NULL, PathFacts.SPECIAL_DOUBLE)));
        }
      }
    }
  }

  private String value(BsonValue v) {
    int p = t.parameters.indexOf(v);
    if (p >= 0) {
      String name = t.parameters.name(p);
      return "CAST(" + t.placeholder(p, x -> JsonPathText.json(x, name)) + " AS jsonb)";
    }
    return "CAST(" + JsonPathText.sql(BsonJson.valueToRelaxedJson(v)) + " AS jsonb)";
  }

  private String number(Change c) {
    int p = t.parameters.indexOf(c.value);
    if (p >= 0) {
      String name = t.parameters.name(p);
      return "CAST(" + t.placeholder(p, x -> new java.math.BigDecimal(JsonPathText.json(x, name))) + " AS numeric)";
    }
    if (!(c.value.isInt32() || c.value.isInt64() || c.value.isDouble())
        || c.value.isDouble() && !Double.isFinite(c.value.asDouble().getValue())) {
      throw new IllegalArgumentException("$inc on '" + c.path + "' needs a finite number (int, long or double), got "
          + BsonJson.valueToRelaxedJson(c.value));
    }
    return JsonPathText.literal(c.value);
  }

  private String push(Change c) {
    if (c.value.isDocument() && FilterTranslator.isOperators(c.value)) {
      throw new IllegalArgumentException("$push modifiers ($each, $slice, ...) are not supported");
    }
    return value(c.value);
  }

  private record Change(String op, MongoPath path, BsonValue value) {}
}
