package stress.mongo.update;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.Translation;

/** {@code $set}, {@code $unset}, {@code $rename} and {@code $currentDate} of an update ({@link UpdateTranslator}). */
final class UpdateFields {
  private final Translation t;
  private final UpdateRefusals refusals;

  UpdateFields(Translation t, UpdateRefusals refusals) {
    this.t = t;
    this.refusals = refusals;
  }

  /** The data after the change, around the data before it. */
  String apply(String data, UpdateChange c) {
    return switch (c.op()) {
      case "$unset" -> "(" + data + " #- " + unsetPath(refusals, c.path()) + ")";
      case "$set", "$setOnInsert" -> "jsonb_set(" + data + ", " + c.sqlPath() + ", " + value(t, c.value()) + ", true)";
      case "$rename" -> renamed(data, c);
      default -> "jsonb_set(" + data + ", " + c.sqlPath() + ", CAST(" + currentDate(c) + " AS jsonb), true)";
    };
  }

  /**
   * The path a {@code $rename} moves its field to, refused as MongoDB refuses it: not a string, the same path, or a
   * path above or below the source.
   */
  static MongoPath renameTarget(MongoPath from, BsonValue to) {
    if (!to.isString()) {
      throw new IllegalArgumentException("The 'to' field for $rename must be a string: " + from + ": "
          + BsonJson.valueToRelaxedJson(to));
    }
    if (UpdatePositional.isPositional(to.asString().getValue())) {
      throw new IllegalArgumentException("The destination field for $rename may not be dynamic: "
          + to.asString().getValue());
    }
    MongoPath target = MongoPath.parse(to.asString().getValue());
    if (target.equals(from)) {
      throw new IllegalArgumentException("The source and target field for $rename must differ: " + from + ": \""
          + target + "\"");
    }
    List<String> a = from.keys();
    List<String> b = target.keys();
    int shorter = Math.min(a.size(), b.size());
    if (a.subList(0, shorter).equals(b.subList(0, shorter))) {
      throw new IllegalArgumentException("The source and target field for $rename must not be on the same path: "
          + from + ": \"" + target + "\"");
    }
    return target;
  }

  /**
   * The documents above a {@code $rename}'s target, created only when its source exists (a missing source changes
   * nothing in MongoDB): a parent not yet put in place by another change is set at {@code '{}'}, no path, otherwise.
   */
  String renameParents(String data, UpdateChange c, Set<String> alreadyCreated) {
    MongoPath target = MongoPath.parse(c.value().asString().getValue());
    String exists = refusals.at(c.path()) + " IS NOT NULL";
    for (int i = 1; i < c.path().keys().size(); i++) { // a source not found changes nothing, one not reached is refused
      refusals.notViable("TRUE", new MongoPath(c.path().keys().subList(0, i)), c.path());
    }
    for (int i = 1; i < target.keys().size(); i++) {
      MongoPath parent = new MongoPath(target.keys().subList(0, i));
      refusals.notViable(exists, parent, target);
      if (!alreadyCreated.contains(parent.textArray())) {
        String p = JsonPathText.sql(parent.textArray());
        data = "jsonb_set(" + data + ", CASE WHEN " + exists + " THEN CAST(" + p + " AS text[]) ELSE CAST('{}' AS"
            + " text[]) END, COALESCE(data #> " + p + ", '{}'), true)";
      }
    }
    return data;
  }

  /** {@code $rename}: the source removed, its value set at the target; nothing when the source is missing. */
  private String renamed(String data, UpdateChange c) {
    MongoPath target = MongoPath.parse(c.value().asString().getValue());
    String value = refusals.at(c.path());
    return "jsonb_set((" + data + " #- " + unsetPath(refusals, c.path()) + "), CASE WHEN " + value
        + " IS NOT NULL THEN CAST("
        + JsonPathText.sql(target.textArray()) + " AS text[]) ELSE CAST('{}' AS text[]) END, COALESCE(" + value
        + ", 'null'), true)";
  }

  /**
   * {@code $currentDate}: the time of the execution, taken when its values are bound (the database's {@code now()}
   * is stable, which Citus refuses in an UPDATE's CASE), as the importer writes a date ({@code {"$date":
   * "2024-05-06T07:08:09.123Z"}}) or a timestamp ({@code {"$timestamp": {"t": seconds, "i": 1}}}).
   */
  private String currentDate(UpdateChange c) {
    BsonValue v = c.value();
    boolean timestamp;
    if (v.isBoolean()) {
      timestamp = false; // MongoDB takes false as true
    } else if (v.isDocument() && v.asDocument().size() == 1 && v.asDocument().containsKey("$type")) {
      BsonValue type = v.asDocument().get("$type");
      if (!type.isString() || !Set.of("date", "timestamp").contains(type.asString().getValue())) {
        throw new IllegalArgumentException("The '$type' string field is required to be 'date' or 'timestamp':"
            + " {$currentDate: {field : {$type: 'date'}}}");
      }
      timestamp = type.asString().getValue().equals("timestamp");
    } else {
      throw new IllegalArgumentException(BsonJson.valueToRelaxedJson(v) + " is not valid type for $currentDate."
          + " Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).");
    }
    return t.placeholder(drawn -> {
      long now = System.currentTimeMillis();
      return timestamp ? "{\"$timestamp\": {\"t\": " + now / 1000 + ", \"i\": 1}}"
          : "{\"$date\": " + JsonPathText.dateText(now) + "}";
    }, new java.util.BitSet());
  }

  /** An operand written as jsonb: a literal, or a parameter's value bound per execution. */
  static String value(Translation t, BsonValue v) {
    int p = t.parameters.indexOf(v);
    if (p >= 0) {
      String name = t.parameters.name(p);
      return "CAST(" + t.placeholder(p, x -> JsonPathText.json(x, name)) + " AS jsonb)";
    }
    return "CAST(" + JsonPathText.sql(BsonJson.valueToRelaxedJson(v)) + " AS jsonb)";
  }

  /**
   * The path a change removes or rewrites in place: none when a parent holds an array, where MongoDB changes nothing
   * and {@code #-} or {@code jsonb_set} would fail ("path element at position 2 is not an integer").
   */
  static String unsetPath(UpdateRefusals refusals, MongoPath path) {
    String p = JsonPathText.sql(path.textArray());
    if (path.keys().size() == 1) {
      return p;
    }
    List<String> arrays = new ArrayList<>();
    for (int i = 1; i < path.keys().size(); i++) {
      arrays.add("jsonb_typeof(" + refusals.at(new MongoPath(path.keys().subList(0, i))) + ") = 'array'");
    }
    return "CASE WHEN " + String.join(" OR ", arrays) + " THEN CAST('{}' AS text[]) ELSE CAST(" + p
        + " AS text[]) END";
  }

  /** True for an operand that is a document of modifiers ({@code {$each: [...]}}). */
  static boolean isModifiers(BsonValue v) {
    return v.isDocument() && !v.asDocument().isEmpty() && v.asDocument().getFirstKey().startsWith("$");
  }

}
