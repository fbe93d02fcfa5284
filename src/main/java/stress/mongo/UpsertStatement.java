package stress.mongo;

import java.util.Map;
import java.util.function.Function;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.filter.IdCondition;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.Translation;

/**
 * An update or replacement with {@code upsert: true}: when no document matches, one is inserted as MongoDB makes it.
 * For an update, the new document starts from the filter's equality fields (top level and inside {@code $and}; a
 * dotted path becomes nested documents), then the update is applied to it with {@code $setOnInsert}; for a
 * replacement it is the replacement. Its {@code _id} is the filter's, else the replacement's, else a new ObjectId made
 * per execution.
 *
 * <p>Two statements, by the filter. A filter that is an {@code _id} equality alone is
 * {@code INSERT ... ON CONFLICT (_id) DO UPDATE}: one atomic statement that inserts or updates the document, which is
 * what MongoDB gives there (it retries an upsert that lost the race to insert the same {@code _id}, and so the
 * second of two concurrent upserts updates). Any other filter is a CTE, {@code WITH updated AS (UPDATE ... RETURNING
 * 1) INSERT ... WHERE NOT EXISTS (SELECT 1 FROM updated)}: as in MongoDB without a unique index on the filter's
 * fields, two concurrent upserts that both find nothing both insert, and one whose new {@code _id} (from the filter)
 * is taken fails with a duplicate key (23505), as MongoDB fails with E11000.
 */
final class UpsertStatement {
  private UpsertStatement() {}

  /**
   * @param update      writes the new data of a matched document ({@code data}, {@code _id}: its row)
   * @param inserted    writes the data of the new document from its seed (its {@code data}, {@code _id})
   * @param replacement the replacement, or null for an update
   * @param where       writes the WHERE of the update (after the SET)
   */
  static String of(Translation t, BsonDocument filter, BsonDocument replacement, Function<Translation, String> update,
                   Function<Translation, String> inserted, Function<Translation, String> where, boolean idEquality) {
    if (t.target.keyed()) {
      throw new IllegalArgumentException("upsert on a table laid out by a key path (" + t.target.layout().path()
          + ") is not supported: the key column of an inserted document is not written yet");
    }
    BsonDocument seed = replacement == null ? seed(filter) : replacement.clone();
    BsonValue filterId = filter.get("_id");
    if (filterId != null && filterId.isDocument() && filterId.asDocument().containsKey("$eq")) {
      filterId = filterId.asDocument().get("$eq");
    }
    if (replacement != null && filterId != null && !filterId.isDocument() && !filterId.isArray()) {
      if (seed.containsKey("_id") && !seed.get("_id").equals(filterId)) {
        throw new IllegalArgumentException("the replacement's _id " + seed.get("_id") + " differs from the filter's "
            + filterId + ": MongoDB refuses the upsert (the (immutable) field '_id' was found to have been altered)");
      }
      seed.put("_id", filterId);
    }
    if (idEquality) {
      String insert = insert(t, seed, inserted);
      if (replacement != null) {
        // the row proposed is the replacement under the filter's _id, which the document matched holds: it replaces
        // it as it is (and Citus, which plans the SELECT apart, gets no parameter outside it)
        return insert + " ON CONFLICT (_id) DO UPDATE SET data = excluded.data";
      }
      // the existing row is named: the update's text reads data and _id unqualified, as the row they belong to
      return insert + " ON CONFLICT (_id) DO UPDATE SET data = (SELECT " + update.apply(t)
          + " FROM (SELECT upserted._id, upserted.data) AS matched)";
    }
    String updated = "WITH updated AS (UPDATE {table} SET data = " + update.apply(t) + where.apply(t) + " RETURNING 1) ";
    return updated + insert(t, seed, inserted) + " WHERE NOT EXISTS (SELECT 1 FROM updated)";
  }

  /**
   * The INSERT of the new document, placeholders in the order of the text. The {@code _id} is in the INSERT's own
   * select list, where the server gives a parameter the column's type (a derived table would make it text); the
   * document is made in a derived table {@code seed (data, _id)}, {@code _id} there the JSON text of the document's
   * {@code _id}, which only refusals' messages read. A new ObjectId's derived table is fenced ({@code OFFSET 0}) so
   * the planner does not fold its cast for a column of numbers into a constant that fails even when nothing is
   * inserted.
   */
  private static String insert(Translation t, BsonDocument seed, Function<Translation, String> inserted) {
    BsonValue id = seed.get("_id");
    // a new ObjectId, made once per execution: the _id column and the document's _id are the same one
    // (a column of numbers cannot hold it: the insert fails, saying so, and only when it inserts)
    String idSql = id != null ? "CAST(" + IdCondition.single(t, id) + " AS " + stress.ops.file.IdLiteral.columnType() + ")" : stress.ops.file.IdLiteral.token("CAST(CAST(" + JsonPathText.sql(
        "the upsert inserts a document under a new ObjectId, which the table's _id column does not hold: ")
        + " || seed.oid AS integer) AS numeric)", "seed.oid");
    String data = inserted.apply(t);
    String json = "CAST(" + InsertTemplate.json(t, seed) + " AS jsonb)";
    String made;
    if (id != null) {
      made = "(SELECT made.data, CAST(made.data -> '_id' AS text) AS _id FROM (SELECT " + json + " AS data) AS made)";
    } else {
      String oid = t.placeholder(drawn -> new org.bson.types.ObjectId().toHexString(), new java.util.BitSet());
      made = "(SELECT jsonb_set(" + json + ", '{_id}', CAST('{\"$oid\": \"' || made.oid || '\"}' AS jsonb), true) AS data,"
          + " made.oid AS _id, made.oid FROM (SELECT CAST(" + oid + " AS text) AS oid) AS made OFFSET 0)";
    }
    return "INSERT INTO {table} AS upserted (_id, data) SELECT " + idSql + ", " + data + " FROM " + made + " AS seed";
  }

  /**
   * The filter's equality fields as MongoDB puts them into an upserted document: {@code {a: v}} and
   * {@code {a: {$eq: v}}} at the top level and inside {@code $and}, a dotted path as nested documents; other
   * conditions add nothing.
   */
  static BsonDocument seed(BsonDocument filter) {
    BsonDocument seed = new BsonDocument();
    equalities(filter, seed);
    return seed;
  }

  private static void equalities(BsonDocument filter, BsonDocument seed) {
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      String key = e.getKey();
      BsonValue v = e.getValue();
      if (key.equals("$and") && v.isArray()) {
        for (BsonValue branch : (BsonArray) v) {
          if (branch.isDocument()) {
            equalities(branch.asDocument(), seed);
          }
        }
      } else if (!key.startsWith("$")) {
        boolean operators = v.isDocument() && !v.asDocument().isEmpty() && v.asDocument().getFirstKey().startsWith("$");
        if (!operators) {
          put(seed, key, v);
        } else if (v.asDocument().containsKey("$eq")) {
          put(seed, key, v.asDocument().get("$eq"));
        }
      }
    }
  }

  private static void put(BsonDocument seed, String dotted, BsonValue v) {
    String[] keys = dotted.split("\\.");
    BsonDocument at = seed;
    for (int i = 0; i < keys.length - 1; i++) {
      BsonValue next = at.get(keys[i]);
      if (next == null || !next.isDocument()) {
        next = new BsonDocument();
        at.put(keys[i], next);
      }
      at = next.asDocument();
    }
    at.put(keys[keys.length - 1], v);
  }
}
