package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.mongo.value.Decimals;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.PathFactsStore;
import stress.mongo.value.Translation;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * A Decimal128 inside an array is compared as MongoDB compares it when the table's path facts are used: the facts give
 * the kinds of the value at a path, not of the elements of an array at or above it, so they cannot rule a Decimal128
 * out there (a facts-based form returned nothing for {p: {$gte: 7}} over {p: [{$numberDecimal: "7"}]}).
 */
class DecimalInArrayTest {
  private static final DocumentTable DOCS = new DocumentTable(null, "decimal_in_array", IdType.INTEGER);
  private static String url;
  private static PathCatalog facts;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseUrl("decimal_in_array");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE decimal_in_array (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO decimal_in_array VALUES"
          + " (1, '{\"p\": [{\"$numberDecimal\": \"7\"}], \"items\": [{\"qty\": {\"$numberDecimal\": \"7\"}}]}'),"
          + " (2, '{\"p\": 3, \"items\": [{\"qty\": 3}]}'),"
          + " (3, '{\"p\": [1, 2], \"items\": [{\"qty\": 1}, {\"qty\": 2}]}'),"
          + " (4, '{\"p\": 8, \"items\": [{\"qty\": 8}]}'),"
          + " (5, '{\"items\": [{\"qty\": {\"$numberDecimal\": \"Infinity\"}}]}'),"
          + " (6, '{\"items\": [{\"qty\": {\"$numberDecimal\": \"NaN\"}}]}'),"
          + " (7, '{\"items\": [{\"qty\": [5, {\"$numberDecimal\": \"-Infinity\"}]}]}')");
      facts = new PathCatalog(PathFactsStore.analyze(c, DOCS, Set.of("p", "items.qty")), "test");
    }
  }

  @ParameterizedTest(name = "{0} (jsonpath {1})")
  @CsvSource(delimiterString = " => ", value = {
      "{p: {$gte: 7}} => true => 1,4",
      "{p: {$gte: 7}} => false => 1,4",
      "{'items.qty': {$gte: 7}} => true => 1,4,5",
      "{'items.qty': {$gte: 7}} => false => 1,4,5",
      "{p: {$lt: 3}} => true => 3",
      "{'items.qty': 7} => true => 1",
      "{items: {$elemMatch: {qty: {$gte: 7}}}} => true => 1,4,5",
      "{items: {$elemMatch: {qty: {$gte: 7}}}} => false => 1,4,5",
      "{items: {$elemMatch: {qty: {$lt: 2}}}} => true => 3,7",
      "{items: {$elemMatch: {qty: {$gt: 6, $lt: 7.5}}}} => true => 1",
      "{items: {$elemMatch: {qty: 7}}} => true => 1",
  })
  void aDecimalInsideAnArrayIsFoundWithTheTablesPathFacts(String filter, boolean jsonpath, String ids)
      throws SQLException {
    MongoStatement m = MongoStatement.translate("find", BsonDocument.parse("{filter: " + filter + ", sort: {_id: 1},"
        + " projection: {_id: 1}}"), new Parameters(List.of()), new TranslationTarget(facts, jsonpath, Map.of()));
    String sql = IdLiteral.resolve(m.statement().sql(), IdType.INTEGER).replace("{table}", "decimal_in_array");
    List<String> rows = TableRows.of(url, sql);
    assertEquals(List.of(ids.split(",")), rows.stream().map(r -> r.replaceAll("[^0-9]", "")).toList(), sql);
  }

  /**
   * The test on an element uses immutable functions only: Citus refuses any other in the CASE of a multi-shard UPDATE
   * (an {@code arrayFilters} condition), as it refused the cast of an array literal ("non-IMMUTABLE functions are not
   * allowed in CASE or COALESCE statements"). An index expression must be immutable too, so PostgreSQL checks it here.
   */
  @org.junit.jupiter.api.Test
  void theTestOnAnElementIsImmutable() throws SQLException {
    Translation t = new Translation(new Parameters(List.of()), new TranslationTarget(facts, true, Map.of()));
    String test = Decimals.orDecimal(t, "v", "lax $.\"qty\"", ">=", "7").replaceFirst("^ OR ", "").replace("@??", "@?");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE element_test (v jsonb)");
      st.execute("CREATE INDEX element_test_index ON element_test ((" + test + "))");
      st.execute("INSERT INTO element_test VALUES ('{\"qty\": [3, {\"$numberDecimal\": \"7.5\"}]}')");
      try (var rs = st.executeQuery("SELECT " + test + " FROM element_test")) {
        rs.next();
        assertEquals(true, rs.getBoolean(1), test);
      }
    }
  }

  /**
   * Inside {@code $elemMatch} the Decimal128 test is no subquery: Citus refuses a correlated subquery under the
   * set-returning function that reads the elements ("correlated subqueries are not supported when the FROM clause
   * contains a set returning function"), so a numeric comparison in an element failed every time on a cluster.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", value = {
      "{items: {$elemMatch: {qty: {$gte: 7}}}}",
      "{items: {$elemMatch: {qty: 7}}}",
      "{items: {$elemMatch: {sku: 'a', qty: {$lte: 2}}}}",
  })
  void aDecimalTestInAnElementIsNoSubquery(String filter) {
    MongoStatement m = MongoStatement.translate("find", BsonDocument.parse("{filter: " + filter + "}"),
        new Parameters(List.of()), new TranslationTarget(facts, true, Map.of()));
    String sql = m.statement().sql();
    assertEquals(1, sql.split("SELECT 1 FROM", -1).length - 1, sql);
  }
}
