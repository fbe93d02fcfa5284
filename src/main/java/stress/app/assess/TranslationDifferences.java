package stress.app.assess;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.workload.MongoSpec;

/**
 * The differences from MongoDB that an operation's translation is documented to have (docs/mongo-queries.md and
 * docs/mongo-aggregate.md, "Known differences"), found by the operators the operation writes: only those the
 * statement itself shows. What depends on the data alone (documents come out in jsonb's key order, numbers without
 * their BSON kind) holds for every read and is said once for the section, not per operation.
 */
final class TranslationDifferences {
  /** The arithmetic the translation computes in {@code numeric}, exact where MongoDB's doubles round. */
  private static final Set<String> ARITHMETIC = Set.of("$add", "$subtract", "$multiply", "$divide", "$avg");
  private static final Set<String> FILTERED = Set.of("find", "countDocuments", "updateOne", "updateMany",
      "replaceOne", "findOneAndReplace", "deleteOne", "deleteMany");

  static final String KEY_ORDER_MATCH = "key order: a document compared whole matches whatever the order of its"
      + " fields ({a: {x: 1, y: 2}} also matches {a: {y: 2, x: 1}}; MongoDB compares the order too)";
  static final String KEY_ORDER_SET = "key order: $addToSet and $pullAll compare documents without the order of their"
      + " fields ({y: 2, x: 1} onto [{x: 1, y: 2}] adds nothing; MongoDB adds it), and a Decimal128 is not equal there"
      + " to the plain number of the same value";
  static final String NUMBER_KINDS = "number kinds: $inc and $mul read a stored number's BSON type from its JSON text"
      + " (an int64 that fits int32 counts as an int32: the same sum, only an overflow's message names it"
      + " (NumberInt)); a Decimal128 adds exactly in numeric";
  static final String CLIENT_TIME = "time: $currentDate writes the clock of the client that binds the statement, not"
      + " the server's";
  static final String POSITIONAL = "positional $: the element is the first one the filter's conditions on that array"
      + " path match (MongoDB: the one its last array condition matched, on any array)";
  static final String CASE_FOLDING = "case folding: under option i a non-ASCII character of the text never equals an"
      + " ASCII letter of the pattern (PCRE folds the Kelvin sign to k)";
  static final String LOOKUP_DECIMAL = "$lookup compares a Decimal128 key with other numbers as text, not by value";
  static final String ROUNDING = "number kinds: arithmetic runs in numeric, exact where MongoDB's doubles round and"
      + " Decimal128 keeps 34 digits (the same value, other digits)";

  private TranslationDifferences() {}

  /** Each difference the operation shows, by the operator that shows it, in the order first met. */
  static Map<String, String> of(MongoSpec op) {
    Map<String, String> found = new LinkedHashMap<>();
    BsonDocument spec = op.spec();
    if (FILTERED.contains(op.kind()) && spec.isDocument("filter")) {
      filter(spec.getDocument("filter"), found);
    }
    if (spec.isDocument("update")) {
      update(spec.getDocument("update"), found);
    }
    if (op.kind().equals("aggregate") && spec.isArray("pipeline")) {
      for (BsonValue stage : spec.getArray("pipeline")) {
        if (!stage.isDocument() || stage.asDocument().isEmpty()) {
          continue;
        }
        String name = stage.asDocument().getFirstKey();
        BsonValue body = stage.asDocument().get(name);
        if (name.equals("$match") && body.isDocument()) {
          filter(body.asDocument(), found);
        } else if (name.equals("$lookup")) {
          found.putIfAbsent("$lookup", LOOKUP_DECIMAL);
        } else {
          arithmetic(body, found);
        }
      }
    }
    return found;
  }

  /**
   * Each difference the operation shows, and the one its derivation from the log names: a collation MongoDB ran it
   * under, which the translation does not apply ({@code derivedAs}: the note the workload file keeps, or null).
   */
  static Map<String, String> of(MongoSpec op, String derivedAs) {
    Map<String, String> found = of(op);
    if (derivedAs != null) {
      String note = stress.mongolog.LogWorkloads.COLLATION_NOTE;
      int at = derivedAs.startsWith(note) ? 0 : derivedAs.indexOf("; " + note);
      if (at >= 0) {
        found.putIfAbsent("collation", derivedAs.substring(at == 0 ? 0 : at + 2));
      }
    }
    return found;
  }

  /** The differences as one text, or null for none. */
  static String text(Map<String, String> found) {
    return found.isEmpty() ? null : String.join("; ", new java.util.LinkedHashSet<>(found.values()));
  }

  private static void filter(BsonDocument filter, Map<String, String> found) {
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      String key = e.getKey();
      BsonValue v = e.getValue();
      if (Set.of("$and", "$or", "$nor").contains(key) && v.isArray()) {
        v.asArray().stream().filter(BsonValue::isDocument).forEach(b -> filter(b.asDocument(), found));
      } else if (key.startsWith("$")) {
        continue; // $expr, $text, $where...: refused, or compared as expressions
      } else if (v.isDocument() && !v.asDocument().isEmpty() && v.asDocument().getFirstKey().startsWith("$")) {
        operators(v.asDocument(), found);
      } else if (v.isDocument()) {
        found.putIfAbsent("document equality", KEY_ORDER_MATCH);
      } else if (v.isRegularExpression() && v.asRegularExpression().getOptions().contains("i")) {
        found.putIfAbsent("$regex", CASE_FOLDING); // {$regex, $options} reads as one regular expression
      }
    }
  }

  private static void operators(BsonDocument ops, Map<String, String> found) {
    for (Map.Entry<String, BsonValue> op : ops.entrySet()) {
      BsonValue v = op.getValue();
      switch (op.getKey()) {
        case "$eq", "$ne" -> {
          if (v.isDocument()) {
            found.putIfAbsent(op.getKey(), KEY_ORDER_MATCH);
          }
        }
        case "$in", "$nin" -> {
          if (v.isArray() && v.asArray().stream().anyMatch(BsonValue::isDocument)) {
            found.putIfAbsent(op.getKey(), KEY_ORDER_MATCH);
          }
        }
        case "$elemMatch" -> {
          if (v.isDocument()) {
            BsonDocument inner = v.asDocument();
            if (!inner.isEmpty() && inner.getFirstKey().startsWith("$")) {
              operators(inner, found);
            } else {
              filter(inner, found);
            }
          }
        }
        case "$not" -> {
          if (v.isDocument()) {
            operators(v.asDocument(), found);
          }
        }
        case "$regex", "$options" -> {
          if (ops.containsKey("$options") && ops.get("$options").isString()
              && ops.getString("$options").getValue().contains("i")
              || v.isRegularExpression() && v.asRegularExpression().getOptions().contains("i")) {
            found.putIfAbsent("$regex", CASE_FOLDING);
          }
        }
        default -> { }
      }
    }
  }

  private static void update(BsonDocument update, Map<String, String> found) {
    for (Map.Entry<String, BsonValue> op : update.entrySet()) {
      String name = op.getKey();
      if (!op.getValue().isDocument()) {
        continue;
      }
      for (Map.Entry<String, BsonValue> field : op.getValue().asDocument().entrySet()) {
        if (field.getKey().matches("(.*\\.)?\\$(\\..*)?")) {
          found.putIfAbsent("$ (positional)", POSITIONAL);
        }
        BsonValue v = field.getValue();
        switch (name) {
          case "$addToSet", "$pullAll" -> {
            if (holdsDocument(v)) {
              found.putIfAbsent(name, KEY_ORDER_SET);
            }
          }
          case "$inc", "$mul" -> found.putIfAbsent(name, NUMBER_KINDS);
          case "$currentDate" -> found.putIfAbsent(name, CLIENT_TIME);
          default -> { }
        }
      }
    }
  }

  /** A document as the value, among {@code $each}'s values, or among an array's. */
  private static boolean holdsDocument(BsonValue v) {
    if (v.isArray()) {
      return v.asArray().stream().anyMatch(BsonValue::isDocument);
    }
    if (v.isDocument() && v.asDocument().containsKey("$each")) {
      return holdsDocument(v.asDocument().get("$each"));
    }
    return v.isDocument();
  }

  /** Arithmetic operators anywhere in a stage's body. */
  private static void arithmetic(BsonValue v, Map<String, String> found) {
    List<BsonValue> values = new ArrayList<>();
    if (v.isDocument()) {
      for (Map.Entry<String, BsonValue> e : v.asDocument().entrySet()) {
        if (ARITHMETIC.contains(e.getKey())) {
          found.putIfAbsent(e.getKey(), ROUNDING);
        }
        values.add(e.getValue());
      }
    } else if (v.isArray()) {
      values.addAll(v.asArray());
    }
    values.forEach(x -> arithmetic(x, found));
  }
}
