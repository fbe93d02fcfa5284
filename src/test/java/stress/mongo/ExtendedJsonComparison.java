package stress.mongo;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Documents compared as the pipeline fixtures' README says: key order ignored, numbers by value whatever their BSON
 * type (doubles within a relative 1e-9), a missing field not equal to null, arrays in order except those named as
 * unordered (top-level fields, compared as multisets), results in order or as a multiset.
 */
final class ExtendedJsonComparison {
  private final Set<String> unorderedArrays;

  ExtendedJsonComparison(Set<String> unorderedArrays) {
    this.unorderedArrays = unorderedArrays;
  }

  /** Null when equal, else what differs first. Both lists hold Extended JSON documents (canonical or relaxed). */
  String compare(List<String> expected, List<String> found, boolean ordered) {
    List<BsonDocument> e = expected.stream().map(BsonDocument::parse).toList();
    List<BsonDocument> f = found.stream().map(BsonDocument::parse).toList();
    if (e.size() != f.size()) {
      return "expected " + e.size() + " documents, found " + f.size();
    }
    if (ordered) {
      for (int i = 0; i < e.size(); i++) {
        if (!document(e.get(i), f.get(i), true)) {
          return "document " + (i + 1) + " differs: expected " + e.get(i).toJson() + ", found " + f.get(i).toJson();
        }
      }
      return null;
    }
    List<BsonDocument> left = new ArrayList<>(f);
    for (BsonDocument d : e) {
      int match = -1;
      for (int i = 0; i < left.size() && match < 0; i++) {
        if (document(d, left.get(i), true)) {
          match = i;
        }
      }
      if (match < 0) {
        return "expected document not found: " + d.toJson();
      }
      left.remove(match);
    }
    return null;
  }

  private boolean document(BsonDocument a, BsonDocument b, boolean top) {
    if (!a.keySet().equals(b.keySet())) {
      return false;
    }
    for (String k : a.keySet()) {
      boolean multiset = top && unorderedArrays.contains(k) && a.get(k).isArray() && b.get(k).isArray();
      if (multiset ? !multiset(a.get(k).asArray(), b.get(k).asArray()) : !value(a.get(k), b.get(k))) {
        return false;
      }
    }
    return true;
  }

  private boolean multiset(BsonArray a, BsonArray b) {
    if (a.size() != b.size()) {
      return false;
    }
    List<BsonValue> left = new ArrayList<>(b);
    for (BsonValue v : a) {
      int match = -1;
      for (int i = 0; i < left.size() && match < 0; i++) {
        if (value(v, left.get(i))) {
          match = i;
        }
      }
      if (match < 0) {
        return false;
      }
      left.remove(match);
    }
    return true;
  }

  boolean value(BsonValue a, BsonValue b) {
    if (a.isNumber() || a.isDecimal128()) {
      return (b.isNumber() || b.isDecimal128()) && number(a, b);
    }
    if (a.isDocument()) {
      return b.isDocument() && document(a.asDocument(), b.asDocument(), false);
    }
    if (a.isArray()) {
      if (!b.isArray() || a.asArray().size() != b.asArray().size()) {
        return false;
      }
      for (int i = 0; i < a.asArray().size(); i++) {
        if (!value(a.asArray().get(i), b.asArray().get(i))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }

  private static boolean number(BsonValue a, BsonValue b) {
    BigDecimal x = decimal(a);
    BigDecimal y = decimal(b);
    if (x == null || y == null) {
      return a.equals(b);
    }
    if (x.compareTo(y) == 0) {
      return true;
    }
    if (!a.isDouble() && !b.isDouble()) {
      return false;
    }
    double dx = x.doubleValue();
    double dy = y.doubleValue();
    return Math.abs(dx - dy) <= 1e-9 * Math.max(Math.abs(dx), Math.abs(dy));
  }

  private static BigDecimal decimal(BsonValue v) {
    return switch (v.getBsonType()) {
      case INT32 -> BigDecimal.valueOf(v.asInt32().getValue());
      case INT64 -> BigDecimal.valueOf(v.asInt64().getValue());
      case DOUBLE -> Double.isFinite(v.asDouble().getValue()) ? new BigDecimal(v.asDouble().getValue()) : null;
      case DECIMAL128 -> v.asDecimal128().getValue().isFinite() ? v.asDecimal128().getValue().bigDecimalValue() : null;
      default -> null;
    };
  }
}
