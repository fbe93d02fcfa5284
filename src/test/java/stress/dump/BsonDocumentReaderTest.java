package stress.dump;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.bson.FrameReader;
import stress.dump.document.Rejection;

/** Framing and decoding rules of {@link BsonDocumentReader} on made-up streams. */
class BsonDocumentReaderTest {
  private static final byte[] FIRST = Bson.bytes("{\"_id\": 1, \"name\": \"first\"}");
  private static final byte[] SECOND = Bson.bytes("{\"_id\": 2, \"name\": \"abc\", \"flag\": true}");
  private static final byte[] THIRD = Bson.bytes("{\"_id\": 3, \"nested\": {\"x\": [1, 2]}}");

  private static Corpus.Outcome read(byte[] stream, ReadPolicy policy) throws IOException {
    return Corpus.readAll(new BsonDocumentReader(new ByteArrayInputStream(stream), "mem.bson", policy));
  }

  private static byte[] withLength(byte[] document, int length) {
    byte[] copy = document.clone();
    copy[0] = (byte) length;
    copy[1] = (byte) (length >>> 8);
    copy[2] = (byte) (length >>> 16);
    copy[3] = (byte) (length >>> 24);
    return copy;
  }

  /** A bad second document whose framing holds: SKIP rejects it and goes on, ABORT stops there. */
  private static Rejection assertContentError(byte[] bad, String reasonPart) throws IOException {
    byte[] stream = Bson.concat(FIRST, bad, THIRD);
    Corpus.Outcome skip = read(stream, ReadPolicy.SKIP);
    assertNull(skip.failure());
    assertEquals(2, skip.documents().size());
    assertArrayEquals(THIRD, skip.documents().get(1).bytes());
    assertEquals(2, skip.documents().get(1).index());
    Rejection rejection = skip.rejections().get(0);
    assertEquals(FIRST.length, rejection.offset());
    assertEquals(1, rejection.index());
    assertArrayEquals(bad, rejection.bytes().orElseThrow());
    assertTrue(rejection.reason().contains(reasonPart), rejection.reason());
    assertEquals(stream.length, skip.contiguousEnd(0));

    Corpus.Outcome abort = read(stream, ReadPolicy.ABORT);
    assertEquals(1, abort.documents().size());
    assertEquals("mem.bson: document #1 at byte offset " + FIRST.length + ": " + rejection.reason(),
        abort.failure().getMessage());
    assertArrayEquals(bad, abort.failure().rejection().orElseThrow().bytes().orElseThrow());
    return rejection;
  }

  /** A bad second length prefix: both policies keep the first document and stop. */
  private static DumpFormatException assertFramingLost(byte[] stream, String reasonPart) throws IOException {
    DumpFormatException last = null;
    for (ReadPolicy policy : ReadPolicy.values()) {
      Corpus.Outcome outcome = read(stream, policy);
      assertEquals(1, outcome.items().size(), policy.name());
      assertArrayEquals(FIRST, outcome.documents().get(0).bytes());
      assertEquals(FIRST.length, outcome.failure().offset());
      assertTrue(outcome.failure().getMessage().startsWith("mem.bson: document #1 at byte offset " + FIRST.length + ": "),
          outcome.failure().getMessage());
      assertTrue(outcome.failure().getMessage().contains(reasonPart), outcome.failure().getMessage());
      last = outcome.failure();
    }
    return last;
  }

  @Test
  void goodStreamYieldsEveryDocumentWithOffsetsAndIndexes() throws IOException {
    Corpus.Outcome outcome = read(Bson.concat(FIRST, SECOND, THIRD), ReadPolicy.ABORT);
    assertNull(outcome.failure());
    assertEquals(3, outcome.documents().size());
    assertEquals(FIRST.length + SECOND.length, outcome.documents().get(2).offset());
    assertEquals(2, outcome.documents().get(2).index());
  }

  @Test
  void emptyStreamHasNoDocuments() throws IOException {
    assertEquals(0, read(new byte[0], ReadPolicy.ABORT).items().size());
  }

  @Test
  void lengthBelowFiveLosesTheFraming() throws IOException {
    assertFramingLost(Bson.concat(FIRST, new byte[] {4, 0, 0, 0}, THIRD), "invalid document length 4");
  }

  @Test
  void negativeLengthLosesTheFraming() throws IOException {
    assertFramingLost(Bson.concat(FIRST, withLength(SECOND, -7)), "invalid document length -7");
  }

  @Test
  void lengthAboveSixteenMebibytesLosesTheFraming() throws IOException {
    assertFramingLost(Bson.concat(FIRST, withLength(SECOND, FrameReader.MAX_DOCUMENT_SIZE + 1)),
        "larger than the maximum of 16793600 bytes");
  }

  @Test
  void lengthBeyondTheEndIsATruncatedDocumentWithItsTailKept() throws IOException {
    byte[] tail = withLength(SECOND, SECOND.length + 100);
    DumpFormatException e = assertFramingLost(Bson.concat(FIRST, tail), "truncated document");
    assertArrayEquals(tail, e.rejection().orElseThrow().bytes().orElseThrow());
  }

  @Test
  void trailingBytesShorterThanAPrefixAreReported() throws IOException {
    DumpFormatException e = assertFramingLost(Bson.concat(FIRST, new byte[] {9, 9}), "only 2 byte(s) left");
    assertArrayEquals(new byte[] {9, 9}, e.rejection().orElseThrow().bytes().orElseThrow());
  }

  @Test
  void documentNotEndingWithZeroLosesTheFraming() throws IOException {
    byte[] bad = SECOND.clone();
    bad[bad.length - 1] = 1;
    assertFramingLost(Bson.concat(FIRST, bad, THIRD), "does not end with a 0 byte");
  }

  @Test
  void unknownTypeByteIsRejected() throws IOException {
    byte[] bad = Bson.patch(SECOND, new byte[] {0x08, 'f', 'l', 'a', 'g'}, new byte[] {(byte) 0xfc, 'f', 'l', 'a', 'g'});
    assertContentError(bad, "unknown BSON type");
  }

  @Test
  void unterminatedFieldNameIsRejected() throws IOException {
    byte[] bad = Bson.patch(SECOND, "flag\0".getBytes(StandardCharsets.US_ASCII), "flag\1".getBytes(StandardCharsets.US_ASCII));
    assertContentError(bad, "undecodable BSON");
  }

  @Test
  void invalidUtf8InAStringIsRejectedNotReplaced() throws IOException {
    byte[] bad = Bson.patch(SECOND, "abc".getBytes(StandardCharsets.US_ASCII), new byte[] {(byte) 0xc3, 0x28, 'c'});
    assertContentError(bad, "invalid UTF-8");
  }

  @Test
  void encodedSurrogateIsNotUtf8() throws IOException {
    byte[] bad = Bson.patch(SECOND, "abc".getBytes(StandardCharsets.US_ASCII), new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80});
    assertContentError(bad, "invalid UTF-8");
  }

  @Test
  void invalidUtf8InAFieldNameIsRejected() throws IOException {
    byte[] bad = Bson.patch(SECOND, "flag".getBytes(StandardCharsets.US_ASCII), new byte[] {'f', (byte) 0xff, 'a', 'g'});
    assertContentError(bad, "invalid UTF-8");
  }

  @Test
  void booleanOtherThanZeroOrOneIsRejected() throws IOException {
    byte[] bad = Bson.patch(SECOND, new byte[] {'f', 'l', 'a', 'g', 0, 1}, new byte[] {'f', 'l', 'a', 'g', 0, 2});
    assertContentError(bad, "undecodable BSON");
  }

  @Test
  void innerDocumentLengthThatDisagreesIsRejected() throws IOException {
    // The nested document {"x": [1, 2]} claims one byte more than it has.
    byte[] inner = Bson.bytes("{\"x\": [1, 2]}");
    byte[] wrong = withLength(inner, inner.length + 1);
    byte[] bad = Bson.patch(THIRD, Arrays.copyOf(inner, 4), Arrays.copyOf(wrong, 4));
    Corpus.Outcome skip = read(Bson.concat(FIRST, bad, THIRD), ReadPolicy.SKIP);
    assertEquals(1, skip.rejections().size());
    assertEquals(2, skip.documents().size());
  }

  @Test
  void binaryClaimingMoreBytesThanTheDocumentIsRejectedWithoutAllocatingThem() throws IOException {
    byte[] binary = Bson.bytes("{\"b\": {\"$binary\": {\"base64\": \"AQID\", \"subType\": \"00\"}}}");
    // Element: 0x05 'b' 0x00, then the int32 size 3: make it 2,000,000,000.
    byte[] bad = Bson.patch(binary, new byte[] {5, 'b', 0, 3, 0, 0, 0}, new byte[] {5, 'b', 0, 0, (byte) 0x94, 0x35, 0x77});
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    Rejection rejection = assertContentError(bad, "binary of 2000000000 bytes");
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    assertTrue(allocated < 100_000_000L, "rejected without allocating the 2 GB it claims: " + allocated + " bytes, "
        + rejection);
  }

  @Test
  void failureIsRethrownAndEndStaysEnd() throws IOException {
    BsonDocumentReader reader = new BsonDocumentReader(new ByteArrayInputStream(Bson.concat(FIRST, new byte[] {1})),
        "mem.bson", ReadPolicy.SKIP);
    reader.next();
    DumpFormatException first = assertThrows(DumpFormatException.class, reader::next);
    assertSame(first, assertThrows(DumpFormatException.class, reader::next));
    BsonDocumentReader clean = new BsonDocumentReader(new ByteArrayInputStream(FIRST), "mem.bson", ReadPolicy.SKIP);
    clean.next();
    assertNull(clean.next());
    assertNull(clean.next());
    assertEquals(1, clean.documentsRead());
    assertEquals(FIRST.length, clean.position());
  }

  @Test
  void gzipFilesAreRecognisedAndATruncatedOneIsAnError(@TempDir Path dir) throws IOException {
    byte[] plain = Bson.concat(FIRST, SECOND, THIRD);
    ByteArrayOutputStream compressed = new ByteArrayOutputStream();
    try (OutputStream gzip = new GZIPOutputStream(compressed)) {
      gzip.write(plain);
    }
    Path whole = Files.write(dir.resolve("c.bson.gz"), compressed.toByteArray());
    Corpus.Outcome outcome = Corpus.readAll(BsonDocumentReader.open(whole, ReadPolicy.ABORT));
    assertNull(outcome.failure());
    assertEquals(3, outcome.documents().size());
    assertEquals(whole + " (uncompressed)", outcome.documents().get(0).source());

    byte[] cut = Arrays.copyOf(compressed.toByteArray(), compressed.size() - 12);
    Path truncated = Files.write(dir.resolve("cut.bson.gz"), cut);
    Corpus.Outcome broken = Corpus.readAll(BsonDocumentReader.open(truncated, ReadPolicy.SKIP));
    assertTrue(broken.failure().getMessage().startsWith(truncated + " (uncompressed): document #"),
        broken.failure().getMessage());
    assertTrue(broken.failure().getMessage().contains("gzip stream is corrupt or truncated (Unexpected end of ZLIB"
        + " input stream) at uncompressed byte offset"), broken.failure().getMessage());
  }
}
