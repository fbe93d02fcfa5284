package stress.mongo.routing;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonArray;
import org.bson.BsonValue;
import stress.mongo.value.Conditions;
import stress.mongo.value.MongoPath;
import stress.mongo.value.Translation;
import stress.ops.file.JsonValueText;
import stress.table.KeyType;
import stress.table.Layout;

/**
 * The condition on a table's key column that a filter pinning the key path implies: an equality or {@code $in} on the
 * path in the filter's top-level AND holds only for documents whose key column has that value (the column holds the
 * value at the path, and a path holding an array is never a key), so adding it changes no result and lets a cluster
 * send the statement to the shards of those values only. Values that no document's key can equal (a string on a
 * bigint key, null) give no condition: the filter's own test decides, as without a key.
 */
public final class KeyRoute {
  private KeyRoute() {}

  /**
   * The key column's conditions a filter's top-level AND implies (its own equalities and {@code $in} on the key path,
   * those of {@code $and}s within it), for a statement that tests the key outside the filter; null when none.
   */
  public static String ofFilter(Translation t, BsonDocument filter) {
    return ofFilter(t, filter, t.target.layout() == null ? null : t.target.layout().quotedColumn());
  }

  /**
   * The same conditions on {@code column}, an expression of the key's type: a co-located table's key column, which
   * holds the same value wherever the joined documents' keys are equal.
   */
  static String ofFilter(Translation t, BsonDocument filter, String column) {
    return ofFilter(t, filter, column, false);
  }

  /**
   * The same, each condition written {@code column = ANY (ARRAY[...])} when {@code asArray}: a condition the planner
   * derives no constant from for the other side of a join on the column (Greenplum's planner moves the rows of an
   * outer join whose two key columns it knows equal to one constant).
   */
  public static String ofFilter(Translation t, BsonDocument filter, String column, boolean asArray) {
    List<String> parts = new ArrayList<>();
    collect(t, filter, parts, column, asArray);
    return parts.isEmpty() ? null : Conditions.and(parts);
  }

  /**
   * True when the filter's top-level AND has an equality on the key path that writes the key column's condition (a
   * parameter, or a literal of a kind the column holds): the key is pinned to one value. Writes nothing (no
   * placeholder).
   */
  public static boolean pinsOneValue(Translation t, BsonDocument filter) {
    boolean[] pinned = {false};
    // a parameter, or a literal the key column's type holds: the pin is written (a string on a bigint key is not)
    conditions(filter, (path, op, arg) -> pinned[0] |= op.equals("$eq") && pins(t, path)
        && (t.parameters.indexOf(arg) >= 0 || literal(arg, t.target.layout().type()) != null));
    return pinned[0];
  }

  private static void collect(Translation t, BsonDocument filter, List<String> parts, String column,
                              boolean asArray) {
    conditions(filter, (path, op, arg) -> add(parts, of(t, path, op, arg, column, asArray)));
  }

  /** One condition of a filter: an operator and its argument on a path ({@code $eq} for a plain value). */
  private interface Condition {
    void accept(MongoPath path, String op, BsonValue arg);
  }

  /** Each condition of the filter's top-level AND, those of the {@code $and}s within it included. */
  private static void conditions(BsonDocument filter, Condition each) {
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      if (e.getKey().equals("$and") && e.getValue().isArray()) {
        for (BsonValue and : e.getValue().asArray()) {
          if (and.isDocument()) {
            conditions(and.asDocument(), each);
          }
        }
      } else if (!e.getKey().startsWith("$")) {
        MongoPath path = MongoPath.parse(e.getKey());
        if (e.getValue().isDocument() && Conditions.isOperators(e.getValue())) {
          e.getValue().asDocument().forEach((op, arg) -> each.accept(path, op, arg));
        } else if (!e.getValue().isRegularExpression()) {
          each.accept(path, "$eq", e.getValue());
        }
      }
    }
  }

  private static void add(List<String> parts, String part) {
    if (part != null) {
      parts.add(part);
    }
  }

  /**
   * The key column's condition that an equality or {@code $in} on {@code path} implies, or null (another path, another
   * operator, a value no key equals). The caller knows the condition stands in the filter's top-level AND.
   */
  public static String of(Translation t, MongoPath path, String op, BsonValue arg) {
    return of(t, path, op, arg, t.target.layout() == null ? null : t.target.layout().quotedColumn(), false);
  }

  private static String of(Translation t, MongoPath path, String op, BsonValue arg, String column, boolean asArray) {
    if (!pins(t, path)) {
      return null;
    }
    return switch (op) {
      case "$eq" -> arg.isDocument() || arg.isArray() || arg.isRegularExpression() ? null
          : asArray ? in(t, new BsonArray(List.of(arg)), column, true) : equal(t, arg, column);
      case "$in" -> arg.isArray() ? in(t, arg.asArray(), column, asArray) : null;
      default -> null;
    };
  }

  /**
   * MongoDB's equality of the key path with {@code v} (at the top of a filter's AND) as the key column and the JSON kind
   * of the path's value: the column holds that value as import, inserts and replacements write it, and updates never
   * change it, so a kind the column's type reads and an equal column value are an equal value. Written instead of the
   * typed test of the path, whose index Citus' workers planned on every execution (three times the planning of the
   * column's equality alone). Null where the column cannot tell: no key layout, another path, a value no key equals, a
   * parameter of a text key that may draw strings or ObjectIds.
   */
  public static String exact(Translation t, MongoPath path, BsonValue v) {
    if (!pins(t, path) || v.isDocument() || v.isArray() || v.isRegularExpression() || v.isNull()) {
      return null;
    }
    KeyType type = t.target.layout().type();
    int p = t.parameters.indexOf(v);
    String kinds = switch (type) {
      case BIGINT -> "'number'";
      case NUMERIC -> "'number', 'object'";
      case TIMESTAMPTZ -> "'object'";
      case TEXT -> p >= 0 ? ("string".equals(t.parameters.kind(p)) ? "'string'" : null)
          : v.isString() ? "'string'" : v.isObjectId() ? "'object'" : null;
    };
    String equal = kinds == null ? null : equal(t, v, t.target.layout().quotedColumn());
    if (equal == null) {
      return null;
    }
    return "(" + equal + " AND jsonb_typeof(" + type.at("data", path.toString()) + ") IN (" + kinds + "))";
  }

  /** True when {@code path} is the table's key path. */
  private static boolean pins(Translation t, MongoPath path) {
    Layout layout = t.target.layout();
    return layout != null && layout.keyed() && path.toString().equals(layout.path());
  }

  /** {@code "col" = value} for an equality on the key path, or null. */
  private static String equal(Translation t, BsonValue v, String column) {
    String value = value(t, v);
    return value == null ? null : column + " = " + value;
  }

  /**
   * {@code "col" IN (values)} for a {@code $in} on the key path ({@code "col" = ANY (ARRAY[values])} when
   * {@code asArray}), or null when one of its values gives none.
   */
  private static String in(Translation t, BsonArray values, String column, boolean asArray) {
    List<String> each = new ArrayList<>();
    for (BsonValue v : values) {
      String value = value(t, v);
      if (value == null) {
        return null;
      }
      each.add(value);
    }
    return each.isEmpty() ? null : asArray ? column + " = ANY (ARRAY[" + String.join(", ", each) + "])"
        : column + " IN (" + String.join(", ", each) + ")";
  }

  /** The value as the key column's type: a literal, a placeholder converting the drawn value, or null. */
  private static String value(Translation t, BsonValue v) {
    KeyType type = t.target.layout().type();
    int p = t.parameters.indexOf(v);
    if (p >= 0) {
      return "CAST(" + t.placeholder(p, x -> drawn(x, type)) + " AS " + type.sql() + ")";
    }
    String literal = literal(v, type);
    return literal == null ? null : "CAST('" + literal.replace("'", "''") + "' AS " + type.sql() + ")";
  }

  /** A literal value as the key column's text, or null when no key of that type equals it. */
  public static String literal(BsonValue v, KeyType type) {
    return switch (type) {
      case BIGINT -> v.isInt32() || v.isInt64() ? Long.toString(v.asNumber().longValue())
          : v.isDouble() && whole(v.asDouble().getValue()) ? Long.toString((long) v.asDouble().getValue()) : null;
      case NUMERIC -> v.isInt32() || v.isInt64() ? Long.toString(v.asNumber().longValue())
          : v.isDouble() && Double.isFinite(v.asDouble().getValue())
          ? new BigDecimal(Double.toString(v.asDouble().getValue())).toPlainString()
          : v.isDecimal128() && v.asDecimal128().getValue().isFinite()
          ? v.asDecimal128().getValue().bigDecimalValue().toPlainString() : null;
      case TEXT -> v.isString() ? v.asString().getValue() : v.isObjectId() ? v.asObjectId().getValue().toHexString()
          : null;
      case TIMESTAMPTZ -> v.isDateTime() ? Instant.ofEpochMilli(v.asDateTime().getValue()).toString() : null;
    };
  }

  private static boolean whole(double d) {
    return d == Math.rint(d) && Math.abs(d) <= 0x1p62;
  }

  /**
   * A drawn value as the key column's type, or null (then the condition holds for no row, and no document's key has
   * a value the filter's own test would match: the drawn kind is not one the column holds).
   */
  public static Object drawn(Object x, KeyType type) {
    if (x instanceof JsonValueText j) {
      x = fromJson(j.json());
    }
    return switch (type) {
      case BIGINT -> x instanceof Integer || x instanceof Long ? ((Number) x).longValue()
          : x instanceof Double d && whole(d) ? (Object) (long) d.doubleValue()
          : x instanceof BigDecimal b && b.stripTrailingZeros().scale() <= 0 ? (Object) b.longValue() : null;
      case NUMERIC -> x instanceof Integer || x instanceof Long ? BigDecimal.valueOf(((Number) x).longValue())
          : x instanceof Double d && Double.isFinite(d) ? new BigDecimal(Double.toString(d))
          : x instanceof BigDecimal b ? b : null;
      case TEXT -> x instanceof String s ? s : null;
      case TIMESTAMPTZ -> x instanceof java.time.OffsetDateTime ? x : null;
    };
  }

  /** A sampled JSON value as the Java value the conversion reads: a number, a string, an ObjectId's hex. */
  private static Object fromJson(String json) {
    try {
      BsonValue v = org.bson.BsonDocument.parse("{\"v\": " + json + "}").get("v");
      if (v.isString()) {
        return v.asString().getValue();
      }
      if (v.isObjectId()) {
        return v.asObjectId().getValue().toHexString();
      }
      if (v.isInt32() || v.isInt64()) {
        return v.asNumber().longValue();
      }
      if (v.isDouble()) {
        return v.asDouble().getValue();
      }
      if (v.isDecimal128() && v.asDecimal128().getValue().isFinite()) {
        return v.asDecimal128().getValue().bigDecimalValue();
      }
      if (v.isDateTime()) {
        return java.time.OffsetDateTime.ofInstant(Instant.ofEpochMilli(v.asDateTime().getValue()),
            java.time.ZoneOffset.UTC);
      }
      return null;
    } catch (RuntimeException e) {
      return null;
    }
  }
}
