package stress.mongo;

import org.bson.BsonValue;

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
    String sqlOp = switch (op) {
      case "$gt" -> ">";
      case "$gte" -> ">=";
      case "$lt" -> "<";
      case "$lte" -> "<=";
      case "$eq" -> "=";
      default -> null;
    };
    if (facts != null && !facts.arrays() && op.equals("$in") && arg.isArray()) {
      return in(t, path, arg.asArray(), facts);
    }
    if (facts == null || facts.arrays() || sqlOp == null) {
      return null;
    }
    int p = t.parameters.indexOf(arg);
    String kind = p >= 0 ? parameterKind(t, p, facts) : TypedValues.kindOf(arg);
    if (sqlOp.equals("=") && (kind == null || !kind.equals(t.target.indexed().get(path.toString())))) {
      return facts.kinds().contains(PathFacts.DECIMAL) && (p >= 0 || arg.isNumber()) ? null
          : containment(t, path, arg, p); // a number equals a Decimal128 of its value, which containment misses
    }
    if (kind == null || kind.equals(TypedExpression.NUMBER) && (facts.kinds().contains(PathFacts.DECIMAL)
        || facts.kinds().contains(PathFacts.SPECIAL_DOUBLE))
        || kind.equals(TypedExpression.DATE) && facts.kinds().contains(PathFacts.FAR_DATE)
        || sqlOp.equals("=") && !kind.equals(t.target.indexed().get(path.toString()))) {
      return null;
    }
    String value;
    if (p >= 0) {
      String which = kind;
      String name = t.parameters.name(p);
      value = "CAST(" + t.placeholder(p, x -> TypedValues.bound(x, which, op, name)) + " AS "
          + (kind.equals(TypedExpression.NUMBER) ? "numeric)" : "text)");
    } else {
      value = TypedValues.literal(arg, kind);
    }
    if (conjunctive) {
      t.restricted.put(path.toString(), kind);
    }
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
   * sampled parameters, which may draw those.
   */
  private static String containment(Translation t, MongoPath path, BsonValue arg, int p) {
    if (p >= 0 ? t.parameters.isSampled(p) : !(arg.isString() || arg.isNumber() || arg.isBoolean()
        || arg.isObjectId() || arg.isDateTime())) {
      return null;
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

  /** A parameter's kind: a date parameter's, else the one kind the path holds (its values are bound by kind). */
  private static String parameterKind(Translation t, int p, PathFacts facts) {
    if (t.parameters.isDate(p)) {
      return TypedExpression.DATE;
    }
    java.util.Set<String> kinds = facts.valueKinds();
    if (kinds.size() != 1) {
      return null;
    }
    String only = kinds.iterator().next();
    return only.equals(PathFacts.NUMBER) || only.equals(PathFacts.STRING) ? only : null;
  }
}
