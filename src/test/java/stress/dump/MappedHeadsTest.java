package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.document.DumpDocument;

/**
 * The mapped {@code _id} pass takes the documents whose head shows their {@code _id}, across map windows smaller than
 * a document, and stops where the stream must read: at a small document, and after the last one.
 */
class MappedHeadsTest {
  @TempDir
  Path dir;

  @Test
  void countsEveryLargeDocumentAcrossWindowsAndStopsAtASmallOne() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long[] ends = new long[6];
    for (int i = 0; i < 5; i++) {
      out.writeBytes(Bson.bytes(new BsonDocument("_id", new BsonInt32(i)).append("pad",
          new BsonString("p".repeat(300 + 100 * i)))));
      ends[i] = out.size();
    }
    out.writeBytes(Bson.bytes(new BsonDocument("_id", new BsonInt32(99)))); // 14 bytes: the stream reads it whole
    ends[5] = out.size();
    out.writeBytes(Bson.bytes(new BsonDocument("_id", new BsonInt32(100)).append("pad",
        new BsonString("q".repeat(400)))));
    Path file = dir.resolve("c.bson");
    Files.write(file, out.toByteArray());

    for (long window : new long[] {64, 500, 1 << 20}) {
      IdTypeDetector mappedIds = new IdTypeDetector();
      int[] counted = new int[1];
      try (MappedHeads heads = MappedHeads.open(file, window)) {
        assertEquals(ends[4], heads.count(0, 128, mappedIds, () -> false, () -> counted[0]++), "window " + window);
        assertEquals(5, counted[0]);
        assertEquals(ends[5], ends[4] + 14);
        mappedIds.accept(new DumpDocument("c.bson", ends[4], 5, Bson.bytes(new BsonDocument("_id",
            new BsonInt32(99))))); // what the stream does with the small one
        assertEquals(out.size(), heads.count(ends[5], 128, mappedIds, () -> false, () -> counted[0]++));
        assertEquals(6, counted[0]);
        assertEquals(out.size(), heads.count(out.size(), 128, mappedIds, () -> false, () -> counted[0]++));
      }
      IdTypeDetector streamIds = new IdTypeDetector();
      try (BsonDocumentReader reader = new BsonDocumentReader(new ByteArrayInputStream(out.toByteArray()), "c.bson",
          ReadPolicy.SKIP)) {
        reader.countIds(streamIds, () -> false);
      }
      assertEquals(streamIds.result(), mappedIds.result());
    }
  }

  @Test
  void aStopRequestEndsThePassWhereItIs() throws IOException {
    Path file = dir.resolve("s.bson");
    Files.write(file, Bson.bytes(new BsonDocument("_id", new BsonInt32(1)).append("pad",
        new BsonString("p".repeat(300)))));
    try (MappedHeads heads = MappedHeads.open(file)) {
      assertEquals(0, heads.count(0, 128, new IdTypeDetector(), () -> true, () -> { }));
    }
  }
}
