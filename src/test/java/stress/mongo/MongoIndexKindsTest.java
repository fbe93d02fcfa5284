package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * The forms read every btree a path has, of any kind: the typed one wherever it is there, whatever else is declared
 * on the path; else a hand-written {@code numeric} or {@code text} one where every value of the path is of its kind.
 * A multi-field equality is one containment test, whatever btrees its fields have. Each form is
 * served by its index and selects what the general form selects, on generated orders.
 */
class MongoIndexKindsTest {
  private static final DocumentTable ORDERS = new DocumentTable(null, "orders", IdType.INTEGER);
  private static final String NUMERIC = "(CAST(data -> 'customer' ->> 'visits' AS numeric))";
  private static final String TEXT = "(data ->> 'status')";
  private static String url;

  @BeforeAll
  static void orders() throws SQLException {
    url = TestDatabase.newDatabaseUrl("mongo_index_kinds");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE orders (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      // status: strings only; customer.visits: a number in every document; score: numbers and one string;
      // channel: strings, some documents without it
      st.execute("INSERT INTO orders SELECT i, jsonb_build_object('_id', i, 'status', 's' || (i % 9),"
          + " 'channel', 'c' || (i % 3), 'customer', jsonb_build_object('visits', i % 250 + (i % 2) / 2.0),"
          + " 'score', CASE WHEN i = 77 THEN to_jsonb('77'::text) ELSE to_jsonb(i % 1000) END,"
          + " 'createdAt', jsonb_build_object('$date', to_char(timestamp '2020-01-01' + i * interval '1 hour',"
          + " 'YYYY-MM-DD\"T\"HH24:MI:SS') || 'Z')) FROM generate_series(1, 20000) i");
      st.execute("UPDATE orders SET data = data - 'channel' WHERE _id % 10 = 0");
      for (String ddl : List.of(
          btree(List.of("customer.visits"), List.of("numeric")),
          btree(List.of("score"), List.of("numeric")),
          btree(List.of("status"), List.of("text")),
          btree(List.of("status", "createdAt"), List.of("string", "date")),
          btree(List.of("customer.visits"), List.of("number")),
          "CREATE INDEX orders_gin ON orders USING gin (data jsonb_path_ops)")) {
        st.execute(ddl.replace("CREATE INDEX IF NOT EXISTS", "CREATE INDEX"));
      }
      st.execute("ANALYZE orders");
    }
  }

  private static String btree(List<String> paths, List<String> types) {
    return new stress.workload.IndexSpec(false, paths.stream().map(p -> List.of(p.split("\\."))).toList(), types, 1)
        .ddl(ORDERS);
  }

  private static String translate(String spec, Map<String, Set<String>> indexes) throws SQLException {
    BsonDocument s = BsonDocument.parse(spec);
    String kind = s.getFirstKey();
    BsonDocument body = s.getDocument(kind);
    MongoStatement m = MongoStatement.translate(kind, body, new Parameters(List.of()));
    if (indexes != null) {
      try (Connection c = TestDatabase.connect(url)) {
        PathCatalog facts = PathFactsStore.read(c, ORDERS, m.paths());
        m = MongoStatement.translate(kind, body, new Parameters(List.of()), new TranslationTarget(facts, true,
            indexes, IdType.INTEGER, Map.of(), false, true, null, true, true));
      }
    }
    return IdLiteral.resolve(m.statement().sql(), IdType.INTEGER).replace("{table}", "orders");
  }

  private static List<String> rows(String sql) throws SQLException {
    return TableRows.of(url, sql);
  }

  private static String plan(String sql) throws SQLException {
    return TableRows.plan(url, sql);
  }

  private static void sameRows(String spec, String sql) throws SQLException {
    String general = translate(spec, null);
    assertEquals(rows(general).stream().sorted().toList(), rows(sql).stream().sorted().toList(), sql);
    assertFalse(rows(sql).isEmpty(), "selects something: " + sql);
  }

  /** Both kinds on the path: the typed btree is read for equality, $in, ranges and sorts. */
  @ParameterizedTest
  @ValueSource(strings = {
      "{find: {filter: {status: 's3'}}}",
      "{find: {filter: {'customer.visits': {$in: [18, 99.5, 210]}}}}",
      "{find: {filter: {'customer.visits': 18}}}",
      "{find: {filter: {'customer.visits': {$gte: 17, $lt: 18}}}}",
  })
  void aTypedBtreeIsReadWhateverElseThePathHas(String spec) throws SQLException {
    String sql = translate(spec, Map.of("status", Set.of("text", "string"), "customer.visits",
        Set.of("numeric", "number")));
    assertTrue(sql.contains("CASE WHEN jsonb_typeof("), sql);
    assertFalse(sql.contains(NUMERIC) || sql.contains(TEXT), sql);
    String plan = plan(sql);
    assertTrue(plan.contains("orders_customer_visits_n_idx") || plan.contains("orders_status_s__createdAt_d_idx"),
        plan);
    sameRows(spec, sql);
  }

  @Test
  void equalityOnALowCardinalityFieldWithARangeAndASortReadsTheCompoundTypedIndexInOrder() throws SQLException {
    String spec = "{find: {filter: {status: 's3', createdAt: {$gte: {$date: '2020-06-01T00:00:00Z'}}},"
        + " sort: {createdAt: -1}, limit: 10}}";
    String sql = translate(spec, Map.of("status", Set.of("text", "string"), "createdAt", Set.of("date")));
    assertFalse(sql.contains("@>"), "not containment: " + sql);
    String plan = plan(sql);
    assertTrue(plan.contains("orders_status_s__createdAt_d_idx"), plan);
    assertFalse(plan.contains("Sort  ("), plan);
    assertEquals(rows(translate(spec, null)), rows(sql));
  }

  /** Only a hand-written index, and every value of the path of its kind: the hand-written form. */
  @ParameterizedTest
  @ValueSource(strings = {
      "{find: {filter: {'customer.visits': {$gt: 248}}}}",
      "{find: {filter: {'customer.visits': {$in: [18, 99.5, 210]}}}}",
      "{find: {filter: {'customer.visits': 17.5}}}",
      "{countDocuments: {filter: {'customer.visits': {$gte: 17, $lte: 18}}}}",
  })
  void aHandWrittenNumericBtreeServesANumbersOnlyPath(String spec) throws SQLException {
    String sql = translate(spec, Map.of("customer.visits", Set.of("numeric")));
    assertTrue(sql.contains(NUMERIC), sql);
    assertTrue(plan(sql).contains("orders_customer_visits_num_idx"), plan(sql));
    sameRows(spec, sql);
  }

  @Test
  void aSortOnAPathWithANumberInEveryDocumentReadsTheHandWrittenBtreeInOrder() throws SQLException {
    String spec = "{find: {sort: {'customer.visits': -1}, limit: 10}}";
    String sql = translate(spec, Map.of("customer.visits", Set.of("numeric")));
    assertTrue(sql.contains("ORDER BY " + NUMERIC + " DESC"), sql);
    String plan = plan(sql);
    assertTrue(plan.contains("orders_customer_visits_num_idx"), plan);
    assertFalse(plan.contains("Sort  ("), plan);
    assertEquals(rows("SELECT data -> 'customer' -> 'visits' FROM (" + translate(spec, null) + ") s"),
        rows("SELECT data -> 'customer' -> 'visits' FROM (" + sql + ") s"));
  }

  @Test
  void aHandWrittenTextBtreeServesEqualityAndInOnAStringsOnlyPathButNotRanges() throws SQLException {
    Map<String, Set<String>> text = Map.of("status", Set.of("text"));
    for (String spec : List.of("{find: {filter: {status: 's4'}}}", "{find: {filter: {status: {$in: ['s1', 's2']}}}}")) {
      String sql = translate(spec, text);
      assertTrue(sql.contains(TEXT), sql);
      assertTrue(plan(sql).contains("orders_status_idx"), plan(sql));
      sameRows(spec, sql);
    }
    String range = translate("{find: {filter: {status: {$gt: 's7'}}}}", text);
    assertFalse(range.contains(TEXT), "the index orders by the database's collation, not bytes: " + range);
  }

  @Test
  void aHandWrittenBtreeOnAPathOfSeveralKindsIsNotRead() throws SQLException {
    String spec = "{find: {filter: {score: {$gt: 990}}}}";
    String sql = translate(spec, Map.of("score", Set.of("numeric")));
    assertFalse(sql.contains("(CAST(data ->> 'score' AS numeric))"), "a string is there, the cast would fail: " + sql);
    sameRows(spec, sql);
    String in = translate("{find: {filter: {score: {$in: [5, 6]}}}}", Map.of("score", Set.of("numeric")));
    assertFalse(in.contains("(CAST(data ->> 'score' AS numeric))"), in);
  }

  @Test
  void aMultiFieldEqualityIsOneContainmentWhateverBtreesItsFieldsHave() throws SQLException {
    String spec = "{find: {filter: {status: 's3', channel: 'c0', 'customer.visits': 18}}}";
    for (Map<String, Set<String>> indexes : List.of(Map.of("status", Set.of("string"), "customer.visits",
        Set.of("numeric")), Map.<String, Set<String>>of())) {
      String sql = translate(spec, indexes);
      assertTrue(sql.endsWith("WHERE data @> CAST('{\"status\": \"s3\", \"channel\": \"c0\", \"customer\":"
          + " {\"visits\": 18}}' AS jsonb)"), sql);
      assertTrue(plan(sql).contains("Bitmap Index Scan on orders_gin"), plan(sql));
      sameRows(spec, sql);
    }
    String one = translate("{find: {filter: {status: 's3', 'customer.visits': {$gt: 200}}}}",
        Map.of("status", Set.of("string")));
    assertTrue(one.contains(TypedExpression.of(List.of("status"), "string") + " = 's3'"), "one equality: " + one);
  }

  @Test
  void aMultiFieldEqualityOfParametersIsOneContainmentBoundPerExecution() throws SQLException {
    BsonDocument body = BsonDocument.parse("{filter: {status: ':s', channel: ':c'}}");
    Parameters parameters = new Parameters(List.of("s", "c"));
    MongoStatement m;
    try (Connection c = TestDatabase.connect(url)) {
      PathCatalog facts = PathFactsStore.read(c, ORDERS, MongoStatement.translate("find", body, parameters).paths());
      m = MongoStatement.translate("find", body, parameters, new TranslationTarget(facts, true,
          Map.of("status", Set.of("string")), IdType.INTEGER, Map.of(), false, true, null, true, true));
    }
    String sql = m.statement().sql();
    assertEquals(1, sql.split("@>", -1).length - 1, sql);
    List<Object> bound = new ArrayList<>();
    for (var value : m.statement().values()) {
      bound.add(value.of(new Object[] {"s5", "c2"}));
    }
    assertEquals(List.of("{\"status\": \"s5\", \"channel\": \"c2\"}"), bound, sql);
  }

  /**
   * A file declaring the hand-written indexes of its SQL on a table where the typed ones were built (by
   * {@code stress index --suggest}): the typed ones are read for equality and {@code $in}, and a multi-field equality
   * is one containment.
   */
  @Test
  void aFileDeclaringHandWrittenIndexesReadsTheTypedOnesTheTableHas(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws Exception {
    java.nio.file.Path file = dir.resolve("w.yaml");
    java.nio.file.Files.writeString(file, """
        operations:
          by_status:
            find: {filter: {status: "s4"}, sort: {createdAt: -1}, limit: 5}
          visits_in:
            find: {filter: {customer.visits: {$in: [18, 20]}}}
          two_fields:
            find: {filter: {status: "s3", channel: "c0"}}
        indexes:
          - {gin: data}
          - {path: status}
          - {path: customer.visits, type: numeric}
        """);
    var workload = stress.workload.WorkloadFile.load(file);
    try (Connection c = TestDatabase.connect(url)) {
      java.util.function.Function<String, String> sqlOf = name -> TableRows.statement(workload, name, c, ORDERS);
      String status = TypedExpression.of(List.of("status"), "string");
      assertTrue(sqlOf.apply("by_status").contains(status + " = 's4'"), sqlOf.apply("by_status"));
      assertTrue(plan(sqlOf.apply("by_status").replace("\"orders\"", "orders"))
          .contains("orders_status_s__createdAt_d_idx"), sqlOf.apply("by_status"));
      assertTrue(sqlOf.apply("visits_in").contains(TypedExpression.of(List.of("customer", "visits"), "number")
          + " IN ("), sqlOf.apply("visits_in"));
      String two = sqlOf.apply("two_fields");
      assertTrue(two.endsWith("WHERE data @> CAST('{\"status\": \"s3\", \"channel\": \"c0\"}' AS jsonb)"), two);
    }
  }
}
