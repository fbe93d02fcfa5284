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
      return new Result(Verdict.DIFFERENT, "PostgreSQL returned " + postgres.size() + " documents, MongoDB "
          + mongodb.size() + firstDifference(postgres, pg, mongodb, mongo, ordered));
    }
    return new Result(Verdict.DIFFERENT, "the same number of documents (" + postgres.size() + ")"
        + firstDifference(postgres, pg, mongodb, mongo, ordered));
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
    return first + (m < 0 ? "" : "; only in MongoDB's: " + shown(mongodb, m));
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
