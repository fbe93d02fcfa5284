package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * MongoDB's array rules where jsonpath's lax mode differs, in both translation forms (jsonpath, and without it for
 * servers before PostgreSQL 12): a path steps into an array's documents and a comparison into an array's elements,
 * one level only, never into an array nested in an array. Expected documents by MongoDB's documented semantics.
 */
class MongoArraySemanticsTest {
  private static String url;

  @BeforeAll
  static void documents() throws SQLException {
    url = TestDatabase.newDatabaseUrl("mongo_arrays");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE docs (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO docs VALUES"
          + " (1, '{\"a\": [[1, 10], [2]]}'), (2, '{\"a\": [2, 7]}'), (3, '{\"a\": 2}'), (4, '{\"a\": [[7]]}'),"
          + " (5, '{\"a\": [[{\"b\": 5}]]}'), (6, '{\"a\": [{\"b\": [5]}]}'), (7, '{\"a\": {\"b\": [[5]]}}'),"
          + " (8, '{\"a\": {\"b\": 5}}'), (9, '{\"a\": [{\"b\": 6}, {\"c\": 1}, 3]}'), (10, '{\"a\": null}'),"
          + " (11, '{\"b\": 1}'), (12, '{\"a\": [null]}'), (13, '{\"a\": [[null]]}')");
      st.execute("CREATE TABLE prices (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO prices VALUES (1, '{\"p\": {\"$numberDecimal\": \"1.29\"}}'), (2, '{\"p\": 1.3}'),"
          + " (3, '{\"p\": {\"$numberDecimal\": \"Infinity\"}}'), (4, '{\"p\": {\"$numberDecimal\": \"NaN\"}}'),"
          + " (5, '{\"p\": [{\"$numberDecimal\": \"7\"}]}'), (6, '{\"p\": 5}'), (7, '{\"p\": \"1.5\"}'),"
          + " (8, '{\"p\": {\"$numberDecimal\": \"-Infinity\"}}'),"
          + " (9, '{\"p\": {\"$numberDecimal\": \"9.999999999999999999999999999999999E+6144\"}}')");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "{a: 2}                          | 2 3",
      "{a: [2]}                        | 1",
      "{a: {$gt: 5}}                   | 2",
      "{a: {$in: [7, 10]}}             | 2",
      "{'a.b': 5}                      | 6 8",
      "{'a.b': {$gte: 5}}              | 6 8 9",
      "{'a.b': [5]}                    | 6 7",
      "{'a.b': {$exists: true}}        | 6 7 8 9",
      "{a: null}                       | 10 11 12",
      "{a: {$size: 2}}                 | 1 2",
      "{a: {$elemMatch: {$gt: 5}}}     | 2",
      "{a: {$elemMatch: {b: {$gt: 5}}}} | 9",
      "{a: {$all: [2, 7]}}             | 2",
  })
  void bothFormsSelectWhatMongoDbSelects(String filter, String ids) throws SQLException {
    assertIdsInBothForms("docs", "{filter: " + filter + "}", ids);
  }

  /**
   * Parameters bound per execution, in both forms: a drawn number compares with numbers, a string with strings. An
   * $elemMatch's containment test, written before the condition it stands beside, binds its values first.
   */
  @ParameterizedTest(name = "{0} with {1}")
  @CsvSource(delimiter = '|', value = {
      "{a: {$gt: ':x'}}     | 5   | 2",
      "{a: {$gte: ':x'}}    | '2' | 2 3 9",
      "{'a.b': {$lt: ':x'}} | 6   | 6 8",
      "{a: ':x'}            | 2   | 2 3",
      "{a: {$gt: ':x'}}     | s   | ''",
      "{a: {$elemMatch: {b: ':x'}}}                      | 6 | 9",
      "{a: {$elemMatch: {b: ':x', c: {$exists: false}}}} | 6 | 9",
      "{a: {$size: 3, $elemMatch: {b: ':x'}}}            | 6 | 9",
  })
  void parametersSelectWhatMongoDbSelects(String filter, String drawn, String ids) throws SQLException {
    Object value = drawn.matches("\\d+") ? (Object) Integer.valueOf(drawn) : drawn;
    assertIdsInBothForms("docs", "{filter: " + filter + "}", ids, value);
  }

  /**
   * A sort on a path with arrays orders each document by its smallest value there (ascending) or its largest
   * (descending), the elements of an array and the values in an array's documents included, in MongoDB's order of
   * kinds: missing and null, numbers, strings, documents, arrays. Ties (same key) are ordered by _id here; documents
   * and arrays tie among themselves (their contents are not compared).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "{'a.b': 1}  | 1 2 3 4 5 10 11 12 13 6 8 9 7",
      "{'a.b': -1} | 7 9 6 8 1 2 3 4 5 10 11 12 13",
      "{a: 1}      | 10 11 12 2 3 9 6 7 8 1 4 5 13",
      "{a: -1}     | 1 4 5 13 6 7 8 9 2 3 10 11 12",
  })
  void aSortTakesTheSmallestOrLargestValueAtThePath(String sort, String ids) throws SQLException {
    assertIdsInBothForms("docs", "{sort: " + sort + "}", ids);
  }

  /** Decimal128 values compare with every number by value, in both forms (NaN matches no comparison here). */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "{p: {$gt: 1.28}}                                     | 1 2 3 5 6 9",
      "{p: {$lt: 1.3}}                                      | 1 8",
      "{p: 7}                                               | 5",
      "{p: {$numberDecimal: '5.0'}}                         | 6",
      "{p: {$gte: {$numberDecimal: '1.29'}, $lt: 1.3}}      | 1",
      "{p: {$gt: {$numberDecimal: '1E+3'}}}                 | 3 9",
      "{p: {$gte: {$numberDecimal: '9.999999999999999999999999999999999E+6144'}}} | 3 9",
      "{p: {$gt: {$numberDecimal: '9.999999999999999999999999999999998E+6144'}}}  | 3 9",
      "{p: {$lt: -1.7976931348623157E+308}}                 | 8",
  })
  void decimalsCompareAsNumbers(String filter, String ids) throws SQLException {
    assertIdsInBothForms("prices", "{filter: " + filter + "}", ids);
  }

  /** An infinity is beyond every finite number as numeric's infinity (PostgreSQL 14 on) or as the value before. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "{p: {$gte: {$numberDecimal: '9.999999999999999999999999999999999E+6144'}}} | 3 9",
      "{p: {$lt: -1.7976931348623157E+308}}                 | 8",
  })
  void infinitiesAreBeyondEveryFiniteNumberWithOrWithoutNumericInfinity(String filter, String ids)
      throws SQLException {
    for (boolean infinity : new boolean[] {true, false}) {
      MongoStatement m = MongoStatement.translate("find", BsonDocument.parse("{filter: " + filter + "}"),
          new Parameters(List.of()), new TranslationTarget(PathCatalog.NONE, true, Map.of())
              .withNumericInfinity(infinity));
      String sql = IdLiteral.resolve(m.statement().sql(), IdType.INTEGER).replace("{table}", "prices")
          .replace("SELECT _id, data", "SELECT _id") + " ORDER BY _id";
      List<String> found = new ArrayList<>();
      try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery(sql)) {
        while (rs.next()) {
          found.add(rs.getString(1));
        }
      }
      assertEquals(ids, String.join(" ", found), (infinity ? "numeric infinity: " : "before PostgreSQL 14: ") + sql);
    }
  }

  /** The ids a find selects in each form (jsonpath, and without it), the statement's values made from {@code drawn}. */
  private static void assertIdsInBothForms(String table, String find, String ids, Object... drawn) throws SQLException {
    for (boolean jsonpath : new boolean[] {true, false}) {
      MongoStatement m = MongoStatement.translate("find", BsonDocument.parse(find),
          new Parameters(drawn.length == 0 ? List.of() : List.of("x")),
          new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()));
      String sql = IdLiteral.resolve(m.statement().sql(), IdType.INTEGER).replace("{table}", table)
          .replace("SELECT _id, data", "SELECT _id") + (find.contains("sort") ? ", _id" : " ORDER BY _id");
      List<String> found = new ArrayList<>();
      try (Connection c = TestDatabase.connect(url); java.sql.PreparedStatement ps = c.prepareStatement(sql)) {
        for (int i = 0; i < m.values().size(); i++) {
          ps.setObject(i + 1, m.values().get(i).of(drawn));
        }
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            found.add(rs.getString(1));
          }
        }
      }
      assertEquals(ids, String.join(" ", found), (jsonpath ? "jsonpath: " : "without jsonpath: ") + sql);
    }
  }
}
