package stress.mongo.update;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.filter.FilterTranslator;
import stress.mongo.value.Conditions;
import stress.mongo.value.FailingCast;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.PathFacts;
import stress.mongo.value.Translation;

/**
 * The changes of an update whose paths hold the positional {@code $} (the first element of the array that the query
 * matched), {@code $[]} (every element) or {@code $[<identifier>]} (the elements that pass the identifier's array
 * filter), as MongoDB applies them. The array is rebuilt in its order from {@code jsonb_array_elements ... WITH
 * ORDINALITY}; each element, in a wrapper {@code {"v": element}} so that a path ending at the element is a path
 * like any other, goes through the same operators as a document ({@link UpdateTranslator#data}) where it is chosen,
 * one {@code LATERAL} step per kind of position, and the elements are joined again with {@code string_agg} (as
 * {@link UpdateArrays} does: {@code jsonb_agg} is not immutable, which Citus refuses in an UPDATE). Positions nest
 * ({@code a.$[].b.$[x]}). MongoDB's refusals: an array that is missing or not an array for {@code $[]} and
 * {@code $[x]}, no element matched for {@code $}, an unused or missing array filter, {@code $rename} of such a path.
 */
final class UpdatePositional {
  /** The filter operators after which MongoDB knows which element matched (negations do not say). */
  private static final Set<String> MATCHING = Set.of("$eq", "$gt", "$gte", "$lt", "$lte", "$in", "$regex", "$options",
      "$type", "$all");
  private final Translation t;
  private final UpdateTranslator translator;
  private final BsonDocument filter;
  private final ArrayFilters arrayFilters;

  UpdatePositional(Translation t, UpdateTranslator translator, BsonDocument filter, BsonValue arrayFilters) {
    this.t = t;
    this.translator = translator;
    this.filter = filter;
    this.arrayFilters = new ArrayFilters(arrayFilters);
  }

  /** True for a dotted path with a positional part. */
  static boolean isPositional(String dotted) {
    for (String key : dotted.split("\\.", -1)) {
      if (isPosition(key)) {
        return true;
      }
    }
    return false;
  }

  static boolean isPositional(MongoPath path) {
    return first(path.keys()) >= 0;
  }

  private static boolean isPosition(String key) {
    return key.equals("$") || key.startsWith("$[");
  }

  private static int first(List<String> keys) {
    for (int i = 0; i < keys.size(); i++) {
      if (isPosition(keys.get(i))) {
        return i;
      }
    }
    return -1;
  }

  /** A positional path of operator {@code op}, refused as MongoDB refuses it; the array it changes is noted. */
  MongoPath path(String op, String dotted) {
    if (op.equals("$rename")) {
      throw new IllegalArgumentException("The source field for $rename may not be dynamic: " + dotted);
    }
    List<String> keys = List.of(dotted.split("\\.", -1));
    if (isPosition(keys.get(0))) {
      throw new IllegalArgumentException("Cannot have positional (i.e. '$') element in the first component in path '"
          + dotted + "'");
    }
    int dollars = 0;
    for (int i = 0; i < keys.size(); i++) {
      String key = keys.get(i);
      if (key.equals("$")) {
        if (++dollars > 1) {
          throw new IllegalArgumentException("Too many positional (i.e. '$') elements found in path '" + dotted + "'");
        }
        if (i > first(keys)) {
          throw new IllegalArgumentException("field path '" + dotted + "': the positional $ below another position is"
              + " not supported; write $[] or $[<identifier>] there");
        }
      } else if (key.startsWith("$[")) {
        if (!key.endsWith("]")) {
          throw new IllegalArgumentException("field path '" + dotted + "': '" + key + "' is not a field name");
        }
        String id = key.substring(2, key.length() - 1);
        if (!id.isEmpty()) {
          arrayFilters.use(id, dotted);
        }
      } else {
        MongoPath.parse(key); // a field name: no operator, no array position
      }
    }
    t.writes.facts(new MongoPath(keys.subList(0, first(keys))), PathFacts.UNKNOWN);
    return new MongoPath(keys);
  }

  void refuseUnusedFilters(BsonDocument update) {
    arrayFilters.refuseUnused(update);
  }

  /** The data with the arrays of the positional changes rebuilt, each array once with all its changes. */
  String apply(String data, List<UpdateChange> changes, UpdateRefusals refusals) {
    Map<List<String>, List<UpdateChange>> arrays = new LinkedHashMap<>();
    for (UpdateChange c : changes) {
      arrays.computeIfAbsent(c.path().keys().subList(0, first(c.path().keys())), k -> new ArrayList<>()).add(c);
    }
    for (Map.Entry<List<String>, List<UpdateChange>> a : arrays.entrySet()) {
      MongoPath array = new MongoPath(a.getKey());
      data = "jsonb_set(" + data + ", " + JsonPathText.sql(array.textArray()) + ", " + rebuilt(array, a.getValue(),
          refusals) + ", false)";
    }
    return data;
  }

  /** The array with its chosen elements changed. */
  private String rebuilt(MongoPath array, List<UpdateChange> changes, UpdateRefusals refusals) {
    Map<String, List<UpdateChange>> byPosition = new LinkedHashMap<>();
    for (UpdateChange c : changes) {
      byPosition.computeIfAbsent(c.path().keys().get(array.keys().size()), k -> new ArrayList<>()).add(c);
    }
    String old = refusals.at(array);
    String elements = "CASE WHEN jsonb_typeof(" + old + ") = 'array' THEN " + old + " ELSE CAST('[]' AS jsonb) END";
    String matched = byPosition.containsKey("$") ? t.alias() : null;
    String found = "";
    if (matched != null) { // before the elements' changes, which read it: its placeholders come first in the text
      String z = t.alias();
      found = ", (SELECT min(" + z + ".i) AS p FROM " + wrapped(elements, z) + " WHERE " + queryCondition(array, z
          + ".d") + ") AS " + matched;
    } else {
      refusals.arrayUpdate(array);
    }
    String q = t.alias();
    String acc = q + ".d";
    StringBuilder steps = new StringBuilder();
    for (Map.Entry<String, List<UpdateChange>> p : byPosition.entrySet()) {
      String position = p.getKey();
      String chosen = position.equals("$[]") ? null : position.equals("$") ? q + ".i = " + matched + ".p"
          : new FilterTranslator(t).filterOn(arrayFilters.use(position.substring(2, position.length() - 1), array
              + "." + position), q + ".d");
      List<UpdateChange> below = new ArrayList<>();
      for (UpdateChange c : p.getValue()) {
        List<String> keys = new ArrayList<>(List.of(ArrayFilters.ELEMENT));
        keys.addAll(c.path().keys().subList(array.keys().size() + 1, c.path().keys().size()));
        below.add(new UpdateChange(c.op(), new MongoPath(keys), c.value()));
      }
      String index = "CAST(" + q + ".i - 1 AS text)";
      String changed = translator.data(below, new UpdateRefusals(q + ".d", index, refusals.dotted(array) + " || '.' || "
          + index), acc);
      String step = t.alias();
      steps.append(", LATERAL (SELECT ").append(chosen == null ? changed : "CASE WHEN " + chosen + " THEN " + changed
          + " ELSE " + acc + " END").append(" AS d) AS ").append(step);
      acc = step + ".d";
    }
    String joined = "CAST('[' || COALESCE(string_agg(CAST(COALESCE(" + acc + " -> 'v', 'null') AS text), ', '"
        + " ORDER BY " + q + ".i), '') || ']' AS jsonb)";
    // no element, or none the query matched: MongoDB knows no position (a subquery in FROM, where Citus refuses a
    // correlated subquery in a subquery without FROM)
    String checked = matched == null ? joined : "CASE WHEN max(" + matched + ".p) IS NULL THEN " + FailingCast.fail(
        JsonPathText.sql(UpdateRefusals.PREFIX + "The positional operator did not find the match needed from the query.")
        + " || left(CAST(_id AS text), 0)") + " ELSE " + joined + " END";
    return "(SELECT " + checked + " FROM " + wrapped(elements, q) + found + steps + ")";
  }

  /** The elements of an array as {@code alias(d, i)}: each in its wrapper {@code {"v": element}}, and its ordinal. */
  private String wrapped(String array, String alias) {
    String y = t.alias();
    return "(SELECT jsonb_set(CAST('{}' AS jsonb), '{v}', " + y + ".e) AS d, " + y + ".i FROM jsonb_array_elements("
        + array + ") WITH ORDINALITY AS " + y + "(e, i)) AS " + alias;
  }

  /**
   * The condition an element of the array passes when the query matched the document on it: the conditions of the
   * query's top-level AND on the array's path or below it, on the element's wrapper; FALSE when there are none (no
   * position is known, which MongoDB refuses).
   */
  private String queryCondition(MongoPath array, String wrapper) {
    List<BsonValue> parts = new ArrayList<>();
    collect(filter, array.toString(), parts);
    return parts.isEmpty() ? "FALSE" : new FilterTranslator(t).filterOn(new BsonDocument("$and", new BsonArray(parts)),
        wrapper);
  }

  private static void collect(BsonDocument query, String array, List<BsonValue> parts) {
    for (Map.Entry<String, BsonValue> e : query.entrySet()) {
      String key = e.getKey();
      if (key.equals("$and") && e.getValue().isArray()) {
        for (BsonValue each : e.getValue().asArray()) {
          if (each.isDocument()) {
            collect(each.asDocument(), array, parts);
          }
        }
      } else if (key.equals(array) || key.startsWith(array + ".")) {
        String onElement = ArrayFilters.ELEMENT + key.substring(array.length());
        BsonValue cond = e.getValue();
        if (!Conditions.isOperators(cond)) {
          parts.add(new BsonDocument(onElement, cond));
          continue;
        }
        BsonDocument kept = new BsonDocument();
        for (Map.Entry<String, BsonValue> op : cond.asDocument().entrySet()) {
          if (op.getKey().equals("$elemMatch") && key.equals(array) && op.getValue().isDocument()) {
            parts.add(Conditions.isOperators(op.getValue()) ? new BsonDocument(onElement, op.getValue())
                : below(op.getValue().asDocument()));
          } else if (MATCHING.contains(op.getKey()) || op.getKey().equals("$elemMatch")) {
            kept.append(op.getKey(), op.getValue());
          }
        }
        if (!kept.isEmpty() && !(kept.size() == 1 && kept.containsKey("$options"))) {
          parts.add(new BsonDocument(onElement, kept));
        }
      }
    }
  }

  /** An {@code $elemMatch} filter of an element's fields, on the element's wrapper. */
  private static BsonDocument below(BsonDocument fields) {
    BsonDocument out = new BsonDocument();
    for (Map.Entry<String, BsonValue> e : fields.entrySet()) {
      if (e.getKey().startsWith("$") && e.getValue().isArray()) {
        BsonArray each = new BsonArray();
        for (BsonValue x : e.getValue().asArray()) {
          each.add(x.isDocument() ? below(x.asDocument()) : x);
        }
        out.append(e.getKey(), each);
      } else {
        out.append(e.getKey().startsWith("$") ? e.getKey() : ArrayFilters.ELEMENT + "." + e.getKey(), e.getValue());
      }
    }
    return out;
  }
}
