package stress.mongolog;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * The documents one logged statement would have found: its filter's equalities, one element of each {@code $in}, a
 * value inside each range, one branch of each {@code $or}, and the fields its update writes, with the values and
 * BSON types the log holds. A statement with a {@code $in} of k values or an {@code $or} of k branches gives k
 * variants (at most {@value #MAX_VARIANTS}), variant i taking element or branch i. What no single value satisfies
 * ({@code $ne}, {@code $nin}, {@code $not}, {@code $nor}, {@code $type}, {@code $expr}, a regular expression that is
 * not a plain prefix) leaves its field out.
 */
final class StandInDocuments {
  static final int MAX_VARIANTS = 50;
  private static final Pattern PREFIX = Pattern.compile("\\^([A-Za-z0-9 _.,:@/-]*)");

  private StandInDocuments() {}

  /** The statement's operation keys with its slots' logged values in place of their tokens. */
  static BsonDocument logged(Logged statement) {
    Map<String, BsonValue> byToken = new java.util.HashMap<>();
    statement.slots().forEach(s -> byToken.put(s.token(), s.value()));
    return substitute(statement.spec(), byToken).asDocument();
  }

  private static BsonValue substitute(BsonValue v, Map<String, BsonValue> byToken) {
    if (v.isString() && byToken.containsKey(v.asString().getValue())) {
      return byToken.get(v.asString().getValue());
    }
    if (v.isDocument()) {
      BsonDocument out = new BsonDocument();
      v.asDocument().forEach((k, x) -> out.put(k, substitute(x, byToken)));
      return out;
    }
    if (v.isArray()) {
      BsonArray out = new BsonArray();
      v.asArray().forEach(x -> out.add(substitute(x, byToken)));
      return out;
    }
    return v;
  }

  /** The documents the statement (its logged values in place) finds, one per variant. */
  static List<BsonDocument> of(BsonDocument op) {
    List<BsonDocument> filters = new ArrayList<>();
    if (op.isDocument("filter")) {
      filters.add(op.getDocument("filter"));
    }
    List<String> unwound = new ArrayList<>();
    if (op.isArray("pipeline")) { // the leading $match and $unwind stages read the collection's own fields
      for (BsonValue stage : op.getArray("pipeline")) {
        BsonDocument d = stage.isDocument() ? stage.asDocument() : new BsonDocument();
        if (d.isDocument("$match")) {
          filters.add(d.getDocument("$match"));
        } else if (unwindPath(d) != null) {
          unwound.add(unwindPath(d));
        } else {
          break;
        }
      }
    }
    int variants = 1;
    for (BsonDocument f : filters) {
      variants = Math.max(variants, breadth(f));
    }
    variants = Math.min(variants, MAX_VARIANTS);
    List<BsonDocument> out = new ArrayList<>();
    for (int i = 0; i < variants; i++) {
      BsonDocument doc = new BsonDocument();
      for (BsonDocument f : filters) {
        filter(doc, f, "", i);
      }
      if (op.isDocument("update")) {
        updated(doc, op.getDocument("update"));
      }
      unwound.forEach(path -> asArray(doc, path));
      out.add(doc);
    }
    return out;
  }

  /** The field path an {@code $unwind} stage unwinds ({@code "$a.b"} or {@code {path: "$a.b"}}), or null. */
  private static String unwindPath(BsonDocument stage) {
    BsonValue arg = stage.get("$unwind");
    BsonValue path = arg != null && arg.isDocument() ? arg.asDocument().get("path") : arg;
    return path != null && path.isString() && path.asString().getValue().startsWith("$")
        ? path.asString().getValue().substring(1) : null;
  }

  /**
   * The value at an unwound path as an array of it, so the {@code $unwind} gives a document: the conditions of the
   * {@code $match} stages after it on {@code path.x} were put into a document there, which becomes the element.
   */
  private static void asArray(BsonDocument doc, String path) {
    int dot = path.lastIndexOf('.');
    BsonValue parent = dot < 0 ? doc : at(doc, path.substring(0, dot));
    if (parent == null || !parent.isDocument()) {
      return;
    }
    String field = path.substring(dot + 1);
    BsonValue v = parent.asDocument().get(field);
    if (v == null) {
      put(doc, path, new BsonArray(List.of(new BsonDocument())));
    } else if (!v.isArray()) {
      parent.asDocument().put(field, new BsonArray(List.of(v)));
    }
  }

  private static BsonValue at(BsonDocument doc, String path) {
    BsonValue v = doc;
    for (String part : path.split("\\.")) {
      if (!v.isDocument()) {
        return null;
      }
      v = v.asDocument().get(part);
      if (v == null) {
        return null;
      }
    }
    return v;
  }

  /** The number of variants a filter asks for: its longest {@code $in} list or {@code $or}. */
  private static int breadth(BsonValue v) {
    int n = 1;
    if (v.isDocument()) {
      for (Map.Entry<String, BsonValue> e : v.asDocument().entrySet()) {
        if ((e.getKey().equals("$in") || e.getKey().equals("$or")) && e.getValue().isArray()) {
          n = Math.max(n, e.getValue().asArray().size());
        }
        n = Math.max(n, breadth(e.getValue()));
      }
    } else if (v.isArray()) {
      for (BsonValue x : v.asArray()) {
        n = Math.max(n, breadth(x));
      }
    }
    return n;
  }

  private static void filter(BsonDocument doc, BsonDocument filter, String prefix, int variant) {
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      String key = e.getKey();
      BsonValue v = e.getValue();
      if (key.equals("$and") && v.isArray()) {
        v.asArray().stream().filter(BsonValue::isDocument).forEach(b -> filter(doc, b.asDocument(), prefix, variant));
      } else if (key.equals("$or") && v.isArray() && !v.asArray().isEmpty()) {
        BsonValue branch = v.asArray().get(variant % v.asArray().size());
        if (branch.isDocument()) {
          filter(doc, branch.asDocument(), prefix, variant);
        }
      } else if (!key.startsWith("$")) {
        String path = prefix + key;
        BsonValue value = value(v, variant);
        if (value != null) {
          put(doc, path, value);
        }
      }
    }
  }

  /** A value that satisfies the condition on one path, or null when none is written. */
  private static BsonValue value(BsonValue condition, int variant) {
    if (condition.isRegularExpression()) {
      return prefix(condition.asRegularExpression().getPattern());
    }
    if (!condition.isDocument() || condition.asDocument().isEmpty()
        || !condition.asDocument().getFirstKey().startsWith("$")) {
      return condition; // equality with a value, a document or an array
    }
    BsonDocument ops = condition.asDocument();
    if (ops.containsKey("$eq")) {
      return ops.get("$eq");
    }
    if (ops.isArray("$in") && !ops.getArray("$in").isEmpty()) {
      BsonArray in = ops.getArray("$in");
      BsonValue pick = in.get(variant % in.size());
      return pick.isRegularExpression() ? prefix(pick.asRegularExpression().getPattern()) : pick;
    }
    if (ops.isArray("$all") && !ops.getArray("$all").isEmpty()
        && ops.getArray("$all").stream().noneMatch(BsonValue::isDocument)) {
      return ops.getArray("$all").clone();
    }
    if (ops.isDocument("$elemMatch")) {
      BsonDocument inner = ops.getDocument("$elemMatch");
      BsonValue element;
      if (!inner.isEmpty() && inner.getFirstKey().startsWith("$")) {
        element = value(inner, variant);
      } else {
        BsonDocument d = new BsonDocument();
        filter(d, inner, "", variant);
        element = d;
      }
      return element == null ? null : new BsonArray(List.of(element));
    }
    if (ops.containsKey("$regex") && ops.isString("$regex")) {
      return prefix(ops.getString("$regex").getValue());
    }
    if (ops.isBoolean("$exists") && ops.getBoolean("$exists").getValue() && ops.size() == 1) {
      return new BsonInt32(1);
    }
    return range(ops);
  }

  /** A value within the bounds of {@code $gt}, {@code $gte}, {@code $lt}, {@code $lte}, or null. */
  private static BsonValue range(BsonDocument ops) {
    BsonValue gte = ops.get("$gte");
    BsonValue gt = ops.get("$gt");
    BsonValue lte = ops.get("$lte");
    BsonValue lt = ops.get("$lt");
    BsonValue low = gte != null ? gte : gt != null ? step(gt, true) : null;
    BsonValue high = lte != null ? lte : lt != null ? step(lt, false) : null;
    if (low != null && high != null && low.isNumber() && high.isNumber()
        && low.asNumber().doubleValue() > high.asNumber().doubleValue()) {
      double lo = (gte != null ? gte : gt).asNumber().doubleValue();
      double hi = (lte != null ? lte : lt).asNumber().doubleValue();
      return new BsonDouble(lo + (hi - lo) / 2); // between two close bounds
    }
    return low != null ? low : high;
  }

  /** The next value above (or below) a bound, of its type: a number by 1, a date by 1 ms, a string, an ObjectId. */
  private static BsonValue step(BsonValue bound, boolean up) {
    int d = up ? 1 : -1;
    return switch (bound.getBsonType()) {
      case INT32 -> {
        int v = bound.asInt32().getValue();
        yield (up ? v < Integer.MAX_VALUE : v > Integer.MIN_VALUE) ? new BsonInt32(v + d) : null;
      }
      case INT64 -> new BsonInt64(bound.asInt64().getValue() + d);
      case DOUBLE -> new BsonDouble(bound.asDouble().getValue() + d);
      case DATE_TIME -> new BsonDateTime(bound.asDateTime().getValue() + d);
      case STRING -> {
        String s = bound.asString().getValue();
        yield up ? new BsonString(s + "0") : s.isEmpty() ? null : new BsonString(s.substring(0, s.length() - 1));
      }
      case OBJECT_ID -> {
        BigInteger n = new BigInteger(1, bound.asObjectId().getValue().toByteArray()).add(BigInteger.valueOf(d));
        byte[] raw = n.toByteArray();
        byte[] twelve = new byte[12];
        if (n.signum() < 0 || raw.length - (raw[0] == 0 ? 1 : 0) > 12) {
          yield null;
        }
        int from = raw.length > 12 ? raw.length - 12 : 0;
        System.arraycopy(raw, from, twelve, 12 - (raw.length - from), raw.length - from);
        yield new BsonObjectId(new ObjectId(twelve));
      }
      default -> null;
    };
  }

  /** The literal start of a pattern anchored at the start ({@code ^abc}), or null for any other pattern. */
  private static BsonValue prefix(String pattern) {
    Matcher m = PREFIX.matcher(pattern);
    return m.lookingAt() && m.end() == pattern.length() || m.lookingAt() && pattern.substring(m.end()).equals(".*")
        ? new BsonString(m.group(1)) : null;
  }

  /** The fields an update writes, where the filter did not put a value. */
  private static void updated(BsonDocument doc, BsonDocument update) {
    for (Map.Entry<String, BsonValue> op : update.entrySet()) {
      if (!op.getValue().isDocument()) {
        continue;
      }
      for (Map.Entry<String, BsonValue> f : op.getValue().asDocument().entrySet()) {
        if (f.getKey().contains("$")) {
          continue; // positional paths: the element is unknown
        }
        BsonValue v = f.getValue();
        BsonValue written = switch (op.getKey()) {
          case "$set", "$setOnInsert", "$inc", "$mul", "$min", "$max" -> v;
          case "$push", "$addToSet" -> v.isDocument() && v.asDocument().isArray("$each")
              ? v.asDocument().getArray("$each").clone() : new BsonArray(List.of(v));
          default -> null;
        };
        if (written != null) {
          put(doc, f.getKey(), written);
        }
      }
    }
  }

  /** Sets a dotted path where nothing is yet, creating the documents above it; a path through a value is left. */
  static void put(BsonDocument doc, String path, BsonValue value) {
    String[] parts = path.split("\\.", -1);
    BsonDocument at = doc;
    for (int i = 0; i < parts.length - 1; i++) {
      BsonValue next = at.get(parts[i]);
      if (next == null) {
        next = new BsonDocument();
        at.put(parts[i], next);
      } else if (!next.isDocument()) {
        return;
      }
      at = next.asDocument();
    }
    // a copy: the value may be part of the statement's shape, which the derived operation still writes
    at.putIfAbsent(parts[parts.length - 1], value.isDocument() ? value.asDocument().clone()
        : value.isArray() ? value.asArray().clone() : value);
  }
}
