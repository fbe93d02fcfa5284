package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.DumpFormatException;
import stress.dump.DumpSource;
import stress.dump.naming.NamespaceFilter;
import stress.dump.ReadPolicy;
import stress.dump.ScanOptions;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportResult;
import stress.testing.TestDatabase;

/**
 * mongoexport files made by the test (org.bson's JSON writer, from documents of every common BSON type) import to the
 * rows their BSON imports to: canonical and relaxed Extended JSON v2 and the v1 ("strict") form mongoexport wrote before
 * 4.2, one document a line or a JSON array, plain or gzipped; a line that does not parse is a rejection with its text;
 * the collection is named after the file or by {@code --collection}; a file of neither kind says what it looks like.
 */
class ImportJsonExportTest {
  private static final int DOCS = 300;

  @TempDir
  static Path dir;
  private static String url;
  private static Path bson;
  private static List<BsonDocument> documents;

  @BeforeAll
  static void data() throws IOException {
    url = TestDatabase.newDatabaseUrl("import_json");
    documents = new ArrayList<>();
    for (int i = 0; i < DOCS; i++) {
      BsonDocument d = new BsonDocument("_id", new BsonObjectId(new ObjectId(i, i)))
          .append("n", new BsonInt32(i))
          .append("big", new BsonInt64(i % 3 == 0 ? 1L << 40 : i))
          .append("x", new BsonDouble(i / 4.0))
          .append("price", new BsonDecimal128(Decimal128.parse(i + ".10")))
          .append("when", new BsonDateTime(1_600_000_000_000L + i * 86_400_000L))
          .append("name", new BsonString("doc \"" + i + "\" é"))
          .append("tags", new BsonArray(List.of(new BsonString("a"), new BsonInt32(i), BsonNull.VALUE)))
          .append("sub", new BsonDocument("ok", BsonBoolean.valueOf(i % 2 == 0))
              .append("bin", new BsonBinary(new byte[] {1, 2, (byte) i}))
              .append("re", new BsonRegularExpression("^a" + i, "i"))
              .append("ts", new BsonTimestamp(i, 1)));
      documents.add(d);
    }
    bson = dir.resolve("orders.bson");
    try (OutputStream out = Files.newOutputStream(bson)) {
      for (BsonDocument d : documents) {
        RawBsonDocument raw = new RawBsonDocument(d, new BsonDocumentCodec());
        out.write(raw.getByteBuffer().array(), 0, raw.getByteBuffer().limit());
      }
    }
  }

  @Test
  void everyFormOfExportImportsToTheRowsOfTheBson() throws Exception {
    ImportResult fromBson = run(bson, "from_bson", ReadPolicy.ABORT);
    assertEquals(DOCS, fromBson.loaded());
    record Form(String file, JsonMode mode, boolean array, boolean gzip) {}
    for (Form form : List.of(new Form("canonical.json", JsonMode.EXTENDED, false, false),
        new Form("relaxed.json.gz", JsonMode.RELAXED, false, true),
        new Form("relaxed-array.json", JsonMode.RELAXED, true, false),
        new Form("v1.json.gz", JsonMode.STRICT, true, true))) {
      Path file = write(form.file(), form.mode(), form.array(), form.gzip());
      String table = form.file().replaceAll("[^a-z0-9]", "_");
      ImportResult result = run(file, table, ReadPolicy.ABORT);
      assertEquals(DumpSource.Format.JSON_EXPORT, result.format(), form.toString());
      assertEquals(DOCS, result.loaded(), form.toString());
      assertEquals(ImportResult.Outcome.LOADED, result.outcome(), form.toString());
      assertEquals("text", Imports.text(url, "SELECT format_type(atttypid, atttypmod) FROM pg_attribute"
          + " WHERE attrelid = '" + table + "'::regclass AND attname = '_id'"), "ObjectIds, as from the BSON");
      assertEquals(0, Imports.count(url, "SELECT count(*) FROM (SELECT _id, data FROM from_bson EXCEPT ALL"
          + " SELECT _id, data FROM " + table + ") missing"), form + ": the rows of the BSON import");
    }
  }

  @Test
  void aLineThatDoesNotParseIsRejectedWithItsTextAndTheRestLoads() throws Exception {
    Path file = dir.resolve("people.json");
    Files.writeString(file, """
        {"_id": 1, "name": "a"}

        {"_id": 2, "name": }
        {"_id": {"$numberLong": "3"}, "name": "c"}
        {"_id": 4} {"_id": 5}
        """);
    ImportResult result = run(file, "people", ReadPolicy.SKIP);
    assertEquals(2, result.loaded());
    assertEquals(2, result.rejected());
    assertEquals(ImportResult.Outcome.REJECTED, result.outcome());
    List<JsonNode> rejects = Imports.rejects(result.rejects());
    assertEquals(2, rejects.size(), rejects.toString());
    assertTrue(rejects.get(0).get("reason").asText().startsWith("line 3: not a document of Extended JSON: "),
        rejects.get(0).toString());
    assertEquals("{\"_id\": 2, \"name\": }", rejects.get(0).get("text").asText());
    assertEquals(1, rejects.get(0).get("index").asLong());
    assertEquals("line 5: more than one JSON value on the line", rejects.get(1).get("reason").asText());
    assertEquals(2, Imports.count(url, "SELECT count(*) FROM people WHERE _id IN (1, 3)"));

    ImportResult stopped = run(file, "people_abort", ReadPolicy.ABORT);
    assertEquals(1, stopped.loaded(), "abort stops the collection at the first bad line");
    assertEquals(CollectionResult.Status.STOPPED, stopped.collections().get(0).status());
  }

  @Test
  void theCollectionIsTheFileNameOrTheOneGivenAndTheDatabaseItsFolder() throws Exception {
    Path shop = Files.createDirectories(dir.resolve("shop"));
    Path file = Files.writeString(shop.resolve("items.json"), "[{\"_id\": 1}, {\"_id\": 2}]");
    ImportResult named = Imports.run(url, ImportRequest.builder(file).naming(new TableNaming(null, null, "t_"))
        .rejects(dir.resolve("named.jsonl")).build());
    assertEquals("shop.items", named.collections().get(0).namespace().toString());
    assertEquals(2, Imports.count(url, "SELECT count(*) FROM t_shop_items"));

    NamespaceFilter given = new NamespaceFilter(List.of("sales"), List.of(), List.of("stock"), List.of());
    ImportResult renamed = Imports.run(url, ImportRequest.builder(file).scan(ScanOptions.defaults().withFilter(given))
        .naming(new TableNaming(null, null, "t_")).rejects(dir.resolve("renamed.jsonl")).build());
    assertEquals("sales.stock", renamed.collections().get(0).namespace().toString());
    assertEquals(2, Imports.count(url, "SELECT count(*) FROM t_sales_stock"));
  }

  @Test
  void aFileOfNeitherKindSaysWhatItLooksLikeAndWhatIsRead() throws Exception {
    Path csv = Files.writeString(dir.resolve("orders.csv"), "_id,name\n1,a\n");
    DumpFormatException e = assertThrows(DumpFormatException.class, () -> run(csv, "csv", ReadPolicy.ABORT));
    assertEquals(csv + ": neither a mongodump archive (it starts with bytes 6d e2 99 81) nor a mongoexport JSON file"
        + " (it starts with '{' or '['): it starts with the text '_id,name', like CSV (mongoexport --type=csv), which"
        + " has no types to import; export as JSON instead; stress imports a mongodump directory, a .bson or .bson.gz"
        + " file, a mongodump --archive file or mongoexport JSON (one document a line or --jsonArray), plain or"
        + " gzipped (byte offset 0)", e.getMessage());
    Path renamedBson = dir.resolve("orders.dat");
    Files.copy(bson, renamedBson);
    e = assertThrows(DumpFormatException.class, () -> run(renamedBson, "dat", ReadPolicy.ABORT));
    assertTrue(e.getMessage().contains("like a BSON document of "), e.getMessage());
    assertTrue(e.getMessage().contains("a mongodump data file is read when its name ends in .bson or .bson.gz"),
        e.getMessage());
  }

  private static ImportResult run(Path file, String table, ReadPolicy policy) throws Exception {
    return Imports.run(url, ImportRequest.builder(file).naming(new TableNaming(null, table, "")).onError(policy)
        .rejects(dir.resolve(table + ".rejects.jsonl")).build());
  }

  private static Path write(String name, JsonMode mode, boolean array, boolean gzip) throws IOException {
    JsonWriterSettings settings = JsonWriterSettings.builder().outputMode(mode).build();
    StringBuilder text = new StringBuilder(array ? "[" : "");
    for (int i = 0; i < documents.size(); i++) {
      text.append(array && i > 0 ? "," : "").append(documents.get(i).toJson(settings)).append('\n');
    }
    text.append(array ? "]\n" : "");
    Path file = dir.resolve(name);
    byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
    try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
      out.write(bytes);
    }
    return file;
  }
}
