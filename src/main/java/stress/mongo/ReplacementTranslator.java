package stress.mongo;

import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.filter.IdCondition;
import stress.mongo.update.UpdateRefusals;
import stress.mongo.value.FailingCast;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.Translation;

/**
 * A replacement document ({@code replaceOne}, an {@code updateOne} whose update holds no operator,
 * {@code findOneAndReplace}) as the new value of {@code data}: the replacement, written as the importer writes
 * documents with its parameters filled in per execution, with the document's own {@code _id}, as MongoDB keeps it.
 * What MongoDB refuses for the document replaced fails the statement ({@link UpdateRefusals}): a replacement whose
 * {@code _id} differs from the document's, and, on a table laid out by a key path, one that changes the key's value
 * (MongoDB changes a shard key value only inside a transaction, and stress moves no document between shards, as for
 * an update of the key).
 */
final class ReplacementTranslator {
  private final Translation t;

  ReplacementTranslator(Translation t) {
    this.t = t;
  }

  /** Refuses what MongoDB refuses in a replacement before reading any document: update operators. */
  static void check(BsonDocument replacement) {
    for (String key : replacement.keySet()) {
      if (key.startsWith("$")) {
        throw new IllegalArgumentException("The dollar ($) prefixed field '" + key + "' in '" + key + "' is not"
            + " allowed in the context of an update's replacement document: a replacement holds no update operators"
            + " (write the change with operators in an update, or the whole document without them)");
      }
    }
  }

  /** The new data of a document the replacement replaces (placeholders in the order of the text). */
  String newData(BsonDocument replacement) {
    check(replacement);
    StringBuilder whens = new StringBuilder();
    BsonValue id = replacement.get("_id");
    if (id != null) {
      whens.append(" WHEN NOT (").append(IdCondition.equal(t, id)).append(") THEN ").append(FailingCast.fail(
          JsonPathText.sql(UpdateRefusals.PREFIX + "After applying the update, the (immutable) field '_id' was found"
              + " to have been altered to _id: " + shown(id) + " (the document's _id: ") + " || CAST(_id AS text)"
              + " || ')'"));
    }
    if (t.target.keyed()) {
      stress.table.Layout layout = t.target.layout();
      String key = InsertTemplate.key(t, replacement, "the replacement");
      whens.append(" WHEN ").append(layout.quotedColumn()).append(" IS DISTINCT FROM ").append(key).append(" THEN ")
          .append(FailingCast.fail(JsonPathText.sql(UpdateRefusals.PREFIX + "the replacement changes "
              + layout.path() + ", the table's distribution key (MongoDB changes a shard key value only inside a"
              + " transaction, and stress does not move documents between shards), of the document {_id: ")
              + " || CAST(_id AS text) || '}'"));
    }
    // the document's own _id, as the importer wrote it: MongoDB keeps it whatever the replacement holds
    String data = "jsonb_set(CAST(" + InsertTemplate.json(t, replacement) + " AS jsonb), '{_id}', data -> '_id', true)";
    return whens.length() == 0 ? data : "CASE" + whens + " ELSE " + data + " END";
  }

  /** The replacement's {@code _id} as a message shows it: a parameter by its name. */
  private String shown(BsonValue id) {
    int p = t.parameters.indexOf(id);
    return p >= 0 ? ":" + t.parameters.name(p) : stress.dump.bson.BsonJson.valueToRelaxedJson(id);
  }
}
