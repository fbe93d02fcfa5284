package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.ops.IdLiteral;
import stress.table.IdType;
import stress.table.KeyType;
import stress.table.Layout;
import stress.testing.TestDatabase;

/**
 * The forms a key layout on Citus gets, beside the general ones, give the same documents: a {@code $group} by the key
 * path that also groups by the key column (so each group is aggregated on its shard), and a find's projection built
 * without a subquery (so Citus plans it as a fast-path router query, a generic plan included). The key's values mix
 * an int, a double and a Decimal128 of one value (MongoDB's one group key), a missing path and null (one group: null).
 */
class KeyColumnFormsTest {
  private static final Layout KEY = Layout.key("k", KeyType.NUMERIC).withKeyInPrimaryKey(true);
  private static String url;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseUrl("key_column_forms");
    DocumentRows.load(url, "kc", "[{_id: 1, k: 1, a: 'x', v: 2}, {_id: 2, k: 1.0, a: null, v: 3.5},"
        + " {_id: 3, k: {$numberDecimal: '1'}, v: {$numberDecimal: '1.5'}}, {_id: 4, k: 2, a: 'y', b: [1, 2], v: 'x'},"
        + " {_id: 5, a: 'z', v: 1}, {_id: 6, k: null, b: {c: 1}, v: 100}, {_id: 7, k: 2.5, a: 'x', v: -1},"
        + " {_id: 8, k: {$numberDecimal: '2.50'}, a: 'w'}]");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("ALTER TABLE kc ADD COLUMN \"k\" numeric");
      s.execute("UPDATE kc SET \"k\" = " + KeyType.NUMERIC.fromDocument("data", "k"));
    }
  }

  private static String sql(String kind, BsonDocument spec, boolean citus, Layout layout) {
    TranslationTarget target = new TranslationTarget(PathCatalog.NONE, true, Map.of(), null, Map.of(), citus)
        .withLayout(layout);
    return IdLiteral.resolve(MongoStatement.translate(kind, spec, new Parameters(List.of()), target).statement().sql(),
        IdType.INTEGER).replace("{table}", "kc");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "[{$group: {_id: '$k', n: {$sum: 1}, t: {$sum: '$v'}, lo: {$min: '$a'}, all: {$push: '$a'}}}]",
      "[{$match: {a: {$exists: true}}}, {$group: {_id: '$k', n: {$count: {}}}}, {$sort: {n: -1, _id: 1}}, {$limit: 2}]",
      "[{$match: {k: {$gte: 1}}}, {$group: {_id: '$k', s: {$addToSet: '$a'}}}, {$project: {s: 0}}]"})
  void aGroupByTheKeyPathGroupsByTheKeyColumnWithTheSameDocuments(String pipeline) throws SQLException {
    BsonDocument spec = new BsonDocument("pipeline", BsonArray.parse(pipeline));
    for (boolean citus : new boolean[] {true, false}) {
      String byKey = sql("aggregate", spec, citus, KEY);
      assertTrue(byKey.contains(" GROUP BY \"k\", COALESCE("), byKey);
      assertFalse(byKey.contains("SELECT data AS doc"), "the group reads the table itself: " + byKey);
      List<String> general = DocumentRows.query(url, sql("aggregate", spec, false, null));
      assertTrue(general.size() >= 2, general.toString());
      String problem = new ExtendedJsonComparison(Set.of("all", "s")).compare(general, DocumentRows.query(url, byKey),
          pipeline.contains("$sort"));
      assertNull(problem, problem + "\n" + byKey);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"{a: 1}", "{a: 1, _id: 0}", "{a: 1, b: 1, v: 1}", "{missing: 1}", "{_id: 1}",
      "{b: 1, _id: 0}"})
  void aProjectionWithoutASubqueryKeepsTheSameFields(String projection) throws SQLException {
    BsonDocument spec = BsonDocument.parse("{filter: {}, projection: " + projection + ", sort: {_id: 1}}");
    String citus = sql("find", spec, true, KEY);
    assertFalse(citus.contains("(SELECT"), citus);
    String problem = new ExtendedJsonComparison(Set.of()).compare(
        DocumentRows.query(url, "SELECT d FROM (" + sql("find", spec, false, null) + ") AS f(i, d)"),
        DocumentRows.query(url, "SELECT d FROM (" + citus + ") AS f(i, d)"), true);
    assertNull(problem, problem + "\n" + citus);
  }
}
