package stress.mongo;

import stress.dump.BsonJson;

/** {@code $inc} and {@code $mul} of an update ({@link UpdateTranslator}), in {@code numeric}. */
final class UpdateArithmetic {
  private final Translation t;
  private final UpdateRefusals refusals;

  UpdateArithmetic(Translation t, UpdateRefusals refusals) {
    this.t = t;
    this.refusals = refusals;
  }

  /** The data after the change, around the data before it. */
  String apply(String data, UpdateChange c) {
    refusals.arithmetic(c.op(), c.path());
    return "jsonb_set(" + data + ", " + c.sqlPath() + ", " + arithmetic(c) + ", true)";
  }

  /**
   * The value {@code $inc} or {@code $mul} leaves: the sum or product in numeric (a missing field is 0 of the
   * operand's type: {@code $mul} by 2 gives 0, by 2.5 gives 0.0); a Decimal128 stays one ({@code {"$numberDecimal":
   * "3.10"}}), a double written {@code {"$numberDouble": ...}} too. NaN stays NaN; an infinity stays as it is when
   * added to, and when multiplied takes the operand's sign (by 0 it is NaN), as in IEEE arithmetic.
   */
  private String arithmetic(UpdateChange c) {
    String v = UpdateRefusals.at(c.path());
    String wrapped = "COALESCE(" + v + " ->> '$numberDecimal', " + v + " ->> '$numberDouble')";
    String key = "CASE WHEN jsonb_exists(" + v + ", '$numberDecimal') THEN '$numberDecimal' ELSE '$numberDouble' END";
    boolean mul = c.op().equals("$mul");
    String sign = mul ? "" : " WHEN " + wrapped + " IN ('Infinity', '-Infinity') THEN " + v;
    if (mul) { // each use of the operand its own placeholder, in the text's order; searched CASE only (Citus)
      sign = " WHEN " + wrapped + " IN ('Infinity', '-Infinity') AND " + number(c) + " > 0 THEN " + v
          + " WHEN " + wrapped + " IN ('Infinity', '-Infinity') AND " + number(c) + " < 0 THEN CAST('{\"' || " + key
          + " || '\": \"' || CASE WHEN " + wrapped + " = 'Infinity' THEN '-Infinity' ELSE 'Infinity' END || '\"}'"
          + " AS jsonb) WHEN " + wrapped + " IN ('Infinity', '-Infinity') THEN CAST('{\"' || " + key
          + " || '\": \"NaN\"}' AS jsonb)";
    }
    String op = mul ? " * " : " + ";
    return "CASE WHEN " + wrapped + " = 'NaN' THEN " + v + sign + " WHEN jsonb_typeof(" + v
        + ") = 'object' THEN CAST('{\"' || " + key + " || '\": \"' || CAST(CAST(" + wrapped + " AS numeric)" + op
        + number(c) + " AS text) || '\"}' AS jsonb) ELSE CAST(CAST(COALESCE(CAST(data #>> " + c.sqlPath()
        + " AS numeric), 0)" + op + number(c) + " AS text) AS jsonb) END";
  }

  private String number(UpdateChange c) {
    int p = t.parameters.indexOf(c.value());
    if (p >= 0) {
      String name = t.parameters.name(p);
      return "CAST(" + t.placeholder(p, x -> new java.math.BigDecimal(JsonPathText.json(x, name))) + " AS numeric)";
    }
    if (!(c.value().isInt32() || c.value().isInt64() || c.value().isDouble())
        || c.value().isDouble() && !Double.isFinite(c.value().asDouble().getValue())) {
      throw new IllegalArgumentException(c.op() + " on '" + c.path() + "' needs a finite number (int, long or double),"
          + " got " + BsonJson.valueToRelaxedJson(c.value()));
    }
    return JsonPathText.literal(c.value());
  }
}
