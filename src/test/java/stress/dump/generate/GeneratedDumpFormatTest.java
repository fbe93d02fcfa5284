package stress.dump.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.DocumentStream;
import stress.dump.DumpFormatException;
import stress.dump.DumpScanner;
import stress.dump.DumpSource;
import stress.dump.ReadPolicy;
import stress.dump.ScanOptions;
import stress.model.Shape;
import stress.testing.Bytes;

/**
 * The bytes of generated dumps against what mongodump writes: archive frames field for field like a real
 * mongodump 100.7.0 archive, metadata like mongodump 100.x's newest style, checksums that catch a changed
 * byte, and the same bytes on every run.
 */
class GeneratedDumpFormatTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DumpOrigin ORIGIN = new DumpOrigin("stress test");
  private static final DumpPlan PLAN = new DumpPlan(1000, Shape.SMALL, 42, "bench", "check_in", 2);

  /** One frame of an archive: a document, or null for a terminator. */
  private static List<RawBsonDocument> frames(byte[] archive) {
    ByteBuffer in = ByteBuffer.wrap(archive).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(ArchiveWriter.MAGIC, in.getInt(), "magic number");
    List<RawBsonDocument> frames = new ArrayList<>();
    while (in.hasRemaining()) {
      int length = in.getInt(in.position());
      if (length == -1) {
        frames.add(null);
        in.position(in.position() + 4);
      } else {
        frames.add(new RawBsonDocument(archive, in.position(), length));
        in.position(in.position() + length);
      }
    }
    return frames;
  }

  /** "name:TYPE" for each field, in order: the shape of a header document. */
  private static List<String> fieldTypes(RawBsonDocument document) {
    List<String> fields = new ArrayList<>();
    for (Map.Entry<String, BsonValue> field : document.entrySet()) {
      fields.add(field.getKey() + ":" + field.getValue().getBsonType());
    }
    return fields;
  }

  private static byte[] archive(Path dir, DumpPlan plan) throws IOException {
    Path file = dir.resolve("a.archive");
    new ArchiveWriter(plan, ORIGIN).write(file, false, GenerationListener.NONE);
    return Files.readAllBytes(file);
  }

  @Test
  void archiveFramesAreThoseOfMongodump(@TempDir Path dir) throws IOException {
    List<RawBsonDocument> frames = frames(archive(dir, PLAN));
    RawBsonDocument header = frames.get(0);
    assertEquals(List.of("concurrent_collections:INT32", "version:STRING", "server_version:STRING",
        "tool_version:STRING"), fieldTypes(header));
    assertEquals("0.1", header.getString("version").getValue());
    assertEquals("0.0.0", header.getString("server_version").getValue());
    assertEquals("stress test", header.getString("tool_version").getValue());
    List<String> entry = List.of("db:STRING", "collection:STRING", "metadata:STRING", "size:INT32", "type:STRING");
    assertEquals(entry, fieldTypes(frames.get(1)));
    assertEquals(entry, fieldTypes(frames.get(2)));
    assertEquals(null, frames.get(3), "terminator after the prelude");
    List<String> namespaceHeader = List.of("db:STRING", "collection:STRING", "EOF:BOOLEAN", "CRC:INT64");
    RawBsonDocument first = frames.get(4);
    assertEquals(namespaceHeader, fieldTypes(first));
    assertEquals("check_in_1", first.getString("collection").getValue());
    assertEquals(false, first.getBoolean("EOF").getValue());
    assertEquals(0, first.getInt64("CRC").getValue());
    // 500 documents, terminator, EOF header, terminator
    assertEquals(null, frames.get(5 + 500));
    RawBsonDocument eof = frames.get(6 + 500);
    assertEquals(namespaceHeader, fieldTypes(eof));
    assertEquals(true, eof.getBoolean("EOF").getValue());
    assertTrue(eof.getInt64("CRC").getValue() != 0);
    assertEquals(null, frames.get(7 + 500));
    assertEquals("check_in_2", frames.get(8 + 500).getString("collection").getValue());
    assertEquals(8 + 500 + 504, frames.size());
  }

  @Test
  void archiveFramesMatchARealMongodumpArchive(@TempDir Path dir) throws IOException {
    Path real = corpusFile("archives/ProjectNoSQL_backup.archive");
    List<RawBsonDocument> theirs = frames(Files.readAllBytes(real));
    List<RawBsonDocument> ours = frames(archive(dir, PLAN));
    assertEquals("100.7.0", theirs.get(0).getString("tool_version").getValue(), "the file compared with");
    assertEquals(fieldTypes(theirs.get(0)), fieldTypes(ours.get(0)), "header");
    assertEquals(fieldTypes(theirs.get(1)), fieldTypes(ours.get(1)), "prelude entry");
    assertEquals(theirs.get(1).getInt32("size"), ours.get(1).getInt32("size"), "mongodump leaves size 0");
    assertEquals(fieldTypes(theirs.get(4)), fieldTypes(ours.get(4)), "namespace header");
    int theirEof = theirs.indexOf(null) + 1;
    while (!theirs.get(theirEof).getBoolean("EOF").getValue()) {
      theirEof = theirs.subList(theirEof, theirs.size()).indexOf(null) + theirEof + 1;
    }
    assertEquals(fieldTypes(theirs.get(theirEof)), fieldTypes(ours.get(6 + 500)), "EOF header");
  }

  @Test
  void metadataIsInTheNewestMongodumpStyle(@TempDir Path dir) throws IOException {
    new DumpWriter(PLAN, ORIGIN).write(dir, false, GenerationListener.NONE);
    String ours = Files.readString(dir.resolve("bench/check_in_2.metadata.json"));
    assertTrue(ours.matches("\\{\"indexes\":\\[\\{\"v\":\\{\"\\$numberInt\":\"2\"},\"key\":\\{\"_id\":\\{\"\\$numberInt\":\"1\"}},"
        + "\"name\":\"_id_\"}],\"uuid\":\"[0-9a-f]{32}\",\"collectionName\":\"check_in_2\",\"type\":\"collection\"}"), ours);
    assertEquals("{\"ServerVersion\":\"0.0.0\",\"ToolVersion\":\"stress test\"}",
        Files.readString(dir.resolve("bench/prelude.json")));

    String theirs = Files.readString(corpusFile("northwind/sample_Northwind/Orders.metadata.json"));
    ObjectNode normalized = (ObjectNode) JSON.readTree(theirs);
    normalized.put("uuid", JSON.readTree(ours).get("uuid").asText());
    normalized.put("collectionName", "check_in_2");
    assertEquals(JSON.writeValueAsString(normalized), ours, "same fields, order and spacing as mongodump 100.x");
  }

  @Test
  void collectionUuidsDifferAndRepeat() {
    String a = CollectionMetadata.uuid("bench", "check_in_1", 42);
    assertEquals(a, CollectionMetadata.uuid("bench", "check_in_1", 42));
    assertTrue(!a.equals(CollectionMetadata.uuid("bench", "check_in_2", 42)));
    assertTrue(!a.equals(CollectionMetadata.uuid("bench", "check_in_1", 43)));
  }

  @Test
  void theArchiveChecksumCatchesAChangedByte(@TempDir Path dir) throws IOException {
    byte[] archive = archive(dir, PLAN);
    byte[] document = new DocumentGenerator(Shape.SMALL, 42).generate(7).bsonBytes();
    int at = Bytes.indexOf(archive, document);
    assertTrue(at >= 0, "document not found in the archive");
    // the low byte of the last field, the int32 't': the document stays valid BSON
    archive[at + document.length - 5] ^= 1;
    Path corrupt = dir.resolve("corrupt.archive");
    Files.write(corrupt, archive);

    DumpSource source = new DumpScanner(ScanOptions.defaults().withVerifyArchive(false)).scan(corrupt);
    DumpFormatException e = assertThrows(DumpFormatException.class, () -> {
      try (DocumentStream documents = source.collections().get(0).open(ReadPolicy.ABORT)) {
        while (documents.next() != null) {
          // read to the EOF header, where the checksum is compared
        }
      }
    });
    assertTrue(e.getMessage().contains("CRC mismatch for namespace bench.check_in_1"), e.getMessage());
  }

  @Test
  void theSamePlanGivesTheSameBytes(@TempDir Path dir) throws IOException {
    for (boolean gzip : new boolean[] {false, true}) {
      new DumpWriter(PLAN, ORIGIN).write(dir.resolve("a"), gzip, GenerationListener.NONE);
      new DumpWriter(PLAN, ORIGIN).write(dir.resolve("b"), gzip, GenerationListener.NONE);
      String gz = gzip ? ".gz" : "";
      for (String file : List.of("check_in_1.bson", "check_in_2.metadata.json", "prelude.json")) {
        assertArrayEquals(Files.readAllBytes(dir.resolve("a/bench/" + file + gz)),
            Files.readAllBytes(dir.resolve("b/bench/" + file + gz)), file + gz);
      }
    }
    Path second = dir.resolve("second");
    Files.createDirectories(second);
    assertArrayEquals(archive(dir, PLAN), archive(second, PLAN));
    assertEquals(1000 * 43, Files.size(dir.resolve("a/bench/check_in_1.bson")) + Files.size(dir.resolve("a/bench/check_in_2.bson")),
        1000 * 43 * 0.15);
  }

  @Test
  void noTemporaryFilesAreLeft(@TempDir Path dir) throws IOException {
    new DumpWriter(PLAN, ORIGIN).write(dir, true, GenerationListener.NONE);
    new ArchiveWriter(PLAN, ORIGIN).write(dir.resolve("x.archive"), true, GenerationListener.NONE);
    try (var files = Files.walk(dir)) {
      assertEquals(List.of(), files.filter(p -> p.toString().endsWith(".partial")).toList());
    }
  }


  /** A file of the real mongodump corpus ({@code ../shared/datasets/mongodump} or $STRESS_DUMP_CORPUS). */
  private static Path corpusFile(String relative) {
    Path beside = Path.of("").toAbsolutePath().resolve("../shared/datasets/mongodump").normalize();
    String env = System.getenv("STRESS_DUMP_CORPUS");
    Path root = Files.isDirectory(beside) ? beside : env == null ? null : Path.of(env);
    assumeTrue(root != null && Files.isRegularFile(root.resolve(relative)),
        "mongodump corpus not found at " + beside + " nor at $STRESS_DUMP_CORPUS; comparison skipped");
    return root.resolve(relative);
  }
}
