package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.mongo.value.BsonOrder;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.PathFacts;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * MongoDB's order of BSON values ({@link BsonOrder}) wherever the translation orders or compares values: a find's
 * sort, an aggregation's sort after a stage, {@code $expr} comparisons and {@code $in}, and a filter's comparisons of
 * BinData; in both translation forms (jsonpath, and without it). Expected answers follow MongoDB's documented order
 * (bson-type-comparison-order): MinKey, null and missing, numbers (NaN below -Infinity, Decimal128 and double
 * infinities equal), strings and symbols, documents, arrays, BinData (by length, then subtype, then bytes), ObjectId,
 * booleans, dates, timestamps, regular expressions, MaxKey.
 */
class BsonOrderTest {
  /** One value of each type at {@code v}, and BinData in and beside arrays at {@code w}. */
  private static final String VALUES = "[{_id: 1, v: {$minKey: 1}}, {_id: 2, v: null}, {_id: 3},"
      + " {_id: 4, v: {$numberDouble: 'NaN'}}, {_id: 5, v: {$numberDecimal: '-Infinity'}}, {_id: 6, v: -5},"
      + " {_id: 7, v: {$numberDecimal: '2.5'}}, {_id: 8, v: 3}, {_id: 9, v: {$numberDouble: 'Infinity'}},"
      + " {_id: 10, v: {$numberDecimal: 'Infinity'}}, {_id: 11, v: 'a'}, {_id: 12, v: {$symbol: 'b'}},"
      + " {_id: 13, v: {x: 1}}, {_id: 15, v: {$binary: {base64: 'AQID', subType: '00'}},"
      + " w: [1, {$binary: {base64: 'AQ==', subType: '05'}}]},"
      + " {_id: 16, v: {$binary: {base64: 'AQ==', subType: '05'}}, w: {$binary: {base64: 'AQID', subType: '00'}}},"
      + " {_id: 17, v: {$binary: {base64: 'AA==', subType: '80'}}}, {_id: 18, v: {$binary: {base64: 'Ag==', subType: '05'}}},"
      + " {_id: 19, v: {$oid: '5ca4bbc7a2dd94ee5816238d'}}, {_id: 20, v: false}, {_id: 21, v: true},"
      + " {_id: 22, v: {$date: '2020-01-01T00:00:00Z'}}, {_id: 23, v: {$date: {$numberLong: '-1000'}}},"
      + " {_id: 24, v: {$timestamp: {t: 5, i: 1}}}, {_id: 25, v: {$regularExpression: {pattern: 'a', options: ''}}},"
      + " {_id: 26, v: {$maxKey: 1}}]";
  private static final String ASCENDING = "1 2 3 4 5 6 7 8 9 10 11 12 13 16 18 17 15 19 20 21 23 22 24 25 26";
  private static final String DESCENDING = "26 25 24 22 23 21 20 19 15 17 18 16 13 12 11 9 10 8 7 6 5 4 2 3 1";
  private static String url;

  @BeforeAll
  static void values() throws SQLException {
    url = TestDatabase.newDatabaseUrl("bson_order");
    DocumentRows.load(url, "vals", VALUES);
  }

  @Test
  void aFindSortsEveryTypeInMongoDbsOrder() throws SQLException {
    assertEquals(ASCENDING, ids("find", "{sort: {v: 1, _id: 1}}", PathCatalog.NONE));
    assertEquals(DESCENDING, ids("find", "{sort: {v: -1, _id: 1}}", PathCatalog.NONE));
    // the facts show no array at v: the sort reads the value itself, not its candidates
    PathCatalog noArrays = new PathCatalog(Map.of("v", new PathFacts(false, PathFacts.KINDS.stream()
        .filter(k -> !k.equals(PathFacts.ARRAY)).collect(java.util.stream.Collectors.toSet()))), "test");
    assertEquals(ASCENDING, ids("find", "{sort: {v: 1, _id: 1}}", noArrays));
    assertEquals(DESCENDING, ids("find", "{sort: {v: -1, _id: 1}}", noArrays));
  }

  @Test
  void anAggregationSortsEveryTypeInMongoDbsOrderAfterAStage() throws SQLException {
    assertEquals(ASCENDING, ids("aggregate", "{pipeline: [{$project: {v: 1}}, {$sort: {v: 1, _id: 1}}]}",
        PathCatalog.NONE));
    assertEquals(DESCENDING, ids("aggregate", "{pipeline: [{$project: {v: 1}}, {$sort: {v: -1, _id: 1}}]}",
        PathCatalog.NONE));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      // a Decimal128 infinity is above every finite number, equal to a double infinity
      "{$expr: {$gt: ['$v', {$numberDecimal: '1E+6000'}]}}       | 9 10 11 12 13 15 16 17 18 19 20 21 22 23 24 25 26",
      "{$expr: {$lt: ['$v', -1]}}                                | 1 2 3 4 5 6",
      "{$expr: {$eq: ['$v', {$numberDouble: 'Infinity'}]}}      | 9 10",
      "{$expr: {$eq: ['$v', {$numberDecimal: 'NaN'}]}}           | 4",
      "{$expr: {$lte: ['$v', {$numberDecimal: '-Infinity'}]}}    | 1 2 3 4 5",
      "{$expr: {$in: ['$v', [0]]}}                               | ''",
      "{$expr: {$in: ['$v', [{$numberDecimal: 'Infinity'}]]}}    | 9 10",
      "{$expr: {$gt: ['$v', {$binary: {base64: 'AQ==', subType: '05'}}]}} | 15 17 18 19 20 21 22 23 24 25 26",
      "{$expr: {$gte: ['$v', {$date: '1970-01-01T00:00:00Z'}]}}  | 22 24 25 26",
      "{$expr: {$lt: ['$v', {$maxKey: 1}]}}                      | 1 2 3 4 5 6 7 8 9 10 11 12 13 15 16 17 18 19 20 21 22 23 24 25",
      "{$expr: {$gt: ['$v', {$regularExpression: {pattern: '', options: ''}}]}} | 25 26",
  })
  void exprComparesInMongoDbsOrder(String filter, String ids) throws SQLException {
    assertEquals(ids, sortedIds("{filter: " + filter + "}", PathCatalog.NONE));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "{v: {$binary: {base64: 'AQ==', subType: '05'}}}                       | 16",
      "{v: {$eq: {$binary: {base64: 'AQ==', subType: '5'}}}}                 | 16",
      "{v: {$ne: {$binary: {base64: 'AQ==', subType: '05'}}}}                | 1 2 3 4 5 6 7 8 9 10 11 12 13 15 17 18 19 20 21 22 23 24 25 26",
      "{v: {$gt: {$binary: {base64: 'AQ==', subType: '05'}}}}                | 15 17 18",
      "{v: {$gte: {$binary: {base64: 'AQ==', subType: '05'}}}}               | 15 16 17 18",
      "{v: {$lte: {$binary: {base64: 'AA==', subType: '80'}}}}               | 16 17 18",
      "{v: {$lt: {$binary: {base64: 'AAAAAA==', subType: '00'}}}}            | 15 16 17 18",
      "{v: {$lt: {$binary: {base64: '', subType: '00'}}}}                    | ''",
      "{v: {$in: [{$binary: {base64: 'AQID', subType: '00'}}, 3]}}           | 8 15",
      "{v: {$nin: [{$binary: {base64: 'AQID', subType: '00'}}, 3]}}          | 1 2 3 4 5 6 7 9 10 11 12 13 16 17 18 19 20 21 22 23 24 25 26",
      "{w: {$binary: {base64: 'AQ==', subType: '05'}}}                       | 15",
      "{w: {$gte: {$binary: {base64: 'AQ==', subType: '05'}}}}               | 15 16",
      "{w: {$lt: {$binary: {base64: 'AQ==', subType: '05'}}}}                | ''",
      "{w: {$elemMatch: {$gt: {$binary: {base64: 'AA==', subType: '00'}}}}}  | 15",
  })
  void binDataComparesByLengthSubtypeAndBytes(String filter, String ids) throws SQLException {
    assertEquals(ids, sortedIds("{filter: " + filter + "}", PathCatalog.NONE));
  }

  /** Where the facts show no array at the path, equality with BinData is a containment a GIN index serves. */
  @Test
  void binDataEqualityOnAPathWithoutArraysIsAContainment() throws SQLException {
    PathCatalog facts = new PathCatalog(Map.of("v", new PathFacts(false, Set.of(PathFacts.OTHER, PathFacts.NUMBER))),
        "test");
    MongoStatement m = MongoStatement.translate("find", BsonDocument.parse(
        "{filter: {v: {$binary: {base64: 'AQ==', subType: '05'}}}}"), new Parameters(List.of()),
        new TranslationTarget(facts, true, Map.of()));
    assertTrue(m.statement().sql().contains("data @> CAST('{\"v\": {\"$binary\": {\"base64\": \"AQ==\", \"subType\":"
        + " \"05\"}}}' AS jsonb)"), m.statement().sql());
    assertEquals("16", sortedIds("{filter: {v: {$binary: {base64: 'AQ==', subType: '05'}}}}", facts));
  }

  /** The ids of a find's documents in the order the statement gives them, in each form (both must agree). */
  private static String ids(String command, String operation, PathCatalog facts) throws SQLException {
    String first = null;
    for (boolean jsonpath : new boolean[] {true, false}) {
      MongoStatement m = MongoStatement.translate(command, BsonDocument.parse(operation), new Parameters(List.of()),
          new TranslationTarget(facts, jsonpath, Map.of()));
      String sql = IdLiteral.resolve(m.statement().sql(), IdType.INTEGER).replace("{table}", "vals");
      List<String> found = new ArrayList<>();
      for (String row : DocumentRows.query(url, sql)) { // a find's _id column, or an aggregation's document
        found.add(command.equals("find") ? row : Integer.toString(BsonDocument.parse(row).getInt32("_id").getValue()));
      }
      String text = String.join(" ", found);
      assertEquals(first == null ? text : first, text, (jsonpath ? "jsonpath: " : "without jsonpath: ") + sql);
      first = text;
    }
    return first;
  }

  /** The ids a find selects, in ascending order, in each form. */
  private static String sortedIds(String operation, PathCatalog facts) throws SQLException {
    BsonDocument op = BsonDocument.parse(operation);
    op.put("sort", BsonDocument.parse("{_id: 1}"));
    return ids("find", op.toJson(), facts);
  }
}
