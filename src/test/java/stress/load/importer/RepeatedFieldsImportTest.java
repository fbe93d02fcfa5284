package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.bson.RepeatedFields;
import stress.load.importer.progress.ImportResult;
import stress.testing.BsonFiles;
import stress.testing.TestDatabase;

/**
 * {@code --repeated-fields} through a whole import into PostgreSQL: what the table holds, the counts, the rejects
 * file lines and the summary, under each policy; over the streamed COPY and the row-by-row paths.
 */
class RepeatedFieldsImportTest {
  private static final List<String> DOCUMENTS = List.of(
      "{\"_id\": 1, \"a\": \"first\", \"a\": \"last\"}",
      "{\"_id\": 2, \"n\": {\"x\": 1, \"y\": 0, \"x\": 2}}",
      "{\"_id\": 3, \"plain\": true}",
      "{\"_id\": 4, \"list\": [{\"k\": [1], \"k\": {\"deep\": [{\"z\": 1, \"z\": 2}]}}]}");

  @TempDir
  Path dir;
  private String url;

  @BeforeEach
  void database() {
    url = TestDatabase.newDatabaseUrl("repeated_import");
  }

  private Path dump() throws IOException {
    Path file = dir.resolve("db/rep.bson");
    Files.createDirectories(file.getParent());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (String json : DOCUMENTS) {
      bytes.writeBytes(BsonFiles.bytesKeepingRepeats(json));
    }
    Files.write(file, bytes.toByteArray());
    return file;
  }

  private ImportResult run(RepeatedFields policy, String table) throws Exception {
    return Imports.run(url, ImportRequest.builder(dump()).rejects(dir.resolve(table + ".jsonl")).repeatedFields(policy)
        .naming(new TableNaming(null, table, "")).build());
  }

  @Test
  void rejectIsTheDefaultAndTheReasonNamesTheOption() throws Exception {
    ImportResult result = Imports.run(url, ImportRequest.builder(dump()).rejects(dir.resolve("r.jsonl")).build());
    assertEquals(List.of(4L, 1L, 3L, 0L), List.of(result.read(), result.loaded(), result.rejected(),
        result.repeatedFields()));
    assertEquals(ImportResult.Outcome.REJECTED, result.outcome());
    List<JsonNode> lines = Imports.rejects(dir.resolve("r.jsonl"));
    assertEquals(3, lines.size());
    for (JsonNode line : lines) {
      assertEquals("rejected", line.get("action").asText());
      assertTrue(line.get("reason").asText().endsWith("(--repeated-fields last or first loads such documents)"),
          line.toString());
    }
    String firstLine = Files.readAllLines(dir.resolve("r.jsonl")).get(0);
    assertTrue(firstLine.contains("\"document\":{\"_id\": 1, \"a\": \"first\", \"a\": \"last\"}"),
        "the document shows every value: " + firstLine);
  }

  @Test
  void lastLoadsEveryDocumentWithTheLastValuesAndListsThem() throws Exception {
    ImportResult result = run(RepeatedFields.LAST, "last");
    assertEquals(List.of(4L, 4L, 0L, 3L), List.of(result.read(), result.loaded(), result.rejected(),
        result.repeatedFields()));
    assertEquals(3, Imports.collection(result, "db.rep").repeatedFields());
    assertEquals(ImportResult.Outcome.LOADED, result.outcome(), "the user chose the policy");
    assertEquals("{\"a\": \"last\", \"_id\": 1}", Imports.text(url, "SELECT data::text FROM last WHERE _id = 1"));
    assertEquals("{\"n\": {\"x\": 2, \"y\": 0}, \"_id\": 2}", Imports.text(url, "SELECT data::text FROM last WHERE _id = 2"));
    assertEquals("{\"_id\": 4, \"list\": [{\"k\": {\"deep\": [{\"z\": 2}]}}]}",
        Imports.text(url, "SELECT data::text FROM last WHERE _id = 4"));
    List<JsonNode> lines = Imports.rejects(dir.resolve("last.jsonl"));
    assertEquals(List.of(0, 1, 3), lines.stream().map(l -> l.get("index").asInt()).sorted().toList());
    for (JsonNode line : lines) {
      assertEquals("loaded", line.get("action").asText());
      assertTrue(line.get("reason").asText().endsWith("the last value of each was loaded (--repeated-fields last)"),
          line.toString());
    }
    assertTrue(lines.stream().anyMatch(l -> l.get("reason").asText().startsWith("field 'list.0.k' appears more")),
        "the path goes through the array: " + lines);
    assertTrue(summary(result).contains("import: 3 loaded documents had a field name repeated in one object"),
        summary(result));
  }

  @Test
  void firstLoadsTheFirstValuesOnEveryWritePath() throws Exception {
    ImportResult result = run(RepeatedFields.FIRST, "first");
    assertEquals(List.of(4L, 4L, 0L, 3L), List.of(result.read(), result.loaded(), result.rejected(),
        result.repeatedFields()));
    String first = Imports.text(url, "SELECT json_agg(data ORDER BY _id)::text FROM first");
    assertEquals("[{\"a\": \"first\", \"_id\": 1}, {\"n\": {\"x\": 1, \"y\": 0}, \"_id\": 2}, {\"_id\": 3, \"plain\":"
        + " true}, {\"_id\": 4, \"list\": [{\"k\": [1]}]}]", first);

    // again into the same table: every row exists, so the row-by-row path runs (--on-duplicate update)
    ImportResult again = Imports.run(url, ImportRequest.builder(dump()).rejects(dir.resolve("again.jsonl"))
        .repeatedFields(RepeatedFields.FIRST).onDuplicate(DuplicatePolicy.UPDATE)
        .policy(stress.model.ExistingTablePolicy.REUSE).naming(new TableNaming(null, "first", "")).build());
    assertEquals(List.of(4L, 4L, 4L, 3L), List.of(again.read(), again.loaded(), again.updated(), again.repeatedFields()));
    assertEquals(first, Imports.text(url, "SELECT json_agg(data ORDER BY _id)::text FROM first"));
    assertEquals(3, Imports.rejects(dir.resolve("again.jsonl")).size());
  }

  private static String summary(ImportResult result) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    new PrintingImportListener(new PrintStream(bytes, true, StandardCharsets.UTF_8), false).finished(result);
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
