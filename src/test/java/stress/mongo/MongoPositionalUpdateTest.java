package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.mongo.update.UpdateRefusals;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;

/**
 * Positional updates and arithmetic whose values are the operation's parameters, on the embedded PostgreSQL in both
 * forms: the placeholders of the update, of the query the positional {@code $} reads and of the array filters are
 * bound in the order of the text (the fixed cases are in {@code fixtures/mongo-updates/positional.jsonl}).
 */
class MongoPositionalUpdateTest {
  private static final AtomicInteger IDS = new AtomicInteger(1000);
  private static UpdatedDocuments docs;

  @BeforeAll
  static void table() throws SQLException {
    docs = new UpdatedDocuments("mongo_positional_update");
  }

  private static UpdatedDocuments.Outcome update(boolean jsonpath, String document, String spec, List<String> names,
                                                 Object... drawn) throws SQLException {
    int id = IDS.incrementAndGet();
    BsonDocument s = BsonDocument.parse(spec);
    s.getDocument("filter").put("_id", new org.bson.BsonInt32(id));
    MongoStatement st = MongoStatement.translate("updateOne", s, new Parameters(names),
        new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()));
    return docs.update(id, document, st, drawn);
  }

  @ParameterizedTest(name = "jsonpath {0}")
  @ValueSource(booleans = {true, false})
  void thePositionalDollarReadsTheQuerysParameterAfterTheUpdatesOwn(boolean jsonpath) throws SQLException {
    UpdatedDocuments.Outcome o = update(jsonpath,
        "{\"items\": [{\"sku\": \"a\", \"qty\": 1}, {\"sku\": \"b\", \"qty\": 1}]}",
        "{filter: {'items.sku': ':sku'}, update: {$inc: {'items.$.qty': ':n'}, $set: {seen: ':sku'}}}",
        List.of("sku", "n"), "b", 2.5);
    assertNull(o.error(), () -> o.error().getMessage());
    assertEquals(docs.canonical("{\"items\": [{\"sku\": \"a\", \"qty\": 1}, {\"sku\": \"b\", \"qty\": 3.5}],"
        + " \"seen\": \"b\"}"), o.data());
  }

  @ParameterizedTest(name = "jsonpath {0}")
  @ValueSource(booleans = {true, false})
  void anArrayFilterTakesAParameter(boolean jsonpath) throws SQLException {
    UpdatedDocuments.Outcome o = update(jsonpath, "{\"a\": [{\"k\": 1}, {\"k\": 2}, {\"k\": 2}]}",
        "{filter: {}, update: {$set: {'a.$[x].f': ':v'}}, arrayFilters: [{'x.k': ':k'}]}", List.of("v", "k"),
        "new", 2);
    assertNull(o.error(), () -> o.error().getMessage());
    assertEquals(docs.canonical("{\"a\": [{\"k\": 1}, {\"k\": 2, \"f\": \"new\"}, {\"k\": 2, \"f\": \"new\"}]}"),
        o.data());
  }

  @ParameterizedTest(name = "jsonpath {0}")
  @ValueSource(booleans = {true, false})
  void aDoubleParameterAddsInDoubleArithmetic(boolean jsonpath) throws SQLException {
    UpdatedDocuments.Outcome o = update(jsonpath, "{\"n\": 85.1, \"m\": 7}",
        "{filter: {}, update: {$inc: {n: ':d', m: ':i'}}}", List.of("d", "i"), 0.1, 1);
    assertNull(o.error(), () -> o.error().getMessage());
    assertEquals(docs.canonical("{\"n\": 85.19999999999999, \"m\": 8}"), o.data());
  }

  @ParameterizedTest(name = "jsonpath {0}")
  @ValueSource(booleans = {true, false})
  void aRefusedElementFailsTheStatementAndChangesNothing(boolean jsonpath) throws SQLException {
    String document = "{\"a\": [{\"t\": [1]}, {\"t\": 5}]}";
    UpdatedDocuments.Outcome o = update(jsonpath, document, "{filter: {}, update: {$push: {'a.$[].t': 2}}}", List.of());
    assertTrue(o.error() != null && o.error().getMessage().contains(UpdateRefusals.PREFIX
        + "The field 't' must be an array but is of type int in document {_id: "), () -> String.valueOf(o.error()));
    assertEquals(docs.canonical(document), o.data());
  }

  @org.junit.jupiter.api.Test
  void anUpdateOneWhoseFilterPinsTheIdChoosesNoDocumentInASubquery() {
    // one document at most: the statement stays a single-shard route, which Citus needs for a positional update
    String sql = MongoStatement.translate("updateOne", BsonDocument.parse("{filter: {_id: 7, 'a.k': 1}, update:"
        + " {$set: {'a.$.f': 1}}}"), new Parameters(List.of())).statement().sql();
    assertTrue(!sql.contains("LIMIT 1") && sql.contains(") WHERE (_id "), sql);
    String other = MongoStatement.translate("updateOne", BsonDocument.parse("{filter: {_id: {$gt: 7}, 'a.k': 1},"
        + " update: {$set: {'a.$.f': 1}}}"), new Parameters(List.of())).statement().sql();
    assertTrue(other.contains("LIMIT 1)"), other);
  }
}
