package stress.mongo;

import java.util.List;
import org.bson.BsonValue;
import stress.ops.TableForms.IndexAdvice;

/** Comparisons written on a path's {@link TypedExpression}, where the table's facts make that MongoDB's answer. */
final class TypedCondition {
  private TypedCondition() {}

  /**
   * The typed, index-served form of a comparison on a top-level path, or null where it would not give MongoDB's
   * answer: the table's facts must show no array on the path, and no value of the kind that the expression cannot
   * order (Decimal128 and NaN for numbers, dates outside 1970-9999). Values of other kinds give NULL in the
   * expression, which is MongoDB's bracketing: a number never matches a string. Equality is written so only where the
   * file declares a btree index of the path, since a GIN index on data serves the general form.
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
      String in = arg.isArray() ? in(t, path, arg.asArray(), facts) : null;
      t.chose(name + (in != null ? ": typed $in on its declared btree" : ": general form of $in (a GIN index on data"
          + " serves it; a btree of the path's kind, declared in indexes:, would be read instead)"),
          in != null ? new IndexAdvice(List.of(name), List.of(t.target.indexed().get(name))) : IndexAdvice.GIN);
      return in;
    }
    int p = t.parameters.indexOf(arg);
    String kind = p >= 0 ? parameterKind(t, p, facts) : TypedValues.kindOf(arg);
    boolean decimals = facts.kinds().contains(PathFacts.DECIMAL) || facts.kinds().contains(PathFacts.SPECIAL_DOUBLE);
    if (sqlOp.equals("=") && (kind == null || !kind.equals(t.target.indexed().get(name)))) {
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
    String unserved = kind == null ? (p >= 0 ? "the path holds more than one kind, and the parameter may draw any"
        : "no typed form for a value of this kind")
        : kind.equals(TypedExpression.NUMBER) && decimals ? "it holds Decimal128 or NaN values"
        : kind.equals(TypedExpression.DATE) && facts.kinds().contains(PathFacts.FAR_DATE)
        ? "it holds dates outside 1970-9999" : null;
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
      if (sqlOp.equals("=")) {
        t.equalities.put(name, kind);
      }
    }
    t.chose(name + ": typed " + kind + (sqlOp.equals("=") ? " equality" : " range"),
        new IndexAdvice(List.of(name), List.of(kind)));
    return TypedExpression.of(path.keys(), kind) + " " + sqlOp + " " + value;
  }

  /**
   * {@code $in} of literals all of the kind of the btree the file declares on the path: {@code expr IN (...)}, which
   * that btree serves; null otherwise (the general form, which a GIN index on data serves).
   */
  private static String in(Translation t, MongoPath path, org.bson.BsonArray values, PathFacts facts) {
    String kind = t.target.indexed().get(path.toString());
    if (kind == null || values.isEmpty() || kind.equals(TypedExpression.NUMBER)
        && (facts.kinds().contains(PathFacts.DECIMAL) || facts.kinds().contains(PathFacts.SPECIAL_DOUBLE))
        || kind.equals(TypedExpression.DATE) && facts.kinds().contains(PathFacts.FAR_DATE)) {
      return null;
    }
    java.util.List<String> literals = new java.util.ArrayList<>();
    for (BsonValue v : values) {
      if (t.parameters.indexOf(v) >= 0 || !kind.equals(TypedValues.kindOf(v))) {
        return null;
      }
      literals.add(TypedValues.literal(v, kind));
    }
    return TypedExpression.of(path.keys(), kind) + " IN (" + String.join(", ", literals) + ")";
  }

  /**
   * Equality on a path without arrays as one containment test, {@code data @> '{"a": {"b": 5}}'}, which a GIN index
   * on data serves on every target (jsonpath or not): exact there for a scalar, numbers compared by value. Null for
   * null (which also matches a missing field), documents and arrays (whose equality is whole, not contained), and
   * sampled parameters where the path holds documents, which they may then draw.
   */
  private static String containment(Translation t, MongoPath path, BsonValue arg, int p, PathFacts facts) {
    boolean documents = facts.kinds().contains(PathFacts.OBJECT) || facts.kinds().contains(PathFacts.OTHER);
    if (p >= 0 ? t.parameters.isSampled(p) && documents : !(arg.isString() || arg.isNumber() || arg.isBoolean()
        || arg.isObjectId() || arg.isDateTime())) {
      return null; // a sampled value is a document only where the path holds documents
    }
    StringBuilder before = new StringBuilder();
    StringBuilder after = new StringBuilder();
    for (String key : path.keys()) {
      before.append('{').append(JsonPathText.string(key)).append(": ");
      after.append('}');
    }
    if (p < 0) {
      return "data @> CAST(" + JsonPathText.sql(before + stress.dump.BsonJson.valueToRelaxedJson(arg) + after)
          + " AS jsonb)";
    }
    String name = t.parameters.name(p);
    return "data @> CAST(" + t.placeholder(p, x -> before + JsonPathText.json(x, name) + after) + " AS jsonb)";
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
