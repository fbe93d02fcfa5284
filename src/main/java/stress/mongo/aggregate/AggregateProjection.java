package stress.mongo.aggregate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.expression.AggregateExpression;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;

/**
 * {@code $project}, {@code $addFields} / {@code $set} and {@code $unset} as one jsonb expression of the input
 * document. Dotted names and nested documents of the specification form a tree; where the tree meets an array of
 * documents it applies to each document of the array, as MongoDB does. A computed value that is missing leaves its
 * field out (an existing field of that name is removed).
 */
final class AggregateProjection {
  private static final Object INCLUDE = new Object();
  /** A node of the specification's tree (a BsonDocument is a Map too, and is a leaf: an expression). */
  private static final class Tree extends LinkedHashMap<String, Object> {
    private static final long serialVersionUID = 1L;
  }

  private static final Object EXCLUDE = new Object();
  private final AggregateExpression x;

  AggregateProjection(AggregateExpression x) {
    this.x = x;
  }

  /** {@code $project}: an inclusion (fields kept and computed, {@code _id} unless left out) or an exclusion. */
  String project(BsonDocument spec, String doc) {
    if (spec.isEmpty()) {
      throw new IllegalArgumentException("$project needs at least one field");
    }
    Map<String, Object> tree = new Tree();
    build(tree, spec, "", true);
    boolean[] modes = new boolean[2]; // [inclusion or computed, exclusion] outside _id
    modes(tree, modes, true);
    if (modes[0] && modes[1]) {
      throw new IllegalArgumentException("$project either keeps and computes fields or leaves fields out (only _id"
          + " may be left out beside kept fields)");
    }
    if (!modes[0]) {
      return exclude(tree, doc);
    }
    if (!tree.containsKey("_id")) {
      Map<String, Object> withId = new Tree();
      withId.put("_id", INCLUDE);
      withId.putAll(tree);
      tree = withId;
    }
    return include(tree, doc, doc);
  }

  /** {@code $addFields} / {@code $set}: every leaf is an expression, set into the document. */
  String addFields(BsonDocument spec, String doc) {
    if (spec.isEmpty()) {
      throw new IllegalArgumentException("$addFields needs at least one field");
    }
    Map<String, Object> tree = new Tree();
    build(tree, spec, "", false);
    return set(tree, doc, doc);
  }

  /** {@code doc} with a value already in SQL set at a dotted path, as {@code $addFields} sets an expression's. */
  String setSql(List<String> keys, String sql, String doc) {
    Map<String, Object> tree = new Tree();
    Map<String, Object> node = tree;
    for (int i = 0; i < keys.size() - 1; i++) {
      Tree sub = new Tree();
      node.put(keys.get(i), sub);
      node = sub;
    }
    node.put(keys.get(keys.size() - 1), new Sql(sql));
    return set(tree, doc, doc);
  }

  /** A leaf whose value is written in SQL already. */
  private record Sql(String text) {}

  /** {@code $unset}: a field name or a list of them, dotted names reaching into documents. */
  String unset(BsonValue spec, String doc) {
    List<BsonValue> names = spec.isArray() ? spec.asArray() : List.of(spec);
    if (names.isEmpty()) {
      throw new IllegalArgumentException("$unset needs a field name or a non-empty list of them");
    }
    BsonDocument exclusion = new BsonDocument();
    for (BsonValue n : names) {
      if (!n.isString()) {
        throw new IllegalArgumentException("$unset takes field names, got " + n.getBsonType());
      }
      exclusion.put(n.asString().getValue(), new org.bson.BsonInt32(0));
    }
    Map<String, Object> tree = new Tree();
    build(tree, exclusion, "", true);
    return exclude(tree, doc);
  }

  /** Reads a specification into a tree: dotted names split, nested documents that are not expressions entered. */
  private static void build(Map<String, Object> tree, BsonDocument spec, String prefix, boolean flags) {
    for (Map.Entry<String, BsonValue> e : spec.entrySet()) {
      String key = e.getKey();
      if (key.startsWith("$")) {
        throw new IllegalArgumentException("field '" + prefix + key + "': " + key + " is not a field name");
      }
      List<String> parts = MongoPath.parse(key).keys();
      Map<String, Object> node = tree;
      for (int i = 0; i < parts.size() - 1; i++) {
        Object child = node.computeIfAbsent(parts.get(i), k -> new Tree());
        if (!(child instanceof Tree)) {
          throw new IllegalArgumentException("fields '" + prefix + key + "' and '" + prefix + parts.get(i)
              + "' overlap");
        }
        @SuppressWarnings("unchecked") Map<String, Object> next = (Map<String, Object>) child;
        node = next;
      }
      String last = parts.get(parts.size() - 1);
      BsonValue v = e.getValue();
      Object leaf;
      if (v.isDocument() && !v.asDocument().isEmpty() && !v.asDocument().getFirstKey().startsWith("$")) {
        Object existing = node.get(last);
        @SuppressWarnings("unchecked") Map<String, Object> sub = existing instanceof Tree
            ? (Map<String, Object>) existing : new Tree();
        build(sub, v.asDocument(), prefix + key + ".", flags);
        leaf = sub;
      } else if (flags && (v.isNumber() || v.isBoolean())) {
        boolean keep = v.isBoolean() ? v.asBoolean().getValue() : v.asNumber().doubleValue() != 0;
        leaf = keep ? INCLUDE : EXCLUDE;
      } else {
        leaf = v;
      }
      if (node.containsKey(last) && !(leaf instanceof Tree && node.get(last) == leaf)) {
        throw new IllegalArgumentException("field '" + prefix + key + "' is given twice");
      }
      node.put(last, leaf);
    }
  }

  private static void modes(Map<String, Object> tree, boolean[] modes, boolean top) {
    for (Map.Entry<String, Object> e : tree.entrySet()) {
      Object v = e.getValue();
      if (v instanceof Tree m) {
        @SuppressWarnings("unchecked") Map<String, Object> sub = (Map<String, Object>) m;
        modes(sub, modes, false);
      } else if (v == EXCLUDE) {
        if (!(top && e.getKey().equals("_id"))) {
          modes[1] = true;
        }
      } else {
        modes[0] = true;
      }
    }
  }

  /** The kept and computed fields of {@code v}; expressions are evaluated on {@code root}. */
  private String include(Map<String, Object> tree, String v, String root) {
    List<String[]> fields = new ArrayList<>();
    for (Map.Entry<String, Object> e : tree.entrySet()) {
      String k = e.getKey();
      Object leaf = e.getValue();
      String at = "(" + v + " -> " + JsonPathText.sql(k) + ")";
      if (leaf == EXCLUDE) {
        continue;
      }
      if (leaf == INCLUDE) {
        fields.add(new String[] {k, at});
      } else if (leaf instanceof Tree m) {
        @SuppressWarnings("unchecked") Map<String, Object> sub = (Map<String, Object>) m;
        boolean computed = computes(sub);
        fields.add(new String[] {k, eachDocument(at, y -> include(sub, y, root), computed
            ? include(sub, "CAST('{}' AS jsonb)", root) : null)});
      } else {
        fields.add(new String[] {k, x.value((BsonValue) leaf, root)});
      }
    }
    return x.objectOf(fields);
  }

  private static boolean computes(Map<String, Object> tree) {
    for (Object v : tree.values()) {
      if (v instanceof Tree m ? computes(castTree(m)) : v != INCLUDE && v != EXCLUDE) {
        return true;
      }
    }
    return false;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> castTree(Map<?, ?> m) {
    return (Map<String, Object>) m;
  }

  /** {@code v} without the tree's fields. */
  private String exclude(Map<String, Object> tree, String v) {
    StringBuilder b = new StringBuilder("(").append(v);
    List<String[]> nested = new ArrayList<>();
    for (Map.Entry<String, Object> e : tree.entrySet()) {
      b.append(" - ").append(JsonPathText.sql(e.getKey()));
      if (e.getValue() instanceof Tree m) {
        String at = "(" + v + " -> " + JsonPathText.sql(e.getKey()) + ")";
        nested.add(new String[] {e.getKey(), eachDocument(at, y -> exclude(castTree(m), y), "#same")});
      }
    }
    b.append(')');
    return nested.isEmpty() ? b.toString() : "(" + b + " || " + x.objectOf(nested) + ")";
  }

  /** {@code v} with the tree's expressions set (a missing value removes its field). */
  private String set(Map<String, Object> tree, String v, String root) {
    StringBuilder b = new StringBuilder("(").append(v);
    List<String[]> fields = new ArrayList<>();
    for (Map.Entry<String, Object> e : tree.entrySet()) {
      String k = e.getKey();
      b.append(" - ").append(JsonPathText.sql(k));
      if (e.getValue() instanceof Tree m) {
        Map<String, Object> sub = castTree(m);
        String at = "(" + v + " -> " + JsonPathText.sql(k) + ")";
        fields.add(new String[] {k, eachDocument(at, y -> set(sub, y, root), set(sub, "CAST('{}' AS jsonb)", root))});
      } else if (e.getValue() instanceof Sql sql) {
        fields.add(new String[] {k, sql.text()});
      } else {
        fields.add(new String[] {k, x.value((BsonValue) e.getValue(), root)});
      }
    }
    return "(" + b + ") || " + x.objectOf(fields) + ")";
  }

  /**
   * Applies {@code onDocument} to a document at {@code at}, or to each document of an array there (other elements
   * kept when {@code otherwise} is {@code "#same"}, else left out); anything else becomes {@code otherwise} (null:
   * left out; {@code "#same"}: kept as it is).
   */
  private String eachDocument(String at, java.util.function.UnaryOperator<String> onDocument, String otherwise) {
    return x.bind(at, y -> {
      String e = x.translation().alias();
      String element = "CASE WHEN jsonb_typeof(" + e + ".v) = 'object' THEN " + onDocument.apply(e + ".v")
          + ("#same".equals(otherwise) ? " ELSE " + e + ".v" : "") + " END";
      String array = "(SELECT COALESCE(jsonb_agg(" + element + " ORDER BY " + e + ".i) FILTER (WHERE "
          + ("#same".equals(otherwise) ? "TRUE" : "jsonb_typeof(" + e + ".v) = 'object'") + "), '[]') FROM"
          + " jsonb_array_elements(" + y + ") WITH ORDINALITY AS " + e + "(v, i))";
      String rest = "#same".equals(otherwise) ? y : otherwise == null ? "NULL" : otherwise;
      return "CASE WHEN jsonb_typeof(" + y + ") = 'object' THEN " + onDocument.apply(y) + " WHEN jsonb_typeof(" + y
          + ") = 'array' THEN " + array + " ELSE " + rest + " END";
    });
  }

}
