package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import stress.mongo.update.UpdateRefusals;
import stress.mongo.update.UpdateTranslator;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;

/**
 * Every case of {@code fixtures/mongo-updates/expected.jsonl} and {@code positional.jsonl} (see their README: a
 * document, an update, and MongoDB's document after it or MongoDB's refusal) on the embedded PostgreSQL in both
 * translation forms: the statement gives the expected document, or fails with MongoDB's reason and changes nothing,
 * or is refused when translated as MongoDB refuses it before reading a document.
 */
class MongoUpdateFixtureTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final AtomicInteger IDS = new AtomicInteger();
  private static UpdatedDocuments docs;

  @BeforeAll
  static void table() throws SQLException {
    docs = new UpdatedDocuments("mongo_update_fixture");
  }

  static List<JsonNode> cases() throws IOException {
    return cases("expected.jsonl");
  }

  static List<JsonNode> cases(String file) throws IOException {
    List<JsonNode> cases = new ArrayList<>();
    try (InputStream in = MongoUpdateFixtureTest.class.getResourceAsStream("/fixtures/mongo-updates/" + file)) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank()) {
          cases.add(JSON.readTree(line));
        }
      }
    }
    return cases;
  }

  @TestFactory
  Stream<DynamicTest> everyCaseGivesMongoDbsDocumentOrRefusalInBothForms() throws IOException {
    return Stream.concat(cases().stream(), cases("positional.jsonl").stream()).flatMap(c -> Stream.of(true, false)
        .map(jsonpath -> DynamicTest.dynamicTest(
        c.get("case").asText() + (jsonpath ? " (jsonpath)" : " (without jsonpath)"), () -> run(c, jsonpath))));
  }

  @Test
  void theFixturesCoverEveryOperator() throws IOException {
    java.util.Set<String> operators = new java.util.TreeSet<>();
    for (JsonNode c : cases()) {
      c.get("update").fieldNames().forEachRemaining(operators::add);
    }
    java.util.Set<String> timed = new java.util.TreeSet<>(); // the time of the execution: MongoCurrentDateFixtureTest
    for (JsonNode c : cases("current-date.jsonl")) {
      c.get("update").fieldNames().forEachRemaining(timed::add);
    }
    assertTrue(timed.contains("$currentDate"), timed.toString());
    operators.addAll(timed);
    assertEquals(new java.util.TreeSet<>(UpdateTranslator.SUPPORTED), operators);
  }

  private static void run(JsonNode c, boolean jsonpath) throws SQLException {
    int id = IDS.incrementAndGet();
    BsonDocument filter = BsonDocument.parse(c.has("filter") ? c.get("filter").toString() : "{}");
    BsonDocument spec = new BsonDocument("filter", new BsonDocument("_id", new org.bson.BsonInt32(id)).append("$and",
        new org.bson.BsonArray(List.of(filter)))).append("update", BsonDocument.parse(c.get("update").toString()));
    if (c.has("arrayFilters")) {
      spec.append("arrayFilters", BsonDocument.parse("{f: " + c.get("arrayFilters") + "}").get("f"));
    }
    java.util.function.Supplier<MongoStatement> translated = () -> MongoStatement.translate("updateOne", spec,
        new Parameters(List.of()), new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()));
    if (c.has("invalid")) {
      IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          translated::get);
      assertTrue(e.getMessage().contains(c.get("invalid").asText()), e.getMessage());
      return;
    }
    MongoStatement st = translated.get();
    String document = c.get("document").toString();
    UpdatedDocuments.Outcome o = docs.update(id, document, st);
    if (c.has("refused")) {
      assertNotNull(o.error(), () -> "refused by MongoDB, here: " + o.data());
      String reason = c.get("refused").asText().replace("{_id: ID}", "{_id: " + id + "}");
      assertTrue(o.error().getMessage().contains(UpdateRefusals.PREFIX + reason), o.error().getMessage());
      assertEquals("22P02", o.error().getSQLState());
      assertEquals(docs.canonical(document), o.data(), "nothing changed");
    } else {
      assertNull(o.error(), () -> o.error().getMessage());
      assertEquals(docs.canonical(c.get("expected").toString()), o.data());
    }
  }
}
