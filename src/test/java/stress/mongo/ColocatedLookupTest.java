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
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.mongo.value.ForeignCollection;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.table.IdType;
import stress.table.KeyType;
import stress.table.Layout;
import stress.testing.TestDatabase;

/**
 * A {@code $lookup} joining two tables on their key paths is written on the key columns too (what Citus runs as a
 * co-located join), and gives the documents the join on values alone gives: numbers by value, a string apart from
 * an ObjectId of the same hex, a missing or null key matching the foreign documents missing the path or holding null,
 * a leading {@code $match} pinning the key. Each case runs in the co-located form and in the form without layouts.
 */
class ColocatedLookupTest {
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static final String LOOKUP = "{$lookup: {from: 'b', localField: 'k', foreignField: 'k', as: 'out'}}";
  private static final String IDS = "{$project: {ids: '$out._id'}}, {$sort: {_id: 1}}";
  private static String url;

  @BeforeAll
  static void database() {
    url = TestDatabase.newDatabaseUrl("colocated_lookup");
  }

  /** Two tables with a key column {@code "k"} holding each document's key (null where it is missing or null). */
  private static String[] tables(String local, String foreign, KeyType type) throws SQLException {
    String a = "ca" + TABLES.incrementAndGet();
    String b = "cb" + TABLES.get();
    DocumentRows.load(url, a, local);
    DocumentRows.load(url, b, foreign);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String table : List.of(a, b)) {
        s.execute("ALTER TABLE " + table + " ADD COLUMN \"k\" " + type.sql());
        // a whole double (2.0) is the bigint 2, as numbers compare by value
        s.execute("UPDATE " + table + " SET \"k\" = " + (type == KeyType.BIGINT
            ? "CAST(CAST(data ->> 'k' AS numeric) AS bigint)" : type.fromDocument("data", "k")));
      }
    }
    return new String[] {a, b};
  }

  private static String sql(String pipeline, String[] tables, Layout layout) {
    return sql(pipeline, tables, layout, layout != null);
  }

  /** With {@code citus} false, the form for Postgres-XL and Greenplum (a join on the key columns). */
  private static String sql(String pipeline, String[] tables, Layout layout, boolean citus) {
    return DocumentRows.aggregate(pipeline, target(tables, layout, citus), tables[0]);
  }

  /** The target of the first table, whose {@code $lookup} of {@code b} reads the second; both of {@code layout}. */
  private static TranslationTarget target(String[] tables, Layout layout, boolean citus) {
    TranslationTarget target = new TranslationTarget(PathCatalog.NONE, true, Map.of(), null,
        Map.of("b", new ForeignCollection("\"" + tables[1] + "\"", IdType.INTEGER, layout)), citus);
    return layout == null ? target : target.withLayout(layout);
  }

  /** The statement gives the documents wanted, in order. */
  private static void documents(List<String> wanted, String sql, String form) throws SQLException {
    String problem = new ExtendedJsonComparison(Set.of("ids")).compare(wanted, DocumentRows.query(url, sql), true);
    assertNull(problem, form + ": " + problem + "\n" + sql);
  }

  /** The documents of the pipeline in the co-located form (which it must be) and without layouts, both as wanted. */
  private static void same(String pipeline, String[] tables, Layout layout, List<String> wanted) throws SQLException {
    String colocated = sql(pipeline, tables, layout);
    String onKeys = "p1f.\"k\" = p1.\"k\"";
    assertTrue(colocated.contains(onKeys), colocated);
    List<String> forms = new java.util.ArrayList<>(List.of(colocated, sql(pipeline, tables, null)));
    if (layout.keyNeverNull()) { // Postgres-XL and Greenplum: a join of the two tables on the key columns
      String joined = sql(pipeline, tables, layout, false);
      assertTrue(joined.contains(" LEFT JOIN \"" + tables[1] + "\" AS p1f ON p1f.\"k\" = p1.\"k\"") && !joined.contains("LATERAL (SELECT COALESCE(jsonb_agg(p1f"), joined);
      forms.add(joined);
    }
    for (String sql : forms) {
      documents(wanted, sql, "form");
    }
  }

  @Test
  void nullAndMissingKeysMatchAsMongoDbMatchesThem() throws SQLException {
    String[] t = tables("[{_id: 1, k: 1}, {_id: 2, k: 2}, {_id: 3, k: 3}, {_id: 4, k: null}, {_id: 5}]",
        "[{_id: 1, k: 1}, {_id: 2, k: 2.0}, {_id: 3, k: {$numberLong: '1'}}, {_id: 4, k: null}, {_id: 5},"
            + " {_id: 6, k: 7}]", KeyType.BIGINT);
    Layout nullable = Layout.key("k", KeyType.BIGINT);
    String pipeline = "[" + LOOKUP + ", " + IDS + "]";
    assertTrue(sql(pipeline, t, nullable).contains(" IS NULL AND "), "a nullable key says null matches null");
    same(pipeline, t, nullable, List.of("{\"_id\": 1, \"ids\": [1, 3]}", "{\"_id\": 2, \"ids\": [2]}",
        "{\"_id\": 3, \"ids\": []}", "{\"_id\": 4, \"ids\": [4, 5]}", "{\"_id\": 5, \"ids\": [4, 5]}"));
  }

  @Test
  void keysThatHoldNoNullJoinOnTheirEqualityAlone() throws SQLException {
    String[] t = tables("[{_id: 1, k: 1}, {_id: 2, k: 2}, {_id: 3, k: 3}]",
        "[{_id: 1, k: 1}, {_id: 2, k: 2.0}, {_id: 3, k: 1}, {_id: 6, k: 7}]", KeyType.BIGINT);
    Layout inKey = Layout.key("k", KeyType.BIGINT).withKeyInPrimaryKey(true);
    String pipeline = "[{$match: {k: {$in: [1, 3]}}}, " + LOOKUP + ", " + IDS + "]";
    String sql = sql(pipeline, t, inKey);
    assertFalse(sql.contains(" IS NULL AND "), sql);
    assertTrue(sql.contains("\"k\" IN ("), "the leading $match routes by the key column: " + sql);
    assertTrue(sql.contains("p1f.\"k\" IN ("), "and by the foreign key column, so Citus prunes both tables: " + sql);
    same(pipeline, t, inKey, List.of("{\"_id\": 1, \"ids\": [1, 3]}", "{\"_id\": 3, \"ids\": []}"));
  }

  @Test
  void aStringAndAnObjectIdOfOneHexShareAKeyColumnButDoNotMatch() throws SQLException {
    String hex = "5f0000000000000000000001";
    String[] t = tables("[{_id: 1, k: '" + hex + "'}, {_id: 2, k: {$oid: '" + hex + "'}}, {_id: 3, k: 'x'}]",
        "[{_id: 1, k: '" + hex + "'}, {_id: 2, k: {$oid: '" + hex + "'}}, {_id: 3, k: 'X'}]", KeyType.TEXT);
    same("[" + LOOKUP + ", " + IDS + "]", t, Layout.key("k", KeyType.TEXT).withKeyInPrimaryKey(true),
        List.of("{\"_id\": 1, \"ids\": [1]}", "{\"_id\": 2, \"ids\": [2]}", "{\"_id\": 3, \"ids\": []}"));
  }

  @Test
  void onGreenplumAPinnedJoinFencesTheTablesRowsAndPinsTheForeignKeyAsAnArray() throws SQLException {
    String[] t = tables("[{_id: 1, k: 1}, {_id: 2, k: 2.0}, {_id: 3, k: 1}, {_id: 4, k: 3}, {_id: 5, k: 4}]",
        "[{_id: 1, k: 1}, {_id: 2, k: 1.0}, {_id: 3, k: 2}, {_id: 6, k: 7}]", KeyType.BIGINT);
    Layout inKey = Layout.key("k", KeyType.BIGINT).withKeyInPrimaryKey(true);
    String pipeline = "[{$match: {k: {$in: [1, 3]}}}, " + LOOKUP + ", " + IDS + "]";
    String sql = DocumentRows.aggregate(pipeline, target(t, inKey, false).withDeepCorrelation(false), t[0]);
    assertTrue(sql.contains(" OFFSET 0) AS p1 LEFT JOIN ") && sql.contains("p1f.\"k\" = ANY (ARRAY["), sql);
    documents(List.of("{\"_id\": 1, \"ids\": [1, 2]}", "{\"_id\": 3, \"ids\": [1, 2]}", "{\"_id\": 4, \"ids\": []}"),
        sql, "greenplum");
  }

  @Test
  void afterASortAndALimitOfOneKeysDocumentsTheForeignReadCarriesThePinOnEveryTarget() throws SQLException {
    String[] t = tables("[{_id: 1, k: 1}, {_id: 2, k: 2.0}, {_id: 3, k: 1}, {_id: 4, k: 1}, {_id: 5, k: 4}]",
        "[{_id: 1, k: 1}, {_id: 2, k: 1.0}, {_id: 3, k: 2}, {_id: 6, k: 7}]", KeyType.BIGINT);
    Layout inKey = Layout.key("k", KeyType.BIGINT).withKeyInPrimaryKey(true);
    String pipeline = "[{$match: {k: 1}}, {$sort: {_id: -1}}, {$limit: 2}, " + LOOKUP + ", {$project: {ids:"
        + " '$out._id'}}]";
    List<String> wanted = List.of("{\"_id\": 4, \"ids\": [1, 2]}", "{\"_id\": 3, \"ids\": [1, 2]}");
    for (String target : List.of("citus", "postgres-xl", "greenplum", "no layout")) {
      Layout layout = target.equals("no layout") ? null : inKey;
      String sql = DocumentRows.aggregate(pipeline, target(t, layout, target.equals("citus"))
          .withDeepCorrelation(!target.equals("greenplum")), t[0]);
      if (layout != null) {
        assertTrue(sql.contains("p1f.\"k\" = CAST("), target + ": " + sql);
      }
      documents(wanted, sql, target);
    }
    // a $match that pins two keys keeps the join on values: the foreign read could not be routed to one shard; so
    // does one whose value no key of the column's type equals (no condition on the column is written)
    for (String match : List.of("{k: {$in: [1, 4]}}", "{k: 'one'}")) {
      String other = "[{$match: " + match + "}, {$sort: {_id: -1}}, {$limit: 2}, " + LOOKUP + "]";
      String general = sql(other, t, inKey);
      assertTrue(!general.contains("f.\"k\"") && general.contains("row_number() OVER () AS r"), general);
    }
  }

  @Test
  void onlyTheTablesOwnRowsJoinedOnBothKeysAreCoLocated() throws SQLException {
    String[] t = tables("[{_id: 1, k: 1}]", "[{_id: 1, k: 1}]", KeyType.BIGINT);
    Layout key = Layout.key("k", KeyType.BIGINT).withKeyInPrimaryKey(true);
    // a stage that computes the documents first: the key column no longer describes them
    assertFalse(sql("[{$addFields: {k: 2}}, " + LOOKUP + "]", t, key).contains("p1f.\"k\""));
    // another foreign field, or a key of another type
    assertFalse(sql("[{$lookup: {from: 'b', localField: 'k', foreignField: 'j', as: 'out'}}]", t, key)
        .contains("\"k\" = "));
    TranslationTarget other = new TranslationTarget(PathCatalog.NONE, true, Map.of(), null,
        Map.of("b", new ForeignCollection("b", IdType.INTEGER, Layout.key("k", KeyType.TEXT))), true).withLayout(key);
    String sql = DocumentRows.aggregate("[" + LOOKUP + "]", other, t[0]);
    assertFalse(sql.contains("f.\"k\" = "), sql);
    // in two Citus co-location groups
    Layout elsewhere = Layout.key("k", KeyType.BIGINT).inGroup(7);
    assertFalse(key.inGroup(3).colocatedWith(elsewhere));
    assertTrue(key.inGroup(7).colocatedWith(elsewhere));
    assertEquals(true, key.inGroup(null).colocatedWith(elsewhere), "a group not known is no difference");
  }
}
