package stress.mongo;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.aggregate.AggregatePipeline;
import stress.mongo.filter.FilterTranslator;
import stress.mongo.filter.SortAndProjection;
import stress.mongo.update.UpdateTranslator;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.SqlWithValues;
import stress.mongo.value.Translation;
import stress.mongo.value.TranslationTarget;
import stress.mongo.value.WrittenPaths;

/**
 * One MongoDB-style operation of a workload file, translated once into one SQL statement on the collection's
 * table ({@code {table}}): {@code find}, {@code countDocuments}, {@code updateOne}, {@code updateMany},
 * {@code deleteOne}, {@code deleteMany}, {@code insertOne}, {@code aggregate}. The translation tables are in
 * docs/mongo-queries.md and docs/mongo-aggregate.md.
 *
 * @param statement the SQL and how each placeholder gets its value
 * @param query     true when it returns rows (find, countDocuments)
 * @param used      the parameters the statement uses, by index
 * @param writes    what the statement may write into documents
 * @param paths     the paths whose facts decide its forms (see {@link PathCatalog})
 * @param forms     the forms chosen for the table and the indexes that serve them (none without facts)
 * @param collections the collections its {@code $lookup} stages read, by name
 */
public record MongoStatement(SqlWithValues statement, boolean query, BitSet used, WrittenPaths writes,
                             Set<String> paths, stress.ops.file.TableForms forms, Set<String> collections) {
  /** The operation kinds, with the keys each takes. */
  public static final Map<String, Set<String>> KINDS = Map.ofEntries(
      Map.entry("find", Set.of("filter", "projection", "sort", "limit", "skip")),
      Map.entry("countDocuments", Set.of("filter", "limit", "skip")),
      Map.entry("updateOne", Set.of("filter", "update", "arrayFilters", "upsert")),
      Map.entry("updateMany", Set.of("filter", "update", "arrayFilters", "upsert")),
      Map.entry("replaceOne", Set.of("filter", "replacement", "upsert")),
      Map.entry("findOneAndReplace", Set.of("filter", "replacement", "returnDocument")),
      Map.entry("deleteOne", Set.of("filter")),
      Map.entry("deleteMany", Set.of("filter")),
      Map.entry("insertOne", Set.of("document")),
      Map.entry("insertMany", Set.of("documents")),
      Map.entry("aggregate", Set.of("pipeline")));

  /**
   * Translates one operation.
   *
   * @param kind       one of {@link #KINDS}
   * @param spec       its keys, e.g. {@code {filter: {...}, sort: {...}, limit: 10}}
   * @param parameters the operation's declared parameters
   * @throws IllegalArgumentException naming what is not supported or not valid
   */
  public static MongoStatement translate(String kind, BsonDocument spec, Parameters parameters) {
    return translate(kind, spec, parameters, TranslationTarget.GENERAL);
  }

  /**
   * Translates one operation for a table: typed, index-served forms where its path facts allow them, and the
   * server's own form of the rest.
   */
  public static MongoStatement translate(String kind, BsonDocument spec, Parameters parameters,
                                         TranslationTarget target) {
    Set<String> keys = KINDS.get(kind);
    for (String k : spec.keySet()) {
      if (!keys.contains(k)) {
        throw new IllegalArgumentException("unknown key '" + k + "' in " + kind + "; known: "
            + String.join(", ", new java.util.TreeSet<>(keys)));
      }
    }
    Translation t = new Translation(parameters, target);
    String sql = switch (kind) {
      case "find" -> find(t, spec);
      case "countDocuments" -> count(t, spec);
      case "updateOne", "updateMany", "replaceOne" -> update(t, spec, kind);
      case "findOneAndReplace" -> findOneAndReplace(t, spec);
      case "deleteOne", "deleteMany" -> delete(t, spec, kind.equals("deleteOne"));
      case "aggregate" -> aggregate(t, spec);
      case "insertMany" -> InsertTemplate.insertMany(t, array(spec, "documents", kind));
      default -> InsertTemplate.insert(t, document(spec, "document", kind));
    };
    return new MongoStatement(new SqlWithValues(sql, t.values), kind.equals("find") || kind.equals("countDocuments")
        || kind.equals("aggregate") || kind.equals("findOneAndReplace"), t.used, t.writes, Set.copyOf(t.asked), t.forms(), Set.copyOf(t.collections));
  }

  private static String find(Translation t, BsonDocument spec) {
    String projection = SortAndProjection.projection(optionalDocument(spec, "projection", "find"),
        t.target.distributed());
    String where = where(t, spec, "find");
    BsonDocument sort = optionalDocument(spec, "sort", "find");
    return "SELECT _id, " + projection + " FROM {table}" + where + (sort == null ? "" : SortAndProjection.orderBy(sort, t))
        + limitSkip(t, spec);
  }

  private static String aggregate(Translation t, BsonDocument spec) {
    BsonValue pipeline = spec.get("pipeline");
    if (pipeline == null) {
      throw new IllegalArgumentException("aggregate needs 'pipeline'");
    }
    return new AggregatePipeline(t).translate(pipeline);
  }

  private static String count(Translation t, BsonDocument spec) {
    String where = where(t, spec, "countDocuments");
    String limits = limitSkip(t, spec);
    return limits.isEmpty() ? "SELECT count(*) FROM {table}" + where
        : "SELECT count(*) FROM (SELECT 1 FROM {table}" + where + limits + ") AS counted";
  }

  /**
   * An update or a replacement (replaceOne, or an updateOne whose update holds no operator, as MongoDB reads it), with
   * {@code upsert: true} an {@link UpsertStatement}.
   */
  private static String update(Translation t, BsonDocument spec, String kind) {
    boolean one = !kind.equals("updateMany");
    boolean replace = kind.equals("replaceOne");
    BsonDocument change = document(spec, replace ? "replacement" : "update", kind);
    if (!replace && !change.isEmpty() && !change.getFirstKey().startsWith("$")) {
      if (!one) {
        throw new IllegalArgumentException("multi update is not supported for replacement-style update: updateMany"
            + " takes update operators; a replacement document replaces one document (replaceOne, updateOne)");
      }
      replace = true;
    }
    if (replace) {
      ReplacementTranslator.check(change);
    }
    boolean replacement = replace;
    BsonValue arrayFilters = spec.get("arrayFilters");
    if (replacement && arrayFilters != null) {
      throw new IllegalArgumentException(kind + ": arrayFilters apply to update operators, not to a replacement");
    }
    java.util.function.Function<Translation, String> newData = replacement
        ? x -> new ReplacementTranslator(x).newData(change)
        : x -> new UpdateTranslator(x).newData(change, filter(spec, kind), arrayFilters, false);
    String oneKind = one ? kind : null;
    if (!upsert(spec, kind)) {
      return "UPDATE {table} SET data = " + newData.apply(t) + whereOne(t, spec, oneKind);
    }
    BsonDocument filter = filter(spec, kind);
    return UpsertStatement.of(t, filter, replacement ? change : null, newData,
        replacement ? x -> "seed.data"
            : x -> new UpdateTranslator(x).newData(change, filter(spec, kind), arrayFilters, true),
        x -> whereOne(x, spec, oneKind), isKeyEquality(filter));
  }

  private static boolean upsert(BsonDocument spec, String kind) {
    BsonValue v = spec.get("upsert");
    if (v != null && !v.isBoolean()) {
      throw new IllegalArgumentException(kind + ": 'upsert' must be true or false, got " + v);
    }
    return v != null && v.asBoolean().getValue();
  }

  /**
   * {@code findOneAndReplace}: one matching document replaced, returned as it was ({@code returnDocument: "before"},
   * MongoDB's default) or as it is now ({@code "after"}); the document is locked when read, as MongoDB replaces the one
   * it found.
   */
  private static String findOneAndReplace(Translation t, BsonDocument spec) {
    BsonValue returned = spec.get("returnDocument");
    if (returned != null && !(returned.isString() && Set.of("before", "after").contains(returned.asString().getValue()))) {
      throw new IllegalArgumentException("findOneAndReplace: 'returnDocument' must be \"before\" or \"after\", got "
          + returned);
    }
    boolean after = returned != null && returned.asString().getValue().equals("after");
    BsonDocument replacement = document(spec, "replacement", "findOneAndReplace");
    String data = new ReplacementTranslator(t).newData(replacement);
    String where = where(t, spec, "findOneAndReplace");
    // under a key layout _id is unique per key value only: the row is found again by both
    String key = t.target.keyed() ? t.target.layout().quotedColumn() : null;
    return "UPDATE {table} AS replaced SET data = " + data + " FROM (SELECT _id AS found_id, "
        + (key == null ? "" : key + " AS found_key, ") + "data AS found FROM {table}" + where
        + " LIMIT 1 FOR UPDATE) AS old WHERE replaced._id = old.found_id"
        + (key == null ? "" : " AND replaced." + key + " = old.found_key") + " RETURNING replaced._id, "
        + (after ? "replaced.data" : "old.found");
  }

  private static org.bson.BsonArray array(BsonDocument spec, String key, String kind) {
    BsonValue v = spec.get(key);
    if (v == null || !v.isArray()) {
      throw new IllegalArgumentException(kind + " needs '" + key + "', an array of documents"
          + (v == null ? "" : ", got " + v.getBsonType()));
    }
    return v.asArray();
  }

  private static String delete(Translation t, BsonDocument spec, boolean one) {
    return "DELETE FROM {table}" + whereOne(t, spec, one ? "deleteOne" : null);
  }

  /**
   * The WHERE of an update or delete; for a one-document kind whose filter is not a plain {@code _id} equality,
   * the first matching key is chosen in a subquery (any one, as MongoDB does).
   */
  private static String whereOne(Translation t, BsonDocument spec, String oneKind) {
    BsonDocument filter = filter(spec, oneKind == null ? "updateMany/deleteMany" : oneKind);
    FilterTranslator translator = new FilterTranslator(t);
    String condition = translator.filter(filter);
    if (oneKind == null || isKeyEquality(filter) && !(t.target.keyed() && t.target.layout().keyInPrimaryKey())) {
      return condition.equals("TRUE") ? "" : " WHERE " + condition;
    }
    String where = condition.equals("TRUE") ? "" : " WHERE " + condition;
    if (t.target.keyed() && t.target.layout().keyInPrimaryKey()) {
      // _id is unique per key value only: the row is found by both, and the key's condition routes the outer statement
      String column = t.target.layout().quotedColumn();
      String route = translator.keyRoute(filter);
      return " WHERE (" + column + ", _id) = (SELECT " + column + ", _id FROM {table}" + where + " LIMIT 1)"
          + (route == null ? "" : " AND " + route);
    }
    String route = t.target.keyed() ? translator.keyRoute(filter) : null;
    return " WHERE _id = (SELECT _id FROM {table}" + where + " LIMIT 1)" + (route == null ? "" : " AND " + route);
  }

  /**
   * True when the filter's top level pins {@code _id} by equality, so at most one document matches it (the other
   * conditions can only leave it out): a one-document kind then needs no subquery choosing one, and the statement
   * stays a single-shard route (which the positional {@code $} needs on Citus, where a filter beside the key is usual).
   */
  private static boolean isKeyEquality(BsonDocument filter) {
    if (!filter.containsKey("_id")) {
      return false;
    }
    BsonValue v = filter.get("_id");
    return !v.isDocument() && !v.isRegularExpression()
        || v.isDocument() && v.asDocument().size() == 1 && v.asDocument().containsKey("$eq");
  }

  private static String where(Translation t, BsonDocument spec, String kind) {
    String condition = new FilterTranslator(t).filter(filter(spec, kind));
    return condition.equals("TRUE") ? "" : " WHERE " + condition;
  }

  private static BsonDocument filter(BsonDocument spec, String kind) {
    BsonDocument f = optionalDocument(spec, "filter", kind);
    return f == null ? new BsonDocument() : f;
  }

  private static String limitSkip(Translation t, BsonDocument spec) {
    return count(t, spec, "limit", " LIMIT ") + count(t, spec, "skip", " OFFSET ");
  }

  private static String count(Translation t, BsonDocument spec, String key, String sql) {
    BsonValue v = spec.get(key);
    if (v == null) {
      return "";
    }
    int p = t.parameters.indexOf(v);
    if (p >= 0) {
      return sql + t.placeholder(p, x -> x);
    }
    if (!(v.isInt32() || v.isInt64()) || v.asNumber().longValue() < 0) {
      throw new IllegalArgumentException(key + " must be a whole number of at least 0 or a parameter, got " + v);
    }
    return v.asNumber().longValue() == 0 && key.equals("limit") ? "" : sql + v.asNumber().longValue();
  }

  private static BsonDocument optionalDocument(BsonDocument spec, String key, String kind) {
    BsonValue v = spec.get(key);
    if (v == null) {
      return null;
    }
    if (!v.isDocument()) {
      throw new IllegalArgumentException(kind + ": '" + key + "' must be a document, got " + v.getBsonType());
    }
    return v.asDocument();
  }

  private static BsonDocument document(BsonDocument spec, String key, String kind) {
    BsonDocument d = optionalDocument(spec, key, kind);
    if (d == null) {
      throw new IllegalArgumentException(kind + " needs '" + key + "'");
    }
    return d;
  }

  /** The placeholders' value makers, in order. */
  public List<stress.ops.file.PlaceholderValue> values() {
    return statement.values();
  }
}
