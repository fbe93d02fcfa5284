package stress.mongo.expression;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.mongo.value.BsonOrder;
import stress.mongo.value.FailingCast;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.PathFacts;
import stress.mongo.value.RefusedOperator;
import stress.mongo.value.Translation;
import stress.mongo.value.TranslationTarget;

/**
 * Translates an aggregation expression into a SQL {@code jsonb} expression over a document column: SQL NULL is a
 * missing value, JSON {@code null} is null (MongoDB keeps them apart). Field paths step through arrays of documents
 * as MongoDB's do; arithmetic is done in {@code numeric} ({@link AggregateArithmetic}); comparisons use MongoDB's
 * order of values ({@link BsonOrder}). The table of what
 * each operator becomes is in docs/mongo-aggregate.md.
 */
public final class AggregateExpression {
  static final Set<String> OPERATORS = new TreeSet<>(List.of("$literal", "$add", "$subtract", "$multiply", "$divide",
      "$concat", "$toUpper", "$toLower", "$size", "$ifNull", "$cond", "$eq", "$ne", "$gt", "$gte", "$lt", "$lte",
      "$cmp", "$and", "$or", "$not", "$year", "$month", "$dayOfMonth", "$hour", "$minute", "$second", "$millisecond",
      "$dayOfWeek", "$dayOfYear", "$dateToString", "$sum", "$avg", "$min", "$max", "$abs", "$mod", "$arrayElemAt",
      "$in"));
  private static final String NULL = "CAST('null' AS jsonb)";
  private final Translation t;
  /** The documents of {@code $unwind} stages, by the column that holds them ({@code pN.doc}). */
  private final Map<String, Unwound> unwound = new java.util.HashMap<>();

  /** Field paths on the documents in column {@code doc} are read as {@code u} says. */
  public void unwound(String doc, Unwound u) {
    unwound.put(doc, u);
  }

  public AggregateExpression(Translation t) {
    this.t = t;
  }

  /**
   * The value of an expression evaluated on the table's own document ({@code data}): a field path whose parent the
   * table's path facts show holds no array in any document is the value at the path, with no step through arrays.
   */
  public String tableValue(BsonValue e) {
    MongoPath above = askParent(e);
    PathFacts parent = above == null ? null : t.target.paths().facts(above);
    if (parent != null && !parent.arrays()) {
      return "(data #> " + JsonPathText.sql(MongoPath.parse(e.asString().getValue().substring(1)).textArray()) + ")";
    }
    return value(e, "data");
  }

  /**
   * For a field path of more than one step, its parent, which {@code analyze} is asked to find the facts of (they
   * decide {@link #tableValue}'s form); null for any other expression.
   */
  public MongoPath askParent(BsonValue e) {
    if (!e.isString() || !e.asString().getValue().startsWith("$") || e.asString().getValue().startsWith("$$")) {
      return null;
    }
    List<String> keys = MongoPath.parse(e.asString().getValue().substring(1)).keys();
    if (keys.size() < 2) {
      return null;
    }
    MongoPath above = new MongoPath(keys.subList(0, keys.size() - 1));
    t.asked.add(above.toString());
    return above;
  }

  /** The value of an expression evaluated on the document in {@code root}. */
  public String value(BsonValue e, String root) {
    if (e.isString()) {
      String s = e.asString().getValue();
      if (s.startsWith("$$")) {
        return switch (s) {
          case "$$ROOT", "$$CURRENT" -> root;
          case "$$REMOVE" -> "CAST(NULL AS jsonb)";
          default -> throw new IllegalArgumentException("variable " + s + " is not supported; supported: $$ROOT,"
              + " $$CURRENT, $$REMOVE");
        };
      }
      if (s.startsWith("$")) {
        List<String> keys = MongoPath.parse(s.substring(1)).keys();
        Unwound u = unwound.get(root);
        return u == null ? fieldPath(root, keys) : u.read(root, keys);
      }
      int p = t.parameters.indexOf(e);
      if (p >= 0) {
        String name = t.parameters.name(p);
        return "CAST(" + t.placeholder(p, x -> JsonPathText.json(x, name)) + " AS jsonb)";
      }
    }
    if (e.isDocument()) {
      BsonDocument d = e.asDocument();
      if (d.size() == 1 && d.getFirstKey().startsWith("$")) {
        return operator(d.getFirstKey(), d.get(d.getFirstKey()), root);
      }
      List<String[]> fields = new ArrayList<>();
      for (Map.Entry<String, BsonValue> f : d.entrySet()) {
        if (f.getKey().startsWith("$") || f.getKey().contains(".")) {
          throw new IllegalArgumentException("expression object field '" + f.getKey() + "': an operator must be the"
              + " only key of its document, and a field name holds no '.'");
        }
        fields.add(new String[] {f.getKey(), value(f.getValue(), root)});
      }
      return objectOf(fields);
    }
    if (e.isArray()) {
      List<String> items = new ArrayList<>();
      for (BsonValue v : e.asArray()) {
        items.add("COALESCE(" + value(v, root) + ", " + NULL + ")");
      }
      return items.isEmpty() ? "CAST('[]' AS jsonb)" : "jsonb_build_array(" + String.join(", ", items) + ")";
    }
    return literal(e);
  }

  /** A constant as the importer writes it. */
  static String literal(BsonValue v) {
    return "CAST(" + JsonPathText.sql(BsonJson.valueToRelaxedJson(v)) + " AS jsonb)";
  }

  /**
   * The value at a field path as MongoDB's {@code "$a.b"} gives it: through a document, the field; through an
   * array, the values of its documents' fields (documents lacking it and elements that are not documents left out);
   * missing through anything else. An array nested in an array on the way is left out (MongoDB keeps its nesting).
   */
  static String fieldPath(String root, List<String> keys) {
    if (keys.size() == 1) {
      return "(" + root + " -> " + JsonPathText.sql(keys.get(0)) + ")";
    }
    List<String> arrays = new ArrayList<>();
    for (int i = 1; i < keys.size(); i++) {
      arrays.add("jsonb_typeof(" + root + " #> " + JsonPathText.sql(new MongoPath(keys.subList(0, i)).textArray())
          + ") = 'array'");
    }
    return "(CASE WHEN " + String.join(" OR ", arrays) + " THEN " + general(root, keys, 0) + " ELSE " + root + " #> "
        + JsonPathText.sql(new MongoPath(keys).textArray()) + " END)";
  }

  /**
   * The value at the path in {@code v} when an array may be on the way: a document is stepped into, the documents of
   * an array are each stepped into (the values found, missing ones left out, make an array). A document is treated as
   * an array of itself whose one value is taken back, so each step writes the next step once (the statement grows
   * with the path's length, not with two to its power).
   */
  private static String general(String v, List<String> keys, int depth) {
    String z = "z" + depth;
    String e = "z" + (depth + 1);
    String next = "(" + e + ".v -> " + JsonPathText.sql(keys.get(0)) + ")";
    String each = keys.size() == 1 ? next : general(next, keys.subList(1, keys.size()), depth + 2);
    String type = "jsonb_typeof(" + z + ".v)";
    return "(SELECT CASE WHEN " + type + " = 'array' THEN " + z + "m.a WHEN " + type + " = 'object' THEN " + z
        + "m.a -> 0 END FROM (SELECT " + v + ") AS " + z + "(v) CROSS JOIN LATERAL (SELECT COALESCE(jsonb_agg(" + e
        + "x.x ORDER BY " + e + ".i) FILTER (WHERE " + e + "x.x IS NOT NULL), '[]') FROM jsonb_array_elements(CASE WHEN "
        + type + " = 'array' THEN " + z + ".v WHEN " + type + " = 'object' THEN jsonb_build_array(" + z + ".v) ELSE"
        + " '[]' END) WITH ORDINALITY AS " + e + "(v, i) CROSS JOIN LATERAL (SELECT CASE WHEN jsonb_typeof(" + e
        + ".v) = 'object' THEN " + each + " END) AS " + e + "x(x)) AS " + z + "m(a))";
  }

  /**
   * A document of the fields whose values are not missing, from (name, value) pairs. Where the server cannot run a
   * subquery two levels inside the row it reads ({@link TranslationTarget#deepCorrelation}), every value is read twice
   * rather than once from a VALUES list, which would put a value's own subquery two levels inside.
   */
  public String objectOf(List<String[]> fields) {
    if (fields.isEmpty()) {
      return "CAST('{}' AS jsonb)";
    }
    if (!t.target.deepCorrelation() || fields.stream().allMatch(f -> simple(f[1]))) {
      // values cheap to read twice: built in one call, the missing ones' names taken out again (no subquery per row)
      List<String> pairs = new ArrayList<>();
      List<String> missing = new ArrayList<>();
      for (String[] f : fields) {
        pairs.add(JsonPathText.sql(f[0]) + ", " + f[1]);
        missing.add("CASE WHEN " + f[1] + " IS NULL THEN " + JsonPathText.sql(f[0]) + " END");
      }
      return "(jsonb_build_object(" + String.join(", ", pairs) + ") - CAST(ARRAY[" + String.join(", ", missing)
          + "] AS text[]))";
    }
    List<String> rows = new ArrayList<>();
    for (String[] f : fields) {
      rows.add("(" + JsonPathText.sql(f[0]) + ", " + f[1] + ")");
    }
    return "(SELECT COALESCE(jsonb_object_agg(f.k, f.v), '{}') FROM (VALUES " + String.join(", ", rows)
        + ") AS f(k, v) WHERE f.v IS NOT NULL)";
  }

  /** MongoDB's truth: false, null, missing and zero are false, everything else true. */
  public static String truthy(String v) {
    return "(" + v + " IS NOT NULL AND " + v + " NOT IN (CAST('false' AS jsonb), " + NULL + ", CAST('0' AS jsonb)))";
  }

  private String operator(String op, BsonValue arg, String root) {
    return switch (op) {
      case "$literal" -> literal(arg);
      case "$add", "$multiply" -> AggregateArithmetic.of(this, op, args(op, arg, 1, -1), root);
      case "$subtract", "$divide" -> AggregateArithmetic.of(this, op, args(op, arg, 2, 2), root);
      case "$concat" -> concat(args(op, arg, 0, -1), root);
      case "$toUpper", "$toLower" -> caseOf(op, one(op, arg), root);
      case "$size" -> bind(value(one(op, arg), root), v -> "CASE WHEN jsonb_typeof(" + v + ") = 'array' THEN"
          + " to_jsonb(jsonb_array_length(" + v + ")) END");
      case "$ifNull" -> ifNull(args(op, arg, 2, -1), root);
      case "$cond" -> cond(arg, root);
      case "$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$cmp" -> compare(op, args(op, arg, 2, 2), root);
      case "$and", "$or" -> logical(op, args(op, arg, 0, -1), root);
      case "$in" -> in(args(op, arg, 2, 2), root);
      case "$not" -> "to_jsonb(NOT " + bind(value(one(op, arg), root), AggregateExpression::truthy) + ")";
      case "$year", "$month", "$dayOfMonth", "$hour", "$minute", "$second", "$millisecond", "$dayOfWeek",
          "$dayOfYear" -> AggregateDates.datePart(this, op, arg, root);
      case "$dateToString" -> AggregateDates.dateToString(this, arg, root);
      case "$sum", "$avg", "$min", "$max" -> overArray(op, arg, root);
      case "$abs" -> AggregateArithmetic.abs(this, one(op, arg), root);
      case "$mod" -> AggregateArithmetic.mod(this, args(op, arg, 2, 2), root);
      case "$arrayElemAt" -> {
        // a negative index counts from the end; out of range is missing
        BsonArray two = args(op, arg, 2, 2);
        yield bind(value(two.get(0), root), a -> bind(value(two.get(1), root), i -> "CASE WHEN jsonb_typeof(" + a
            + ") = 'array' AND jsonb_typeof(" + i + ") = 'number' THEN " + a + " -> CAST(" + i + " #>> '{}' AS integer)"
            + " WHEN " + a + " IS NULL OR " + a + " = " + NULL + " OR " + i + " IS NULL OR " + i + " = " + NULL
            + " THEN " + NULL + " END"));
      }
      default -> throw new RefusedOperator("expression operator", op, OPERATORS);
    };
  }

  private static BsonArray args(String op, BsonValue arg, int min, int max) {
    BsonArray list = arg.isArray() ? arg.asArray() : new BsonArray(List.of(arg));
    if (list.size() < min || max >= 0 && list.size() > max) {
      throw new IllegalArgumentException(op + " takes " + (min == max ? "exactly " + min : "at least " + min)
          + " argument" + (min == 1 ? "" : "s") + ", got " + list.size());
    }
    return list;
  }

  static BsonValue one(String op, BsonValue arg) {
    return args(op, arg, 1, 1).get(0);
  }

  /**
   * Writes {@code body} over a value bound once: a simple value (a column, a path, a constant) is repeated, any
   * other is computed once in a scalar subquery.
   */
  public String bind(String value, java.util.function.UnaryOperator<String> body) {
    if (simple(value)) {
      return "(" + body.apply(value) + ")";
    }
    String b = t.alias();
    return "(SELECT " + body.apply(b + ".v") + " FROM " + once(value) + " AS " + b + "(v))";
  }

  /**
   * A subquery that evaluates {@code values} once per document. Without the fence the planner pulls a subquery of
   * expressions up into the one that reads it and writes each expression in again wherever it is read: a comparison
   * reads each operand about ten times, so nested operators grew the plan exponentially (a three-level $expr on the
   * zips made some 1,750 subplans and did not finish planning in 60 s). Not on a server whose coordinator crashes on
   * such a fence ({@link TranslationTarget#deepCorrelation}): a deeply nested expression plans large there.
   */
  String once(String values) {
    return "(SELECT " + values + t.target.lateralFence() + ")";
  }

  /** A column, one step into it, or a constant: as cheap to write twice as to bind. */
  public static boolean simple(String value) {
    return value.matches("\\(?[a-z][a-z0-9_.]*( -> '[^']*')?\\)?") || value.matches("CAST\\('[^']*' AS jsonb\\)")
        || value.matches("\\(data #> '\\{[^'}]*\\}'\\)");
  }

  private String concat(BsonArray args, String root) {
    if (args.isEmpty()) {
      return "to_jsonb(''::text)";
    }
    List<String> values = new ArrayList<>();
    List<String> cols = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    String b = t.alias();
    for (int i = 0; i < args.size(); i++) {
      values.add(value(args.get(i), root));
      cols.add("v" + i);
      texts.add("CASE WHEN jsonb_typeof(" + b + ".v" + i + ") = 'string' THEN " + b + ".v" + i + " #>> '{}' END");
    }
    return "(SELECT COALESCE(to_jsonb(" + String.join(" || ", texts) + "), " + NULL + ") FROM "
        + once(String.join(", ", values)) + " AS " + b + "(" + String.join(", ", cols) + "))";
  }

  private String caseOf(String op, BsonValue arg, String root) {
    String fn = op.equals("$toUpper") ? "upper" : "lower";
    return bind(value(arg, root), v -> "to_jsonb(" + fn + "(CASE WHEN jsonb_typeof(" + v + ") IN ('string', 'number')"
        + " THEN " + v + " #>> '{}' ELSE '' END COLLATE \"C\"))");
  }

  private String ifNull(BsonArray args, String root) {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String v = value(args.get(i), root);
      values.add(i < args.size() - 1 ? "NULLIF(" + v + ", " + NULL + ")" : v);
    }
    return "COALESCE(" + String.join(", ", values) + ")";
  }

  private String cond(BsonValue arg, String root) {
    BsonValue ifE;
    BsonValue thenE;
    BsonValue elseE;
    if (arg.isArray()) {
      BsonArray a = args("$cond", arg, 3, 3);
      ifE = a.get(0);
      thenE = a.get(1);
      elseE = a.get(2);
    } else if (arg.isDocument() && arg.asDocument().keySet().equals(Set.of("if", "then", "else"))) {
      ifE = arg.asDocument().get("if");
      thenE = arg.asDocument().get("then");
      elseE = arg.asDocument().get("else");
    } else {
      throw new IllegalArgumentException("$cond takes [if, then, else] or {if: ..., then: ..., else: ...}");
    }
    return "(CASE WHEN " + bind(value(ifE, root), AggregateExpression::truthy) + " THEN " + value(thenE, root)
        + " ELSE " + value(elseE, root) + " END)";
  }

  /**
   * {@code $in} as an expression: whether the array holds a value equal to the first operand, as {@code $eq} compares
   * (missing equals nothing); a second operand that is not an array fails the statement, as MongoDB fails the query.
   */
  private String in(BsonArray args, String root) {
    String b = t.alias();
    String e = t.alias();
    String test = "CASE WHEN jsonb_typeof(" + b + ".r) = 'array' THEN to_jsonb(EXISTS (SELECT 1 FROM"
        + " jsonb_array_elements(" + b + ".r) AS " + e + "(v) WHERE " + BsonOrder.comparable(b + ".l") + " = "
        + BsonOrder.comparable(e + ".v") + ")) ELSE " + FailingCast.fail("'refused as in MongoDB: $in requires an array as a"
        + " second argument, found: ' || COALESCE(jsonb_typeof(" + b + ".r), 'missing')") + " END";
    return "(SELECT " + test + " FROM " + once(value(args.get(0), root) + ", " + value(args.get(1), root)) + " AS "
        + b + "(l, r))";
  }

  /** MongoDB's comparison of any two values: by kind first (missing below null), then within the kind. */
  private String compare(String op, BsonArray args, String root) {
    String b = t.alias();
    String lr = BsonOrder.comparable(b + ".l");
    String rr = BsonOrder.comparable(b + ".r");
    String test = switch (op) {
      case "$eq" -> "to_jsonb(" + lr + " = " + rr + ")";
      case "$ne" -> "to_jsonb(" + lr + " <> " + rr + ")";
      case "$gt" -> "to_jsonb(" + lr + " > " + rr + ")";
      case "$gte" -> "to_jsonb(" + lr + " >= " + rr + ")";
      case "$lt" -> "to_jsonb(" + lr + " < " + rr + ")";
      case "$lte" -> "to_jsonb(" + lr + " <= " + rr + ")";
      default -> "to_jsonb(CASE WHEN " + lr + " < " + rr + " THEN -1 WHEN " + lr + " > " + rr + " THEN 1 ELSE 0 END)";
    };
    return "(SELECT " + test + " FROM " + once(value(args.get(0), root) + ", " + value(args.get(1), root)) + " AS "
        + b + "(l, r))";
  }

  private String logical(String op, BsonArray args, String root) {
    if (args.isEmpty()) {
      return op.equals("$and") ? "CAST('true' AS jsonb)" : "CAST('false' AS jsonb)";
    }
    List<String> parts = new ArrayList<>();
    for (BsonValue a : args) {
      parts.add(bind(value(a, root), AggregateExpression::truthy));
    }
    return "to_jsonb(" + String.join(op.equals("$and") ? " AND " : " OR ", parts) + ")";
  }

  /**
   * {@code $sum}, {@code $avg}, {@code $min}, {@code $max} as expressions: over the elements of one array operand,
   * or over the operands given as a list; values that are not numbers are ignored by sum and average.
   */
  private String overArray(String op, BsonValue arg, String root) {
    String source;
    if (arg.isArray() && arg.asArray().size() != 1) {
      List<String> items = new ArrayList<>();
      for (BsonValue a : arg.asArray()) {
        items.add("(" + value(a, root) + ")");
      }
      source = "(VALUES " + String.join(", ", items) + ")";
    } else {
      String v = value(arg.isArray() ? arg.asArray().get(0) : arg, root);
      source = "(SELECT jsonb_array_elements(CASE WHEN jsonb_typeof(" + v + ") = 'array' THEN " + v
          + " ELSE jsonb_build_array(" + v + ") END))";
    }
    String b = t.alias();
    return "(SELECT " + Accumulators.accumulate(this, op, b + ".v", null) + " FROM " + source + " AS " + b + "(v))";
  }

  public Translation translation() {
    return t;
  }
}
