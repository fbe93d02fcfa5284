package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.mongo.value.Parameters;
import stress.ops.file.JsonValueText;
import stress.server.ErrorClass;
import stress.server.SqlStates;

/**
 * Updates on a real PostgreSQL behave as in MongoDB: what MongoDB refuses ($inc of a value that is not a number,
 * a field created below a scalar or through an array, $push onto a value that is not an array) fails, changes
 * nothing, and the server's error carries MongoDB's reason; what MongoDB accepts gives MongoDB's document.
 */
class MongoUpdateSemanticsTest {
  private static final AtomicInteger IDS = new AtomicInteger();
  private static UpdatedDocuments docs;

  @BeforeAll
  static void table() throws SQLException {
    docs = new UpdatedDocuments("mongo_updates");
  }

  private static UpdatedDocuments.Outcome update(String document, String update, Object... drawn)
      throws SQLException {
    int id = IDS.incrementAndGet();
    MongoStatement st = MongoStatement.translate("updateOne",
        BsonDocument.parse("{filter: {_id: " + id + "}, update: " + update + "}"), new Parameters(List.of("p")));
    return docs.update(id, document, st, drawn);
  }

  @ParameterizedTest(name = "{1} on {0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "{\"n\": \"x\"} => {$inc: {n: 1}} => Cannot apply $inc to a value of non-numeric type. {_id: ID} has the field 'n' of non-numeric type string",
      "{\"n\": null} => {$inc: {n: 1}} => Cannot apply $inc to a value of non-numeric type. {_id: ID} has the field 'n' of non-numeric type null",
      "{\"n\": true} => {$inc: {n: 1}} => has the field 'n' of non-numeric type bool",
      "{\"n\": {\"x\": 1}} => {$inc: {n: 1}} => has the field 'n' of non-numeric type object",
      "{\"n\": [1]} => {$inc: {n: 1}} => has the field 'n' of non-numeric type array",
      "{\"n\": {\"$date\": \"2024-01-02T03:04:05Z\"}} => {$inc: {n: 1}} => has the field 'n' of non-numeric type date",
      "{\"m\": {\"n\": \"7\"}} => {$inc: {'m.n': 1}} => has the field 'n' of non-numeric type string",
      "{\"a\": 5} => {$set: {'a.b': 1}} => Cannot create field 'b' in element {a: 5}",
      "{\"a\": \"s\"} => {$set: {'a.b': 1}} => Cannot create field 'b' in element {a: \"s\"}",
      "{\"a\": null} => {$set: {'a.b': 1}} => Cannot create field 'b' in element {a: null}",
      "{\"a\": [1, 2]} => {$set: {'a.b': 1}} => Cannot create field 'b' in element {a: [1, 2]}",
      "{\"a\": [{\"b\": 0}]} => {$set: {'a.b': 1}} => Cannot create field 'b' in element {a: [{\"b\": 0}]}",
      "{\"a\": {\"b\": 5}} => {$set: {'a.b.c': 1}} => Cannot create field 'c' in element {b: 5}",
      "{\"d\": {\"$date\": \"2024-01-02T03:04:05Z\"}} => {$set: {'d.x': 1}} => Cannot create field 'x' in element {d: {\"$date\": \"2024-01-02T03:04:05Z\"}}",
      "{\"a\": 5} => {$inc: {'a.b': 1}} => Cannot create field 'b' in element {a: 5}",
      "{\"a\": [1]} => {$push: {'a.b': 1}} => Cannot create field 'b' in element {a: [1]}",
      "{\"tags\": \"t\"} => {$push: {tags: 1}} => The field 'tags' must be an array but is of type string in document {_id: ID}",
      "{\"tags\": 5} => {$push: {tags: 1}} => The field 'tags' must be an array but is of type int in document {_id: ID}",
      "{\"tags\": 1.5} => {$push: {tags: 1}} => must be an array but is of type double",
      "{\"tags\": null} => {$push: {tags: 1}} => must be an array but is of type null",
      "{\"tags\": {\"$oid\": \"5ca4bbc7a2dd94ee5816238d\"}} => {$push: {tags: 1}} => must be an array but is of type objectId",
      "{\"s\": \"x\"} => {$set: {ok: 1}, $inc: {s: 1}} => has the field 's' of non-numeric type string",
  })
  void whatMongoDbRefusesFailsAndChangesNothing(String document, String update, String reason) throws SQLException {
    UpdatedDocuments.Outcome o = update(document, update);
    assertNotNull(o.error(), "refused: " + o.data());
    int id = IDS.get();
    assertTrue(o.error().getMessage().contains(reason.replace("ID", Integer.toString(id))), o.error().getMessage());
    assertEquals(docs.canonical(document), o.data());
    assertEquals("22P02", o.error().getSQLState());
    assertEquals(ErrorClass.OTHER, SqlStates.classify(o.error()));
  }

  @ParameterizedTest(name = "{1} on {0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "{} => {$inc: {n: 2}} => {\"n\": 2}",
      "{\"n\": 1} => {$inc: {n: 2}} => {\"n\": 3}",
      "{\"n\": 1.5} => {$inc: {n: -0.25}} => {\"n\": 1.25}",
      "{} => {$inc: {'m.n': 2}} => {\"m\": {\"n\": 2}}",
      "{\"m\": {}} => {$inc: {'m.n': 2}} => {\"m\": {\"n\": 2}}",
      "{\"n\": {\"$numberDecimal\": \"1.10\"}} => {$inc: {n: 2}} => {\"n\": {\"$numberDecimal\": \"3.10\"}}",
      "{\"n\": {\"$numberDecimal\": \"NaN\"}} => {$inc: {n: 2}} => {\"n\": {\"$numberDecimal\": \"NaN\"}}",
      "{\"n\": {\"$numberDouble\": \"-Infinity\"}} => {$inc: {n: 2}} => {\"n\": {\"$numberDouble\": \"-Infinity\"}}",
      "{\"n\": {\"$numberDouble\": \"1.5\"}} => {$inc: {n: 2}} => {\"n\": {\"$numberDouble\": \"3.5\"}}",
      "{\"n\": {\"$numberDecimal\": \"1.5E+3\"}} => {$inc: {n: 1}} => {\"n\": {\"$numberDecimal\": \"1501\"}}",
      "{\"a\": {}} => {$set: {'a.b': 1}} => {\"a\": {\"b\": 1}}",
      "{\"a\": {\"c\": 1}} => {$set: {'a.b.c': 1}} => {\"a\": {\"b\": {\"c\": 1}, \"c\": 1}}",
      "{\"a\": 5} => {$set: {a: {b: 1}}} => {\"a\": {\"b\": 1}}",
      "{} => {$push: {tags: 1}} => {\"tags\": [1]}",
      "{\"tags\": [1]} => {$push: {tags: [2, 3]}} => {\"tags\": [1, [2, 3]]}",
      "{\"tags\": []} => {$push: {tags: {x: \"it's\"}}} => {\"tags\": [{\"x\": \"it's\"}]}",
      "{\"a\": [1, 2]} => {$unset: {'a.b': 1}} => {\"a\": [1, 2]}",
      "{\"a\": {\"b\": [1], \"c\": 2}} => {$unset: {'a.b.c': 1}} => {\"a\": {\"b\": [1], \"c\": 2}}",
      "{\"a\": 5} => {$unset: {'a.b': 1}} => {\"a\": 5}",
      "{\"a\": {\"b\": 1, \"c\": 2}} => {$unset: {'a.b': 1}} => {\"a\": {\"c\": 2}}",
  })
  void whatMongoDbAcceptsGivesItsDocument(String document, String update, String expected) throws SQLException {
    UpdatedDocuments.Outcome o = update(document, update);
    assertNull(o.error(), () -> o.error().getMessage());
    assertEquals(docs.canonical(expected), o.data());
  }

  @Test
  void parametersOfIncMulAndPushAreBoundPerExecution() throws SQLException {
    UpdatedDocuments.Outcome inc = update("{\"n\": {\"$numberDecimal\": \"0.5\"}, \"k\": 1}", "{$inc: {n: ':p', k: ':p'}}", 2);
    assertNull(inc.error(), () -> inc.error().getMessage());
    assertEquals(docs.canonical("{\"n\": {\"$numberDecimal\": \"2.5\"}, \"k\": 3}"), inc.data());
    UpdatedDocuments.Outcome mul = update("{\"n\": {\"$numberDouble\": \"Infinity\"}, \"k\": 1.5}", "{$mul: {n: ':p', k: ':p'}}", -2);
    assertNull(mul.error(), () -> mul.error().getMessage());
    assertEquals(docs.canonical("{\"n\": {\"$numberDouble\": \"-Infinity\"}, \"k\": -3.0}"), mul.data());
    UpdatedDocuments.Outcome push = update("{\"tags\": [\"a\"]}", "{$push: {tags: ':p'}}", new JsonValueText("{\"x\": [1]}"));
    assertNull(push.error(), () -> push.error().getMessage());
    assertEquals(docs.canonical("{\"tags\": [\"a\", {\"x\": [1]}]}"), push.data());
  }

  @Test
  void parametersOfMinMaxAddToSetAndPullAreBoundPerExecutionInTheirOrder() throws SQLException {
    UpdatedDocuments.Outcome o = update("{\"n\": 3, \"tags\": [4], \"xs\": [1, 5, 9], \"s\": \"b\"}",
        "{$max: {n: ':p'}, $addToSet: {tags: ':p'}, $pull: {xs: {$gte: ':p'}}, $min: {s: ':p'}}", 5);
    assertNull(o.error(), () -> o.error().getMessage());
    assertEquals(docs.canonical("{\"n\": 5, \"tags\": [4, 5], \"xs\": [1], \"s\": 5}"), o.data());
    UpdatedDocuments.Outcome strings = update("{\"s\": \"b\", \"xs\": [\"a\", \"b\"]}",
        "{$min: {s: ':p'}, $pull: {xs: ':p', ys: ':p'}}", "a");
    assertNull(strings.error(), () -> strings.error().getMessage());
    assertEquals(docs.canonical("{\"s\": \"a\", \"xs\": [\"b\"]}"), strings.data());
  }

  @Test
  void pathsThatOverlapAreRefusedAsMongoDbRefusesThem() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MongoStatement.translate(
        "updateMany", BsonDocument.parse("{update: {$set: {a: 1}, $inc: {'a.b': 1}}}"), new Parameters(List.of())));
    assertTrue(e.getMessage().contains("Updating the path 'a.b' would create a conflict at 'a'"), e.getMessage());
  }
}
