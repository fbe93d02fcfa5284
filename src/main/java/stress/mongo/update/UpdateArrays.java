package stress.mongo.update;

import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.mongo.filter.FilterTranslator;
import stress.mongo.value.BsonOrder;
import stress.mongo.value.Conditions;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.Translation;

/**
 * The array operators of an update ({@link UpdateTranslator}): {@code $push} (with {@code $each}, {@code $position},
 * {@code $slice}), {@code $pop}, {@code $addToSet} (with {@code $each}), {@code $pull} and {@code $pullAll}. An array
 * is rebuilt from its elements with {@code string_agg} of their text: {@code jsonb_agg} and {@code jsonb_build_array}
 * are stable, which Citus refuses in an UPDATE. Elements are equal as jsonb values are: numbers by value, documents
 * whatever the order of their fields (jsonb keeps none).
 */
final class UpdateArrays {
  private final Translation t;
  private final UpdateRefusals refusals;

  UpdateArrays(Translation t, UpdateRefusals refusals) {
    this.t = t;
    this.refusals = refusals;
  }

  /** The data after the change, around the data before it. */
  String apply(String data, UpdateChange c) {
    String old = refusals.at(c.path());
    return switch (c.op()) {
      case "$push" -> {
        refusals.push(c.path());
        yield "jsonb_set(" + data + ", " + c.sqlPath() + ", " + (UpdateFields.isModifiers(c.value()) ? each(c)
            : "COALESCE(" + old + ", '[]') || " + wrapped(c.value())) + ", true)";
      }
      case "$addToSet" -> {
        refusals.addToSet(c.path());
        yield "jsonb_set(" + data + ", " + c.sqlPath() + ", COALESCE(" + old + ", '[]') || " + added(c) + ", true)";
      }
      case "$pop" -> {
        refusals.pop(c.path());
        yield inPlace(data, c, "COALESCE((" + old + ") - " + (pop(c) == 1 ? "-1" : "0") + ", 'null')");
      }
      default -> {
        refusals.cull(c.op(), c.path());
        yield inPlace(data, c, culled(c));
      }
    };
  }

  /**
   * A value that replaces an array only where one is: a missing field, or a path through an array or a value that is
   * not a document, changes nothing, as in MongoDB ({@code jsonb_set} without creating, on no path where it would
   * fail).
   */
  private String inPlace(String data, UpdateChange c, String value) {
    return "jsonb_set(" + data + ", " + UpdateFields.unsetPath(refusals, c.path()) + ", COALESCE(" + value
        + ", 'null'), false)";
  }

  /** The array of the elements that {@code FROM} gives as {@code x(e, i)}, in the order of i. */
  private static String array(String from) {
    return "(SELECT CAST('[' || COALESCE(string_agg(CAST(x.e AS text), ', ' ORDER BY x.i), '') || ']' AS jsonb) FROM "
        + from + ")";
  }

  private static String elements(String array, String alias) {
    return "jsonb_array_elements(" + array + ") WITH ORDINALITY AS " + alias + "(e, i)";
  }

  /** {@code $pop}'s 1 (the last element) or -1 (the first), refused as MongoDB refuses anything else. */
  private int pop(UpdateChange c) {
    BsonValue v = c.value();
    if (t.parameters.indexOf(v) >= 0 || !v.isNumber() && !v.isDecimal128()) {
      throw new IllegalArgumentException("Expected a number in: " + c.path() + ": "
          + (t.parameters.indexOf(v) >= 0 ? "a parameter ($pop takes 1 or -1 written in the operation)"
          : BsonJson.valueToRelaxedJson(v)));
    }
    double n = v.isDecimal128() ? v.asDecimal128().getValue().bigDecimalValue().doubleValue()
        : v.asNumber().doubleValue();
    if (n != 1 && n != -1) {
      throw new IllegalArgumentException("$pop expects 1 or -1, found: "
          + (n == Math.rint(n) && Math.abs(n) < 1e15 ? Long.toString((long) n) : Double.toString(n)));
    }
    return (int) n;
  }

  /** A one-element array of the operand, written whole ({@code jsonb_build_array} is not immutable). */
  private String wrapped(BsonValue v) {
    int p = t.parameters.indexOf(v);
    if (p >= 0) {
      String name = t.parameters.name(p);
      return "CAST(" + t.placeholder(p, x -> "[" + JsonPathText.json(x, name) + "]") + " AS jsonb)";
    }
    return "CAST(" + JsonPathText.sql("[" + BsonJson.valueToRelaxedJson(v) + "]") + " AS jsonb)";
  }

  /** The {@code $each} array of an operator's operand ({@code $each} itself, or the one value). */
  private String eachArray(UpdateChange c) {
    if (!UpdateFields.isModifiers(c.value())) {
      return wrapped(c.value());
    }
    BsonValue each = c.value().asDocument().get("$each");
    if (each == null || !each.isArray()) {
      throw new IllegalArgumentException("The argument to $each in " + c.op() + " must be an array but it was of type: "
          + (each == null ? "missing" : typeName(each)));
    }
    for (BsonValue v : each.asArray()) {
      if (t.parameters.indexOf(v) >= 0) {
        throw new IllegalArgumentException(c.op() + " on '" + c.path() + "': a parameter inside $each is not"
            + " supported; write the values, or the operand without $each");
      }
    }
    return "CAST(" + JsonPathText.sql(BsonJson.valueToRelaxedJson(each)) + " AS jsonb)";
  }

  /**
   * {@code $addToSet}: the operand's values (its {@code $each}) that are not in the array and not earlier among
   * them, in their order.
   */
  private String added(UpdateChange c) {
    if (UpdateFields.isModifiers(c.value()) && c.value().asDocument().size() > 1) {
      throw new IllegalArgumentException("Found unexpected fields after $each in $addToSet: "
          + BsonJson.valueToRelaxedJson(c.value()));
    }
    String old = refusals.at(c.path());
    String values = elements(eachArray(c), "x"); // before the second use: placeholders in the text's order
    return array(values + " WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(" + old + ", '[]')) AS o(e)"
        + " WHERE o.e = x.e) AND NOT EXISTS (SELECT 1 FROM " + elements(eachArray(c), "y")
        + " WHERE y.i < x.i AND y.e = x.e)");
  }

  /**
   * {@code $push} with {@code $each}: the values inserted at {@code $position} (the end without it; from the end
   * when negative), sorted by {@code $sort}, then {@code $slice} keeps the first n (the last -n when negative).
   */
  private String each(UpdateChange c) {
    BsonDocument mods = c.value().asDocument();
    Long position = null;
    Long slice = null;
    String sort = "u.g, u.i";
    for (Map.Entry<String, BsonValue> m : mods.entrySet()) {
      switch (m.getKey()) {
        case "$each" -> { }
        case "$position" -> position = integer(m.getValue(), "The value for $position must be an integer value, not of"
            + " type: ");
        case "$slice" -> slice = integer(m.getValue(), "The value for $slice must be an integer value but was given"
            + " type: ");
        case "$sort" -> sort = sortOrder(m.getValue());
        default -> throw new IllegalArgumentException("Unrecognized clause in $push: " + m.getKey());
      }
    }
    String old = "COALESCE(" + refusals.at(c.path()) + ", '[]')";
    String at = position == null ? null : position >= 0 ? Long.toString(position)
        : "GREATEST(0, jsonb_array_length(" + old + ") + " + position + ")";
    String group = at == null ? "0" : "CASE WHEN o.i <= " + at + " THEN 0 ELSE 2 END";
    String rows = "SELECT o.e, o.i, " + group + " AS g FROM " + elements(old, "o") + " UNION ALL SELECT n.e, n.i, 1"
        + " FROM " + elements(eachArray(c), "n");
    String numbered = "SELECT u.e, row_number() OVER (ORDER BY " + sort + ") AS i, count(*) OVER () AS n FROM (" + rows
        + ") AS u";
    String kept = slice == null ? "" : slice >= 0 ? " WHERE x.i <= " + slice : " WHERE x.i > x.n - " + (-slice);
    return array("(" + numbered + ") AS x" + kept);
  }

  /**
   * The ORDER BY of {@code $sort}: 1 or -1 orders the elements, {@code {field: 1, ...}} their fields (a missing one
   * as null), in MongoDB's order of values; equal elements keep their order.
   */
  private static String sortOrder(BsonValue v) {
    String invalid = "The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded"
        + " fields";
    if (v.isNumber()) {
      double d = v.asNumber().doubleValue();
      if (d != 1 && d != -1) {
        throw new IllegalArgumentException(invalid);
      }
      return BsonOrder.orderBy("u.e", d > 0) + ", u.g, u.i";
    }
    if (!v.isDocument() || v.asDocument().isEmpty()) {
      throw new IllegalArgumentException(invalid);
    }
    StringBuilder keys = new StringBuilder();
    for (Map.Entry<String, BsonValue> f : v.asDocument().entrySet()) {
      double d = f.getValue().isNumber() ? f.getValue().asNumber().doubleValue() : 0;
      if (d != 1 && d != -1) {
        throw new IllegalArgumentException("The $sort element value must be either 1 or -1");
      }
      keys.append(BsonOrder.orderBy("u.e #> " + JsonPathText.sql(MongoPath.parse(f.getKey()).textArray()), d > 0))
          .append(", ");
    }
    return keys + "u.g, u.i";
  }

  private static long integer(BsonValue v, String refusal) {
    if (v.isInt32() || v.isInt64() || v.isDouble() && v.asDouble().getValue() == Math.rint(v.asDouble().getValue())) {
      return v.asNumber().longValue();
    }
    throw new IllegalArgumentException(refusal + typeName(v));
  }

  /**
   * {@code $pullAll}: the elements equal to none of the operand's values; {@code $pull}: the elements that do not
   * match its condition (a value is an equality; operators are a condition on the element, as a filter's on a field;
   * a document of fields is a filter on elements that are documents).
   */
  private String culled(UpdateChange c) {
    String old = refusals.at(c.path());
    BsonValue v = c.value();
    String drop;
    if (c.op().equals("$pullAll")) {
      if (!v.isArray()) {
        throw new IllegalArgumentException("$pullAll requires an array argument but was given a " + typeName(v));
      }
      for (BsonValue e : v.asArray()) {
        if (t.parameters.indexOf(e) >= 0) {
          throw new IllegalArgumentException("$pullAll on '" + c.path() + "': a parameter inside its array is not"
              + " supported; write the values, or $pull one parameter");
        }
      }
      drop = "x.e IN (SELECT d.e FROM jsonb_array_elements(" + UpdateFields.value(t, v) + ") AS d(e))";
    } else if (v.isDocument() && !v.asDocument().isEmpty() && Conditions.isOperators(v)) {
      drop = new FilterTranslator(t).filterOn(new BsonDocument("v", v), "jsonb_set(CAST('{}' AS jsonb), '{v}', x.e)");
    } else if (v.isDocument()) {
      drop = "jsonb_typeof(x.e) = 'object' AND " + new FilterTranslator(t).filterOn(v.asDocument(), "x.e");
    } else if (v.isRegularExpression()) {
      drop = new FilterTranslator(t).filterOn(new BsonDocument("v", v), "jsonb_set(CAST('{}' AS jsonb), '{v}', x.e)");
    } else {
      drop = "x.e = " + UpdateFields.value(t, v);
    }
    return array(elements(old, "x") + " WHERE NOT (" + drop + ")");
  }

  private static String typeName(BsonValue v) {
    return switch (v.getBsonType()) {
      case INT32 -> "int";
      case INT64 -> "long";
      case DOUBLE -> "double";
      case STRING -> "string";
      case DOCUMENT -> "object";
      case BOOLEAN -> "bool";
      default -> v.getBsonType().name().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
