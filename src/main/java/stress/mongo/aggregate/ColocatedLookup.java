package stress.mongo.aggregate;

import java.util.List;
import stress.mongo.routing.KeyRoute;
import stress.mongo.value.ForeignCollection;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.Translation;
import stress.table.Layout;

/**
 * {@code $lookup} of two co-located tables, joined on their key columns beside the documents' values, so that Citus
 * runs the join on each shard ("co-located join") instead of reading the foreign table into an intermediate result
 * on every execution. It applies when the {@code $lookup} reads the table's own rows (only {@code $match} stages come
 * before it), its {@code localField} and {@code foreignField} are the key paths of the two tables, and the keys are
 * of one type in one co-location group ({@link Layout#colocatedWith}).
 *
 * <p>It gives the documents the value test alone gives: a key column holds the value at its path (a key is never an
 * array or a document, and no array is on its path), and two values a find's equality finds equal have equal columns
 * of one type (numbers by value, an ObjectId as its hex), so the column condition drops no match; the value test
 * stays and decides (a string and an ObjectId of the same hex have equal columns and differ): the equality of the two
 * values as they are, which is a find's equality on values that are not arrays. A null key column is a document
 * missing the path or holding null there, which matches the foreign documents missing it or holding null: where a key
 * can be null the column condition says so ({@code OR both IS NULL}); where neither can (in the primary key, or on
 * Citus, which refuses a null distribution value) it is the equality alone, the form Citus recognises as co-located.
 */
final class ColocatedLookup {
  private ColocatedLookup() {}

  /**
   * True when the {@code $lookup} joins the two tables on their key paths and the join can be co-located: it reads
   * the table's rows, or the table's documents sorted or cut ({@code $sort}, {@code $limit}, {@code $skip}) where a
   * leading {@code $match} pins the key to one value and neither key is ever null ({@link #sorted}).
   */
  static boolean applies(Translation t, AggregatePipeline pipeline, ForeignCollection foreign, String localField,
                         String foreignField) {
    Layout mine = t.target.layout();
    Layout theirs = foreign.layout();
    if (mine == null || !mine.colocatedWith(theirs) || !mine.path().equals(localField)
        || !theirs.path().equals(foreignField)) {
      return false;
    }
    boolean neverNull = mine.keyNeverNull() && theirs.keyNeverNull();
    if (pipeline.readsTable()) {
      return t.target.distributed() || neverNull;
    }
    return neverNull && pipeline.tableDocuments() && pipeline.tableFilters().stream()
        .anyMatch(f -> KeyRoute.pinsOneValue(t, f));
  }

  /**
   * The value at a key path: a key path holds no array and passes through none, so each step is one {@code ->}
   * (Citus runs no table function that is not immutable in a multi-shard query, which the general path walk has).
   */
  private static String at(String data, MongoPath path) {
    StringBuilder b = new StringBuilder(data);
    for (String key : path.keys()) {
      b.append(" -> ").append(JsonPathText.sql(key));
    }
    return b.toString();
  }

  /**
   * The start of the lateral read of one document's matches on Citus: the foreign documents, as {@code alias}, gathered
   * in {@code _id} order (an empty array when none); its WHERE follows.
   */
  private static String collected(ForeignCollection foreign, String alias) {
    return "SELECT COALESCE(jsonb_agg(" + alias + ".data ORDER BY " + alias + "._id), CAST('[]' AS jsonb)) FROM "
        + foreign.sql() + " AS " + alias;
  }

  /**
   * {@code AND} the key values the leading {@code $match} stages pin, written on {@code column} (as
   * {@code = ANY (ARRAY[...])} when {@code asArray}); or "".
   */
  private static String pinned(AggregatePipeline pipeline, String column, boolean asArray) {
    StringBuilder pinned = new StringBuilder();
    for (org.bson.BsonDocument filter : pipeline.tableFilters()) {
      String route = KeyRoute.ofFilter(pipeline.expressions().translation(), filter, column, asArray);
      pinned.append(route == null ? "" : " AND " + route);
    }
    return pinned.toString();
  }

  /**
   * The stage: each of the table's documents with its matches in {@code as}; on Citus read by one lateral join per
   * row, elsewhere (Postgres-XL, Greenplum, where neither key is ever null) by a join of the two tables on the key
   * columns.
   */
  static void lookup(AggregatePipeline pipeline, AggregateProjection projection, ForeignCollection foreign,
                     String localField, MongoPath foreignPath, List<String> as) {
    Translation t = pipeline.expressions().translation();
    if (!pipeline.readsTable()) {
      sorted(pipeline, projection, foreign, localField, foreignPath, as);
      return;
    }
    if (!t.target.distributed()) {
      joined(pipeline, projection, foreign, localField, foreignPath, as);
      return;
    }
    Layout mine = t.target.layout();
    Layout theirs = foreign.layout();
    String a = pipeline.nextAlias();
    String f = a + "f";
    String r = a + "r";
    String local = "COALESCE(" + at(a + ".data", MongoPath.parse(localField)) + ", CAST('null' AS jsonb))";
    String theirValue = at(f + ".data", foreignPath);
    String match = "CASE WHEN jsonb_typeof(" + local + ") = 'null' THEN (" + theirValue + " IS NULL OR jsonb_typeof("
        + theirValue + ") = 'null') ELSE " + theirValue + " = " + local + " END";
    String ours = a + "." + mine.quotedColumn();
    String theirsColumn = f + "." + theirs.quotedColumn();
    String keys = mine.keyNeverNull() && theirs.keyNeverNull() ? theirsColumn + " = " + ours
        : "(" + theirsColumn + " = " + ours + " OR " + theirsColumn + " IS NULL AND " + ours + " IS NULL)";
    // The key values the leading $match pins, on the foreign key column as well: Citus prunes each table by its own
    // conditions, so without them the join of one key's rows is sent to every shard.
    String pinned = pinned(pipeline, theirsColumn, false);
    String found = collected(foreign, f) + " WHERE " + keys + pinned + " AND " + match;
    String doc = AggregateLookup.withMatches(projection, as, a + ".data", r + ".v");
    pipeline.next("SELECT " + doc + " AS doc, CAST(0 AS bigint) AS n FROM (" + pipeline.tableRows("_id, "
        + mine.quotedColumn() + ", data") + ") AS " + a + " CROSS JOIN LATERAL (" + found + ") AS " + r + "(v)", false);
  }

  /**
   * The join form: each of the table's documents joined to the foreign documents of its key column whose value at the
   * key path equals its own (missing and null the same), gathered per document. A join of two tables on their
   * distribution columns, grouped by the local key column and primary key, with no subquery reading the row and no
   * function scan: Postgres-XL runs it on the datanodes, Greenplum on each segment with no motion between the tables,
   * and the key values a leading {@code $match} pins are written on the foreign key column too.
   */
  private static void joined(AggregatePipeline pipeline, AggregateProjection projection, ForeignCollection foreign,
                             String localField, MongoPath foreignPath, List<String> as) {
    Translation t = pipeline.expressions().translation();
    String a = pipeline.nextAlias();
    String f = a + "f";
    String ours = a + "." + t.target.layout().quotedColumn();
    String theirsColumn = f + "." + foreign.layout().quotedColumn();
    // Greenplum's planner moves the foreign rows of an outer join whose two key columns it knows equal to one constant
    // (a Redistribute Motion, every segment): there the table's rows are fenced and the foreign pin is written as an
    // array, from which it derives no constant, and the join stays on the key's segment.
    boolean greenplum = !t.target.deepCorrelation();
    String foreignPin = pinned(pipeline, theirsColumn, greenplum);
    StringBuilder on = new StringBuilder(theirsColumn + " = " + ours + foreignPin);
    String nullJson = "CAST('null' AS jsonb)";
    on.append(" AND COALESCE(").append(at(f + ".data", foreignPath)).append(", ").append(nullJson)
        .append(") = COALESCE(").append(at(a + ".data", MongoPath.parse(localField))).append(", ").append(nullJson)
        .append(")");
    String doc = AggregateLookup.withMatches(projection, as, a + ".data", AggregateLookup.gathered(f));
    String fence = greenplum && !foreignPin.isEmpty() ? " OFFSET 0" : "";
    pipeline.next("SELECT " + doc + " AS doc, CAST(0 AS bigint) AS n FROM (" + pipeline.tableRows("_id, "
        + t.target.layout().quotedColumn() + ", data") + fence + ") AS " + a + " LEFT JOIN " + foreign.sql() + " AS " + f
        + " ON " + on + " GROUP BY " + ours + ", " + a + "._id, " + a + ".data", false);
  }

  /**
   * After {@code $sort}, {@code $limit} or {@code $skip} of the documents of one key: each document's matches are
   * the foreign documents of that key whose value at the key path equals its own, and the key is the one the leading
   * {@code $match} pins (the stages between keep the documents whole), so the foreign read carries that pin on its
   * key column and each table is read on the key's shard / datanode / segment, by its index: on Citus a lateral read
   * per document (a query Citus routes whole to the key's shard), elsewhere a join gathered per document (grouped by
   * the document and its place). Greenplum joins the two reads on every segment (it redistributes both by the joined
   * values after the {@code $limit}'s gather), whatever the pin's form.
   */
  private static void sorted(AggregatePipeline pipeline, AggregateProjection projection, ForeignCollection foreign,
                             String localField, MongoPath foreignPath, List<String> as) {
    Translation t = pipeline.expressions().translation();
    String input = pipeline.from();
    String a = AggregatePipeline.alias(input);
    String f = a + "f";
    String theirsColumn = f + "." + foreign.layout().quotedColumn();
    String match = at(f + ".data", foreignPath) + " = " + at(a + ".doc", MongoPath.parse(localField));
    if (t.target.distributed()) {
      String r = a + "r";
      String found = collected(foreign, f) + " WHERE " + match + pinned(pipeline, theirsColumn, false);
      pipeline.next("SELECT " + AggregateLookup.withMatches(projection, as, a + ".doc", r + ".v") + " AS doc, " + a
          + ".n FROM " + input + " CROSS JOIN LATERAL (" + found + ") AS " + r + "(v)", pipeline.ordered());
      return;
    }
    pipeline.next("SELECT " + AggregateLookup.withMatches(projection, as, a + ".doc", AggregateLookup.gathered(f)) + " AS doc, " + a + ".n"
        + " FROM " + input + " LEFT JOIN " + foreign.sql() + " AS " + f + " ON " + match
        + pinned(pipeline, theirsColumn, false) + " GROUP BY " + a + ".doc, " + a + ".n",
        pipeline.ordered());
  }
}
