package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import stress.mongo.value.PathCatalog;
import stress.mongo.value.PathFactsStore;
import stress.mongo.value.TranslationTarget;
import stress.table.DocumentTable;
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
  private static final Layout DOTTED = Layout.key("c.k", KeyType.BIGINT).withKeyInPrimaryKey(true);
  private static String url;
  /** The facts of table kd: no array on the way to m.n (an array at it), arrays at w. */
  private static PathCatalog facts;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseUrl("key_column_forms");
    DocumentRows.load(url, "kc", "[{_id: 1, k: 1, a: 'x', v: 2}, {_id: 2, k: 1.0, a: null, v: 3.5},"
        + " {_id: 3, k: {$numberDecimal: '1'}, v: {$numberDecimal: '1.5'}}, {_id: 4, k: 2, a: 'y', b: [1, 2], v: 'x'},"
        + " {_id: 5, a: 'z', v: 1}, {_id: 6, k: null, b: {c: 1}, v: 100}, {_id: 7, k: 2.5, a: 'x', v: -1},"
        + " {_id: 8, k: {$numberDecimal: '2.50'}, a: 'w'}]");
    keyColumn("kc", "k", KeyType.NUMERIC);
    DocumentRows.load(url, "kd", "[{_id: 1, c: {k: 1}, v: 1, m: {n: 1}, w: {x: 1}},"
        + " {_id: 2, c: {k: {$numberLong: '1'}}, v: 2.5, m: {n: 2}, w: [{x: 2}, {x: 3}, {y: 1}]},"
        + " {_id: 3, c: {k: 2}, v: {$numberDecimal: '3'}, m: {n: {$numberDecimal: '0.5'}}}, {_id: 4, c: 7, v: 4, m: 5},"
        + " {_id: 5, v: 5, m: {n: [1, 2]}}, {_id: 6, c: {}, v: 6}, {_id: 7, c: {k: null}, v: 'x', w: {x: [4]}},"
        + " {_id: 8, c: {k: 2, j: [1]}, v: 8, m: {n: 'a'}}]");
    keyColumn("kd", "c.k", KeyType.BIGINT);
    try (Connection c = TestDatabase.connect(url)) {
      facts = new PathCatalog(PathFactsStore.analyze(c, new DocumentTable(null, "kd", IdType.INTEGER),
          Set.of("c", "c.k", "m", "m.n", "w", "w.x", "v")), "test");
    }
  }

  /** The key column of a key layout by {@code path}, holding each document's value there as import writes it. */
  private static void keyColumn(String table, String path, KeyType type) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("ALTER TABLE " + table + " ADD COLUMN \"" + path + "\" " + type.sql());
      s.execute("UPDATE " + table + " SET \"" + path + "\" = " + type.fromDocument("data", path));
    }
  }

  private static String sql(String kind, BsonDocument spec, boolean citus, Layout layout) {
    return sql(kind, spec, citus, layout, "kc");
  }

  private static String sql(String kind, BsonDocument spec, boolean citus, Layout layout, String table) {
    return DocumentRows.sql(kind, spec, new TranslationTarget(table.equals("kd") ? facts : PathCatalog.NONE, true,
        Map.of(), null, Map.of(), citus).withLayout(layout), table);
  }

  /**
   * A key path inside a document: its value where the path is missing or passes a non-document is null, as MongoDB's.
   * An accumulated path whose parent holds no array in any document (the table's facts) is read as the value at the
   * path; one through arrays steps through them (a subquery, which on Citus keeps the general form).
   */
  @ParameterizedTest
  @ValueSource(strings = {"[{$group: {_id: '$c.k', n: {$sum: 1}, t: {$sum: '$v'}, avg: {$avg: '$m.n'}}}]",
      "[{$match: {v: {$gte: 2}}}, {$group: {_id: '$c.k', top: {$max: '$m.n'}, all: {$push: '$m.n'}}}, {$sort: {_id: -1}}]",
      "[{$group: {_id: '$c.k', xs: {$push: '$w.x'}}}, {$sort: {_id: 1}}]"})
  void aGroupByADottedKeyPathGroupsByTheKeyColumnWithTheSameDocuments(String pipeline) throws SQLException {
    BsonDocument spec = new BsonDocument("pipeline", BsonArray.parse(pipeline));
    List<String> expected = DocumentRows.query(url, sql("aggregate", spec, false, null, "kd"));
    assertTrue(expected.size() == 3, "1, 2 and null: " + expected);
    boolean throughArrays = pipeline.contains("$w.x");
    for (boolean citus : new boolean[] {true, false}) {
      String byKey = sql("aggregate", spec, citus, DOTTED, "kd");
      assertEquals(!(citus && throughArrays), byKey.contains("SELECT \"c.k\" AS kc, "), byKey);
      assertEquals(!throughArrays, byKey.contains("(data #> '{\"m\",\"n\"}')") || pipeline.contains("$sum: 1"),
          byKey);
      String problem = new ExtendedJsonComparison(Set.of("all", "xs")).compare(expected, DocumentRows.query(url, byKey),
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
