package stress.dump;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.BsonBinaryWriter;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.Test;
import stress.dump.bson.BsonWalker;
import stress.dump.bson.JsonFormat;
import stress.dump.document.ConvertedDocument;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdKind;
import stress.dump.document.IdTextForm;
import stress.dump.document.ReadItem;
import stress.dump.document.Rejection;
import stress.dump.document.UndecodableDocumentException;
import stress.table.IdType;

/**
 * {@link DocumentConverter#write}, the one pass an import makes over a document read without a decode check, gives
 * exactly what the checking stream followed by {@link DocumentConverter#convert} gives: the same JSON text and
 * {@code _id}, the same refusal reasons, and for an undecodable document the same rejection (offset, index, length,
 * reason) that the checking stream yields, as an {@link UndecodableDocumentException}. Large corpus files are
 * checked on an even sample, as in {@link CorpusJsonTest}.
 */
class OnePassConversionTest {
  private static final int FULL_CHECK_UP_TO = 2_000;
  private static final int SAMPLE = 500;
  private static final List<DocumentConverter> CONVERTERS = List.of(
      new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.TEXT, IdTextForm.EXTENDED_JSON)),
      new DocumentConverter(JsonFormat.CANONICAL, new IdConverter(IdType.TEXT, IdTextForm.EXTENDED_JSON)),
      new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.INTEGER, IdTextForm.PLAIN)));

  @Test
  void everyCorpusFileGivesWhatTheCheckingStreamAndConvertGive() throws IOException {
    int documents = 0;
    int undecodable = 0;
    for (Corpus.Row row : Corpus.rows()) {
      if (!Corpus.isBson(row.file())) {
        continue;
      }
      Corpus.Outcome checkedRead = Corpus.readAll(BsonDocumentReader.open(Corpus.file(row.file()), ReadPolicy.SKIP));
      Corpus.Outcome framedRead = Corpus.readAll(
          BsonDocumentReader.open(Corpus.file(row.file()), ReadPolicy.SKIP).withoutDecodeCheck());
      List<ReadItem> checked = checkedRead.items();
      List<ReadItem> framed = framedRead.items();
      assertEquals(checked.size(), framed.size(), row.file() + ": the same frames");
      assertEquals(String.valueOf(checkedRead.failure()), String.valueOf(framedRead.failure()),
          row.file() + ": the same end");
      int step = checked.size() <= FULL_CHECK_UP_TO ? 1 : checked.size() / SAMPLE;
      for (int i = 0; i < checked.size(); i++) {
        ReadItem expected = checked.get(i);
        if (i % step != 0 && i != checked.size() - 1 && !(expected instanceof Rejection)) {
          continue; // large files: an even sample, first and last documents and every rejection
        }
        DumpDocument document = (DumpDocument) framed.get(i);
        for (DocumentConverter converter : CONVERTERS) {
          assertSameOutcome(expected, document, converter, row.file() + " #" + i);
        }
        documents++;
        undecodable += expected instanceof Rejection ? 1 : 0;
      }
    }
    assertTrue(documents > 1000 && undecodable >= 2, documents + " documents, " + undecodable + " undecodable");
  }

  @Test
  void randomlyDamagedDocumentsGiveWhatTheCheckingPathGives() throws IOException {
    List<byte[]> originals = new ArrayList<>();
    for (String name : List.of("all_types.bson", "all_in_one_doc.bson", "deep_nested.bson", "sample.bson")) {
      for (DumpDocument d : Corpus.readAll(BsonDocumentReader.open(
          Corpus.file("edge-cases/bsondump/" + name), ReadPolicy.SKIP)).documents()) {
        originals.add(d.bytes());
      }
    }
    Random random = new Random(20261121);
    int undecodable = 0;
    int rows = 0;
    for (int n = 0; n < 4000; n++) {
      byte[] bytes = originals.get(random.nextInt(originals.size())).clone();
      for (int changes = 1 + random.nextInt(3); changes > 0; changes--) {
        // the length prefix is left alone: framing is the stream's business, decoding the converter's
        int at = 4 + random.nextInt(bytes.length - 4);
        bytes[at] = random.nextBoolean() ? (byte) (bytes[at] ^ 1 << random.nextInt(8)) : (byte) random.nextInt(256);
      }
      DumpDocument document = new DumpDocument("fuzz seed 20261121 #" + n, 100L * n, n, bytes);
      String problem = BsonWalker.decodingProblem(bytes);
      ReadItem checked = problem == null ? document
          : new Rejection(document.source(), document.offset(), document.index(), bytes.length, problem, bytes);
      undecodable += problem == null ? 0 : 1;
      rows += assertSameOutcome(checked, document, CONVERTERS.get(n % CONVERTERS.size()), document.source()) ? 1 : 0;
    }
    assertTrue(undecodable > 500 && rows > 200, undecodable + " undecodable, " + rows + " rows");
  }

  @Test
  void anUndecodablePartComesBeforeANulAndAnIdRefusalBeforeANul() {
    DocumentConverter converter = CONVERTERS.get(2);
    byte[] nulThenBadUtf8 = Bson.patch(Bson.bytes("{\"_id\": 1, \"a\": \"x\\u0000y\", \"b\": \"zz\"}"),
        "zz".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC3, (byte) 0x28});
    UndecodableDocumentException bad = assertThrows(UndecodableDocumentException.class,
        () -> converter.write(Bson.document(nulThenBadUtf8), new StringWriter()));
    assertTrue(bad.rejection().reason().startsWith("undecodable BSON: "), bad.getMessage());

    DocumentRejectedException noId = assertThrows(DocumentRejectedException.class,
        () -> converter.write(Bson.document("{\"a\": \"x\\u0000y\"}"), new StringWriter()));
    assertFalse(noId instanceof UndecodableDocumentException);
    assertEquals("document has no _id field", noId.rejection().reason());

    DocumentRejectedException nul = assertThrows(DocumentRejectedException.class,
        () -> converter.write(Bson.document("{\"_id\": 1, \"a\": {\"b\": \"x\\u0000\"}}"), new StringWriter()));
    assertEquals("field 'a.b': string contains U+0000 (NUL), which jsonb cannot store", nul.rejection().reason());
  }

  /** Found by fuzzing: an _id document holding a NUL escaped both paths as an IllegalArgumentException. */
  @Test
  void anIdDocumentHoldingANulIsRefusedNamingTheId() throws Exception {
    DocumentConverter converter = CONVERTERS.get(0);
    DumpDocument document = Bson.document("{\"_id\": {\"v\": \"x\u0000y\"}, \"a\": 1}");
    DocumentRejectedException one = assertThrows(DocumentRejectedException.class,
        () -> converter.write(document, new StringWriter()));
    DocumentRejectedException two = assertThrows(DocumentRejectedException.class, () -> converter.convert(document));
    assertEquals("field '_id.v': string contains U+0000 (NUL), which jsonb cannot store", one.rejection().reason());
    assertEquals(one.rejection().reason(), two.rejection().reason());
  }

  @Test
  void aRepeatedNameIsFoundWhereverItIsInSmallAndLargeObjects() {
    DocumentConverter converter = CONVERTERS.get(0);
    for (int fields : new int[] {2, 15, 16, 17, 40}) {
      for (int repeated = 0; repeated < fields; repeated++) {
        DumpDocument document = Bson.document(withFields(fields, "f" + repeated));
        DocumentRejectedException e = assertThrows(DocumentRejectedException.class,
            () -> converter.write(document, new StringWriter()), fields + " fields, f" + repeated + " again");
        assertEquals("field 'o.f" + repeated + "' appears more than once in the same object; jsonb would keep only the"
            + " last value (--repeated-fields last or first loads such documents)", e.rejection().reason());
      }
      DumpDocument distinct = Bson.document(withFields(fields, null));
      assertDoesNotThrow(() -> converter.write(distinct, new StringWriter()), fields + " distinct fields");
    }
  }

  /** {@code {_id: 1, o: {f0: 0, f1: 1, ...}}}, with {@code again} written once more at the end when not null. */
  private static byte[] withFields(int fields, String again) {
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      writer.writeStartDocument();
      writer.writeInt32("_id", 1);
      writer.writeStartDocument("o");
      for (int i = 0; i < fields; i++) {
        writer.writeInt32("f" + i, i);
      }
      if (again != null) {
        writer.writeInt32(again, -1);
      }
      writer.writeEndDocument();
      writer.writeEndDocument();
    }
    return buffer.toByteArray();
  }

  @Test
  void theIdOnlyPassCountsWhatItCanReadAndNothingElse() throws IOException {
    byte[] badLater = Bson.patch(Bson.bytes("{\"_id\": 7, \"b\": \"zz\"}"), "zz".getBytes(StandardCharsets.UTF_8),
        new byte[] {(byte) 0xC3, (byte) 0x28});
    byte[] idCutShort = Bson.patch(Bson.bytes("{\"_id\": \"abc\"}"), new byte[] {4, 0, 0, 0, 'a'},
        new byte[] {(byte) 0xff, 0, 0, 0, 'a'});
    IdTypeDetector detector = new IdTypeDetector();
    assertTrue(detector.acceptIdOnly(Bson.document(badLater)), "the _id is readable; the rest is the load pass's");
    assertFalse(detector.acceptIdOnly(Bson.document(idCutShort)));
    assertEquals(java.util.Map.of(IdKind.INT32, 1L), detector.result().kinds());
  }

  /** Asserts that the one pass over {@code document} gives what {@code checked} (the checking stream's item) leads to. */
  private static boolean assertSameOutcome(ReadItem checked, DumpDocument document, DocumentConverter converter,
                                           String context) {
    StringWriter out = new StringWriter();
    if (checked instanceof Rejection expected) {
      UndecodableDocumentException e = assertThrows(UndecodableDocumentException.class,
          () -> converter.write(document, out), context);
      Rejection actual = e.rejection();
      assertEquals(List.of(expected.source(), expected.offset(), expected.index(), expected.length(), expected.reason()),
          List.of(actual.source(), actual.offset(), actual.index(), actual.length(), actual.reason()), context);
      return false;
    }
    ConvertedDocument expected;
    try {
      expected = converter.convert((DumpDocument) checked);
    } catch (DocumentRejectedException refused) {
      DocumentRejectedException e = assertThrows(DocumentRejectedException.class, () -> converter.write(document, out),
          context);
      assertFalse(e instanceof UndecodableDocumentException, context);
      assertEquals(refused.rejection().reason(), e.rejection().reason(), context);
      return false;
    }
    Object id;
    try {
      id = converter.write(document, out);
    } catch (DocumentRejectedException e) {
      throw new AssertionError(context + ": refused by the one pass only: " + e.getMessage(), e);
    }
    assertEquals(expected.id(), id, context);
    assertEquals(expected.json(), out.toString(), context);
    return true;
  }
}
