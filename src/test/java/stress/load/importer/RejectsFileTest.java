package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.document.Rejection;
import stress.testing.BsonFiles;

class RejectsFileTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private static RejectsFile.Entry entry(long index, byte[] bytes, boolean skipped) {
    return new RejectsFile.Entry(new Rejection("/dump/db/c.bson", 100 + index, index, bytes == null ? 7 : bytes.length,
        "reason " + index, bytes), "db.c", "db_c", skipped ? RejectsFile.Action.SKIPPED : RejectsFile.Action.REJECTED);
  }

  private List<JsonNode> read(Path file) throws IOException {
    List<JsonNode> nodes = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      nodes.add(JSON.readTree(line));
    }
    return nodes;
  }

  @Test
  void eachRejectionIsOneJsonLineWithEverythingToFindAndKeepTheDocument() throws IOException {
    Path file = dir.resolve("sub/rejects.jsonl");
    byte[] readable = BsonFiles.bytes("{\"a\": 1, \"when\": {\"$date\": \"2020-01-02T03:04:05Z\"}}");
    try (RejectsFile rejects = RejectsFile.open(file, false)) {
      assertFalse(Files.exists(file), "created on the first line only");
      rejects.write(List.of(entry(0, readable, false), entry(1, new byte[] {1, 2, 3}, true), entry(2, null, false)));
      assertEquals(3, rejects.linesWritten());
    }
    List<JsonNode> lines = read(file);
    JsonNode first = lines.get(0);
    assertEquals("/dump/db/c.bson", first.get("file").asText());
    assertEquals("db.c", first.get("namespace").asText());
    assertEquals("db_c", first.get("table").asText());
    assertEquals(100, first.get("offset").asLong());
    assertEquals(0, first.get("index").asLong());
    assertEquals(readable.length, first.get("length").asLong());
    assertEquals("rejected", first.get("action").asText());
    assertEquals("reason 0", first.get("reason").asText());
    assertEquals(JSON.readTree("{\"a\": 1, \"when\": {\"$date\": \"2020-01-02T03:04:05Z\"}}"), first.get("document"));
    assertEquals(Base64.getEncoder().encodeToString(readable), first.get("bson_base64").asText());
    JsonNode undecodable = lines.get(1);
    assertEquals("skipped", undecodable.get("action").asText());
    assertFalse(undecodable.has("document"));
    assertEquals("AQID", undecodable.get("bson_base64").asText());
    assertFalse(lines.get(2).has("bson_base64"), "no bytes, no base64");
  }

  @Test
  void aFreshImportReplacesTheFileAndAResumedOneAppendsEachDocumentOnce() throws IOException {
    Path file = dir.resolve("rejects.jsonl");
    Files.writeString(file, "stale\n");
    try (RejectsFile rejects = RejectsFile.open(file, false)) {
      assertFalse(Files.exists(file), "a fresh import starts a new file");
      rejects.write(List.of(entry(0, null, false), entry(1, null, false)));
      rejects.write(List.of(entry(1, null, false)));
      assertEquals(2, rejects.linesWritten(), "a document retried in the same run is written once");
    }
    // a kill while the next line was written leaves half a line
    Files.writeString(file, "{\"file\": \"/dump/db/c.bson\", \"ind", StandardOpenOption.APPEND);
    try (RejectsFile resumed = RejectsFile.open(file, true)) {
      resumed.write(List.of(entry(1, null, false), entry(2, null, false), entry(3, null, false)));
      assertEquals(2, resumed.linesWritten());
    }
    List<JsonNode> lines = read(file);
    assertEquals(List.of(0L, 1L, 2L, 3L), lines.stream().map(n -> n.get("index").asLong()).toList());
  }

  @Test
  void aResumedFileThatIsNotARejectsFileIsRefused() throws IOException {
    Path file = dir.resolve("other.txt");
    Files.write(file, "hello\nworld\n".getBytes(StandardCharsets.UTF_8));
    IOException e = assertThrows(IOException.class, () -> RejectsFile.open(file, true));
    assertTrue(e.getMessage().startsWith("rejects file " + file + " line 1 is not a rejects line"), e.getMessage());
  }
}
