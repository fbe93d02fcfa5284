package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.PathFactsStore;
import stress.mongo.value.TranslationTarget;
import stress.mongo.value.TypedExpression;
import stress.ops.file.IdLiteral;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * Typed forms on a table of orders: chosen from the table's path facts, served by the btree indexes
 * {@code stress index} builds for {@code type: number | string | date} (top-N read in index order, no sort of the
 * table), and selecting exactly what the general form selects. Where arrays or other kinds make a typed form wrong,
 * the general form is chosen.
 */
class MongoTypedFormTest {
  private static final DocumentTable ORDERS = new DocumentTable(null, "orders", IdType.INTEGER);
  private static String url;

  @BeforeAll
  static void orders() throws SQLException {
    url = TestDatabase.newDatabaseUrl("mongo_typed");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE orders (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      // dates with 0 to 3 digits of milliseconds, as the importer writes them; a few documents without a total,
      // with a null one, or with a string where numbers are (MongoDB's bracketing leaves them out of ranges)
      st.execute("INSERT INTO orders SELECT i, jsonb_build_object('_id', i, 'status', 's' || (i % 7),"
          + " 'totals', CASE WHEN i % 500 = 0 THEN jsonb_build_object('grandTotal', 'n/a') WHEN i % 501 = 0"
          + " THEN jsonb_build_object('grandTotal', NULL) WHEN i % 502 = 0 THEN '{}'"
          + " ELSE jsonb_build_object('grandTotal', round((i * 7919 % 10000) / 1.0 + (i % 100) / 100.0, 2)) END,"
          + " 'customer', jsonb_build_object('customerId', i % 300, 'email', 'c' || (i % 300) || '@x.example'),"
          + " 'createdAt', jsonb_build_object('$date', to_char(timestamp '2020-01-01' + (i * 7919 % 20000)"
          + " * interval '1 hour' + (i % 4) * interval '10 millisecond' * (CASE WHEN i % 3 = 0 THEN 0 ELSE 1 END),"
          + " 'YYYY-MM-DD\"T\"HH24:MI:SS') || CASE WHEN i % 4 = 0 OR i % 3 = 0 THEN '' ELSE '.' || rtrim("
          + " to_char((i % 4) * 10, 'FM000'), '0') END || 'Z'),"
          + " 'items', jsonb_build_array(jsonb_build_object('sku', 'K' || (i % 1000), 'qty', i % 5)))"
          + " FROM generate_series(1, 20000) i");
      for (String ddl : List.of(
          btree(List.of("totals.grandTotal"), List.of("number")),
          btree(List.of("createdAt"), List.of("date")),
          btree(List.of("customer.customerId", "createdAt"), List.of("number", "date")),
          "CREATE INDEX orders_gin ON orders USING gin (data jsonb_path_ops)")) {
        st.execute(ddl);
      }
      st.execute("ANALYZE orders");
    }
  }

  /** The DDL {@code stress index} runs for an entry of these paths and types. */
  private static String btree(List<String> paths, List<String> types) {
    return new stress.workload.IndexSpec(false, paths.stream().map(p -> List.of(p.split("\\."))).toList(), types, 1)
        .ddl(ORDERS);
  }

  private static MongoStatement translate(String spec, boolean typed) throws SQLException {
    BsonDocument s = BsonDocument.parse(spec);
    String kind = s.getFirstKey();
    BsonDocument body = s.getDocument(kind);
    MongoStatement general = MongoStatement.translate(kind, body, new Parameters(List.of()));
    if (!typed) {
      return general;
    }
    try (Connection c = TestDatabase.connect(url)) {
      PathCatalog facts = PathFactsStore.read(c, ORDERS, general.paths());
      return MongoStatement.translate(kind, body, new Parameters(List.of()), new TranslationTarget(facts, true,
          Map.of("customer.customerId", "number", "totals.grandTotal", "number", "createdAt", "date")));
    }
  }

  private static String sql(MongoStatement m) {
    return IdLiteral.resolve(m.statement().sql(), IdType.INTEGER).replace("{table}", "orders");
  }

  private static List<String> rows(String sql) throws SQLException {
    return TableRows.of(url, sql);
  }

  private static String plan(String sql) throws SQLException {
    return TableRows.plan(url, sql);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "{find: {filter: {'totals.grandTotal': {$gt: 9000}}, sort: {'totals.grandTotal': -1}, limit: 10}}",
      "{find: {filter: {'totals.grandTotal': {$gte: 500, $lt: 510}}}}",
      "{find: {filter: {createdAt: {$gte: {$date: '2021-03-01T00:00:00Z'}, $lt: {$date: '2021-03-05T00:00:00.5Z'}}}}}",
      "{find: {sort: {createdAt: -1}, limit: 10}}",
      "{find: {sort: {createdAt: 1}, limit: 10}}",
      "{find: {filter: {'customer.customerId': 17}, sort: {createdAt: -1}, limit: 10}}",
      "{countDocuments: {filter: {'totals.grandTotal': {$gte: 9500}}}}",
      "{find: {filter: {'customer.customerId': {$in: [17, 18.0, 19]}}}}",
  })
  void aTypedFormIsServedByItsIndexAndSelectsWhatTheGeneralFormSelects(String spec) throws SQLException {
    String typed = sql(translate(spec, true));
    String general = sql(translate(spec, false));
    assertTrue(typed.contains("CASE WHEN jsonb_typeof("), typed);
    String plan = plan(typed);
    assertTrue(plan.contains("Index Scan") || plan.contains("Bitmap Index Scan on orders_totals"), plan);
    assertFalse(plan.contains("Seq Scan"), plan);
    if (spec.contains("limit")) {
      assertFalse(plan.contains("Sort  ("), "top-N read in index order:\n" + plan);
    }
    if (spec.contains("sort")) { // ties are in any order, in MongoDB too: compare the sort keys in order
      String key = spec.contains("createdAt: ") && spec.contains("sort: {createdAt") ? "createdAt" : "totals";
      assertEquals(rows(keys(general, key)), rows(keys(typed, key)), typed);
    } else {
      assertEquals(sorted(rows(general)), sorted(rows(typed)), typed);
    }
  }

  /** The statement's rows as the sort key's JSON, in the statement's order. */
  private static String keys(String sql, String key) {
    return "SELECT k FROM (SELECT row_number() OVER () AS n, data -> '" + key + "' AS k FROM (" + sql
        + ") AS s) AS numbered ORDER BY n";
  }

  private static List<String> sorted(List<String> rows) {
    return rows.stream().sorted().toList();
  }

  @Test
  void anElemMatchOnAnArrayOfDocumentsIsServedByTheGinIndex() throws SQLException {
    String spec = "{find: {filter: {items: {$elemMatch: {sku: 'K17', qty: {$gte: 2}}}}}}";
    String typed = sql(translate(spec, true));
    assertTrue(plan(typed).contains("Bitmap Index Scan on orders_gin"), plan(typed));
    assertEquals(rows(sql(translate(spec, false))).size(), rows(typed).size());
    assertEquals(rows("SELECT _id FROM orders WHERE data -> 'items' -> 0 ->> 'sku' = 'K17' AND"
        + " CAST(data -> 'items' -> 0 ->> 'qty' AS int) >= 2 ORDER BY _id"),
        rows("SELECT _id FROM (" + typed.replace("SELECT _id, data", "SELECT _id") + ") s ORDER BY _id"));
  }

  @Test
  void aRangeOnAPathWithArraysKeepsTheGeneralForm() throws SQLException {
    String typed = sql(translate("{find: {filter: {'items.qty': {$gt: 3}}}}", true));
    assertFalse(typed.contains("CASE WHEN jsonb_typeof(data"), typed);
    assertEquals(4000, rows(typed).size());
  }

  @Test
  void aSortOnAPathOfSeveralKindsKeepsMongoDbsOrderOfKinds() throws SQLException {
    String typed = sql(translate("{find: {sort: {'totals.grandTotal': 1}, limit: 50}}", true));
    assertTrue(typed.contains("= 'string' THEN 4"), "the path holds numbers and a string: " + typed);
    String restricted = sql(translate("{find: {filter: {'totals.grandTotal': {$gte: 0}},"
        + " sort: {'totals.grandTotal': 1}, limit: 50}}", true));
    assertTrue(restricted.contains("ORDER BY (CASE WHEN jsonb_typeof("), "the range keeps numbers only: " + restricted);
  }

  @Test
  void writesOfTheWorkloadThatWouldMakeATypedFormWrongTurnItBackToTheGeneralForm(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws Exception {
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE orders_w AS SELECT * FROM orders WHERE _id <= 2000");
      st.execute("ALTER TABLE orders_w ADD PRIMARY KEY (_id)");
    }
    java.nio.file.Path file = dir.resolve("w.yaml");
    java.nio.file.Files.writeString(file, """
        operations:
          by_total:
            find: {filter: {totals.grandTotal: {$gt: 9990}}}
          newest:
            find: {sort: {createdAt: -1}, limit: 5}
          by_qty:
            find: {filter: {status: {$gt: "s5"}}}
          push_total:
            updateOne: {filter: {_id: 1004}, update: {$push: {totals.grandTotal: 9999}}}
          set_date_text:
            updateOne: {filter: {_id: 8}, update: {$set: {createdAt: "soon"}}}
        """);
    var workload = stress.workload.WorkloadFile.load(file);
    DocumentTable table = new DocumentTable(null, "orders_w", IdType.INTEGER);
    try (Connection c = TestDatabase.connect(url)) {
      java.util.function.Function<String, String> sqlOf = name -> TableRows.statement(workload, name, c, table);
      assertFalse(sqlOf.apply("by_total").contains(TypedExpression.of(List.of("totals", "grandTotal"), "number")),
          "a $push puts arrays there");
      assertFalse(sqlOf.apply("newest").contains("NULLS LAST"), "a $set puts a string among the dates");
      assertTrue(sqlOf.apply("by_qty").contains("CASE WHEN jsonb_typeof("), "status is written by no operation");
      try (Statement st = c.createStatement()) {
        st.executeUpdate(sqlOf.apply("push_total"));
        assertEquals(List.of("1004"), rows(sqlOf.apply("by_total").replace("SELECT _id, data", "SELECT _id")
            .replace("\"orders_w\"", "orders_w")).stream().filter("1004"::equals).toList(),
            "the pushed 9999 is found in the array: " + sqlOf.apply("by_total"));
      }
    }
  }
}
