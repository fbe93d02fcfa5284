package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import stress.dump.document.DumpDocument;
import stress.dump.document.ReadItem;

/**
 * The {@code _id} pass that reads only the start of each document ({@link DocumentStream#countIds}, a plain BSON
 * file) counts what reading every document whole and {@link IdTypeDetector#acceptIdOnly} count: the same kinds, the
 * same missing ones, the same stop at an unreadable {@code _id} under abort, the same end of broken framing; over ids
 * of every kind, placed first or not, short and long, documents cut short, a last byte that is not 0, and the corpus.
 */
class IdPassTest {
  @Test
  void idsOfEveryKindFirstOrNotGiveTheSameDetection() throws IOException {
    String longText = "k".repeat(300);
    List<BsonDocument> documents = new ArrayList<>();
    List<BsonValue> ids = List.of(new BsonInt32(7), new BsonInt64(1L << 40), new BsonDouble(2.5),
        new BsonString("short"), new BsonString(longText), new BsonObjectId(new ObjectId()),
        new BsonBinary(java.util.UUID.randomUUID()), new BsonBinary(new byte[200]),
        new BsonDocument("a", new BsonInt32(1)));
    for (BsonValue id : ids) {
      documents.add(new BsonDocument("_id", id).append("pad", new BsonString("p".repeat(500))));
      documents.add(new BsonDocument("first", new BsonInt32(1)).append("_id", id).append("pad",
          new BsonString("p".repeat(500))));
      documents.add(new BsonDocument("_id", id)); // small: read whole
    }
    documents.add(new BsonDocument("no_id", new BsonString("p".repeat(500))));
    byte[] file = concat(documents.stream().map(Bson::bytes).toList());
    assertSamePasses(file, ReadPolicy.SKIP);
    assertSamePasses(file, ReadPolicy.ABORT);
  }

  @Test
  void brokenFramingEndsBothPassesAlike() throws IOException {
    byte[] good = Bson.bytes(new BsonDocument("_id", new BsonInt32(1)).append("pad", new BsonString("p".repeat(500))));
    byte[] second = Bson.bytes(new BsonDocument("_id", new BsonString("x")).append("pad",
        new BsonString("q".repeat(500))));
    for (int cut : new int[] {1, 3, 10, 100, 129, 130, 200, second.length - 1}) {
      assertSamePasses(concat(List.of(good, Arrays.copyOf(second, cut))), ReadPolicy.SKIP);
    }
    byte[] badEnd = second.clone();
    badEnd[badEnd.length - 1] = 7;
    assertSamePasses(concat(List.of(good, badEnd, good)), ReadPolicy.SKIP);
    byte[] badIdUtf8 = Bson.patch(Bson.bytes(new BsonDocument("_id", new BsonString("zz")).append("pad",
        new BsonString("p".repeat(500)))), "zz".getBytes(java.nio.charset.StandardCharsets.UTF_8),
        new byte[] {(byte) 0xC3, (byte) 0x28});
    assertSamePasses(concat(List.of(good, badIdUtf8, good)), ReadPolicy.ABORT);
  }

  @Test
  void everyBsonFileOfTheCorpusGivesTheSameDetection() throws IOException {
    int files = 0;
    for (Corpus.Row row : Corpus.rows()) {
      if (Corpus.isBson(row.file())) {
        Path path = Corpus.file(row.file());
        for (ReadPolicy policy : ReadPolicy.values()) {
          assertSame(() -> open(path, policy), () -> open(path, policy), row.file() + " " + policy);
        }
        files++;
      }
    }
    assertTrue(files > 10, files + " files");
  }

  private static BsonDocumentReader open(Path path, ReadPolicy policy) {
    try {
      return BsonDocumentReader.open(path, policy);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The head pass over a stream, and over the same bytes in a file (mapped), against the whole pass. */
  private static void assertSamePasses(byte[] file, ReadPolicy policy) throws IOException {
    assertSame(() -> new BsonDocumentReader(new ByteArrayInputStream(file), "test.bson", policy),
        () -> new BsonDocumentReader(new ByteArrayInputStream(file), "test.bson", policy), policy.toString());
    Path onDisk = Files.createTempFile("id-pass", ".bson");
    try {
      Files.write(onDisk, file);
      assertSame(() -> open(onDisk, policy), () -> open(onDisk, policy), policy + " mapped");
    } finally {
      Files.delete(onDisk);
    }
  }

  /** Runs the whole-document pass on one stream and the head pass on the other; asserts the same outcome. */
  private static void assertSame(Supplier<BsonDocumentReader> whole, Supplier<BsonDocumentReader> heads,
                                 String context) throws IOException {
    IdTypeDetector expected = new IdTypeDetector();
    String expectedEnd = wholePass(whole.get(), expected);
    IdTypeDetector actual = new IdTypeDetector();
    String actualEnd;
    try (BsonDocumentReader reader = heads.get()) {
      DumpDocument stoppedAt = reader.countIds(actual, () -> false);
      actualEnd = stoppedAt == null ? "end" : "stopped at #" + stoppedAt.index() + " " + stoppedAt.length();
    } catch (DumpFormatException e) {
      actualEnd = "framing: " + e.getMessage();
    }
    assertEquals(expectedEnd, actualEnd, context);
    assertEquals(expected.result(), actual.result(), context);
  }

  /** The pass as it was: every document read whole, its {@code _id} read by acceptIdOnly. */
  private static String wholePass(BsonDocumentReader reader, IdTypeDetector ids) throws IOException {
    try (reader) {
      reader.withoutDecodeCheck();
      ReadItem item;
      while ((item = reader.next()) != null) {
        if (item instanceof DumpDocument document && !ids.acceptIdOnly(document)
            && reader.policy() == ReadPolicy.ABORT) {
          return "stopped at #" + document.index() + " " + document.length();
        }
      }
      return "end";
    } catch (DumpFormatException e) {
      return "framing: " + e.getMessage();
    }
  }

  private static byte[] concat(List<byte[]> parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    parts.forEach(out::writeBytes);
    return out.toByteArray();
  }

  @Test
  void aHeadHoldingOnlyPartOfTheIdIsNotEnough() {
    byte[] document = Bson.bytes(new BsonDocument("_id", new BsonString("k".repeat(300))));
    assertNull(IdTypeDetector.idInHead(Arrays.copyOf(document, 128)));
    assertEquals(new BsonString("k".repeat(300)), IdTypeDetector.idInHead(document));
    assertThrows(IllegalArgumentException.class, () -> new IdTypeDetector().accept(
        new DumpDocument("x", 0, 0, Arrays.copyOf(document, 128))));
  }
}
