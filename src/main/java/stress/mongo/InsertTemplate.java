package stress.mongo;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.mongo.filter.FilterTranslator;
import stress.mongo.filter.IdCondition;
import stress.mongo.routing.KeyRoute;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.Translation;

/**
 * {@code insertOne} and {@code insertMany}: the document is a template whose {@code ":name"} values are parameters. Its JSON is written
 * once, as the importer would write the document, and cut at the parameters; each execution joins the pieces
 * with the drawn values' JSON. The {@code _id} (required) also fills the {@code _id} column.
 */
final class InsertTemplate {
  private static final String MARK = "@@stress-parameter@@";

  private InsertTemplate() {}

  static String insert(Translation t, BsonDocument document) {
    return "INSERT INTO {table} (" + columns(t) + ") VALUES " + row(t, document, "insertOne");
  }

  /**
   * {@code insertMany}: one INSERT of every document, each a template as {@code insertOne}'s, in the order given (as
   * an ordered insertMany; a duplicate {@code _id} fails the statement, so none is inserted).
   */
  static String insertMany(Translation t, org.bson.BsonArray documents) {
    if (documents.isEmpty()) {
      throw new IllegalArgumentException("insertMany needs at least one document in 'documents'");
    }
    StringBuilder sql = new StringBuilder("INSERT INTO {table} (" + columns(t) + ") VALUES ");
    for (int i = 0; i < documents.size(); i++) {
      if (!documents.get(i).isDocument()) {
        throw new IllegalArgumentException("insertMany: documents[" + i + "] must be a document, got "
            + documents.get(i).getBsonType());
      }
      sql.append(i == 0 ? "" : ", ").append(row(t, documents.get(i).asDocument(), "insertMany"));
    }
    return sql.toString();
  }

  private static String columns(Translation t) {
    return t.target.keyed() ? "_id, " + t.target.layout().quotedColumn() + ", data" : "_id, data";
  }

  /** One row's {@code (_id, [key,] data)}. */
  private static String row(Translation t, BsonDocument document, String kind) {
    BsonValue id = document.get("_id");
    if (id == null) {
      throw new IllegalArgumentException(kind + ": the document needs an _id (a value, or a parameter such as"
          + " :id with new_key)");
    }
    String idSql = IdCondition.single(t, id);
    // placeholders are made in the order of the text: _id, the key column, data
    String keySql = t.target.keyed() ? key(t, document, kind) : null;
    String dataSql = json(t, document);
    return "(" + idSql + (keySql == null ? "" : ", " + keySql) + ", CAST(" + dataSql + " AS jsonb))";
  }

  /**
   * The placeholder of a document template's JSON text: written once as the importer writes documents, cut at the
   * parameters, joined with the drawn values' JSON per execution. The document is recorded as what the statement
   * may write.
   */
  static String json(Translation t, BsonDocument document) {
    t.writes.document(document);
    BsonDocument marked = mark(t, document);
    String json = BsonJson.valueToRelaxedJson(marked);
    List<String> pieces = new ArrayList<>();
    List<Integer> params = new ArrayList<>();
    int at = 0;
    while (true) {
      int start = json.indexOf("\"" + MARK, at);
      if (start < 0) {
        pieces.add(json.substring(at));
        break;
      }
      int end = json.indexOf('"', start + 1);
      pieces.add(json.substring(at, start));
      params.add(Integer.parseInt(json.substring(start + 1 + MARK.length(), end)));
      at = end + 1;
    }
    String[] text = pieces.toArray(String[]::new);
    int[] index = params.stream().mapToInt(Integer::intValue).toArray();
    BitSet used = new BitSet();
    for (int i : index) {
      used.set(i);
    }
    return t.placeholder(drawn -> {
      StringBuilder b = new StringBuilder(text[0]);
      for (int i = 0; i < index.length; i++) {
        b.append(JsonPathText.json(drawn[index[i]], t.parameters.name(index[i]))).append(text[i + 1]);
      }
      return b.toString();
    }, used);
  }

  /**
   * The key column's value for the template: the value at the key path as the column's type (a parameter's drawn
   * value converted, null when it is of a kind the column does not hold), NULL where the path is missing. A template
   * whose path holds an array or a document, or a literal of another kind, is refused, as the importer rejects such a
   * document.
   */
  static String key(Translation t, BsonDocument document, String kind) {
    stress.table.Layout layout = t.target.layout();
    BsonValue at = document;
    for (String step : layout.path().split("\\.")) {
      if (at.isArray()) {
        throw new IllegalArgumentException(kind + ": the document's " + layout.path() + ", the table's distribution"
            + " key, passes through an array (MongoDB refuses arrays in a shard key)");
      }
      at = at.isDocument() ? at.asDocument().get(step) : null;
      if (at == null) {
        break;
      }
    }
    int p = at == null ? -1 : t.parameters.indexOf(at);
    if (p >= 0) {
      return "CAST(" + t.placeholder(p, x -> KeyRoute.drawn(x, layout.type())) + " AS " + layout.type().sql() + ")";
    }
    if (at == null || at.isNull()) {
      if (layout.keyInPrimaryKey()) {
        throw new IllegalArgumentException(kind + ": the document has no " + layout.path() + ", the table's"
            + " distribution key, which is part of its primary key (" + layout.path() + ", _id) and holds no null");
      }
      return "NULL";
    }
    String literal = at.isArray() || at.isDocument() ? null : KeyRoute.literal(at, layout.type());
    if (literal == null) {
      throw new IllegalArgumentException(kind + ": the document's " + layout.path() + ", the table's distribution"
          + " key, holds " + (at.isArray() ? "an array (MongoDB refuses arrays in a shard key)" : "a "
          + FilterTranslator.typeName(at) + ", which its " + layout.type().sql() + " column does not hold"));
    }
    return "CAST('" + literal.replace("'", "''") + "' AS " + layout.type().sql() + ")";
  }

  private static BsonDocument mark(Translation t, BsonDocument d) {
    BsonDocument out = new BsonDocument();
    for (Map.Entry<String, BsonValue> e : d.entrySet()) {
      out.put(e.getKey(), mark(t, e.getValue()));
    }
    return out;
  }

  private static BsonValue mark(Translation t, BsonValue v) {
    int p = t.parameters.indexOf(v);
    if (p >= 0) {
      return new BsonString(MARK + p);
    }
    if (v.isDocument()) {
      return mark(t, v.asDocument());
    }
    if (v.isArray()) {
      org.bson.BsonArray out = new org.bson.BsonArray();
      for (BsonValue each : v.asArray()) {
        out.add(mark(t, each));
      }
      return out;
    }
    return v;
  }
}
