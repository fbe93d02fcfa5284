package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.bson.BsonJson;
import stress.testing.TestDatabase;

/**
 * Every imported row holds the document as org.bson's JSON writer writes it, whichever writer the import used: in
 * one collection, documents with only common types (written by {@code CopyFieldJson}) and documents holding a
 * timestamp (left to org.bson's writer) side by side, with strings that JSON and COPY both escape. It compares values
 * (jsonb); that the two writers write the same bytes is {@code CopyFieldJsonTest}'s.
 */
class ImportedTextTest {
  @TempDir
  Path dir;

  @Test
  void rowsFromBothWritersHoldWhatOrgBsonWrites() throws Exception {
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      BsonDocument d = new BsonDocument("_id", new BsonInt32(i)).append("text",
          new BsonString("tab\there \"quoted\" back\\slash\nline é \u0301 \uD83D\uDE00 " + i));
      if (i % 3 == 0) {
        d.append("ts", new BsonTimestamp(i, 1));
      }
      documents.add(d);
    }
    Path file = dir.resolve("dump/shop/mixed.bson");
    Files.createDirectories(file.getParent());
    try (OutputStream out = Files.newOutputStream(file)) {
      for (BsonDocument d : documents) {
        RawBsonDocument raw = new RawBsonDocument(d, new BsonDocumentCodec());
        out.write(raw.getByteBuffer().array(), 0, raw.getByteBuffer().limit());
      }
    }
    String url = TestDatabase.newDatabaseUrl("imported_text");
    ImportRequest request = ImportRequest.builder(dir.resolve("dump")).jobs(2).rejects(dir.resolve("rejects.jsonl"))
        .build();
    assertEquals(400, Imports.run(url, request, new Imports.Recorder()).loaded());
    try (Connection c = TestDatabase.connect(url);
         PreparedStatement ps = c.prepareStatement("SELECT data = ?::jsonb, data::text FROM shop_mixed WHERE _id = ?")) {
      for (BsonDocument d : documents) {
        ps.setString(1, BsonJson.toRelaxedJson(new RawBsonDocument(d, new BsonDocumentCodec())));
        ps.setInt(2, d.getInt32("_id").getValue());
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          assertEquals(true, rs.getBoolean(1), "document " + d.getInt32("_id").getValue() + ": " + rs.getString(2));
        }
      }
    }
  }
}
