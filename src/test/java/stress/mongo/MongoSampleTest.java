package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * {@code $sample}: n documents at random, without repeats, from the documents of the stage before, on the embedded
 * PostgreSQL in both translation forms; its size read as MongoDB reads it, and its refusals.
 */
class MongoSampleTest {
  private static final AtomicInteger TABLES = new AtomicInteger();
  /** Ten documents, six of them with g = 1. */
  private static final String TEN = "[{_id: 1, g: 1}, {_id: 2, g: 1}, {_id: 3, g: 2}, {_id: 4, g: 1}, {_id: 5, g: 2},"
      + " {_id: 6, g: 1}, {_id: 7, g: 2}, {_id: 8, g: 1}, {_id: 9, g: 2}, {_id: 10, g: 1}]";
  private static String url;

  @BeforeAll
  static void database() {
    url = TestDatabase.newDatabaseUrl("mongo_sample");
  }

  @ParameterizedTest(name = "jsonpath {0}")
  @ValueSource(booleans = {true, false})
  void drawsNDistinctDocumentsOfTheStageBeforeAtRandom(boolean jsonpath) throws SQLException {
    String table = table();
    String sql = sql("[{$match: {g: 1}}, {$sample: {size: 3}}]", jsonpath, table);
    Set<String> seen = new HashSet<>();
    // 40 draws of 3 of the 6: all the same 3 each time has a probability of (1/20)^39
    for (int draw = 0; draw < 40; draw++) {
      List<String> found = DocumentRows.query(url, sql);
      assertEquals(3, found.size(), () -> found + "\n" + sql);
      assertEquals(3, new HashSet<>(found).size(), () -> "a document twice: " + found);
      found.forEach(d -> assertEquals(1, BsonDocument.parse(d).getInt32("g").getValue(), d));
      seen.addAll(found);
    }
    assertTrue(seen.size() > 3, () -> "the same documents every time: " + seen + "\n" + sql);
    assertTrue(seen.size() <= 6, seen::toString);
  }

  @ParameterizedTest(name = "{0} jsonpath {1}")
  @CsvSource(delimiterString = " => ", value = {
      "{size: 50} => true => 10", "{size: 50} => false => 10",
      "{size: 0} => true => 0", "{size: 0} => false => 0",
      "{size: 2.9} => true => 2", "{size: {$numberDecimal: '4.5'}} => false => 4",
      "{size: {$numberLong: '7'}} => true => 7",
  })
  void sizeIsReadAsMongoDbReadsIt(String spec, boolean jsonpath, int expected) throws SQLException {
    String table = table();
    List<String> found = DocumentRows.query(url, sql("[{$sample: " + spec + "}]", jsonpath, table));
    assertEquals(expected, found.size(), found::toString);
    assertEquals(expected, new HashSet<>(found).size(), found::toString);
  }

  @ParameterizedTest(name = "jsonpath {0}")
  @ValueSource(booleans = {true, false})
  void stagesAfterTheSampleReadItsDocuments(boolean jsonpath) throws SQLException {
    String table = table();
    List<String> found = DocumentRows.query(url, sql("[{$group: {_id: '$g', n: {$sum: 1}}}, {$sample: {size: 5}},"
        + " {$sort: {_id: 1}}]", jsonpath, table));
    assertEquals(List.of(BsonDocument.parse("{_id: 1, n: 6}"), BsonDocument.parse("{_id: 2, n: 4}")),
        found.stream().map(BsonDocument::parse).toList());
    List<String> counted = DocumentRows.query(url, sql("[{$sample: {size: 4}}, {$count: 'n'}]", jsonpath, table));
    assertEquals(List.of(BsonDocument.parse("{n: 4}")), counted.stream().map(BsonDocument::parse).toList());
  }

  @Test
  void aParameterIsTheSize() {
    MongoStatement st = MongoStatement.translate("aggregate", BsonDocument.parse("{pipeline: [{$sample: {size:"
        + " ':n'}}]}"), new Parameters(List.of("n")), new TranslationTarget(PathCatalog.NONE, true, Map.of()));
    assertTrue(st.statement().sql().contains("ORDER BY random() LIMIT"), st.statement().sql());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "{$sample: {size: -1}} => stage 1 ($sample): size argument to $sample must not be negative",
      "{$sample: {size: 'a'}} => stage 1 ($sample): size argument to $sample must be a number, got \"a\"",
      "{$sample: {}} => stage 1 ($sample): $sample stage must specify a size",
      "{$sample: {size: 1, n: 2}} => stage 1 ($sample): unrecognized option to $sample: n",
      "{$sample: 5} => stage 1 ($sample): $sample takes a document, got INT32",
  })
  void refusedAsMongoDbRefuses(String stage, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MongoStatement.translate(
        "aggregate", BsonDocument.parse("{pipeline: [" + stage + "]}"), new Parameters(List.of())));
    assertEquals(message, e.getMessage());
  }

  private static String table() throws SQLException {
    String table = "sample" + TABLES.incrementAndGet();
    DocumentRows.load(url, table, TEN);
    return table;
  }

  private static String sql(String pipeline, boolean jsonpath, String table) {
    MongoStatement st = MongoStatement.translate("aggregate", new BsonDocument("pipeline", BsonArray.parse(pipeline)),
        new Parameters(List.of()), new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()));
    String sql = IdLiteral.resolve(st.statement().sql(), IdType.INTEGER).replace("{table}", table);
    assertTrue(sql.contains("ORDER BY random() LIMIT"), sql);
    return sql;
  }
}
