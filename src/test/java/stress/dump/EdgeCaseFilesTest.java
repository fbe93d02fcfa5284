package stress.dump;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.dump.bson.BsonJson;
import stress.dump.bson.JsonFormat;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdTextForm;
import stress.dump.document.Rejection;
import stress.table.IdType;

/**
 * The hand-corrupted and odd files of {@code edge-cases/bsondump/}: each one's outcome under ABORT and
 * SKIP. Most are sample.bson with one change, so expectations are derived from sample.bson itself.
 */
class EdgeCaseFilesTest {
  private static final String DIR = "edge-cases/bsondump/";
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Corpus.Outcome read(String name, ReadPolicy policy) throws IOException {
    return Corpus.readAll(BsonDocumentReader.open(Corpus.file(DIR + name), policy));
  }

  private static List<DumpDocument> sample() throws IOException {
    Corpus.Outcome sample = read("sample.bson", ReadPolicy.ABORT);
    assertNull(sample.failure());
    assertEquals(4, sample.documents().size());
    return sample.documents();
  }

  private static void assertOneLineNaming(DumpFormatException e, String name, long offset) {
    String message = e.getMessage();
    assertTrue(message.contains(Corpus.file(DIR + name).toString()), message);
    assertTrue(message.contains("byte offset " + offset), message);
    assertTrue(!message.contains("\n"), message);
    assertEquals(offset, e.offset());
  }

  @Test
  void sampleMatchesTheCanonicalJsonShippedWithMongoTools() throws Exception {
    List<String> expected = Files.readAllLines(Corpus.file(DIR + "sample.json"), StandardCharsets.UTF_8);
    List<DumpDocument> documents = sample();
    assertEquals(expected.size(), documents.size());
    for (int i = 0; i < documents.size(); i++) {
      String mine = BsonJson.toJson(documents.get(i).bytes(), JsonFormat.CANONICAL);
      assertEquals(JSON.readTree(expected.get(i)), JSON.readTree(mine), "document " + i);
    }
  }

  @Test
  void badCstringRejectsTheFirstDocumentAndKeepsTheOtherThreeUnderSkip() throws IOException {
    assertBadFirstDocument("bad_cstring.bson", "undecodable BSON");
  }

  @Test
  void badTypeRejectsTheFirstDocumentAndKeepsTheOtherThreeUnderSkip() throws IOException {
    assertBadFirstDocument("bad_type.bson", "unknown BSON type");
  }

  private void assertBadFirstDocument(String name, String reason) throws IOException {
    List<DumpDocument> sample = sample();
    Corpus.Outcome abort = read(name, ReadPolicy.ABORT);
    assertEquals(0, abort.items().size());
    assertNotNull(abort.failure());
    assertOneLineNaming(abort.failure(), name, 0);
    Rejection stopped = abort.failure().rejection().orElseThrow();
    assertEquals(0, stopped.index());
    assertEquals(sample.get(0).length(), stopped.bytes().orElseThrow().length);
    assertTrue(stopped.reason().contains(reason), stopped.reason());

    Corpus.Outcome skip = read(name, ReadPolicy.SKIP);
    assertNull(skip.failure());
    assertEquals(1, skip.rejections().size());
    Rejection rejection = skip.rejections().get(0);
    assertEquals(0, rejection.offset());
    assertEquals(0, rejection.index());
    assertTrue(rejection.describe().contains(Corpus.file(DIR + name) + ": document #0 at byte offset 0: "),
        rejection.describe());
    assertEquals(3, skip.documents().size());
    for (int i = 1; i < 4; i++) {
      DumpDocument document = skip.documents().get(i - 1);
      assertArrayEquals(sample.get(i).bytes(), document.bytes());
      assertEquals(sample.get(i).offset(), document.offset());
      assertEquals(i, document.index());
    }
    assertEquals(Files.size(Corpus.file(DIR + name)), skip.contiguousEnd(0));
  }

  @Test
  void partialFileKeepsTwoDocumentsThenStopsAtTheCutUnderBothPolicies() throws IOException {
    List<DumpDocument> sample = sample();
    long cut = sample.get(2).offset();
    long size = Files.size(Corpus.file(DIR + "partial_file.bson"));
    for (ReadPolicy policy : ReadPolicy.values()) {
      Corpus.Outcome outcome = read("partial_file.bson", policy);
      assertEquals(2, outcome.documents().size(), policy.name());
      assertEquals(0, outcome.rejections().size());
      assertOneLineNaming(outcome.failure(), "partial_file.bson", cut);
      Rejection rest = outcome.failure().rejection().orElseThrow();
      assertTrue(rest.reason().startsWith("truncated document"), rest.reason());
      assertEquals(2, rest.index());
      assertEquals(size - cut, rest.bytes().orElseThrow().length, "the readable tail is kept");
    }
  }

  @Test
  void randomBytesStopAtOffsetZeroWithAnImpossibleLength() throws IOException {
    for (ReadPolicy policy : ReadPolicy.values()) {
      Corpus.Outcome outcome = read("random_bytes.bson", policy);
      assertEquals(0, outcome.items().size());
      assertOneLineNaming(outcome.failure(), "random_bytes.bson", 0);
      assertTrue(outcome.failure().getMessage().contains("larger than the maximum of 16793600 bytes"),
          outcome.failure().getMessage());
    }
  }

  @Test
  void invalidFieldNameReadsFourDocumentsThenRejectsTheTrailingByte() throws IOException {
    long end = Files.size(Corpus.file(DIR + "sample.bson"));
    for (ReadPolicy policy : ReadPolicy.values()) {
      Corpus.Outcome outcome = read("invalid_field_name.bson", policy);
      assertEquals(4, outcome.documents().size());
      assertOneLineNaming(outcome.failure(), "invalid_field_name.bson", end);
      assertTrue(outcome.failure().getMessage().contains("truncated length prefix"), outcome.failure().getMessage());
      assertArrayEquals(new byte[] {0x0a}, outcome.failure().rejection().orElseThrow().bytes().orElseThrow());
    }
    // The second document's _id was renamed to "a.d": it reads, but cannot become a row.
    DumpDocument noId = read("invalid_field_name.bson", ReadPolicy.SKIP).documents().get(1);
    DocumentConverter converter = new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.TEXT, IdTextForm.PLAIN));
    DocumentRejectedException e = assertThrows(DocumentRejectedException.class, () -> converter.convert(noId));
    assertEquals("document has no _id field", e.rejection().reason());
    assertEquals(1, e.rejection().index());
  }

  @Test
  void brokenArrayKeysAreIgnoredBecauseArraysArePositional() throws IOException {
    List<DumpDocument> broken = read("broken_array.bson", ReadPolicy.ABORT).documents();
    List<DumpDocument> intact = read("all_types.bson", ReadPolicy.ABORT).documents();
    assertEquals(20, broken.size());
    assertEquals(20, intact.size());
    int differentBytes = 0;
    for (int i = 0; i < 20; i++) {
      if (!Arrays.equals(broken.get(i).bytes(), intact.get(i).bytes())) {
        differentBytes++;
      }
      assertEquals(BsonJson.toJson(intact.get(i).bytes(), JsonFormat.CANONICAL),
          BsonJson.toJson(broken.get(i).bytes(), JsonFormat.CANONICAL));
    }
    assertEquals(1, differentBytes, "exactly one document has the changed array key");
  }

  @Test
  void deepNestingOf501LevelsConverts() throws Exception {
    Corpus.Outcome outcome = read("deep_nested.bson", ReadPolicy.ABORT);
    assertNull(outcome.failure());
    String json = BsonJson.toJson(outcome.documents().get(0).bytes(), JsonFormat.RELAXED);
    int depth = 0;
    int max = 0;
    for (char c : json.toCharArray()) {
      depth += c == '{' || c == '[' ? 1 : c == '}' || c == ']' ? -1 : 0;
      max = Math.max(max, depth);
    }
    assertEquals(501, max);
  }

  @Test
  void documentsWithoutIdReadButAreRejectedWhenConverted() throws IOException {
    DocumentConverter converter = new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.TEXT, IdTextForm.PLAIN));
    for (String name : List.of("all_in_one_doc.bson", "importCollection.bson")) {
      Corpus.Outcome outcome = read(name, ReadPolicy.ABORT);
      assertNull(outcome.failure());
      assertEquals(1, outcome.documents().size());
      DumpDocument document = outcome.documents().get(0);
      assertTrue(BsonJson.toJson(document.bytes(), JsonFormat.RELAXED).startsWith("{"));
      assertThrows(DocumentRejectedException.class, () -> converter.convert(document));
    }
  }
}
