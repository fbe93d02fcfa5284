package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.bson.RawBsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The JSON of corpus documents equals, once parsed, org.bson's own independent conversion
 * ({@code RawBsonDocument.toJson}) in both relaxed and canonical mode. Small files are checked
 * document by document in full; larger ones on an evenly spread sample that includes the first and
 * last documents.
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
    JsonNode mineCanonical = JSON.readTree(BsonJson.toJson(document.bytes(), JsonFormat.CANONICAL));
    assertEquals(JSON.readTree(raw.toJson(CANONICAL)), mineCanonical, document::toString);
  }
}
