package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import stress.dump.bson.BsonJson;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;

/**
 * Every case of {@code fixtures/mongo-updates/current-date.jsonl} ({@code $currentDate}, run by mongomock; the time
 * of the execution written {@code {"$now": "date"}} or {@code {"$now": "timestamp"}}) on the embedded PostgreSQL in
 * both translation forms: the document after the update is the expected one, each marked value a date or a timestamp
 * (increment 1) taken between the times read before and after the statement, a date written as the importer writes
 * dates.
 */
class MongoCurrentDateFixtureTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final AtomicInteger IDS = new AtomicInteger();
  private static UpdatedDocuments docs;

  @BeforeAll
  static void table() throws SQLException {
    docs = new UpdatedDocuments("mongo_current_date_fixture");
  }

  @TestFactory
  Stream<DynamicTest> everyCaseWritesTheTimeOfTheExecutionWhereMongoDbDoesInBothForms() throws IOException {
    return MongoUpdateFixtureTest.cases("current-date.jsonl").stream().flatMap(c -> Stream.of(true, false)
        .map(jsonpath -> DynamicTest.dynamicTest(c.get("case").asText() + (jsonpath ? " (jsonpath)"
            : " (without jsonpath)"), () -> run(c, jsonpath))));
  }

  private static void run(JsonNode c, boolean jsonpath) throws Exception {
    int id = IDS.incrementAndGet();
    BsonDocument spec = new BsonDocument("filter", new BsonDocument("_id", new org.bson.BsonInt32(id)))
        .append("update", BsonDocument.parse(c.get("update").toString()));
    MongoStatement st = MongoStatement.translate("updateOne", spec, new Parameters(List.of()),
        new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()));
    long before = System.currentTimeMillis();
    UpdatedDocuments.Outcome o = docs.update(id, c.get("document").toString(), st);
    long after = System.currentTimeMillis();
    assertNull(o.error(), () -> o.error().getMessage());
    JsonNode expected = resolved(c.get("expected"), JSON.readTree(o.data()), before, after);
    assertEquals(docs.canonical(expected.toString()), o.data());
  }

  /** {@code expected} with each marker replaced by the value found there, once that value is checked. */
  private static JsonNode resolved(JsonNode expected, JsonNode found, long before, long after) {
    if (expected.isObject() && expected.size() == 1 && expected.has("$now")) {
      String kind = expected.get("$now").asText();
      if (kind.equals("date")) {
        assertTrue(found != null && found.has("$date"), "a date: " + found);
        String iso = found.get("$date").asText();
        long ms = Instant.parse(iso).toEpochMilli();
        assertTrue(ms >= before && ms <= after, iso + " not within the execution");
        assertEquals(BsonJson.isoDate(ms), iso, "written as the importer writes dates");
      } else {
        assertTrue(found != null && found.has("$timestamp"), "a timestamp: " + found);
        JsonNode ts = found.get("$timestamp");
        assertTrue(ts.get("t").asLong() >= before / 1000 && ts.get("t").asLong() <= after / 1000, ts.toString());
        assertEquals(1, ts.get("i").asInt(), ts.toString());
      }
      return found;
    }
    if (expected.isObject() && found != null && found.isObject()) {
      ObjectNode out = JSON.createObjectNode();
      expected.fields().forEachRemaining(f -> out.set(f.getKey(), resolved(f.getValue(), found.get(f.getKey()),
          before, after)));
      return out;
    }
    if (expected.isArray() && found != null && found.isArray() && expected.size() == found.size()) {
      ArrayNode out = JSON.createArrayNode();
      for (int i = 0; i < expected.size(); i++) {
        out.add(resolved(expected.get(i), found.get(i), before, after));
      }
      return out;
    }
    return expected;
  }
}
