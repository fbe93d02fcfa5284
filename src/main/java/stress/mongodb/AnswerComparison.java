package stress.mongodb;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The documents two servers returned for one execution, compared. Exact: the same documents, the same field order,
 * the same number kinds. Short of that, within what jsonb keeps: a document's keys in any order (jsonb orders them
 * itself) and numbers by value (int, long, double and decimal of one value are one number in jsonb); both are
 * documented limits of storing documents as jsonb, not differences. Without a sort the order of the documents is
 * the server's choice and is not compared.
 */
public final class AnswerComparison {
  /** How two answers compare. */
  public enum Verdict { SAME, SAME_WITHIN_JSONB, DIFFERENT }

  /**
   * @param verdict how they compare
   * @param detail  for a difference, the first differing document of each side; for jsonb's limits, which ones
   */
  public record Result(Verdict verdict, String detail) {}

  private static final int SHOWN = 240;

  private AnswerComparison() {}

  /** Two counts. */
  public static Result counts(long postgres, long mongodb) {
    return postgres == mongodb ? new Result(Verdict.SAME, "")
        : new Result(Verdict.DIFFERENT, "PostgreSQL counted " + postgres + ", MongoDB " + mongodb);
  }

  /**
   * Two lists of documents.
   *
   * @param ordered whether the order is part of the answer (a sort)
   */
  public static Result documents(List<BsonDocument> postgres, List<BsonDocument> mongodb, boolean ordered) {
    if (ordered ? exact(postgres).equals(exact(mongodb)) : sorted(exact(postgres)).equals(sorted(exact(mongodb)))) {
      return new Result(Verdict.SAME, "");
    }
    List<String> pg = normalized(postgres);
    List<String> mongo = normalized(mongodb);
    if (ordered ? pg.equals(mongo) : sorted(pg).equals(sorted(mongo))) {
      boolean keyOrder = !(ordered ? keyOrdered(postgres).equals(keyOrdered(mongodb))
          : sorted(keyOrdered(postgres)).equals(sorted(keyOrdered(mongodb))));
      return new Result(Verdict.SAME_WITHIN_JSONB, keyOrder ? "key order inside documents" : "number kinds"
          + " (int, long, double of one value)");
    }
    if (postgres.size() != mongodb.size()) {
      return new Result(Verdict.DIFFERENT, "PostgreSQL returned " + stress.model.Plural.of(postgres.size(), "document") + ", MongoDB "
          + mongodb.size() + firstDifference(postgres, pg, mongodb, mongo, ordered));
    }
    return new Result(Verdict.DIFFERENT, "the same number of documents (" + postgres.size() + ")"
        + firstDifference(postgres, pg, mongodb, mongo, ordered));
  }

  /**
   * Two sorted answers. Documents whose sort keys are equal may come in any order (MongoDB does not order ties), and
   * when a limit cut the answer inside a run of ties, each server may keep other documents of that run: so the sort
   * keys must match position by position, each run of ties must hold the same documents, and the run a limit cut only
   * as many.
   *
   * @param sort    the sort as written ({@code {path: 1|-1, ...}})
   * @param skipped true when a skip follows the sort: the first run of ties may have been cut too
   * @param limited true when a limit follows the sort
   */
  public static Result sortedDocuments(List<BsonDocument> postgres, List<BsonDocument> mongodb, BsonDocument sort,
                                       boolean skipped, boolean limited) {
    Result inOrder = documents(postgres, mongodb, true);
    if (inOrder.verdict() != Verdict.DIFFERENT || postgres.size() != mongodb.size()) {
      return inOrder;
    }
    List<String> pgKeys = sortKeys(postgres, sort);
    if (!pgKeys.equals(sortKeys(mongodb, sort))) {
      return inOrder;
    }
    boolean exact = true;
    for (int from = 0; from < postgres.size(); ) {
      int to = from;
      while (to < postgres.size() && pgKeys.get(to).equals(pgKeys.get(from))) {
        to++;
      }
      if (!(limited && to == postgres.size()) && !(skipped && from == 0)) {
        Result tied = documents(postgres.subList(from, to), mongodb.subList(from, to), false);
        if (tied.verdict() == Verdict.DIFFERENT) {
          return new Result(Verdict.DIFFERENT, "the same sort keys; " + (to - from == 1 ? "at position " + to
              : "among the documents tied at positions " + (from + 1) + "-" + to) + ": "
              + tied.detail().replaceFirst("^the same number of documents \\(\\d+\\); ", ""));
        }
        exact &= tied.verdict() == Verdict.SAME;
      }
      from = to;
    }
    return exact ? new Result(Verdict.SAME, "") : new Result(Verdict.SAME_WITHIN_JSONB, "key order inside documents"
        + " or number kinds");
  }

  /** Each document's values of the sort's paths, as compared by value. */
  private static List<String> sortKeys(List<BsonDocument> documents, BsonDocument sort) {
    List<String> keys = new ArrayList<>();
    for (BsonDocument d : documents) {
      List<Object> key = new ArrayList<>();
      for (String path : sort.keySet()) {
        BsonValue v = d;
        for (String part : path.split("\\.")) {
          v = v != null && v.isDocument() ? v.asDocument().get(part) : null;
        }
        key.add(v == null ? "missing" : canonical(v, true, true));
      }
      keys.add(key.toString());
    }
    return keys;
  }

  private static String firstDifference(List<BsonDocument> postgres, List<String> pg, List<BsonDocument> mongodb,
                                        List<String> mongo, boolean ordered) {
    if (ordered) {
      for (int i = 0; i < Math.max(pg.size(), mongo.size()); i++) {
        String a = i < pg.size() ? pg.get(i) : null;
        String b = i < mongo.size() ? mongo.get(i) : null;
        if (a == null || !a.equals(b)) {
          return "; first difference at document " + (i + 1) + ": PostgreSQL " + shown(postgres, i) + ", MongoDB "
              + shown(mongodb, i);
        }
      }
      return "";
    }
    List<String> onlyMongo = new ArrayList<>(mongo);
    List<Integer> onlyPg = new ArrayList<>();
    for (int i = 0; i < pg.size(); i++) {
      if (!onlyMongo.remove(pg.get(i))) {
        onlyPg.add(i);
      }
    }
    String first = onlyPg.isEmpty() ? "" : "; only in PostgreSQL's: " + shown(postgres, onlyPg.get(0));
    int m = onlyMongo.isEmpty() ? -1 : mongo.indexOf(onlyMongo.get(0));
    if (!onlyPg.isEmpty()) { // the same document on both sides with other values: name the field
      BsonDocument a = postgres.get(onlyPg.get(0));
      for (String other : onlyMongo) {
        BsonDocument b = mongodb.get(mongo.indexOf(other));
        if (sameByValue(a.get("_id"), b.get("_id"))) {
          return "; document _id " + value(a.get("_id")) + " differs at " + fieldDifference("", a, b) + "; PostgreSQL's: "
              + shown(postgres, onlyPg.get(0));
        }
      }
    }
    return first + (m < 0 ? "" : "; only in MongoDB's: " + shown(mongodb, m));
  }

  /** The first path where two versions of one document differ, with both values. */
  private static String fieldDifference(String prefix, BsonDocument a, BsonDocument b) {
    java.util.Set<String> keys = new java.util.LinkedHashSet<>(a.keySet());
    keys.addAll(b.keySet());
    for (String k : keys) {
      BsonValue x = a.get(k);
      BsonValue y = b.get(k);
      if (sameByValue(x, y)) {
        continue;
      }
      return x != null && y != null && x.isDocument() && y.isDocument()
          ? fieldDifference(prefix + k + ".", x.asDocument(), y.asDocument())
          : prefix + k + ": PostgreSQL " + value(x) + ", MongoDB " + value(y);
    }
    return "(no field)";
  }

  /** Two values both there and equal as compared here: keys in any order, numbers by value. */
  private static boolean sameByValue(BsonValue x, BsonValue y) {
    return x != null && y != null && canonical(x, true, true).equals(canonical(y, true, true));
  }

  private static String value(BsonValue v) {
    if (v == null) {
      return "(missing)";
    }
    String json = new BsonDocument("v", v).toJson();
    json = json.substring(6, json.length() - 1).trim();
    return json.length() > SHOWN / 2 ? json.substring(0, SHOWN / 2 - 3) + "..." : json;
  }

  private static String shown(List<BsonDocument> documents, int i) {
    if (i >= documents.size()) {
      return "(none)";
    }
    String json = documents.get(i).toJson();
    return json.length() > SHOWN ? json.substring(0, SHOWN - 3) + "..." : json;
  }

  private static List<String> sorted(List<String> values) {
    List<String> copy = new ArrayList<>(values);
    copy.sort(null);
    return copy;
  }

  private static List<String> exact(List<BsonDocument> documents) {
    return documents.stream().map(BsonDocument::toJson).toList();
  }

  private static List<String> normalized(List<BsonDocument> documents) {
    return documents.stream().map(d -> String.valueOf(canonical(d, true, true))).toList();
  }

  /** Numbers by value but keys in their order: tells key order apart from number kinds. */
  private static List<String> keyOrdered(List<BsonDocument> documents) {
    return documents.stream().map(d -> String.valueOf(canonical(d, false, true))).toList();
  }

  /** A value as nested maps and lists: keys sorted when asked, numbers as their exact decimal value when asked. */
  static Object canonical(BsonValue value, boolean sortKeys, boolean numbersByValue) {
    if (value.isDocument()) {
      Map<String, Object> map = sortKeys ? new TreeMap<>() : new java.util.LinkedHashMap<>();
      value.asDocument().forEach((k, v) -> map.put(k, canonical(v, sortKeys, numbersByValue)));
      return map;
    }
    if (value.isArray()) {
      return value.asArray().stream().map(v -> canonical(v, sortKeys, numbersByValue)).toList();
    }
    if (numbersByValue && value.isDouble() && !Double.isFinite(value.asDouble().getValue())) {
      return "number " + value.asDouble().getValue();
    }
    if (numbersByValue && value.isDecimal128() && !value.asDecimal128().getValue().isFinite()) {
      return "number " + value.asDecimal128().getValue();
    }
    if (numbersByValue && (value.isNumber() || value.isDecimal128())) {
      BigDecimal d = value.isDouble() ? BigDecimal.valueOf(value.asDouble().getValue())
          : value.isDecimal128() ? value.asDecimal128().getValue().bigDecimalValue()
          : BigDecimal.valueOf(value.asNumber().longValue());
      return "number " + (d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString());
    }
    return value.getBsonType() + " " + value;
  }
}
