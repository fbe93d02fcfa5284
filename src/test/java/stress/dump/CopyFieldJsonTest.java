package stress.dump;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDbPointer;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import stress.dump.bson.CopyFieldJson;
import stress.dump.bson.JsonFormat;
import stress.dump.bson.RepeatedFields;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdTextForm;
import stress.dump.generate.DocumentGenerator;
import stress.load.CopyTextWriter;
import stress.model.Shape;
import stress.testing.BsonFiles;
import stress.table.IdType;

/**
 * {@link CopyFieldJson} writes, byte for byte, what org.bson's JSON writer followed by COPY's escaping writes: over
 * generated documents of both shapes, every BMP character and supplementary ones, every BSON type it writes, the
 * refusals and repeated-name policies, and (when it is there) every document of the real dump corpus.
 */
class CopyFieldJsonTest {
  private static final DocumentConverter RELAXED =
      new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.TEXT, IdTextForm.EXTENDED_JSON));

  @Test
  void generatedDocumentsOfBothShapesAreWrittenAsOrgBsonWritesThem() throws Exception {
    for (Shape shape : Shape.values()) {
      DocumentGenerator generator = new DocumentGenerator(shape, 7);
      for (long id = 1; id <= 3000; id++) {
        assertSameBytes(new DumpDocument("generated", 0, id, generator.generate(id).bsonBytes()), RELAXED);
      }
    }
  }

  @Test
  void everyCharacterIsEscapedAsOrgBsonEscapesIt() throws Exception {
    BsonDocument document = new BsonDocument("_id", new BsonInt32(1));
    StringBuilder chunk = new StringBuilder();
    for (int c = 1; c <= 0xFFFF; c++) {
      if (!Character.isSurrogate((char) c)) {
        chunk.append((char) c);
      }
      if (chunk.length() == 512 || c == 0xFFFF) {
        document.append("s" + c, new BsonString(chunk.toString()));
        document.append(chunk.substring(0, Math.min(40, chunk.length())), new BsonInt32(c)); // names too
        chunk.setLength(0);
      }
    }
    StringBuilder supplementary = new StringBuilder();
    for (int cp = 0x10000; cp <= 0x10FFFF; cp += 0x3FF) {
      supplementary.appendCodePoint(cp);
    }
    document.append("emoji \uD83D\uDE00", new BsonString(supplementary + "\uD83D\uDE00 \\\"\t\n\r\b\f\u007f"));
    assertSameBytes(Bson.document(document), RELAXED);
  }

  @Test
  void everyTypeItWritesIsWrittenAsOrgBsonWritesIt() throws Exception {
    List<BsonValue> values = new ArrayList<>(List.of(new BsonDouble(0.0), new BsonDouble(-0.0), new BsonDouble(1e23),
        new BsonDouble(Double.MIN_VALUE), new BsonDouble(0.0001), new BsonDouble(1.5), new BsonDouble(-123456.789),
        new BsonDouble(Double.NaN), new BsonDouble(Double.POSITIVE_INFINITY), new BsonDouble(Double.NEGATIVE_INFINITY),
        new BsonDouble(Double.MAX_VALUE), new BsonInt32(Integer.MIN_VALUE), new BsonInt32(Integer.MAX_VALUE),
        new BsonInt32(0), new BsonInt32(-7), new BsonInt64(Long.MIN_VALUE), new BsonInt64(Long.MAX_VALUE),
        new BsonInt64(0), new BsonInt64(-10), BsonBoolean.TRUE, BsonBoolean.FALSE, BsonNull.VALUE,
        new BsonObjectId(new ObjectId("5f1b2c3d4e5f60718293a4b5")), new BsonDateTime(0), new BsonDateTime(-1),
        new BsonDateTime(1_415_991_783_120L), new BsonDateTime(253_402_300_799_999L),
        new BsonDateTime(253_402_300_800_000L), new BsonDateTime(Long.MIN_VALUE), new BsonDateTime(Long.MAX_VALUE),
        new BsonBinary(new byte[0]), new BsonBinary(new byte[] {1, 2, 3}), new BsonBinary(UUID.randomUUID()),
        new BsonBinary((byte) 3, new byte[16]), new BsonBinary((byte) 0x8a, new byte[] {-1}),
        new BsonBinary((byte) 0xff, new byte[5]), new BsonDecimal128(Decimal128.parse("1.50")),
        new BsonDecimal128(Decimal128.NaN), new BsonDecimal128(Decimal128.NEGATIVE_ZERO),
        new BsonDecimal128(Decimal128.parse("-1.234E+6000")), new BsonDocument(), new BsonArray(),
        new BsonDocument("a", new BsonArray(List.of(new BsonDocument(), new BsonArray(), new BsonInt32(1))))));
    BsonDocument document = new BsonDocument("_id", new BsonObjectId(new ObjectId()));
    for (int i = 0; i < values.size(); i++) {
      document.append("v" + i, values.get(i));
    }
    document.append("all", new BsonArray(values));
    document.append("nested", new BsonArray(List.of(new BsonArray(values), new BsonDocument("d", document.clone()))));
    assertSameBytes(Bson.document(document), RELAXED);
  }

  @Test
  void theRarerTypesAreLeftToOrgBsonsWriter() throws Exception {
    for (BsonValue rare : List.of(new BsonRegularExpression("^a", "i"), new BsonTimestamp(5, 1),
        new BsonJavaScript("x()"), new BsonJavaScriptWithScope("x", new BsonDocument("a", new BsonInt32(1))),
        new BsonSymbol("s"), new BsonDbPointer("db.c", new ObjectId()), new BsonMinKey(), new BsonMaxKey(),
        new BsonUndefined())) {
      DumpDocument document = Bson.document(new BsonDocument("_id", new BsonInt32(1)).append("a", new BsonInt32(2))
          .append("rare", new BsonArray(List.of(rare))));
      assertNull(RELAXED.writeCopyField(document, new CopyFieldJson(64)), rare.getBsonType().name());
    }
    DocumentConverter canonical = new DocumentConverter(JsonFormat.CANONICAL, RELAXED.ids());
    assertNull(canonical.writeCopyField(Bson.document("{\"_id\": 1}"), new CopyFieldJson(64)), "canonical");
  }

  /** Repeats at every depth: top level, in a nested document, in a document inside an array, and a skipped subtree. */
  private static final String NESTED_REPEATS = "{\"_id\": 1, \"a\": 1, \"d\": {\"x\": \"first\", \"y\": 0,"
      + " \"x\": \"last\"}, \"list\": [{\"k\": 1}, {\"k\": [1, 2], \"k\": {\"deep\": true}}], \"a\": {\"b\": 1, \"b\": 2}}";

  @Test
  void refusalsAndRepeatedNamePoliciesAreThoseOfOrgBsonsPath() throws Exception {
    List<String> refused = List.of("{\"a\": 1}", "{\"_id\": 1, \"a\": {\"b\": \"x\\u0000\"}}",
        "{\"_id\": 1, \"a\": [\"ok\", \"x\\u0000y\"]}");
    for (String json : refused) {
      DocumentRejectedException expected = assertThrows(DocumentRejectedException.class,
          () -> RELAXED.writeRow(Bson.document(json), new CopyTextWriter(64)));
      DocumentRejectedException actual = assertThrows(DocumentRejectedException.class,
          () -> RELAXED.writeCopyField(Bson.document(json), new CopyFieldJson(64)));
      assertEquals(expected.rejection().reason(), actual.rejection().reason(), json);
    }
    for (RepeatedFields policy : RepeatedFields.values()) {
      DocumentConverter converter = new DocumentConverter(JsonFormat.RELAXED, RELAXED.ids(), policy);
      for (String json : List.of(NESTED_REPEATS, "{\"_id\": 1, \"_id\": 2, \"x\": [{\"y\": 1, \"y\": 2}]}")) {
        byte[] bytes = BsonFiles.bytesKeepingRepeats(json);
        DumpDocument document = Bson.document(bytes);
        if (policy == RepeatedFields.REJECT) {
          assertThrows(DocumentRejectedException.class, () -> converter.writeCopyField(document, new CopyFieldJson(8)));
        } else {
          assertSameBytes(document, converter);
        }
      }
    }
  }

  @Test
  void everyDocumentOfTheDumpCorpusIsWrittenAsOrgBsonWritesIt() throws IOException {
    int documents = 0;
    int leftToOrgBson = 0;
    for (Corpus.Row row : Corpus.rows()) {
      if (!Corpus.isBson(row.file())) {
        continue;
      }
      for (DumpDocument document : Corpus.readAll(BsonDocumentReader.open(Corpus.file(row.file()), ReadPolicy.SKIP))
          .documents()) {
        leftToOrgBson += sameOutcome(document, RELAXED, row.file() + " #" + document.index()) ? 0 : 1;
        documents++;
      }
    }
    assertTrue(documents > 1000, documents + " documents");
    assertTrue(leftToOrgBson < documents / 10, leftToOrgBson + " of " + documents + " left to org.bson's writer");
  }

  private static void assertSameBytes(DumpDocument document, DocumentConverter converter) throws Exception {
    assertTrue(sameOutcome(document, converter, "document " + document.index()), "written by CopyFieldJson");
  }

  /** Asserts the two paths agree; false when CopyFieldJson left the document to org.bson's writer. */
  private static boolean sameOutcome(DumpDocument document, DocumentConverter converter, String context) {
    CopyTextWriter reference = new CopyTextWriter(64);
    CopyFieldJson fast = new CopyFieldJson(64);
    DocumentConverter.Written expected;
    try {
      expected = converter.writeRow(document, reference);
    } catch (DocumentRejectedException refused) {
      try {
        // left to org.bson's writer (null) when a rarer type comes before what is refused
        return converter.writeCopyField(document, fast) == null ? false
            : fail(context + ": refused by org.bson's path only: " + refused.getMessage());
      } catch (DocumentRejectedException e) {
        assertEquals(refused.rejection().reason(), e.rejection().reason(), context);
        return true;
      }
    }
    DocumentConverter.Written actual;
    try {
      actual = converter.writeCopyField(document, fast);
    } catch (DocumentRejectedException e) {
      throw new AssertionError(context + ": refused by CopyFieldJson only: " + e.getMessage(), e);
    }
    if (actual == null) {
      return false;
    }
    assertNotNull(actual.id(), context);
    assertEquals(expected, actual, context);
    byte[] bytes = Arrays.copyOf(fast.array(), fast.length());
    if (!Arrays.equals(reference.toByteArray(), bytes)) {
      assertEquals(new String(reference.toByteArray(), java.nio.charset.StandardCharsets.UTF_8),
          new String(bytes, java.nio.charset.StandardCharsets.UTF_8), context);
      assertArrayEquals(reference.toByteArray(), bytes, context);
    }
    return true;
  }
}
