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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.table.KeyType;
import stress.table.Layout;
import stress.testing.TestDatabase;

/**
 * On Citus, a {@code $group} that ends a pipeline whose leading {@code $match} pins the key is one SELECT with no
 * subquery (the form Citus routes to one shard in a generic plan too), and gives the documents the nested form gives.
 */
class FlatGroupTest {
  private static final Layout KEY = Layout.key("k", KeyType.BIGINT).withKeyInPrimaryKey(true);
  private static String url;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseUrl("flat_group");
    DocumentRows.load(url, "fg", "[{_id: 1, k: 1, s: 'a', v: 2}, {_id: 2, k: 1, s: 'b', v: 3.5},"
        + " {_id: 3, k: 1, s: 'a', v: {$numberDecimal: '1.5'}}, {_id: 4, k: 1, v: 'x'}, {_id: 5, k: 1, s: null, v: 1},"
        + " {_id: 6, k: 2, s: 'a', v: 100}, {_id: 7, k: 1, s: 1, v: 1}, {_id: 8, k: 1, s: 1.0, v: 1}]");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("ALTER TABLE fg ADD COLUMN \"k\" bigint");
      s.execute("UPDATE fg SET \"k\" = CAST(data ->> 'k' AS bigint)");
    }
  }

  private static String sql(String pipeline, boolean citus) {
    return DocumentRows.aggregate(pipeline, new TranslationTarget(PathCatalog.NONE, true, Map.of(), null, Map.of(),
        citus).withLayout(KEY), "fg");
  }

  @Test
  void aGroupOfThePinnedRowsIsOneSelectWithTheSameDocuments() throws SQLException {
    String pipeline = "[{$match: {k: 1}}, {$group: {_id: '$s', n: {$sum: 1}, t: {$sum: '$v'}, c: {$count: {}},"
        + " lo: {$min: '$v'}, all: {$push: '$v'}}}]";
    String flat = sql(pipeline, true);
    assertFalse(flat.contains("FROM ("), "no subquery: " + flat);
    assertTrue(flat.contains("\"k\" = "), flat);
    List<String> nested = DocumentRows.query(url, sql(pipeline, false));
    assertTrue(nested.size() == 4, "a, b, null and 1 (1 and 1.0 one key): " + nested);
    String problem = new ExtendedJsonComparison(Set.of("all")).compare(nested, DocumentRows.query(url, flat), false);
    assertNull(problem, problem + "\n" + flat);
  }

  /**
   * {@code $sum} of one whole number per document is the count times it, with no per-row sum of a constant (whose CASE
   * over the constant each Citus worker planned every execution); the documents are those of MongoDB's sum.
   */
  @Test
  void aSumOfAWholeNumberIsTheCountTimesIt() throws SQLException {
    String pipeline = "[{$match: {k: 1}}, {$group: {_id: '$s', n: {$sum: 1}, three: {$sum: 3}, none: {$sum: 0}}},"
        + " {$sort: {_id: 1}}]";
    String sql = sql(pipeline, false);
    assertTrue(sql.contains("to_jsonb(count(*) * 1)") && !sql.contains("CAST('1' AS jsonb)"), sql);
    List<String> wanted = List.of("{\"_id\": null, \"n\": 2, \"three\": 6, \"none\": 0}",
        "{\"_id\": 1, \"n\": 2, \"three\": 6, \"none\": 0}", "{\"_id\": \"a\", \"n\": 2, \"three\": 6, \"none\": 0}",
        "{\"_id\": \"b\", \"n\": 1, \"three\": 3, \"none\": 0}");
    String problem = new ExtendedJsonComparison(Set.of()).compare(wanted, DocumentRows.query(url, sql), true);
    assertNull(problem, problem + "\n" + sql);
  }

  @Test
  void onlyALastGroupOfPinnedRowsOfSimpleValuesIsFlat() {
    assertTrue(sql("[{$match: {k: 1}}, {$group: {_id: '$s'}}, {$sort: {_id: 1}}]", true).contains("FROM ("));
    assertTrue(sql("[{$match: {s: 'a'}}, {$group: {_id: '$s'}}]", true).contains("FROM ("), "the key not pinned");
    assertTrue(sql("[{$match: {k: 1}}, {$group: {_id: {$toUpper: '$s'}}}]", true).contains("FROM ("), "computed");
    assertTrue(sql("[{$match: {k: 1}}, {$group: {_id: '$s'}}]", false).contains("FROM ("), "not on Citus");
  }
}
