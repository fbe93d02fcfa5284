package stress.mongo.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.value.BsonOrder;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.PathFacts;
import stress.mongo.value.Translation;
import stress.mongo.value.TranslationTarget;
import stress.mongo.value.TypedExpression;

/**
 * {@code sort} and {@code projection} of a MongoDB find. A sort key orders as MongoDB orders values of mixed
 * types ({@link BsonOrder}); {@code _id} sorts on the column, so the primary key serves it. A projection names
 * top-level fields only.
 */
public final class SortAndProjection {
  private SortAndProjection() {}

  /**
   * The ORDER BY. A path whose values are of one kind (by the table's facts, or because the filter's typed condition
   * keeps only that kind) without arrays is sorted on its {@link TypedExpression}, missing and null first as MongoDB
   * puts them, which an index on the expression serves; other paths sort by MongoDB's order of kinds.
   */
  public static String orderBy(BsonDocument sort, Translation t) {
    List<String> keys = new ArrayList<>();
    for (Map.Entry<String, BsonValue> e : sort.entrySet()) {
      String dir = direction(e.getKey(), e.getValue());
      MongoPath path = MongoPath.parse(e.getKey());
      String idColumn = path.isId() ? IdCondition.columnKind(t) : null;
      if (path.isId() && !IdCondition.JSON.equals(idColumn)) { // a column of one kind: the primary key's order
        keys.add("_id" + (PathFacts.STRING.equals(idColumn) ? " COLLATE \"C\"" : "") + dir);
        continue;
      }
      String kind = typedKind(path, t);
      String[] filtered = t.handWrittenFilter.get(path.toString());
      if (filtered != null && !t.equalities.containsKey(path.toString())) {
        // the filter keeps only values of one kind here (no missing or null: their order cannot differ), compared on a
        // hand-written btree's expression: sorting on another expression would need a second index
        t.chose(path + ": sorted on the hand-written " + filtered[1] + " expression its filter compares, so one index"
            + " serves both", afterEqualities(t, path.toString(), filtered[1]));
        keys.add(filtered[0] + dir);
        continue;
      }
      String handWritten = kind == null ? null : handWrittenSort(path, kind, t);
      if (handWritten != null) {
        t.chose(path + ": sorted on its hand-written numeric expression (every document holds a number there)",
            new stress.ops.file.TableForms.IndexAdvice(List.of(path.toString()), List.of(TypedExpression.NUMERIC)));
        keys.add(handWritten + dir);
        continue;
      }
      if (kind != null) {
        boolean pinned = t.equalities.containsKey(path.toString());
        t.chose(path + ": sorted on its typed " + kind + " expression" + (pinned ? ", which the filter's equality pins"
            + " to one value: the btree of the equalities on " + String.join(", ", t.equalities.keySet())
            + " gives this order" : !t.equalities.isEmpty()
            ? ", after the equalities on " + String.join(", ", t.equalities.keySet()) : ""),
            afterEqualities(t, path.toString(), kind));
        keys.add(TypedExpression.of(path.keys(), kind) + (dir.equals(" ASC") ? " ASC NULLS FIRST" : " DESC NULLS LAST"));
        continue;
      }
      PathFacts facts = t.target.paths().facts(path);
      t.chose(path + ": sorted in MongoDB's order of kinds, which no index serves (" + (facts == null ? "no path facts"
          : facts.arrays() ? "an array occurs at or above it" : "it holds " + String.join(", ", facts.valueKinds()))
          + ")", null);
      if (facts != null && !facts.arrays()) {
        for (String key : BsonOrder.keys("(data #> " + JsonPathText.sql(path.textArray()) + ")")) {
          keys.add(key + dir);
        }
        continue;
      }
      // arrays possible: MongoDB sorts a document by the smallest value at the path (ascending) or the largest
      // (descending), an array's elements and the values in an array's documents included
      String candidates = candidates(t, path, "data");
      List<String> order = BsonOrder.keys("s.c");
      String within = String.join(dir + ", ", order) + dir;
      for (int i = 0; i < order.size(); i++) {
        String one = "(SELECT " + order.get(i) + " FROM " + candidates + " ORDER BY " + within + " LIMIT 1)";
        keys.add((i == 0 ? "COALESCE(" + one + ", 2)" : one) + dir); // no value: null's place
      }
    }
    return keys.isEmpty() ? "" : " ORDER BY " + String.join(", ", keys);
  }

  /**
   * The btree that serves a sort after the filter's equalities: their paths, then the sorted one, unless the filter pins
   * it to one value (it orders nothing then, and a path twice in one index is no index anyone writes).
   */
  private static stress.ops.file.TableForms.IndexAdvice afterEqualities(Translation t, String path, String kind) {
    List<String> paths = new ArrayList<>(t.equalities.keySet());
    List<String> kinds = new ArrayList<>(t.equalities.values());
    if (!t.equalities.containsKey(path)) {
      paths.add(path);
      kinds.add(kind);
    }
    return new stress.ops.file.TableForms.IndexAdvice(paths, kinds);
  }

  /**
   * A sort of computed documents (an aggregation's after a stage): per sort path, the value it sorts by (where an
   * array is on the path, its smallest element ascending or largest descending, MongoDB's sort key), computed once
   * per document in a lateral subquery {@code alias(v1, v2, ...)}, and the ORDER BY of MongoDB's order of kinds on
   * those values. The fence ({@code OFFSET 0}) keeps PostgreSQL from copying each value's subquery into each of
   * the keys that read it (left out where the server crashes on it, {@link TranslationTarget#deepCorrelation}).
   *
   * @return the lateral FROM item (to follow the documents' FROM item) and the ORDER BY
   */
  public static String[] documentSort(BsonDocument sort, Translation t, String root, String alias) {
    List<String> values = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    for (Map.Entry<String, BsonValue> e : sort.entrySet()) {
      String dir = direction(e.getKey(), e.getValue());
      MongoPath path = MongoPath.parse(e.getKey());
      String smallest = "(SELECT s.c FROM " + candidates(t, path, root) + " ORDER BY "
          + String.join(dir + ", ", BsonOrder.keys("s.c")) + dir + " LIMIT 1)";
      values.add("CASE WHEN " + noArray(root, path) + " THEN " + root + " #> " + JsonPathText.sql(path.textArray())
          + " ELSE " + smallest + " END AS v" + (values.size() + 1));
      for (String key : BsonOrder.keys(alias + ".v" + values.size())) {
        keys.add(key + dir);
      }
    }
    return new String[] {"CROSS JOIN LATERAL (SELECT " + String.join(", ", values) + t.target.lateralFence() + ") AS "
        + alias,
        " ORDER BY " + String.join(", ", keys)};
  }

  private static String direction(String path, BsonValue d) {
    if (!d.isNumber() || Math.abs(d.asNumber().doubleValue()) != 1) {
      throw new IllegalArgumentException("sort on '" + path + "' must be 1 or -1, got "
          + stress.dump.bson.BsonJson.valueToRelaxedJson(d));
    }
    return d.asNumber().doubleValue() > 0 ? " ASC" : " DESC";
  }

  /**
   * A FROM item {@code s(c)} of every value a sort compares at the path: the values there, the elements of an array
   * there (an array among them compared as an array), the values in the documents of an array on the way. Lax
   * jsonpath's {@code [*]} gives an array's elements, or a value that is not an array itself.
   */
  private static String candidates(Translation t, MongoPath path, String root) {
    if (t.target.jsonpath()) {
      return "jsonb_path_query(" + root + ", " + JsonPathText.sql(path.jsonPath() + "[*]") + ") AS s(c)";
    }
    return new PathValues(t).candidates(root, path.jsonPath(), "s");
  }

  /** True when no array occurs at the path or on the way to it in the document. */
  private static String noArray(String root, MongoPath path) {
    List<String> tests = new ArrayList<>();
    for (int i = 1; i <= path.keys().size(); i++) {
      tests.add("jsonb_typeof(" + root + " #> " + JsonPathText.sql(new MongoPath(path.keys().subList(0, i)).textArray())
          + ") IS DISTINCT FROM 'array'");
    }
    return "(" + String.join(" AND ", tests) + ")";
  }

  /**
   * The hand-written numeric expression of a path to sort on, where the table has a btree of it and none of the typed
   * number expression, no equality comes before, and every document holds a number there (no missing or null value,
   * which MongoDB sorts first and this expression, without NULLS FIRST, would not); else null.
   */
  private static String handWrittenSort(MongoPath path, String kind, Translation t) {
    PathFacts facts = t.target.paths().facts(path);
    String name = path.toString();
    boolean numbersOnly = facts != null && !facts.arrays() && facts.kinds().equals(java.util.Set.of(PathFacts.NUMBER));
    return numbersOnly && kind.equals(TypedExpression.NUMBER) && t.equalities.isEmpty()
        && !t.target.indexed(name, kind) && t.target.indexed(name, TypedExpression.NUMERIC)
        ? TypedExpression.handWritten(path.keys(), TypedExpression.NUMERIC) : null;
  }

  /** The one kind a sort path holds, null when it may hold several, arrays, or kinds without a typed form. */
  private static String typedKind(MongoPath path, Translation t) {
    t.asked.add(path.toString());
    String restricted = t.restricted.get(path.toString());
    if (restricted != null) {
      return restricted;
    }
    PathFacts facts = t.target.paths().facts(path);
    if (facts == null || facts.arrays() || facts.valueKinds().size() != 1) {
      return null;
    }
    String only = facts.valueKinds().iterator().next();
    return TypedExpression.KINDS.contains(only) ? only : null;
  }

  /**
   * The SELECT list's document: {@code data}, or the fields a projection keeps: gathered from the document's fields by
   * a subquery, or with {@code noSubquery} (on Citus, which plans a statement with a subquery only as a custom plan,
   * every execution, where one without is a "fast path" router query even as a generic plan) one object per kept
   * field the document holds, joined.
   */
  public static String projection(BsonDocument projection, boolean noSubquery) {
    if (projection == null || projection.isEmpty()) {
      return "data";
    }
    List<String> kept = new ArrayList<>();
    List<String> dropped = new ArrayList<>();
    for (Map.Entry<String, BsonValue> e : projection.entrySet()) {
      if (e.getKey().contains(".") || e.getKey().startsWith("$")) {
        throw new IllegalArgumentException("projection of '" + e.getKey() + "': only top-level fields are supported");
      }
      BsonValue v = e.getValue();
      boolean keep = v.isBoolean() ? v.asBoolean().getValue() : v.isNumber() && v.asNumber().doubleValue() != 0;
      if (!v.isBoolean() && !v.isNumber()) {
        throw new IllegalArgumentException("projection of '" + e.getKey() + "' must be 1 or 0, got "
            + stress.dump.bson.BsonJson.valueToRelaxedJson(v));
      }
      (keep ? kept : dropped).add(e.getKey());
    }
    boolean idDropped = dropped.remove("_id");
    if (!kept.isEmpty() && !dropped.isEmpty()) {
      throw new IllegalArgumentException("a projection either keeps or leaves out fields (only _id may be left out"
          + " beside kept fields)");
    }
    if (kept.isEmpty()) {
      if (idDropped) {
        dropped.add("_id");
      }
      StringBuilder b = new StringBuilder("data");
      for (String f : dropped) {
        b.append(" - ").append(JsonPathText.sql(f));
      }
      return "(" + b + ")";
    }
    if (!idDropped && !kept.contains("_id")) {
      kept.add(0, "_id");
    }
    List<String> names = kept.stream().map(JsonPathText::sql).toList();
    if (noSubquery) {
      StringBuilder b = new StringBuilder("(CAST('{}' AS jsonb)");
      for (String name : names) {
        b.append(" || CASE WHEN data -> ").append(name).append(" IS NOT NULL THEN jsonb_build_object(").append(name)
            .append(", data -> ").append(name).append(") ELSE CAST('{}' AS jsonb) END");
      }
      return b.append(")").toString();
    }
    return "(SELECT COALESCE(jsonb_object_agg(f.key, f.value), '{}') FROM jsonb_each(data) AS f WHERE f.key IN ("
        + String.join(", ", names) + "))";
  }
}
