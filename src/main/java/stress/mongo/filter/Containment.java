package stress.mongo.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.mongo.value.Conditions;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.PathFacts;
import stress.mongo.value.Translation;

/**
 * Containment tests ({@code data @> '{...}'}) that a GIN index on {@code data} serves, written beside a general
 * condition that no index serves, as a necessary condition: every document the general condition selects passes
 * one of them, so the pair selects exactly what the general condition selects, from the index's candidates.
 */
public final class Containment {
  /** More variants than this (arrays possible at many steps) are not worth a BitmapOr. */
  private static final int MAX_VARIANTS = 8;

  private Containment() {}

  /**
   * For {@code {items: {$elemMatch: {sku: X, ...}}}}: the array holds an element whose {@code sku} is X or an
   * array holding X, at a path that may step through arrays only where the table's facts say it may. Null when the
   * condition has no equality on a plain field name to build it from.
   */
  static String elemMatch(Translation t, MongoPath path, BsonValue arg) {
    if (!arg.isDocument() || Conditions.isOperators(arg)) {
      return null;
    }
    Map.Entry<String, BsonValue> equality = null;
    for (Map.Entry<String, BsonValue> e : arg.asDocument().entrySet()) {
      BsonValue v = e.getValue().isDocument() && e.getValue().asDocument().size() == 1
          && e.getValue().asDocument().containsKey("$eq") ? e.getValue().asDocument().get("$eq") : e.getValue();
      boolean plainField = !e.getKey().startsWith("$") && !e.getKey().contains(".");
      int q = t.parameters.indexOf(v);
      // a Decimal128 element equals a number of its value, which containment would miss; no facts can rule it out
      // in an array's elements
      boolean number = q >= 0 ? !t.parameters.isDate(q) && !"string".equals(t.parameters.kind(q)) : v.isNumber();
      if (plainField && !number && (q >= 0 && !t.parameters.isSampled(q) || isScalar(v))) {
        equality = Map.entry(e.getKey(), v);
        break;
      }
    }
    if (equality == null) {
      return null;
    }
    List<String> keys = path.keys();
    boolean arraysAbove = keys.size() > 1 && arraysAbove(t, new MongoPath(keys.subList(0, keys.size() - 1)));
    int steps = arraysAbove ? keys.size() - 1 : 0;
    if ((1 << steps) * 2 > MAX_VARIANTS) {
      return null;
    }
    String field = JsonPathText.string(equality.getKey());
    int p = t.parameters.indexOf(equality.getValue());
    String literal = p >= 0 ? null : BsonJson.valueToRelaxedJson(equality.getValue());
    List<String> tests = new ArrayList<>();
    for (int wrap = 0; wrap < 1 << steps; wrap++) {
      for (boolean leafArray : new boolean[] {false, true}) {
        String[] around = around(keys, wrap, field, leafArray);
        if (p < 0) {
          tests.add("data @> CAST(" + JsonPathText.sql(around[0] + literal + around[1]) + " AS jsonb)");
        } else {
          String name = t.parameters.name(p);
          tests.add("data @> CAST(" + t.placeholder(p, x -> around[0] + JsonPathText.json(x, name) + around[1])
              + " AS jsonb)");
        }
      }
    }
    t.chose(path + ": $elemMatch with a containment test beside it, data @> '{...}'",
        stress.ops.file.TableForms.IndexAdvice.GIN);
    return "(" + String.join(" OR ", tests) + ")";
  }

  /** True unless the facts show no array above the array the condition reads. */
  private static boolean arraysAbove(Translation t, MongoPath parent) {
    t.asked.add(parent.toString());
    PathFacts facts = t.target.paths().facts(parent);
    return facts == null || facts.arrays();
  }

  /**
   * The JSON before and after the value: {@code {"a": {"items": [{"sku": } ... } ] } }, the steps whose bit is set
   * in {@code wrap} as arrays of one document, the value itself in an array when {@code leafArray}.
   */
  private static String[] around(List<String> keys, int wrap, String field, boolean leafArray) {
    StringBuilder before = new StringBuilder();
    StringBuilder after = new StringBuilder();
    for (int i = 0; i < keys.size(); i++) {
      boolean array = i == keys.size() - 1 || (wrap & (1 << i)) != 0;
      before.append("{").append(JsonPathText.string(keys.get(i))).append(": ").append(array ? "[" : "");
      after.insert(0, (array ? "]" : "") + "}");
    }
    before.append("{").append(field).append(": ").append(leafArray ? "[" : "");
    after.insert(0, (leafArray ? "]" : "") + "}");
    return new String[] {before.toString(), after.toString()};
  }

  private static boolean isScalar(BsonValue v) {
    return v.isString() || v.isNumber() && !(v.isDouble() && !Double.isFinite(v.asDouble().getValue()))
        || v.isBoolean() || v.isObjectId() || v.isDateTime();
  }

  /**
   * For equality with a value computed per row (a {@code $lookup}'s key): {@code data} holds the value, or an array
   * holding it, at the path, stepping through documents or arrays of documents on the way; one containment per
   * variant. Null for a path of so many steps that the variants are not worth a BitmapOr.
   */
  public static String anyForm(String data, List<String> keys, String value) {
    int n = keys.size();
    if (1 << n > MAX_VARIANTS) {
      return null;
    }
    List<String> variants = new ArrayList<>();
    for (int arrays = 0; arrays < 1 << n; arrays++) {
      String v = (arrays & 1 << (n - 1)) != 0 ? "jsonb_build_array(" + value + ")" : value;
      for (int i = n - 1; i >= 0; i--) {
        v = "jsonb_build_object(" + JsonPathText.sql(keys.get(i)) + ", " + v + ")";
        if (i > 0 && (arrays & 1 << (i - 1)) != 0) {
          v = "jsonb_build_array(" + v + ")";
        }
      }
      variants.add(data + " @> " + v);
    }
    return "(" + String.join(" OR ", variants) + ")";
  }
}
