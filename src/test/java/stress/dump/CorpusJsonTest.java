package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.bson.RawBsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import stress.dump.bson.BsonJson;
import stress.dump.bson.JsonFormat;
import stress.dump.document.DumpDocument;

/**
 * The JSON of corpus documents equals, once parsed, org.bson's own independent conversion
 * ({@code RawBsonDocument.toJson}) in both relaxed and canonical mode. Small files are checked
 * document by document in full; larger ones on an evenly spread sample that includes the first and
 * last documents. Doubles are compared as numbers: org.bson writes {@code Double.toString}, which before JDK 19 is
 * not always the shortest decimal that {@link DoubleText} writes ({@code DoubleTextTest} checks the digits).
 */
class CorpusJsonTest {
  private static final int FULL_CHECK_UP_TO = 2_000;
  private static final int SAMPLE = 500;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonWriterSettings RELAXED = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();
  private static final JsonWriterSettings CANONICAL = JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();

  @TestFactory
  Stream<DynamicTest> everyReadableFileConvertsLikeOrgBson() {
    return Corpus.rows().stream().filter(r -> Corpus.isBson(r.file()) && !r.isError() && r.docs() > 0)
        .map(row -> DynamicTest.dynamicTest(row.file(), () -> {
          Path file = Corpus.file(row.file());
          List<DumpDocument> documents = Corpus.readAll(BsonDocumentReader.open(file, ReadPolicy.ABORT)).documents();
          int step = documents.size() <= FULL_CHECK_UP_TO ? 1 : documents.size() / SAMPLE;
          int checked = 0;
          for (int i = 0; i < documents.size(); i += step) {
            check(documents.get(i));
            checked++;
          }
          check(documents.get(documents.size() - 1));
          assertTrue(checked >= Math.min(documents.size(), SAMPLE), "checked " + checked);
        }));
  }

  private static void check(DumpDocument document) throws Exception {
    RawBsonDocument raw = new RawBsonDocument(document.bytes());
    JsonNode mineRelaxed = JSON.readTree(BsonJson.toJson(document.bytes(), JsonFormat.RELAXED));
    assertEquals(JSON.readTree(raw.toJson(RELAXED)), mineRelaxed, document::toString);
    JsonNode mineCanonical = doublesAsNumbers(JSON.readTree(BsonJson.toJson(document.bytes(), JsonFormat.CANONICAL)));
    assertEquals(doublesAsNumbers(JSON.readTree(raw.toJson(CANONICAL))), mineCanonical, document::toString);
  }

  /** The tree with each finite {@code {"$numberDouble": "..."}} replaced by the double it spells. */
  private static JsonNode doublesAsNumbers(JsonNode node) {
    if (node instanceof ObjectNode object) {
      JsonNode text = object.get("$numberDouble");
      if (object.size() == 1 && text != null && text.isTextual()) {
        double value = Double.parseDouble(text.asText());
        return Double.isFinite(value) ? DoubleNode.valueOf(value) : node;
      }
      object.fields().forEachRemaining(e -> e.setValue(doublesAsNumbers(e.getValue())));
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        array.set(i, doublesAsNumbers(array.get(i)));
      }
    }
    return node;
  }
}
