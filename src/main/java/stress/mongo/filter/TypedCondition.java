package stress.mongo.filter;

import java.util.List;
import org.bson.BsonValue;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.PathFacts;
import stress.mongo.value.Translation;
import stress.mongo.value.TypedExpression;
import stress.mongo.value.TypedValues;
import stress.ops.file.TableForms.IndexAdvice;

/** Comparisons written on a path's {@link TypedExpression}, where the table's facts make that MongoDB's answer. */
final class TypedCondition {
  private TypedCondition() {}

  /**
   * The typed, index-served form of a comparison on a top-level path, or null where it would not give MongoDB's
   * answer: the table's facts must show no array on the path, and no value of the kind that the expression cannot
   * order (Decimal128 and NaN for numbers, dates outside 1970-9999). Values of other kinds give NULL in the
   * expression, which is MongoDB's bracketing: a number never matches a string. Equality and {@code $in} are written
   * so only where a btree of the path serves them ({@link #served}), since a GIN index on data serves the general
   * form.
   */
  static String of(Translation t, MongoPath path, String op, BsonValue arg, boolean conjunctive) {
    t.asked.add(path.toString());
    PathFacts facts = t.target.paths().facts(path);
    String name = path.toString();
    String sqlOp = switch (op) {
      case "$gt" -> ">";
      case "$gte" -> ">=";
      case "$lt" -> "<";
      case "$lte" -> "<=";
      case "$eq" -> "=";
      default -> null;
    };
    boolean equality = "=".equals(sqlOp) || op.equals("$in");
    if (sqlOp == null && !op.equals("$in")) {
      return null;
    }
    if (facts == null || facts.arrays()) {
      t.chose(name + ": general form: " + (facts == null ? "no path facts"
          : "an array occurs at or above it in some document (multikey), which no btree on the path reads")
          + (equality && t.target.jsonpath() ? "; a GIN index on data serves equality" : ""),
          equality && t.target.jsonpath() ? IndexAdvice.GIN : null);
      return null;
    }
    if (op.equals("$in")) {
      return in(t, path, arg, facts);
    }
    int p = t.parameters.indexOf(arg);
    String kind = p >= 0 ? parameterKind(t, p, facts) : TypedValues.kindOf(arg);
    Served btree = kind == null ? null : served(t, path, kind, facts, sqlOp.equals("="));
    if (sqlOp.equals("=") && btree == null) {
      if (facts.kinds().contains(PathFacts.DECIMAL) && (p >= 0 || arg.isNumber())) {
        t.chose(name + ": general form: it holds Decimal128 values, which equal numbers of their value", null);
        return null; // containment would miss a Decimal128 of the number's value
      }
      String containment = containment(t, path, arg, p, facts);
      t.chose(name + (containment != null ? ": equality as containment, data @> '{...}'" : ": general form of"
          + " equality") + (kind == null ? "" : "; a btree {path: " + name + ", type: " + kind + "} declared in"
          + " indexes: is read instead"), IndexAdvice.GIN);
      if (containment != null && conjunctive && kind != null) {
        t.equalities.put(name, kind);
      }
      return containment;
    }
    String unserved = unserved(kind, p, facts);
    if (unserved != null) {
      t.chose(name + ": general form: " + unserved, null);
      return null;
    }
    String value;
    if (p >= 0) {
      String which = kind;
      String parameter = t.parameters.name(p);
      value = "CAST(" + t.placeholder(p, x -> TypedValues.bound(x, which, op, parameter)) + " AS "
          + (kind.equals(TypedExpression.NUMBER) ? "numeric)" : "text)");
    } else {
      value = TypedValues.literal(arg, kind);
    }
    if (conjunctive) {
      t.restricted.put(name, kind);
      if (btree != null && !btree.typed()) {
        t.handWrittenFilter.put(name, new String[] {btree.expression(), btree.type()});
      }
      if (sqlOp.equals("=")) {
        t.equalities.put(name, kind);
      }
    }
    String index = btree == null ? kind : btree.type();
    t.chose(name + ": typed " + kind + (sqlOp.equals("=") ? " equality" : " range")
        + (btree != null && !btree.typed() ? " on its hand-written " + btree.type() + " btree" : ""),
        new IndexAdvice(List.of(name), List.of(index)));
    return (btree != null ? btree.expression() : TypedExpression.of(path.keys(), kind)) + " " + sqlOp + " " + value;
  }

  /** The btree that serves an equality of the path with this value or parameter, or null (see {@link #served}). */
  static Served servedEquality(Translation t, MongoPath path, BsonValue arg, int p, PathFacts facts) {
    String kind = p >= 0 ? parameterKind(t, p, facts) : TypedValues.kindOf(arg);
    return kind == null ? null : served(t, path, kind, facts, true);
  }

  /** Why a comparison of this kind has no typed form on the path, or null when it has. */
  private static String unserved(String kind, int p, PathFacts facts) {
    boolean decimals = facts.kinds().contains(PathFacts.DECIMAL) || facts.kinds().contains(PathFacts.SPECIAL_DOUBLE);
    return kind == null ? (p >= 0 ? "the path holds more than one kind, and the parameter may draw any"
        : "no typed form for a value of this kind")
        : kind.equals(TypedExpression.NUMBER) && decimals ? "it holds Decimal128 or NaN values"
        : kind.equals(TypedExpression.DATE) && facts.kinds().contains(PathFacts.FAR_DATE)
        ? "it holds dates outside 1970-9999" : null;
  }

  /**
   * A btree of the path that serves comparisons with values of {@code kind}, and the expression it indexes.
   *
   * @param type  the index's type ({@link TypedExpression#KINDS}, {@link TypedExpression#NUMERIC},
   *              {@link TypedExpression#TEXT})
   * @param typed true for a typed expression
   */
  record Served(String type, String expression, boolean typed) {}

  /**
   * The btree that serves comparisons of the path with values of {@code kind}: the typed one of that kind wherever
   * the table has it, whatever else the path has; else a hand-written one where the facts show that every value the
   * path holds is of that kind (numbers only, for {@code numeric}, whose cast would fail on anything else; strings
   * only, for {@code text}, and equality only, since its order is the database's collation, not MongoDB's byte order);
   * null when none.
   */
  static Served served(Translation t, MongoPath path, String kind, PathFacts facts, boolean equality) {
    String name = path.toString();
    if (t.target.indexed(name, kind) && unserved(kind, -1, facts) == null) {
      return new Served(kind, TypedExpression.of(path.keys(), kind), true);
    }
    boolean only = facts.valueKinds().equals(java.util.Set.of(kind));
    if (only && kind.equals(TypedExpression.NUMBER) && t.target.indexed(name, TypedExpression.NUMERIC)) {
      return new Served(TypedExpression.NUMERIC, TypedExpression.handWritten(path.keys(), TypedExpression.NUMERIC),
          false);
    }
    if (only && equality && kind.equals(TypedExpression.STRING) && t.target.indexed(name, TypedExpression.TEXT)) {
      return new Served(TypedExpression.TEXT, TypedExpression.handWritten(path.keys(), TypedExpression.TEXT), false);
    }
    return null;
  }

  /**
   * {@code $in} of literals all of one kind, on a btree of the path that serves that kind ({@link #served}):
   * {@code expr IN (...)}, which that btree serves; null otherwise (the general form, which a GIN index on data
   * serves).
   */
  private static String in(Translation t, MongoPath path, BsonValue arg, PathFacts facts) {
    String name = path.toString();
    String kind = null;
    boolean literals = arg.isArray() && !arg.asArray().isEmpty();
    for (BsonValue v : literals ? arg.asArray() : List.<BsonValue>of()) {
      String each = t.parameters.indexOf(v) >= 0 ? null : TypedValues.kindOf(v);
      literals = literals && each != null && (kind == null || kind.equals(each));
      kind = each;
    }
    Served btree = literals ? served(t, path, kind, facts, true) : null;
    if (btree == null) {
      t.chose(name + ": general form of $in (a GIN index on data serves it; a btree of the path's kind, declared in"
          + " indexes:, would be read instead)", IndexAdvice.GIN);
      return null;
    }
    java.util.List<String> values = new java.util.ArrayList<>();
    for (BsonValue v : arg.asArray()) {
      values.add(TypedValues.literal(v, kind));
    }
    t.chose(name + ": typed $in on its " + (btree.typed() ? "" : "hand-written ") + btree.type() + " btree",
        new IndexAdvice(List.of(name), List.of(btree.type())));
    return btree.expression() + " IN (" + String.join(", ", values) + ")";
  }

  /**
   * Equality on a path without arrays as one containment test, {@code data @> '{"a": {"b": 5}}'}, which a GIN index
   * on data serves on every target (jsonpath or not): exact there for a scalar, numbers compared by value. Null for
   * null (which also matches a missing field), documents and arrays (whose equality is whole, not contained), and
   * sampled parameters where the path holds documents, which they may then draw.
   */
  private static String containment(Translation t, MongoPath path, BsonValue arg, int p, PathFacts facts) {
    if (!containable(t, arg, p, facts)) {
      return null;
    }
    StringBuilder before = new StringBuilder();
    StringBuilder after = new StringBuilder();
    for (String key : path.keys()) {
      before.append('{').append(JsonPathText.string(key)).append(": ");
      after.append('}');
    }
    if (p < 0) {
      return "data @> CAST(" + JsonPathText.sql(before + stress.dump.bson.BsonJson.valueToRelaxedJson(arg) + after)
          + " AS jsonb)";
    }
    String name = t.parameters.name(p);
    return "data @> CAST(" + t.placeholder(p, x -> before + JsonPathText.json(x, name) + after) + " AS jsonb)";
  }

  /**
   * True when equality with the value (parameter {@code p}, or -1 for a literal) is a containment test of the path:
   * a scalar, not null (which also matches a missing field), no document or array (whose equality is whole, not
   * contained), and a sampled parameter only where the path holds no documents, which it may then draw.
   */
  static boolean containable(Translation t, BsonValue arg, int p, PathFacts facts) {
    boolean documents = facts.kinds().contains(PathFacts.OBJECT) || facts.kinds().contains(PathFacts.OTHER);
    return p >= 0 ? !(t.parameters.isSampled(p) && documents) : arg.isString() || arg.isNumber() || arg.isBoolean()
        || arg.isObjectId() || arg.isDateTime() || arg.isBinary();
  }

  /**
   * A parameter's kind: its own where every value it draws is of one kind (a date, a number range, a choice of
   * strings), else the one kind the path holds (its values are then bound by kind, another kind binding NULL).
   */
  private static String parameterKind(Translation t, int p, PathFacts facts) {
    if (t.parameters.isDate(p)) {
      return TypedExpression.DATE;
    }
    if (t.parameters.kind(p) != null) { // every drawn value is of this kind: compared with that kind only
      return t.parameters.kind(p);
    }
    java.util.Set<String> kinds = facts.valueKinds();
    if (kinds.size() != 1) {
      return null;
    }
    String only = kinds.iterator().next();
    return only.equals(PathFacts.NUMBER) || only.equals(PathFacts.STRING) ? only : null;
  }
}
