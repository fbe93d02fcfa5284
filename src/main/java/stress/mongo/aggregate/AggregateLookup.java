package stress.mongo.aggregate;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import stress.mongo.filter.Containment;
import stress.mongo.filter.PathValues;
import stress.mongo.value.ForeignCollection;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.Translation;
import stress.mongo.value.TranslationTarget;

/**
 * {@code $lookup} with {@code localField} / {@code foreignField}: each document gets, in {@code as}, the array of
 * the foreign collection's documents whose {@code foreignField} equals the value of its {@code localField} as a
 * find's equality does ({@code {foreignField: value}}: the value or an element of an array there, numbers by value,
 * null matching null or missing). A {@code localField} holding an array matches any of its elements (an empty
 * array matches nothing); a missing one is null.
 *
 * <p>The foreign documents are found per key, so an index serves them: on {@code _id} the primary key (the key
 * converted to the column's type), on another path a containment test a GIN index on {@code data} serves, each
 * followed by the exact test. A foreign document matched by several keys is listed once; the array is in
 * {@code _id} order (MongoDB leaves it undefined).
 */
final class AggregateLookup {
  static final Set<String> OPTIONS = Set.of("from", "localField", "foreignField", "as");

  private AggregateLookup() {}

  static void lookup(AggregatePipeline pipeline, AggregateProjection projection, BsonValue arg) {
    if (!arg.isDocument()) {
      throw new IllegalArgumentException("$lookup takes {from, localField, foreignField, as}, got "
          + arg.getBsonType());
    }
    BsonDocument d = arg.asDocument();
    for (String k : d.keySet()) {
      if (k.equals("pipeline") || k.equals("let")) {
        throw new IllegalArgumentException("$lookup with '" + k + "' is not supported; supported: from, localField,"
            + " foreignField, as (an equality join)");
      }
      if (!OPTIONS.contains(k)) {
        throw new IllegalArgumentException("unknown option '" + k + "'; known: as, foreignField, from, localField");
      }
    }
    for (String k : List.of("from", "localField", "foreignField", "as")) {
      if (!d.containsKey(k) || !d.get(k).isString() || d.getString(k).getValue().isEmpty()) {
        throw new IllegalArgumentException("$lookup needs '" + k + "' as a non-empty string");
      }
    }
    String from = d.getString("from").getValue();
    if (from.startsWith("system.") || from.contains("$")) {
      throw new IllegalArgumentException("$lookup from '" + from + "': not a collection name");
    }
    for (String k : List.of("localField", "foreignField", "as")) {
      if (d.getString(k).getValue().startsWith("$")) {
        throw new IllegalArgumentException("$lookup's " + k + " is a field name without '$', got '"
            + d.getString(k).getValue() + "'");
      }
    }
    Translation t = pipeline.expressions().translation();
    t.collections.add(from);
    ForeignCollection foreign = t.target.collection(from);
    String localField = d.getString("localField").getValue();
    if (ColocatedLookup.applies(t, pipeline, foreign, localField, d.getString("foreignField").getValue())) {
      ColocatedLookup.lookup(pipeline, projection, foreign, localField,
          MongoPath.parse(d.getString("foreignField").getValue()), MongoPath.parse(d.getString("as").getValue()).keys());
      return;
    }
    if (ReplicatedLookup.applies(t, pipeline, foreign)) {
      ReplicatedLookup.lookup(pipeline, projection, foreign, MongoPath.parse(localField),
          MongoPath.parse(d.getString("foreignField").getValue()), MongoPath.parse(d.getString("as").getValue()).keys());
      return;
    }
    // On Citus the foreign documents are read once by the shards (a subquery Citus plans on its own): a correlated
    // subquery over a distributed table is refused there.
    String foreignTable = t.target.distributed() ? "(SELECT _id, data FROM " + foreign.sql() + " OFFSET 0)"
        : foreign.sql();
    MongoPath foreignPath = MongoPath.parse(d.getString("foreignField").getValue());
    List<String> as = MongoPath.parse(d.getString("as").getValue()).keys();

    String input = pipeline.from();
    String a = AggregatePipeline.alias(input);
    String local = pipeline.expressions().value(new BsonString("$" + d.getString("localField").getValue()), a + ".doc");
    if (t.target.distributed()) {
      joinOnCoordinator(pipeline, projection, input, local, foreignTable, foreignPath, as);
      return;
    }
    if (!t.target.deepCorrelation()) {
      joinWithoutInitPlan(pipeline, projection, input, local, foreign, foreignPath, as);
      return;
    }
    String l = a + "l";
    String keys = keysOf(l + ".v");
    String k = a + "k";
    String f = a + "f";
    List<String> branches = new ArrayList<>();
    if (foreignPath.isId()) {
      String indexed = idCondition(f + "._id", k + ".v", foreign.idType());
      branches.add("SELECT " + f + "._id, " + f + ".data FROM " + keys + " AS " + k + "(v) JOIN " + foreignTable
          + " AS " + f + " ON " + (indexed == null ? "" : indexed + " AND ") + idEquals(f + ".data", k + ".v"));
    } else {
      PathValues values = new PathValues(t);
      String jp = foreignPath.jsonPath();
      String data = f + ".data";
      String prefilter = Containment.anyForm(data, foreignPath.keys(), k + ".v");
      branches.add("SELECT " + f + "._id, " + data + " FROM " + keys + " AS " + k + "(v) JOIN " + foreignTable
          + " AS " + f + " ON " + (prefilter == null ? "" : prefilter + " AND ")
          + equals(values, data, jp, k + ".v") + " WHERE jsonb_typeof(" + k + ".v) <> 'null'");
      // A null key matches a foreign document without the field, which no containment test finds.
      branches.add("SELECT " + f + "._id, " + data + " FROM " + foreignTable + " AS " + f + " WHERE EXISTS (SELECT 1"
          + " FROM " + keys + " AS " + k + "(v) WHERE jsonb_typeof(" + k + ".v) = 'null') AND "
          + matchesNull(values, data, jp));
    }
    String m = a + "m";
    String found = "COALESCE((SELECT jsonb_agg(" + m + ".data ORDER BY " + m + "._id) FROM (SELECT DISTINCT ON ("
        + m + "u._id) " + m + "u._id, " + m + "u.data FROM (" + String.join(" UNION ALL ", branches) + ") AS " + m
        + "u(_id, data)) AS " + m + "), CAST('[]' AS jsonb))";
    String r = a + "r";
    // The local value and the matches are each computed once per document: the key list reads the value three
    // times and a dotted 'as' reads the matches more than once, and PostgreSQL would copy an unfenced subquery's
    // expression into each place (a top-level 'as' is set directly, reading them once).
    String doc = withMatches(projection, as, a + ".doc", r + ".v");
    String fence = t.target.lateralFence();
    pipeline.next("SELECT " + doc + " AS doc, " + a + ".n FROM " + input + " CROSS JOIN LATERAL (SELECT " + local
        + fence + ") AS " + l + "(v) CROSS JOIN LATERAL (SELECT " + found + (as.size() == 1 ? "" : fence)
        + ") AS " + r + "(v)", pipeline.ordered());
  }

  /**
   * On Citus: each document numbered and joined to the foreign documents that match one of its keys, which the
   * shards read once, then gathered per document on the coordinator. Citus fails to plan the correlated form
   * ("bogus varno"); this one it runs as subplans on the workers and a join on the coordinator.
   */
  private static void joinOnCoordinator(AggregatePipeline pipeline, AggregateProjection projection, String input,
                                        String local, String foreignTable, MongoPath foreignPath, List<String> as) {
    String a = AggregatePipeline.alias(input);
    Translation t = pipeline.expressions().translation();
    String w = a + "w";
    String k = a + "k";
    String f = a + "f";
    String data = f + ".data";
    String jp = foreignPath.jsonPath();
    PathValues values = new PathValues(t);
    String match = foreignPath.isId() ? idEquals(data, k + ".v") : "CASE WHEN jsonb_typeof(" + k + ".v) = 'null' THEN "
        + matchesNull(values, data, jp) + " ELSE " + equals(values, data, jp, k + ".v") + " END";
    String found = "COALESCE(jsonb_agg(DISTINCT " + data + ") FILTER (WHERE " + f + "._id IS NOT NULL),"
        + " CAST('[]' AS jsonb))";
    String doc = withMatches(projection, as, w + ".doc", found);
    pipeline.next("SELECT " + doc + " AS doc, " + w + ".n FROM (SELECT " + a + ".doc, " + a + ".n, row_number() OVER ()"
        + " AS r, " + local + " AS l FROM " + input + ") AS " + w + " LEFT JOIN LATERAL " + keysOf(w + ".l")
        + " AS " + k + "(v) ON TRUE LEFT JOIN " + foreignTable + " AS " + f + " ON " + match + " GROUP BY " + w
        + ".r, " + w + ".doc, " + w + ".n", pipeline.ordered());
  }

  /**
   * Where a scalar subquery must not read the row two levels out (Greenplum 7, see
   * {@link TranslationTarget#deepCorrelation}): each document numbered and joined to its keys and to the foreign
   * documents matching one of them, each match kept once per document, and the matches gathered per document in
   * {@code _id} order. No subquery reads the document's row, so no init plan does; the foreign documents are found
   * as in the correlated form (the primary key on {@code _id}, a containment test a GIN index serves on another
   * path, then the exact test).
   */
  private static void joinWithoutInitPlan(AggregatePipeline pipeline, AggregateProjection projection, String input,
                                          String local, ForeignCollection foreign, MongoPath foreignPath,
                                          List<String> as) {
    String a = AggregatePipeline.alias(input);
    String w = a + "w";
    String f = a + "f";
    String data = f + ".data";
    String key = a + "k.v";
    String match;
    if (foreignPath.isId()) {
      String indexed = idCondition(f + "._id", key, foreign.idType());
      match = (indexed == null ? "" : indexed + " AND ") + idEquals(data, key);
    } else {
      PathValues values = new PathValues(pipeline.expressions().translation());
      String jp = foreignPath.jsonPath();
      String prefilter = Containment.anyForm(data, foreignPath.keys(), key);
      match = "(jsonb_typeof(" + key + ") = 'null' AND " + matchesNull(values, data, jp) + " OR jsonb_typeof(" + key
          + ") <> 'null' AND " + (prefilter == null ? "" : prefilter + " AND ") + equals(values, data, jp, key) + ")";
    }
    String d = a + "d";
    String doc = withMatches(projection, as, d + ".doc", gathered(d));
    pipeline.next("SELECT " + doc + " AS doc, " + d + ".n FROM (SELECT DISTINCT ON (" + w + ".r, " + f + "._id) " + w
        + ".r, " + w + ".doc, " + w + ".n, " + f + "._id, " + data + " FROM (SELECT " + a + ".doc, " + a + ".n,"
        + " row_number() OVER () AS r, " + local + " AS l FROM " + input + ") AS " + w + " LEFT JOIN LATERAL "
        + keysOf(w + ".l") + " AS " + a + "k(v) ON TRUE LEFT JOIN " + foreign.sql() + " AS " + f + " ON " + match
        + ") AS " + d + " GROUP BY " + d + ".r, " + d + ".doc, " + d + ".n", pipeline.ordered());
  }

  /**
   * The foreign documents ({@code alias._id}, {@code alias.data}) an outer join gave one document, gathered in
   * {@code _id} order: an empty array when the join found none (its one row of nulls is left out).
   */
  static String gathered(String alias) {
    return "COALESCE(jsonb_agg(" + alias + ".data ORDER BY " + alias + "._id) FILTER (WHERE " + alias + "._id IS NOT"
        + " NULL), CAST('[]' AS jsonb))";
  }

  /** The keys a local value matches by: the elements of an array, else the value itself (missing as null). */
  private static String keysOf(String local) {
    return "jsonb_array_elements(CASE WHEN jsonb_typeof(" + local + ") = 'array' THEN " + local
        + " ELSE jsonb_build_array(" + local + ") END)";
  }

  /** The foreign document's {@code _id} equals the key (numbers by value). */
  private static String idEquals(String data, String key) {
    return data + " -> '_id' = " + key;
  }

  /** The value at the foreign path, or an element of an array there, equals the key: a find's equality. */
  static String equals(PathValues values, String data, String jp, String key) {
    return values.anyOrElement(data, jp, c -> c + " = " + key);
  }

  /** The foreign path is missing or null (or an array there holds null): what a null key matches. */
  static String matchesNull(PathValues values, String data, String jp) {
    return "(NOT " + values.exists(data, jp) + " OR " + values.any(data, jp, c -> "jsonb_typeof(" + c + ") = 'null'")
        + ")";
  }

  /** The document with the matches in {@code as}: a top-level name set directly, a dotted one as $addFields sets. */
  static String withMatches(AggregateProjection projection, List<String> as, String doc, String matches) {
    return as.size() == 1 ? "(" + doc + " - " + JsonPathText.sql(as.get(0)) + ") || jsonb_build_object("
        + JsonPathText.sql(as.get(0)) + ", " + matches + ")" : projection.setSql(as, matches, doc);
  }

  /**
   * A condition on the foreign table's {@code _id} column that the primary key serves, true for every document
   * whose {@code _id} equals the key (the exact test follows it), or null when the column's type is not known.
   */
  static String idCondition(String column, String key, stress.table.IdType type) {
    if (type == null) {
      return null;
    }
    String number = "CAST(" + key + " #>> '{}' AS numeric)";
    String isNumber = "jsonb_typeof(" + key + ") = 'number'";
    return switch (type) {
      case INTEGER -> column + " = CASE WHEN " + isNumber + " AND " + number + " % 1 = 0 AND " + number
          + " BETWEEN -2147483648 AND 2147483647 THEN CAST(" + number + " AS integer) END";
      case BIGINT -> column + " = CASE WHEN " + isNumber + " AND " + number + " % 1 = 0 AND " + number
          + " BETWEEN -9223372036854775808 AND 9223372036854775807 THEN CAST(" + number + " AS bigint) END";
      case DOUBLE -> column + " = CASE WHEN " + isNumber + " THEN CAST(" + number + " AS double precision) END";
      // A text column holds strings and ObjectIds as they are, or every value as its Extended JSON text.
      case TEXT -> column + " IN (" + key + " #>> '{}', " + key + " ->> '$oid', CAST(" + key + " AS text))";
      case UUID -> column + " = CASE WHEN " + key + " -> '$binary' ->> 'subType' IN ('04', '4') THEN CAST(encode("
          + "decode(" + key + " -> '$binary' ->> 'base64', 'base64'), 'hex') AS uuid) END";
    };
  }
}
