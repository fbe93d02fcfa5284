package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.testing.TestDatabase;

/**
 * On Greenplum 7 an {@code $unwind} reads the elements with set-returning functions in the SELECT list, not a lateral
 * function scan, which makes Greenplum send a key-pinned statement to every segment (a function scan disables its
 * direct dispatch; seen on a 2-segment cluster: 2 of 2 before, 1 of 2 after). The documents are the general form's:
 * arrays, a value that is not an array, null, missing and empty arrays, with and without includeArrayIndex.
 */
class GreenplumUnwindTest {
  private static String url;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseUrl("greenplum_unwind");
    DocumentRows.load(url, "gu", "[{_id: 1, k: 1, a: [{x: 1}, {x: 2}, 3]}, {_id: 2, k: 1, a: 'one'}, {_id: 3, k: 1, a: null},"
        + " {_id: 4, k: 1}, {_id: 5, k: 1, a: []}, {_id: 6, k: 2, a: [[1, 2], {x: 5}]}, {_id: 7, k: 1, a: {x: 9}},"
        + " {_id: 8, k: 1, s: {a: [4, 5]}}]");
  }

  private static String sql(String pipeline, boolean greenplum) {
    return DocumentRows.aggregate(pipeline, new TranslationTarget(PathCatalog.NONE, true, Map.of(), null, Map.of(),
        false).withDeepCorrelation(!greenplum), "gu");
  }

  @ParameterizedTest
  @ValueSource(strings = {"[{$match: {k: 1}}, {$unwind: '$a'}]",
      "[{$sort: {_id: -1}}, {$unwind: {path: '$a', includeArrayIndex: 'i'}}]",
      "[{$unwind: '$a'}, {$group: {_id: '$a.x', n: {$sum: 1}}}, {$sort: {_id: 1}}]",
      "[{$unwind: '$s.a'}, {$project: {s: 1}}]",
      "[{$match: {k: 1}}, {$unwind: '$a'}, {$unwind: '$a'}]"})
  void theElementsAreReadInTheSelectListWithTheSameDocuments(String pipeline) throws SQLException {
    String greenplum = sql(pipeline, true);
    assertTrue(greenplum.contains(", jsonb_array_elements(CASE WHEN") && !greenplum.contains("LATERAL jsonb_array_elements"),
        greenplum);
    List<String> general = DocumentRows.query(url, sql(pipeline, false));
    assertTrue(!general.isEmpty(), "documents out");
    String problem = new ExtendedJsonComparison(Set.of()).compare(general, DocumentRows.query(url, greenplum),
        pipeline.contains("$sort"));
    assertNull(problem, problem + "\n" + greenplum);
  }

  @ParameterizedTest
  @ValueSource(strings = {"[{$unwind: {path: '$a', preserveNullAndEmptyArrays: true}}]"})
  void preservingNullAndEmptyArraysKeepsTheJoin(String pipeline) throws SQLException {
    String greenplum = sql(pipeline, true);
    assertTrue(greenplum.contains("LEFT JOIN LATERAL jsonb_array_elements"), greenplum);
    assertEquals(DocumentRows.query(url, sql(pipeline, false)).size(), DocumentRows.query(url, greenplum).size());
  }
}
