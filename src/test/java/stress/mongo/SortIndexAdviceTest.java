package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.PathFactsStore;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.TableForms.IndexAdvice;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * The indexes a find's filter and sort ask for, one shape per row (no index declared: an equality is written as
 * containment, served by GIN, until the btree it asks for exists): the equalities first and the sort path after them,
 * never a path twice (a sort on a path the filter pins to one value adds nothing), a path in its general form (arrays
 * in some documents) left out of any btree, several equalities as one containment followed by the sort alone.
 */
class SortIndexAdviceTest {
  private static final DocumentTable CARS = new DocumentTable(null, "cars", IdType.INTEGER);
  private static String url;

  @BeforeAll
  static void cars() throws SQLException {
    url = TestDatabase.newDatabaseUrl("sort_advice");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE cars (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      // color is an array in 1% of the documents (multikey: its general form); brand, model and n are one kind each
      st.execute("INSERT INTO cars SELECT i, jsonb_build_object('_id', i, 'color', CASE WHEN i % 100 = 0"
          + " THEN jsonb_build_array('White') ELSE to_jsonb((ARRAY['White', 'Red', 'Blue'])[1 + i % 3]) END,"
          + " 'brand', 'b' || (i % 40), 'model', 'm' || (i % 7), 'n', i) FROM generate_series(1, 5000) i");
      st.execute("ANALYZE cars");
    }
  }

  private static List<IndexAdvice> advice(String find) throws SQLException {
    BsonDocument body = BsonDocument.parse(find);
    MongoStatement general = MongoStatement.translate("find", body, new Parameters(List.of()));
    try (Connection c = TestDatabase.connect(url)) {
      PathCatalog facts = PathFactsStore.read(c, CARS, general.paths());
      return MongoStatement.translate("find", body, new Parameters(List.of()),
          new TranslationTarget(facts, true, Map.of())).forms().advice();
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "{filter: {brand: 'b1'}, sort: {n: -1}}                     | gin; [brand, n]",
      "{filter: {brand: 'b1'}, sort: {brand: 1}}                  | gin; [brand]",
      "{filter: {color: 'White', brand: 'b1'}, sort: {brand: 1}}  | gin; [brand]",
      "{filter: {color: 'White', brand: 'b1'}, sort: {n: 1}}      | gin; [brand, n]",
      "{filter: {brand: 'b1', n: {$gt: 5}}, sort: {n: -1}}        | gin; [n]; [brand, n]",
      "{filter: {n: {$gt: 5}}, sort: {n: -1}}                     | [n]",
      "{filter: {model: 'm1', brand: 'b1'}, sort: {n: -1}}        | gin; [n]",
      "{filter: {}, sort: {brand: 1, n: -1}}                      | [brand]; [n]",
      "{filter: {brand: 'b1'}, sort: {brand: 1, n: -1}}           | gin; [brand]; [brand, n]",
  })
  void eachShapeAsksForTheIndexAnEngineerWouldBuild(String find, String expected) throws SQLException {
    List<String> shown = advice(find).stream().distinct()
        .map(a -> a.paths().isEmpty() ? "gin" : a.paths().toString()).toList();
    assertEquals(expected, String.join("; ", shown), find);
    for (IndexAdvice a : advice(find)) {
      assertEquals(a.paths().stream().distinct().count(), a.paths().size(), "a path twice in " + a + " for " + find);
    }
  }

  /**
   * With only a hand-written numeric btree on the sorted path, a range on it is compared on that btree's expression,
   * and the sort uses the same one after an equality too (it sorted on the typed expression, which no index served).
   */
  @org.junit.jupiter.api.Test
  void aSortOnAPathTheFilterComparesOnAHandWrittenBtreeUsesItsExpression() throws SQLException {
    BsonDocument body = BsonDocument.parse("{filter: {brand: 'b1', n: {$gt: 5}}, sort: {n: -1}, limit: 10}");
    MongoStatement general = MongoStatement.translate("find", body, new Parameters(List.of()));
    try (Connection c = TestDatabase.connect(url)) {
      PathCatalog facts = PathFactsStore.read(c, CARS, general.paths());
      String sql = MongoStatement.translate("find", body, new Parameters(List.of()), new TranslationTarget(facts, true,
          Map.of("n", java.util.Set.of("numeric")), IdType.INTEGER, Map.of(), false, true, null, true, true))
          .statement().sql();
      assertEquals(true, sql.contains("(CAST(data ->> 'n' AS numeric)) > ")
          && sql.endsWith("ORDER BY (CAST(data ->> 'n' AS numeric)) DESC LIMIT 10"), sql);
    }
  }
}
