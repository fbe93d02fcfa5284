package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.dump.bson.BsonJson;
import stress.mongo.value.ForeignCollection;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.PathFacts;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.IdType;
import stress.table.Layout;
import stress.testing.TestDatabase;

/**
 * {@code $lookup} gives MongoDB's documents on the embedded PostgreSQL, in both translation forms and whether or not
 * the foreign table's {@code _id} type is known: equality as a find's (array elements, numbers by value, null
 * matching missing), a local array matching any element, an empty one nothing, each foreign document once.
 */
class MongoLookupSemanticsTest {
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static final String FOREIGN = "[{_id: 1, k: 1, s: 'one', d: {x: 1, y: 2}, t: [{u: 'p'}, {u: 'q'}]},"
      + " {_id: 2, k: 2.0, s: 'two', d: {x: 1}, t: {u: 'r'}}, {_id: 3, k: [3, 4], s: 'three'}, {_id: 4, k: null},"
      + " {_id: 5}, {_id: 6, k: '1'}, {_id: 7, k: [[5]]}]";
  private static String url;

  @BeforeAll
  static void database() {
    url = TestDatabase.newDatabaseUrl("mongo_lookup");
  }

  /** A table of {@code local} documents and one of {@link #FOREIGN}, the collection {@code b}: their names. */
  private static String[] withForeign(String local) throws SQLException {
    String a = "la" + TABLES.incrementAndGet();
    String b = "lb" + TABLES.get();
    DocumentRows.load(url, a, local);
    DocumentRows.load(url, b, FOREIGN);
    return new String[] {a, b};
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "numbers by value, array elements, strings apart => [{_id: 1, l: 1}, {_id: 2, l: 2}, {_id: 3, l: 4}, {_id: 4, l: '1'}]"
          + " => l => k => [[1], [2], [3], [6]]",
      "a local array matches any element, each foreign document once => [{_id: 1, l: [1, 2.0, 1, 3]}] => l => k"
          + " => [[1, 2, 3]]",
      "an empty local array matches nothing => [{_id: 1, l: []}] => l => k => [[]]",
      "missing and null match missing and null => [{_id: 1}, {_id: 2, l: null}] => l => k => [[4, 5], [4, 5]]",
      "an array value matches an equal array or an array holding it => [{_id: 1, l: [[3, 4]]}, {_id: 2, l: [[5]]}]"
          + " => l => k => [[3], [7]]",
      "a document matches exactly, not by containment => [{_id: 1, l: {x: 1}}] => l => d => [[2]]",
      "a dotted foreign field through an array => [{_id: 1, l: 'q'}, {_id: 2, l: 'r'}] => l => t.u => [[1], [2]]",
      "a local field through an array of documents => [{_id: 1, l: [{m: 1}, {m: 3}, {z: 0}]}] => l.m => k => [[1, 3]]",
      "on _id, numbers by value => [{_id: 1, l: 2.0}, {_id: 2, l: 'x'}, {_id: 3, l: [3, 99]}] => l => _id"
          + " => [[2], [], [3]]",
  })
  void lookupsGiveMongoDbsDocuments(String name, String local, String localField, String foreignField,
                                    String expected) throws SQLException {
    String[] t = withForeign(local);
    String a = t[0];
    String b = t[1];
    String pipeline = "[{$lookup: {from: 'b', localField: '" + localField + "', foreignField: '" + foreignField
        + "', as: 'out'}}, {$project: {ids: '$out._id'}}, {$sort: {_id: 1}}]";
    List<String> want = new ArrayList<>();
    BsonArray ids = BsonArray.parse(expected);
    BsonArray locals = BsonArray.parse(local);
    for (int i = 0; i < locals.size(); i++) {
      want.add(BsonJson.valueToRelaxedJson(new BsonDocument("_id", locals.get(i).asDocument().get("_id"))
          .append("ids", ids.get(i))));
    }
    for (boolean jsonpath : new boolean[] {true, false}) {
      for (IdType foreignId : new IdType[] {IdType.INTEGER, null}) {
        for (Form form : Form.values()) {
          String sql = sql(pipeline, jsonpath, "\"" + b + "\"", foreignId, form).replace("{table}", a);
          List<String> found = DocumentRows.query(url, sql);
          String problem = new ExtendedJsonComparison(Set.of("ids")).compare(want, found, true);
          assertNull(problem, () -> (jsonpath ? "jsonpath" : "without jsonpath") + ", foreign _id " + foreignId
              + ", " + form + ": " + problem + "\nfound " + found + "\n" + sql);
        }
      }
    }
  }

  @Test
  void aLookupAfterASortAndALimitKeepsTheirDocumentsAndOrderInEveryForm() throws SQLException {
    String[] t = withForeign("[{_id: 1, l: 1}, {_id: 2, l: [3, 2]}, {_id: 3}, {_id: 4, l: 1}, {_id: 5, l: 'x'}]");
    String a = t[0];
    String b = t[1];
    String pipeline = "[{$match: {_id: {$gt: 1}}}, {$sort: {_id: -1}}, {$limit: 3}, {$lookup: {from: 'b', localField:"
        + " 'l', foreignField: 'k', as: 'out'}}, {$project: {ids: '$out._id'}}]";
    List<String> want = List.of("{\"_id\": 5, \"ids\": []}", "{\"_id\": 4, \"ids\": [1]}",
        "{\"_id\": 3, \"ids\": [4, 5]}");
    for (Form form : Form.values()) {
      String sql = sql(pipeline, true, "\"" + b + "\"", IdType.INTEGER, form).replace("{table}", a);
      String problem = new ExtendedJsonComparison(Set.of("ids")).compare(want, DocumentRows.query(url, sql), true);
      assertNull(problem, () -> form + ": " + problem + "\n" + sql);
    }
  }

  @Test
  void eachLocalDocumentGetsItsOwnMatches() throws SQLException {
    String[] t = withForeign("[{_id: 1, l: 1}, {_id: 2, l: 3}, {_id: 3, l: 'none'}]");
    String a = t[0];
    String b = t[1];
    String pipeline = "[{$lookup: {from: 'b', localField: 'l', foreignField: 'k', as: 'out.docs'}},"
        + " {$project: {'ids': '$out.docs._id'}}, {$sort: {_id: 1}}]";
    List<String> found = DocumentRows.query(url, sql(pipeline, true, "\"" + b + "\"", IdType.INTEGER).replace("{table}", a));
    String problem = new ExtendedJsonComparison(Set.of("ids")).compare(List.of("{\"_id\": 1, \"ids\": [1]}",
        "{\"_id\": 2, \"ids\": [3]}", "{\"_id\": 3, \"ids\": []}"), found, true);
    assertNull(problem, problem);
  }

  @Test
  void aLocalValueThatIsNeverAnArrayOrNullJoinsAReplicatedTableThroughItsGinIndex() throws SQLException {
    String[] t = withForeign("[{_id: 1, l: 1}, {_id: 2, l: 2}, {_id: 3, l: 4}, {_id: 4, l: '1'}, {_id: 5, l: 9}]");
    String a = t[0];
    String b = t[1];
    String pipeline = "[{$lookup: {from: 'b', localField: 'l', foreignField: 'k', as: 'out'}},"
        + " {$project: {ids: '$out._id'}}, {$sort: {_id: 1}}]";
    PathCatalog facts = new PathCatalog(Map.of("l", new PathFacts(false, Set.of(PathFacts.NUMBER, PathFacts.STRING))),
        "test");
    String sql = DocumentRows.aggregate(pipeline, new TranslationTarget(facts, true, Map.of(), null,
        Map.of("b", new ForeignCollection("\"" + b + "\"", IdType.INTEGER, Layout.REFERENCE)), false), a);
    assertFalse(sql.contains("= 'array' THEN EXISTS"), "the facts rule out arrays and null: " + sql);
    String problem = new ExtendedJsonComparison(Set.of("ids")).compare(List.of("{\"_id\": 1, \"ids\": [1]}",
        "{\"_id\": 2, \"ids\": [2]}", "{\"_id\": 3, \"ids\": [3]}", "{\"_id\": 4, \"ids\": [6]}",
        "{\"_id\": 5, \"ids\": []}"), DocumentRows.query(url, sql), true);
    assertNull(problem, problem + "\n" + sql);
    StringBuilder plan = new StringBuilder();
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE INDEX " + b + "_gin ON " + b + " USING gin (data)");
      s.execute("ANALYZE " + b);
      s.execute("SET enable_seqscan = off");
      try (ResultSet rs = s.executeQuery("EXPLAIN " + sql)) {
        while (rs.next()) {
          plan.append(rs.getString(1)).append('\n');
        }
      }
    }
    assertTrue(plan.toString().contains("Bitmap Index Scan on " + b + "_gin"), plan.toString());
  }

  @Test
  void theForeignPrimaryKeyServesAnIdLookup() throws SQLException {
    String a = "la" + TABLES.incrementAndGet();
    String b = "lb" + TABLES.get();
    DocumentRows.load(url, a, "[{_id: 1, l: 2}]");
    StringBuilder many = new StringBuilder("[");
    for (int i = 1; i <= 2000; i++) {
      many.append(i > 1 ? ", " : "").append("{_id: ").append(i).append(", k: ").append(i).append('}');
    }
    DocumentRows.load(url, b, many + "]");
    String sql = sql("[{$lookup: {from: 'b', localField: 'l', foreignField: '_id', as: 'out'}}]", true,
        "\"" + b + "\"", IdType.INTEGER).replace("{table}", a);
    StringBuilder plan = new StringBuilder();
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("ANALYZE " + b);
      // A 2,000-row table may be read whole by choice: what is checked is that the primary key can serve each key.
      s.execute("SET enable_seqscan = off");
      s.execute("SET enable_hashjoin = off");
      s.execute("SET enable_mergejoin = off");
      try (ResultSet rs = s.executeQuery("EXPLAIN " + sql)) {
        while (rs.next()) {
          plan.append(rs.getString(1)).append('\n');
        }
      }
    }
    assertTrue(plan.toString().contains("Index Scan using " + b + "_pkey on " + b), plan.toString());
    assertTrue(plan.toString().contains("Index Cond: (_id = CASE"), plan.toString());
    assertTrue(plan.toString().split("SubPlan|InitPlan", -1).length == 2, "the matches are found once: " + plan);
  }

  @Test
  void aComputedStageReadTwiceIsFencedSoTheStatementDoesNotGrow() {
    String sql = sql("[{$unwind: '$a'}, {$lookup: {from: 'b', localField: 'a.x', foreignField: '_id', as: 'c'}},"
        + " {$project: {p: '$c.y', q: '$a.z'}}, {$sort: {p: 1, q: 1}}]", true, "b", IdType.INTEGER);
    assertTrue(sql.contains(" OFFSET 0) AS p"), sql);
    assertTrue(sql.length() < 60_000, "the statement grew to " + sql.length() + " characters");
  }

  private static String sql(String pipeline, boolean jsonpath, String foreignTable, IdType foreignId) {
    return sql(pipeline, jsonpath, foreignTable, foreignId, Form.GENERAL);
  }

  /** The targets a {@code $lookup} is written for, each with its own form. */
  enum Form {
    GENERAL,
    /** A Citus distributed table: the lookup as a join gathered per document on the coordinator. */
    CITUS,
    /** A replicated foreign table on Postgres-XL: one join of the two tables ({@link stress.mongo.aggregate.ReplicatedLookup}). */
    REPLICATED_XL,
    /** The same on Greenplum, which keeps the general form (a join without init plans). */
    REPLICATED_GREENPLUM
  }

  private static String sql(String pipeline, boolean jsonpath, String foreignTable, IdType foreignId, Form form) {
    boolean replicated = form == Form.REPLICATED_XL || form == Form.REPLICATED_GREENPLUM;
    TranslationTarget target = new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of(), null,
        Map.of("b", new ForeignCollection(foreignTable, foreignId, replicated ? Layout.REFERENCE : null)),
        form == Form.CITUS).withDeepCorrelation(form != Form.REPLICATED_GREENPLUM);
    MongoStatement st = MongoStatement.translate("aggregate", new BsonDocument("pipeline", BsonArray.parse(pipeline)),
        new Parameters(List.of()), target);
    if (form == Form.CITUS) {
      assertTrue(st.statement().sql().contains(" GROUP BY "), st.statement().sql());
    }
    if (form == Form.REPLICATED_XL && pipeline.startsWith("[{$lookup")) {
      assertTrue(st.statement().sql().contains(" LEFT JOIN " + foreignTable + " AS p1f ON ")
          && !st.statement().sql().contains("row_number() OVER () AS r"), "one join, no window: " + st.statement().sql());
    }
    assertTrue(st.collections().equals(Set.of("b")), st.collections().toString());
    String sql = IdLiteral.resolve(st.statement().sql(), IdType.INTEGER);
    if (!jsonpath) {
      assertFalse(sql.contains("jsonb_path") || sql.contains("@?"), sql);
    }
    return sql;
  }
}
