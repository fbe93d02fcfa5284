package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The update operators beside $set, $unset, $inc and $push ($pop, $mul), on the embedded PostgreSQL in both translation forms
 * (the filter with jsonpath, and without it for servers before PostgreSQL 12): MongoDB's document where MongoDB
 * accepts the update, MongoDB's refusal (the statement fails, nothing changes) where it refuses it. Expected documents
 * by MongoDB's documented semantics of each operator.
 */
class MongoUpdateOperatorsTest {
  private static final AtomicInteger KEYS = new AtomicInteger();
  private static UpdatedDocuments docs;

  @BeforeAll
  static void table() throws SQLException {
    docs = new UpdatedDocuments("mongo_update_operators");
  }

  /** One new document {@code {k: <key>, ...document}}, updated by a filter on k in one form; its data without k. */
  private static UpdatedDocuments.Outcome update(boolean jsonpath, String document, String update)
      throws SQLException {
    int key = KEYS.incrementAndGet();
    MongoStatement st = MongoStatement.translate("updateOne",
        BsonDocument.parse("{filter: {k: " + key + "}, update: " + update + "}"), new Parameters(List.of()),
        new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()));
    UpdatedDocuments.Outcome o = docs.update(key, withKey(key, document), st);
    return new UpdatedDocuments.Outcome(docs.canonical(o.data(), "k"), o.error());
  }

  private static String withKey(int key, String document) {
    return "{\"k\": " + key + (document.equals("{}") ? "}" : ", " + document.substring(1));
  }

  @ParameterizedTest(name = "{1} on {0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "{\"a\": [1, 2, 3]} => {$pop: {a: 1}} => {\"a\": [1, 2]}",
      "{\"a\": [1, 2, 3]} => {$pop: {a: -1}} => {\"a\": [2, 3]}",
      "{\"a\": [1, 2, 3]} => {$pop: {a: 1.0}} => {\"a\": [1, 2]}",
      "{\"a\": [1]} => {$pop: {a: 1}} => {\"a\": []}",
      "{\"a\": []} => {$pop: {a: -1}} => {\"a\": []}",
      "{\"b\": 1} => {$pop: {a: 1}} => {\"b\": 1}",
      "{\"m\": {\"a\": [[1], {\"x\": 2}]}} => {$pop: {'m.a': 1}} => {\"m\": {\"a\": [[1]]}}",
      "{\"m\": 5} => {$pop: {'m.a': 1}} => {\"m\": 5}",
      "{\"m\": [{\"a\": [1, 2]}]} => {$pop: {'m.a': 1}} => {\"m\": [{\"a\": [1, 2]}]}",
      "{\"a\": [1, 2], \"b\": [3, 4]} => {$pop: {a: 1, b: -1}, $set: {c: 1}} => {\"a\": [1], \"b\": [4], \"c\": 1}",
      "{\"n\": 3} => {$mul: {n: 2}} => {\"n\": 6}",
      "{\"n\": 3} => {$mul: {n: 2.5}} => {\"n\": 7.5}",
      "{\"n\": 1.5} => {$mul: {n: -2}} => {\"n\": -3.0}",
      "{\"n\": 2147483647} => {$mul: {n: 2}} => {\"n\": 4294967294}",
      "{} => {$mul: {n: 2}} => {\"n\": 0}",
      "{} => {$mul: {n: 2.5}} => {\"n\": 0.0}",
      "{} => {$mul: {'m.n': 3}} => {\"m\": {\"n\": 0}}",
      "{\"n\": {\"$numberDecimal\": \"1.10\"}} => {$mul: {n: 3}} => {\"n\": {\"$numberDecimal\": \"3.30\"}}",
      "{\"n\": {\"$numberDouble\": \"Infinity\"}} => {$mul: {n: 2}} => {\"n\": {\"$numberDouble\": \"Infinity\"}}",
      "{\"n\": {\"$numberDouble\": \"Infinity\"}} => {$mul: {n: -2}} => {\"n\": {\"$numberDouble\": \"-Infinity\"}}",
      "{\"n\": {\"$numberDouble\": \"-Infinity\"}} => {$mul: {n: 0}} => {\"n\": {\"$numberDouble\": \"NaN\"}}",
      "{\"n\": {\"$numberDecimal\": \"NaN\"}} => {$mul: {n: 5}} => {\"n\": {\"$numberDecimal\": \"NaN\"}}",
      "{\"n\": 2, \"k2\": 1} => {$mul: {n: 5}, $inc: {k2: 1}} => {\"n\": 10, \"k2\": 2}",
  })
  void whatMongoDbAcceptsGivesItsDocumentInBothForms(String document, String update, String expected)
      throws SQLException {
    for (boolean jsonpath : new boolean[] {true, false}) {
      UpdatedDocuments.Outcome o = update(jsonpath, document, update);
      assertNull(o.error(), () -> o.error().getMessage());
      assertEquals(docs.canonical(expected), o.data(), "jsonpath " + jsonpath);
    }
  }

  @ParameterizedTest(name = "{1} on {0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "{\"a\": \"x\"} => {$pop: {a: 1}} => Path 'a' contains an element of non-array type 'string'",
      "{\"a\": null} => {$pop: {a: 1}} => Path 'a' contains an element of non-array type 'null'",
      "{\"a\": 5} => {$pop: {a: -1}} => Path 'a' contains an element of non-array type 'int'",
      "{\"a\": {\"b\": 1}} => {$pop: {a: 1}} => Path 'a' contains an element of non-array type 'object'",
      "{\"m\": {\"a\": true}} => {$pop: {'m.a': 1}} => Path 'm.a' contains an element of non-array type 'bool'",
      "{\"n\": \"x\"} => {$mul: {n: 2}} => Cannot apply $mul to a value of non-numeric type. {_id: ID} has the field 'n' of non-numeric type string",
      "{\"n\": null} => {$mul: {n: 2}} => has the field 'n' of non-numeric type null",
      "{\"n\": {\"$date\": \"2024-01-02T03:04:05Z\"}} => {$mul: {n: 2}} => has the field 'n' of non-numeric type date",
      "{\"a\": 5} => {$mul: {'a.b': 2}} => Cannot create field 'b' in element {a: 5}",
  })
  void whatMongoDbRefusesFailsAndChangesNothingInBothForms(String document, String update, String reason)
      throws SQLException {
    for (boolean jsonpath : new boolean[] {true, false}) {
      UpdatedDocuments.Outcome o = update(jsonpath, document, update);
      assertNotNull(o.error(), "refused: " + o.data());
      String expected = reason.replace("ID", Integer.toString(KEYS.get()));
      assertTrue(o.error().getMessage().contains(expected), o.error().getMessage());
      assertEquals("22P02", o.error().getSQLState());
      assertEquals(docs.canonical(document), o.data(), "nothing changed, jsonpath " + jsonpath);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "{$pop: {a: 2}} => $pop expects 1 or -1, found: 2",
      "{$pop: {a: 0}} => $pop expects 1 or -1, found: 0",
      "{$pop: {a: -1.5}} => $pop expects 1 or -1, found: -1.5",
      "{$pop: {a: \"1\"}} => Expected a number in: a: \"1\"",
      "{$pop: {a: 1}, $push: {a: 2}} => field 'a' is changed twice in one update",
      "{$mul: {n: \"2\"}} => $mul on 'n' needs a finite number (int, long or double), got \"2\"",
      "{$mul: {a: 2}, $set: {'a.b': 1}} => Updating the path 'a.b' would create a conflict at 'a'",
  })
  void whatMongoDbRefusesBeforeReadingADocumentIsRefusedWhenTranslated(String update, String reason) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MongoStatement.translate(
        "updateOne", BsonDocument.parse("{filter: {k: 1}, update: " + update + "}"), new Parameters(List.of())));
    assertTrue(e.getMessage().contains(reason), e.getMessage());
  }
}
