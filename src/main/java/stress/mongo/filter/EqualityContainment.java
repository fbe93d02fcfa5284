package stress.mongo.filter;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.mongo.value.Conditions;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.PathFacts;
import stress.mongo.value.Translation;

/**
 * The equalities of one filter document on several paths as one containment test,
 * {@code data @> '{"status": "paid", "channel": "web"}'}, which a GIN index on {@code data} serves in one scan (GIN
 * intersects the entries of the pairs itself), whatever btrees the paths have. Measured on 200,000 generated orders
 * (docs/measurements.md), the containment alone was faster than the containment with a btree path's typed condition
 * beside it in every case: PostgreSQL then intersected both indexes (a BitmapAnd with a btree scan of 3-9 times the
 * rows), 1.3-2.1 times slower where the btree field's value was unselective, as fast where it was selective, and
 * with a sort it chose that BitmapAnd and a sort over the index scan in order, 21 times slower.
 */
final class EqualityContainment {
  private EqualityContainment() {}

  /**
   * The keys of the document's equalities that one containment test covers (plain values, not {@code _id}, on
   * paths whose facts show no array, where containment is MongoDB's equality); none when fewer than two.
   */
  static Set<String> keys(Translation t, BsonDocument filter) {
    Set<String> keys = new LinkedHashSet<>();
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      BsonValue v = e.getValue();
      if (e.getKey().startsWith("$") || v.isRegularExpression() || Conditions.isOperators(v)) {
        continue;
      }
      MongoPath path = MongoPath.parse(e.getKey());
      t.asked.add(path.toString());
      PathFacts facts = path.isId() ? null : t.target.paths().facts(path);
      int p = t.parameters.indexOf(v);
      if (facts == null || facts.arrays() || facts.kinds().contains(PathFacts.DECIMAL) && (p >= 0 || v.isNumber())
          || !TypedCondition.containable(t, v, p, facts) || overlaps(keys, e.getKey())) {
        continue; // a Decimal128 equals a number of its value, which containment would miss
      }
      if (!t.target.gin() && TypedCondition.servedEquality(t, path, v, p, facts) != null) {
        // no GIN index would serve the containment: the btree finds the rows, the others are tested on them
        t.chose(path + ": typed equality on its btree, not in one containment with the others: no GIN index on data"
            + " serves a containment", null);
        continue;
      }
      keys.add(e.getKey());
    }
    return keys.size() >= 2 ? keys : Set.of();
  }

  /** True when the key is a path above or below one already taken: both cannot be fields of one JSON document. */
  private static boolean overlaps(Set<String> keys, String key) {
    return keys.stream().anyMatch(k -> key.startsWith(k + ".") || k.startsWith(key + "."));
  }

  /** {@code data @> CAST('{...}' AS jsonb)} of the equalities of {@code keys}, one placeholder for any parameters. */
  static String of(Translation t, BsonDocument filter, Set<String> keys) {
    Map<String, Object> root = new LinkedHashMap<>();
    BitSet used = new BitSet();
    for (String key : keys) {
      List<String> steps = MongoPath.parse(key).keys();
      Map<String, Object> node = root;
      for (String step : steps.subList(0, steps.size() - 1)) {
        @SuppressWarnings("unchecked")
        Map<String, Object> child = (Map<String, Object>) node.computeIfAbsent(step, s -> new LinkedHashMap<>());
        node = child;
      }
      BsonValue v = filter.get(key);
      int p = t.parameters.indexOf(v);
      if (p >= 0) {
        used.set(p);
      }
      node.put(steps.get(steps.size() - 1), v);
    }
    t.chose(String.join(", ", keys) + ": equalities as one containment, data @> '{...}', which a GIN index on data"
        + " serves; no btree condition beside it (PostgreSQL intersected both indexes, slower)",
        stress.ops.file.TableForms.IndexAdvice.GIN);
    if (used.isEmpty()) {
      return "data @> CAST(" + JsonPathText.sql(json(t, root, null)) + " AS jsonb)";
    }
    return "data @> CAST(" + t.placeholder(drawn -> json(t, root, drawn), used) + " AS jsonb)";
  }

  /** The JSON document of the equalities, parameters as drawn for this execution. */
  private static String json(Translation t, Map<String, Object> node, Object[] drawn) {
    StringBuilder b = new StringBuilder("{");
    for (Map.Entry<String, Object> e : node.entrySet()) {
      if (b.length() > 1) {
        b.append(", ");
      }
      b.append(JsonPathText.string(e.getKey())).append(": ");
      if (e.getValue() instanceof BsonValue v) {
        int p = t.parameters.indexOf(v);
        b.append(p >= 0 ? JsonPathText.json(drawn[p], t.parameters.name(p)) : BsonJson.valueToRelaxedJson(v));
      } else {
        @SuppressWarnings("unchecked")
        Map<String, Object> child = (Map<String, Object>) e.getValue();
        b.append(json(t, child, drawn));
      }
    }
    return b.append('}').toString();
  }
}
