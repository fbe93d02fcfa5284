package stress.mongo.aggregate;

import java.util.List;
import stress.mongo.filter.Containment;
import stress.mongo.filter.PathValues;
import stress.mongo.value.ForeignCollection;
import stress.mongo.value.MongoPath;
import stress.mongo.value.PathFacts;
import stress.mongo.value.Translation;
import stress.table.Layout;

/**
 * {@code $lookup} of a replicated table on Postgres-XL: the table's documents joined to the foreign
 * table in one join, which the server runs where each document is stored (every node holds the whole replicated
 * table), instead of reading the foreign table apart for each document on whichever node it picks (Postgres-XL then
 * reaches a second datanode, and ships the whole foreign table, for a key-pinned pipeline). It applies when the
 * {@code $lookup} reads the table's own rows (only {@code $match} stages come before it).
 *
 * <p>It gives the general form's documents ({@link AggregateLookup}): a local array matches by its elements (an empty
 * one matches nothing), a missing or null value matches the foreign documents missing the field or holding null, any
 * other value the foreign documents whose value there, or an element of an array there, equals it. The join has no
 * function scan in FROM and no window (either makes Postgres-XL run the join on its coordinator); where the local
 * value is never an array, missing or null (the key column's path under a key in the primary key, or by the path's
 * facts) the condition is the containment test and the exact test alone, which a GIN index on the foreign
 * {@code data} serves per document.
 */
final class ReplicatedLookup {
  private ReplicatedLookup() {}

  /**
   * True when the foreign table is replicated on Postgres-XL (not Citus, and not Greenplum, whose join of the
   * replicated table to a key-pinned scan reaches every segment where the general form's reaches one) and the stage
   * reads the table's rows (only {@code $match} stages come before it). After a {@code $sort} and {@code $limit} XL
   * joins on its coordinator whatever the form, and this one was slower there than the general form (107-137 against
   * 180-184 executions a second of northwind's {@code orders_with_customer}).
   */
  static boolean applies(Translation t, AggregatePipeline pipeline, ForeignCollection foreign) {
    return !t.target.distributed() && t.target.deepCorrelation() && foreign.layout() != null
        && foreign.layout().kind() == Layout.Kind.REFERENCE && pipeline.readsTable();
  }

  static void lookup(AggregatePipeline pipeline, AggregateProjection projection, ForeignCollection foreign,
                     MongoPath localPath, MongoPath foreignPath, List<String> as) {
    Translation t = pipeline.expressions().translation();
    Layout mine = t.target.layout();
    String a = pipeline.nextAlias();
    String f = a + "f";
    String local = pipeline.expressions().value(new org.bson.BsonString("$" + localPath), a + ".data");
    String match = alwaysScalar(t, mine, localPath) ? matchesKey(t, f + ".data", foreignPath, local)
        : "CASE WHEN jsonb_typeof(" + local + ") = 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements(" + local
        + ") AS " + a + "k(v) WHERE " + matchesAnyKey(t, f + ".data", foreignPath, a + "k.v") + ") ELSE "
        + matchesAnyKey(t, f + ".data", foreignPath, "COALESCE(" + local + ", CAST('null' AS jsonb))") + " END";
    String keyColumn = mine != null && mine.keyed() ? mine.quotedColumn() : null;
    String columns = "_id, " + (keyColumn == null ? "" : keyColumn + ", ") + "data";
    String doc = AggregateLookup.withMatches(projection, as, a + ".data", AggregateLookup.gathered(f));
    // grouped by the key column too, so that Postgres-XL sees a grouping it can run where the rows are stored
    pipeline.next("SELECT " + doc + " AS doc, CAST(0 AS bigint) AS n FROM (" + pipeline.tableRows(columns) + ") AS " + a
        + " LEFT JOIN " + foreign.sql() + " AS " + f + " ON " + match + " GROUP BY "
        + (keyColumn == null ? "" : a + "." + keyColumn + ", ") + a + "._id, " + a + ".data", false);
  }

  /**
   * True when every document holds a value at the path that is not an array, a document's null or missing: the key
   * path of a key layout whose key is never null (a key is never an array), or a path whose facts show only such
   * values ({@code analyze} is asked for them).
   */
  private static boolean alwaysScalar(Translation t, Layout mine, MongoPath path) {
    if (mine != null && mine.keyNeverNull() && mine.path().equals(path.toString())) {
      return true;
    }
    t.asked.add(path.toString());
    PathFacts facts = t.target.paths().facts(path);
    return facts != null && !facts.arrays() && !facts.kinds().contains(PathFacts.MISSING)
        && !facts.kinds().contains(PathFacts.NULL) && !facts.kinds().contains(PathFacts.ARRAY);
  }

  /** A key that is not null matches: a containment test an index serves, then the exact test. */
  private static String matchesKey(Translation t, String data, MongoPath foreignPath, String key) {
    String prefilter = Containment.anyForm(data, foreignPath.keys(), key);
    return (prefilter == null ? "" : prefilter + " AND ") + AggregateLookup.equals(new PathValues(t), data,
        foreignPath.jsonPath(), key);
  }

  /** Any key matches: a null one the foreign documents missing the field or holding null there. */
  private static String matchesAnyKey(Translation t, String data, MongoPath foreignPath, String key) {
    return "CASE WHEN jsonb_typeof(" + key + ") = 'null' THEN " + AggregateLookup.matchesNull(new PathValues(t), data,
        foreignPath.jsonPath()) + " ELSE " + matchesKey(t, data, foreignPath, key) + " END";
  }
}
