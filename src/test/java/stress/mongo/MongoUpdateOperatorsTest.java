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
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.PathFacts;
import stress.mongo.value.TranslationTarget;

/**
 * The update operators beside $set, $unset, $inc and $push, on the embedded PostgreSQL in both translation forms
 * (the filter with jsonpath, and without it for servers before PostgreSQL 12): MongoDB's document where MongoDB
 * accepts the update, MongoDB's refusal (the statement fails, nothing changes) where it refuses it. Expected documents
 * by MongoDB's documented semantics of each operator; the cases of {@code fixtures/mongo-updates} run in
 * {@link MongoUpdateFixtureTest}, what depends on the clock ({@code $currentDate}) and what MongoDB refuses before
 * reading a document here.
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
      // BinData in MongoDB's order: by length, then subtype, then bytes; above every number and string
      "{\"a\": {\"$binary\": {\"base64\": \"AQID\", \"subType\": \"00\"}}} => {$min: {a: {$binary: {base64: 'AQ==', subType: '05'}}}} => {\"a\": {\"$binary\": {\"base64\": \"AQ==\", \"subType\": \"05\"}}}",
      "{\"a\": {\"$binary\": {\"base64\": \"AQ==\", \"subType\": \"05\"}}} => {$max: {a: {$binary: {base64: 'AA==', subType: '80'}}}} => {\"a\": {\"$binary\": {\"base64\": \"AA==\", \"subType\": \"80\"}}}",
      "{\"a\": {\"$binary\": {\"base64\": \"AQ==\", \"subType\": \"05\"}}} => {$max: {a: {$binary: {base64: 'AA==', subType: '05'}}}} => {\"a\": {\"$binary\": {\"base64\": \"AQ==\", \"subType\": \"05\"}}}",
      "{\"a\": \"z\"} => {$max: {a: {$binary: {base64: 'AA==', subType: '05'}}}} => {\"a\": {\"$binary\": {\"base64\": \"AA==\", \"subType\": \"05\"}}}",
      "{\"a\": [{\"$binary\": {\"base64\": \"AQID\", \"subType\": \"00\"}}, \"x\"]} => {$push: {a: {$each: [{$binary: {base64: 'AQ==', subType: '05'}}, 2,"
          + " {$binary: {base64: 'AA==', subType: '80'}}], $sort: 1}}} => {\"a\": [2, \"x\", {\"$binary\": {\"base64\": \"AQ==\", \"subType\": \"05\"}}, {\"$binary\": {\"base64\": \"AA==\", \"subType\": \"80\"}}, {\"$binary\": {\"base64\": \"AQID\", \"subType\": \"00\"}}]}",
      "{\"a\": [{\"$binary\": {\"base64\": \"AQID\", \"subType\": \"00\"}}, {\"$binary\": {\"base64\": \"AA==\", \"subType\": \"80\"}}]} => {$push: {a: {$each: [], $sort: 1}}} => {\"a\": [{\"$binary\": {\"base64\": \"AA==\", \"subType\": \"80\"}}, {\"$binary\": {\"base64\": \"AQID\", \"subType\": \"00\"}}]}",
      // infinities and NaN: a Decimal128 infinity equals a double one (kept), NaN is below every number
      "{\"a\": {\"$numberDecimal\": \"Infinity\"}} => {$min: {a: {$numberDouble: 'Infinity'}}} => {\"a\": {\"$numberDecimal\": \"Infinity\"}}",
      "{\"a\": 5} => {$min: {a: {$numberDecimal: '-Infinity'}}} => {\"a\": {\"$numberDecimal\": \"-Infinity\"}}",
      "{\"a\": {\"$numberDouble\": \"-Infinity\"}} => {$min: {a: {$numberDecimal: 'NaN'}}} => {\"a\": {\"$numberDecimal\": \"NaN\"}}",
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
      "{$mul: {n: \"2\"}} => Cannot multiply with non-numeric argument: {n: \"2\"}",
      "{$inc: {n: null}} => Cannot increment with non-numeric argument: {n: null}",
      "{$mul: {a: 2}, $set: {'a.b': 1}} => Updating the path 'a.b' would create a conflict at 'a'",
      "{$rename: {a: 'a'}} => The source and target field for $rename must differ: a: \"a\"",
      "{$rename: {a: 'a.b'}} => The source and target field for $rename must not be on the same path: a: \"a.b\"",
      "{$rename: {'a.b': 'a'}} => The source and target field for $rename must not be on the same path: a.b: \"a\"",
      "{$rename: {a: '_id'}} => $rename on _id: the _id of a document cannot change",
      "{$rename: {_id: 'a'}} => $rename on _id: the _id of a document cannot change",
      "{$rename: {a: 5}} => The 'to' field for $rename must be a string: a: 5",
      "{$rename: {a: 'b'}, $set: {b: 1}} => field 'b' is changed twice in one update",
      "{$rename: {a: 'b'}, $set: {'b.c': 1}} => Updating the path 'b.c' would create a conflict at 'b'",
      "{$min: {_id: 3}} => $min on _id: the _id of a document cannot change",
      "{$max: {a: {x: 1}}} => $max on 'a' with {\"x\": 1}: a document operand is not supported",
      "{$min: {a: [1]}} => $min on 'a' with [1]: a array operand is not supported",
      "{$currentDate: {d: 1}} => 1 is not valid type for $currentDate. Please use a boolean ('true') or a $type expression",
      "{$currentDate: {d: {$type: 'x'}}} => The '$type' string field is required to be 'date' or 'timestamp'",
      "{$setOnInsert: {a: 1}, $set: {'a.b': 1}} => Updating the path 'a.b' would create a conflict at 'a'",
      "{$set: {'a.$.b.$': 1}} => Too many positional (i.e. '$') elements found in path 'a.$.b.$'",
      "{$set: {'$[].b': 1}} => Cannot have positional (i.e. '$') element in the first component in path '$[].b'",
      "{$inc: {'a.$[].n': 1, 'a.$[].n.m': 1}} => Updating the path 'a.$[].n.m' would create a conflict at 'a.$[].n'",
      "{$set: {'a.$[x].n': 1}} => No array filter found for identifier 'x' in path 'a.$[x].n'",
      "{$rename: {'a.$[].n': 'b'}} => The source field for $rename may not be dynamic: a.$[].n",
      "{$rename: {b: 'a.$[].n'}} => The destination field for $rename may not be dynamic: a.$[].n",
      "{$set: {'a.$[].$': 1}} => the positional $ below another position is not supported",
      "{$pullAll: {a: 1}} => $pullAll requires an array argument but was given a int",
      "{$pullAll: {a: [':p']}} => $pullAll on 'a': a parameter inside its array is not supported",
      "{$addToSet: {a: {$each: [':p']}}} => $addToSet on 'a': a parameter inside $each is not supported",
      "{$push: {a: {$each: [1], $sort: 2}}} => The $sort is invalid: use 1/-1 to sort the whole element",
      "{$push: {a: {$each: [1], $sort: {s: 0}}}} => The $sort element value must be either 1 or -1",
      "{$push: {a: {$each: 1}}} => The argument to $each in $push must be an array but it was of type: int",
      "{$addToSet: {a: {$each: 'x'}}} => The argument to $each in $addToSet must be an array but it was of type: string",
      "{$push: {a: {$each: [1], $slice: 'x'}}} => The value for $slice must be an integer value but was given type: string",
      "{$push: {a: {$each: [1], $position: 1.5}}} => The value for $position must be an integer value, not of type: double",
      "{$push: {a: {$each: [1], $foo: 1}}} => Unrecognized clause in $push: $foo",
      "{$addToSet: {a: {$each: [1], $slice: 1}}} => Found unexpected fields after $each in $addToSet",
  })
  void whatMongoDbRefusesBeforeReadingADocumentIsRefusedWhenTranslated(String update, String reason) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MongoStatement.translate(
        "updateOne", BsonDocument.parse("{filter: {k: 1}, update: " + update + "}"), new Parameters(List.of("p"))));
    assertTrue(e.getMessage().contains(reason), e.getMessage());
  }

  @org.junit.jupiter.api.Test
  void currentDateWritesTheTimeOfTheExecutionAsADateOrATimestampInBothForms() throws Exception {
    for (boolean jsonpath : new boolean[] {true, false}) {
      long before = System.currentTimeMillis();
      UpdatedDocuments.Outcome o = update(jsonpath, "{\"a\": 1}",
          "{$currentDate: {d: true, e: false, 'm.t': {$type: 'timestamp'}, f: {$type: 'date'}}}");
      long after = System.currentTimeMillis();
      assertNull(o.error(), () -> o.error().getMessage());
      com.fasterxml.jackson.databind.JsonNode data = new com.fasterxml.jackson.databind.ObjectMapper().readTree(o.data());
      assertEquals(1, data.get("a").asInt());
      for (String date : new String[] {"d", "e", "f"}) {
        String iso = data.get(date).get("$date").asText();
        long ms = java.time.Instant.parse(iso).toEpochMilli();
        assertTrue(ms >= before && ms <= after, date + ": " + iso + " not within the execution");
        assertEquals(stress.dump.bson.BsonJson.isoDate(ms), iso, "written as the importer writes dates");
      }
      com.fasterxml.jackson.databind.JsonNode ts = data.get("m").get("t").get("$timestamp");
      assertTrue(ts.get("t").asLong() >= before / 1000 && ts.get("t").asLong() <= after / 1000, ts.toString());
      assertEquals(1, ts.get("i").asInt());
      assertEquals(5, data.size(), data.toString()); // a, d, e, f, m
    }
  }

  @org.junit.jupiter.api.Test
  void currentDateBelowAScalarIsRefusedAsMongoDbRefusesIt() throws SQLException {
    for (boolean jsonpath : new boolean[] {true, false}) {
      UpdatedDocuments.Outcome o = update(jsonpath, "{\"m\": 5}", "{$currentDate: {'m.t': true}}");
      assertNotNull(o.error(), o.data());
      assertTrue(o.error().getMessage().contains("Cannot create field 't' in element {m: 5}"), o.error().getMessage());
      assertEquals(docs.canonical("{\"m\": 5}"), o.data());
    }
  }

  /**
   * jsonb keeps no order of a document's fields, so a document with the same fields in another order is equal here
   * (MongoDB compares the order too, and would add it): a difference of the storage, listed in docs/mongo-queries.md.
   */
  @org.junit.jupiter.api.Test
  void documentsWithTheSameFieldsInAnotherOrderAreEqualInJsonb() throws SQLException {
    for (boolean jsonpath : new boolean[] {true, false}) {
      UpdatedDocuments.Outcome o = update(jsonpath, "{\"a\": [{\"x\": 1, \"y\": 2}]}",
          "{$addToSet: {a: {y: 2, x: 1}}}");
      assertNull(o.error(), () -> o.error().getMessage());
      assertEquals(docs.canonical("{\"a\": [{\"x\": 1, \"y\": 2}]}"), o.data());
    }
  }

  @org.junit.jupiter.api.Test
  void whatEachOperatorMayWriteWidensTheFactsOfLaterReads() {
    MongoStatement st = MongoStatement.translate("updateMany", BsonDocument.parse("{update: {$rename: {a: 'b'},"
        + " $currentDate: {d: true}, $addToSet: {s: 1}, $pull: {p: 1}, $min: {m: 5}, $max: {x: 'z'},"
        + " $setOnInsert: {i: 1}}}"), new Parameters(List.of()));
    assertEquals(PathFacts.UNKNOWN, st.writes().factsBelow("b"));
    assertEquals(PathFacts.UNKNOWN, st.writes().factsBelow("b.c"));
    assertTrue(st.writes().factsBelow("d").valueKinds().contains(PathFacts.DATE));
    assertTrue(st.writes().factsBelow("s").arrays());
    assertTrue(st.writes().factsBelow("p").arrays());
    assertEquals(java.util.Set.of(PathFacts.NUMBER), st.writes().factsBelow("m").valueKinds());
    assertEquals(java.util.Set.of(PathFacts.STRING), st.writes().factsBelow("x").valueKinds());
    assertTrue(st.writes().factsBelow("i").valueKinds().isEmpty(), "$setOnInsert writes nothing in an update");
  }
}
