package stress.mongo.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.mongo.expression.AggregateExpression;
import stress.mongo.routing.KeyRoute;
import stress.mongo.value.Conditions;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.RefusedOperator;
import stress.mongo.value.Translation;

/**
 * Translates a MongoDB query filter into a SQL condition on a {@code (_id, data jsonb)} table, with MongoDB's
 * meaning (docs/mongo-queries.md has the table): a path steps through arrays and matches any element; comparisons
 * only match values of the same type (a number never matches a string); {@code null} matches a missing field;
 * values are compared as the importer writes them ({@code {"$date": ...}}, {@code {"$oid": ...}}). Equality and
 * {@code $in} on scalars become {@code data @?? jsonpath}, which a GIN index on {@code data} can serve; {@code _id}
 * conditions use the {@code _id} column, so a key lookup stays a single-shard route. Anything it cannot translate
 * with that meaning is refused with the operator's name.
 */
public final class FilterTranslator {
  static final Set<String> SUPPORTED = Set.of("$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin",
      "$exists", "$size", "$all", "$elemMatch", "$not", "$and", "$or", "$nor", "$regex", "$type", "$expr");
  /** Operators on {@code _id} written on the document's {@code _id}, as on any path, not on the column. */
  private static final Set<String> ID_IN_DOCUMENT = Set.of("$regex", "$type");
  private final Translation t;
  /** True while the condition being written is one of the filter's top-level AND (not under $or, $nor, $not). */
  private boolean conjunctive = true;
  /** The values at a path without jsonpath, for servers before PostgreSQL 12. */
  private final PathValues values;
  /** $regex, $type, $exists and $size. */
  private final ValueConditions conditions;
  /** $eq, $gt, $gte, $lt, $lte and $in with a value. */
  private final ValueComparisons comparisons;

  public FilterTranslator(Translation t) {
    this.t = t;
    this.values = new PathValues(t);
    this.conditions = new ValueConditions(t, values);
    this.comparisons = new ValueComparisons(t, values, conditions);
  }

  /** The condition for a whole filter document on the table's columns. */
  public String filter(BsonDocument filter) {
    return document(filter, "data", true);
  }

  /**
   * The condition for a filter on documents in another column than the table's (an aggregation's {@code $match}
   * after a stage that changed them): the general form throughout, {@code _id} a path like any other.
   */
  public String filterOn(BsonDocument filter, String column) {
    return document(filter, column, false);
  }

  private String document(BsonDocument filter, String root, boolean top) {
    List<String> parts = new ArrayList<>();
    Set<String> contained = top && conjunctive ? EqualityContainment.keys(t, filter) : Set.of();
    if (!contained.isEmpty()) {
      parts.add(EqualityContainment.of(t, filter, contained));
    }
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      String key = e.getKey();
      if (key.equals("$comment")) {
        continue; // a note for the profiler and the logs: selects nothing away
      }
      if (contained.contains(key)) { // the containment tests it; only a key column's condition is added
        String route = routed(MongoPath.parse(key), "$eq", e.getValue(), top);
        if (route != null) {
          parts.add(route);
        }
        continue;
      }
      parts.add(key.startsWith("$") ? logical(key, e.getValue(), root, top) : field(key, e.getValue(), root, top));
    }
    return Conditions.and(parts);
  }

  private String logical(String op, BsonValue arg, String root, boolean top) {
    if (op.equals("$expr")) {
      AggregateExpression x = new AggregateExpression(t);
      return x.bind(x.value(arg, root), AggregateExpression::truthy);
    }
    if (!Set.of("$and", "$or", "$nor").contains(op)) {
      throw unsupported(op);
    }
    if (!arg.isArray() || arg.asArray().isEmpty()) {
      throw new IllegalArgumentException(op + " needs a non-empty list of filters");
    }
    List<String> parts = new ArrayList<>();
    boolean outer = conjunctive;
    conjunctive = outer && op.equals("$and");
    for (BsonValue each : arg.asArray()) {
      if (!each.isDocument()) {
        throw new IllegalArgumentException(op + " needs a list of filter documents, got " + each.getBsonType());
      }
      parts.add(document(each.asDocument(), root, top));
    }
    conjunctive = outer;
    return switch (op) {
      case "$and" -> Conditions.and(parts);
      case "$or" -> "(" + String.join(" OR ", parts) + ")";
      default -> "NOT (" + String.join(" OR ", parts) + ")";
    };
  }

  private String field(String key, BsonValue cond, String root, boolean top) {
    MongoPath path = MongoPath.parse(key);
    if (cond.isRegularExpression()) { // {a: /x/} is a match, on _id too
      return conditions.regex(path.jsonPath(), cond.asRegularExpression(), root);
    }
    if (Conditions.isOperators(cond)) {
      List<String> parts = new ArrayList<>();
      for (Map.Entry<String, BsonValue> op : MongoRegex.operators(cond.asDocument()).entrySet()) {
        String exact = op.getKey().equals("$eq") ? keyEquality(path, op.getValue(), top) : null;
        if (exact != null) {
          parts.add(exact);
          continue;
        }
        // the containment test goes first in the text, so its placeholders are made first: without marks the values
        // follow the order placeholders were made in
        String prefilter = top && op.getKey().equals("$elemMatch") ? Containment.elemMatch(t, path, op.getValue())
            : null;
        if (prefilter != null) {
          parts.add(prefilter);
        }
        String typed = top && !path.isId() ? TypedCondition.of(t, path, op.getKey(), op.getValue(), conjunctive) : null;
        String id = typed == null && top && path.isId() && !ID_IN_DOCUMENT.contains(op.getKey())
            ? IdCondition.operator(t, op.getKey(), op.getValue()) : null;
        parts.add(typed != null ? typed : id != null ? id : operator(path.jsonPath(), op.getKey(), op.getValue(), root));
        String route = routed(path, op.getKey(), op.getValue(), top);
        if (route != null) {
          parts.add(route);
        }
      }
      return Conditions.and(parts);
    }
    if (top && path.isId()) {
      return IdCondition.equal(t, cond);
    }
    String exact = keyEquality(path, cond, top);
    if (exact != null) {
      return exact;
    }
    String typed = top ? TypedCondition.of(t, path, "$eq", cond, conjunctive) : null;
    String condition = typed != null ? typed : comparisons.equal(path.jsonPath(), cond, root);
    // after the condition: placeholders are made in the order of the text
    String route = routed(path, "$eq", cond, top);
    return route == null ? condition : Conditions.and(List.of(condition, route));
  }

  /** The key column's conditions a filter's top-level AND implies ({@link KeyRoute#ofFilter}), or null. */
  public String keyRoute(BsonDocument filter) {
    return KeyRoute.ofFilter(t, filter);
  }

  /** An equality on the key path of the filter's top-level AND as the key column tests it ({@link KeyRoute#exact}), or null. */
  private String keyEquality(MongoPath path, BsonValue value, boolean top) {
    return top && conjunctive ? KeyRoute.exact(t, path, value) : null;
  }

  /** The key column's condition an equality or {@code $in} of the filter's top-level AND implies, or null. */
  private String routed(MongoPath path, String op, BsonValue arg, boolean top) {
    return top && conjunctive ? KeyRoute.of(t, path, op, arg) : null;
  }

  private String operator(String jp, String op, BsonValue arg, String root) {
    return switch (op) {
      case "$eq" -> comparisons.equal(jp, arg, root);
      case "$ne" -> "NOT " + comparisons.equal(jp, arg, root);
      case "$gt", "$gte", "$lt", "$lte" -> comparisons.compare(jp, op, arg, root);
      case "$in" -> comparisons.in(jp, list(op, arg), root);
      case "$nin" -> "NOT " + comparisons.in(jp, list(op, arg), root);
      case "$exists" -> conditions.exists(jp, arg, root);
      case "$size" -> conditions.size(jp, arg, root);
      case "$all" -> all(jp, list(op, arg), root);
      case "$elemMatch" -> elemMatch(jp, arg, root);
      case "$not" -> not(jp, arg, root);
      case "$regex" -> conditions.regex(jp, arg.asRegularExpression(), root);
      case "$type" -> conditions.type(jp, arg, root);
      case "$expr" -> throw new IllegalArgumentException("$expr can only be applied to the top-level document");
      default -> throw unsupported(op);
    };
  }

  private String all(String jp, BsonArray values, String root) {
    if (values.isEmpty()) {
      return "FALSE";
    }
    List<String> parts = new ArrayList<>();
    boolean elemMatches = values.get(0).isDocument() && values.get(0).asDocument().containsKey("$elemMatch");
    for (BsonValue v : values) {
      boolean elemMatch = v.isDocument() && v.asDocument().size() == 1 && v.asDocument().containsKey("$elemMatch");
      if (elemMatch != elemMatches) {
        throw new IllegalArgumentException("$all: no $elemMatch expression can be mixed with other values");
      }
      if (!elemMatch && v.isDocument() && Conditions.isOperators(v)) {
        throw new IllegalArgumentException("$all with operators other than $elemMatch in the list is not supported");
      }
      parts.add(elemMatch ? elemMatch(jp, v.asDocument().get("$elemMatch"), root)
          : v.isRegularExpression() ? conditions.regex(jp, v.asRegularExpression(), root) : comparisons.equal(jp, v, root));
    }
    return Conditions.and(parts);
  }

  private String elemMatch(String jp, BsonValue arg, String root) {
    if (!arg.isDocument() || arg.asDocument().isEmpty()) {
      throw new IllegalArgumentException("$elemMatch needs a non-empty condition document");
    }
    String q = t.alias();
    String element = q + "e.v";
    // one set-returning function: the elements of the arrays at the path (Citus refuses two in one FROM)
    String head = "EXISTS (SELECT 1 FROM jsonb_path_query(jsonb_path_query_array(" + root + ", " + JsonPathText.sql(jp)
        + "), 'strict $[*] ? (@.type() == \"array\")[*]') AS " + q + "e(v) WHERE ";
    List<String> keys = JsonPathText.keys(jp);
    if (root.equals("data") && keys.size() == 1) {
      // a field of the document itself: the elements of its array, which the planner estimates as 100 per document
      // (jsonb_path_query as 1,000, which put a 200,000-document table's statement above jit_above_cost)
      String field = root + " -> " + JsonPathText.sql(keys.get(0));
      head = "EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(" + field + ") = 'array' THEN "
          + field + " ELSE CAST('[]' AS jsonb) END) AS " + q + "e(v) WHERE ";
      return head + elemMatchCondition(arg, element) + ")";
    }
    if (!t.target.jsonpath()) {
      head = "EXISTS (SELECT 1 FROM (SELECT " + root + " AS v) AS " + q + ", jsonb_array_elements(CASE WHEN"
          + " jsonb_typeof(" + q + ".v) = 'array' THEN " + q + ".v ELSE '[]' END) AS " + q + "e(v) WHERE ";
      if (!JsonPathText.keys(jp).isEmpty()) {
        String inner = q + "e.v";
        String body = elemMatchCondition(arg, inner);
        return values.value(root, jp, v -> "EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(" + v
            + ") = 'array' THEN " + v + " ELSE '[]' END) AS " + q + "e(v) WHERE " + body + ")");
      }
    }
    return head + elemMatchCondition(arg, element) + ")";
  }

  /** The condition an element must pass: operators on the element itself, or a filter of its fields. */
  private String elemMatchCondition(BsonValue arg, String element) {
    if (Conditions.isOperators(arg)) {
      List<String> parts = new ArrayList<>();
      for (Map.Entry<String, BsonValue> op : MongoRegex.operators(arg.asDocument()).entrySet()) {
        parts.add(operator("strict $", op.getKey(), op.getValue(), element)); // strict: an element that is an array is not stepped into
      }
      return Conditions.and(parts);
    }
    return document(arg.asDocument(), element, false);
  }

  private String not(String jp, BsonValue arg, String root) {
    if (arg.isRegularExpression()) {
      return "NOT " + conditions.regex(jp, arg.asRegularExpression(), root);
    }
    if (!Conditions.isOperators(arg)) {
      throw new IllegalArgumentException("$not needs a document of operators or a regular expression, e.g. {$not:"
          + " {$gt: 5}}");
    }
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, BsonValue> op : MongoRegex.operators(arg.asDocument()).entrySet()) {
      parts.add(operator(jp, op.getKey(), op.getValue(), root));
    }
    return "NOT " + Conditions.and(parts);
  }

  private static BsonArray list(String op, BsonValue arg) {
    if (!arg.isArray()) {
      throw new IllegalArgumentException(op + " needs a list, got " + arg.getBsonType());
    }
    return arg.asArray();
  }

  public static String typeName(BsonValue v) {
    return v.getBsonType().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
  }

  static IllegalArgumentException unsupported(String op) {
    return new RefusedOperator("operator", op, SUPPORTED);
  }
}
