package stress.mongo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.dump.BsonJson;

/**
 * Translates a MongoDB update document ({@code $set}, {@code $unset}, {@code $inc}, {@code $mul}, {@code $push},
 * {@code $pop}) into the new
 * value of {@code data}. As in MongoDB every operator reads the document as it was before the update, and
 * {@code $set}/{@code $inc}/{@code $push} create missing parent documents: first the parents are put in place,
 * then each change is one {@code jsonb_set} (or {@code #-}) around the previous, so no part is written twice. What
 * MongoDB refuses for what a document holds fails the statement ({@link UpdateRefusals}); paths that overlap are
 * refused here, as MongoDB refuses them before reading any document.
 */
final class UpdateTranslator {
  static final Set<String> SUPPORTED = Set.of("$set", "$unset", "$inc", "$mul", "$push", "$pop");
  private final Translation t;

  UpdateTranslator(Translation t) {
    this.t = t;
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
        refuseKeyChange(op.getKey(), path);
        if (!seen.add(path.toString())) {
          throw new IllegalArgumentException("field '" + path + "' is changed twice in one update");
        }
        changes.add(new Change(op.getKey(), path, f.getValue()));
        written(op.getKey(), path, f.getValue());
      }
    }
    refuseOverlaps(changes);
    UpdateRefusals refusals = new UpdateRefusals();
    String data = "data";
    Map<String, MongoPath> parents = new LinkedHashMap<>();
    for (Change c : changes) {
      if (!c.op.equals("$unset") && !c.op.equals("$pop")) { // they create nothing
        for (int i = 1; i < c.path.keys().size(); i++) {
          MongoPath parent = new MongoPath(c.path.keys().subList(0, i));
          if (parents.putIfAbsent(parent.textArray(), parent) == null) {
            refusals.parent(parent, c.path.keys().get(i));
          }
        }
      }
    }
    for (String parent : parents.keySet()) {
      String p = JsonPathText.sql(parent);
      data = "jsonb_set(" + data + ", " + p + ", COALESCE(data #> " + p + ", '{}'), true)";
    }
    for (Change c : changes) {
      String p = JsonPathText.sql(c.path.textArray());
      data = switch (c.op) {
        case "$unset" -> "(" + data + " #- " + unsetPath(c.path) + ")";
        case "$pop" -> {
          refusals.pop(c.path);
          yield popped(data, c);
        }
        case "$set" -> "jsonb_set(" + data + ", " + p + ", " + value(c.value) + ", true)";
        case "$inc", "$mul" -> {
          refusals.arithmetic(c.op, c.path);
          yield "jsonb_set(" + data + ", " + p + ", " + arithmetic(c) + ", true)";
        }
        default -> {
          refusals.push(c.path);
          yield "jsonb_set(" + data + ", " + p + ", COALESCE(data #> " + p + ", '[]') || " + pushed(c) + ", true)";
        }
      };
    }
    return refusals.around(data);
  }

  /**
   * MongoDB refuses an update of a path and of a path below it ("Updating the path 'a.b' would create a conflict at
   * 'a'").
   */
  private static void refuseOverlaps(List<Change> changes) {
    for (Change a : changes) {
      for (Change b : changes) {
        List<String> longer = b.path.keys();
        if (a != b && longer.size() > a.path.keys().size()
            && longer.subList(0, a.path.keys().size()).equals(a.path.keys())) {
          throw new IllegalArgumentException("Updating the path '" + b.path + "' would create a conflict at '"
              + a.path + "'");
        }
      }
    }
  }

  /**
   * The path {@code $unset} removes: none when a parent holds an array, where MongoDB changes nothing and
   * {@code #-} would fail ("path element at position 2 is not an integer").
   */
  private static String unsetPath(MongoPath path) {
    String p = JsonPathText.sql(path.textArray());
    if (path.keys().size() == 1) {
      return p;
    }
    List<String> arrays = new ArrayList<>();
    for (int i = 1; i < path.keys().size(); i++) {
      arrays.add("jsonb_typeof(" + UpdateRefusals.at(new MongoPath(path.keys().subList(0, i))) + ") = 'array'");
    }
    return "CASE WHEN " + String.join(" OR ", arrays) + " THEN CAST('{}' AS text[]) ELSE CAST(" + p
        + " AS text[]) END";
  }

  /**
   * {@code $pop}: the array without its last element (1) or its first (-1); a missing field, or a path through an
   * array or a value that is not a document, changes nothing, as in MongoDB ({@code jsonb_set} without creating, on
   * no path where {@code #>} would fail).
   */
  private String popped(String data, Change c) {
    BsonValue v = c.value;
    if (t.parameters.indexOf(v) >= 0 || !v.isNumber() && !v.isDecimal128()) {
      throw new IllegalArgumentException("Expected a number in: " + c.path + ": "
          + (t.parameters.indexOf(v) >= 0 ? "a parameter ($pop takes 1 or -1 written in the operation)"
          : BsonJson.valueToRelaxedJson(v)));
    }
    double n = v.isDecimal128() ? v.asDecimal128().getValue().bigDecimalValue().doubleValue()
        : v.asNumber().doubleValue();
    if (n != 1 && n != -1) {
      throw new IllegalArgumentException("$pop expects 1 or -1, found: "
          + (n == Math.rint(n) && Math.abs(n) < 1e15 ? Long.toString((long) n) : Double.toString(n)));
    }
    String p = JsonPathText.sql(c.path.textArray());
    return "jsonb_set(" + data + ", " + unsetPath(c.path) + ", COALESCE((data #> " + p + ") - " + (n == 1 ? "-1" : "0")
        + ", 'null'), false)";
  }

  /**
   * The value {@code $inc} or {@code $mul} leaves: the sum or product in numeric (a missing field is 0 of the
   * operand's type: {@code $mul} by 2 gives 0, by 2.5 gives 0.0); a Decimal128 stays one ({@code {"$numberDecimal":
   * "3.10"}}), a double written {@code {"$numberDouble": ...}} too. NaN stays NaN; an infinity stays as it is when
   * added to, and when multiplied takes the operand's sign (by 0 it is NaN), as in IEEE arithmetic.
   */
  private String arithmetic(Change c) {
    String v = UpdateRefusals.at(c.path);
    String wrapped = "COALESCE(" + v + " ->> '$numberDecimal', " + v + " ->> '$numberDouble')";
    String key = "CASE WHEN jsonb_exists(" + v + ", '$numberDecimal') THEN '$numberDecimal' ELSE '$numberDouble' END";
    boolean mul = c.op.equals("$mul");
    String sign = mul ? "" : " WHEN " + wrapped + " IN ('Infinity', '-Infinity') THEN " + v;
    if (mul) { // each use of the operand its own placeholder, in the text's order; searched CASE only (Citus)
      sign = " WHEN " + wrapped + " IN ('Infinity', '-Infinity') AND " + number(c) + " > 0 THEN " + v
          + " WHEN " + wrapped + " IN ('Infinity', '-Infinity') AND " + number(c) + " < 0 THEN CAST('{\"' || " + key
          + " || '\": \"' || CASE WHEN " + wrapped + " = 'Infinity' THEN '-Infinity' ELSE 'Infinity' END || '\"}'"
          + " AS jsonb) WHEN " + wrapped + " IN ('Infinity', '-Infinity') THEN CAST('{\"' || " + key
          + " || '\": \"NaN\"}' AS jsonb)";
    }
    String op = mul ? " * " : " + ";
    return "CASE WHEN " + wrapped + " = 'NaN' THEN " + v + sign + " WHEN jsonb_typeof(" + v
        + ") = 'object' THEN CAST('{\"' || " + key + " || '\": \"' || CAST(CAST(" + wrapped + " AS numeric)" + op
        + number(c) + " AS text) || '\"}' AS jsonb) ELSE CAST(CAST(COALESCE(CAST(data #>> "
        + JsonPathText.sql(c.path.textArray()) + " AS numeric), 0)" + op + number(c) + " AS text) AS jsonb) END";
  }

  /** Records what the change may put at its path, for the typed forms of the workload's reads. */
  private void written(String op, MongoPath path, BsonValue v) {
    int p = t.parameters.indexOf(v);
    switch (op) {
      case "$unset" -> { }
      case "$inc", "$mul" -> t.writes.facts(path, new PathFacts(false, Set.of(PathFacts.NUMBER)));
      case "$push", "$pop" -> t.writes.facts(path, PathFacts.UNKNOWN);
      default -> {
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
      throw new IllegalArgumentException(c.op + " on '" + c.path + "' needs a finite number (int, long or double), got "
          + BsonJson.valueToRelaxedJson(c.value));
    }
    return JsonPathText.literal(c.value);
  }

  /** The one-element array {@code $push} appends, written whole ({@code jsonb_build_array} is not immutable). */
  private String pushed(Change c) {
    if (c.value.isDocument() && FilterTranslator.isOperators(c.value)) {
      throw new IllegalArgumentException("$push modifiers ($each, $slice, ...) are not supported");
    }
    int p = t.parameters.indexOf(c.value);
    if (p >= 0) {
      String name = t.parameters.name(p);
      return "CAST(" + t.placeholder(p, x -> "[" + JsonPathText.json(x, name) + "]") + " AS jsonb)";
    }
    return "CAST(" + JsonPathText.sql("[" + BsonJson.valueToRelaxedJson(c.value) + "]") + " AS jsonb)";
  }

  private record Change(String op, MongoPath path, BsonValue value) {}
}
