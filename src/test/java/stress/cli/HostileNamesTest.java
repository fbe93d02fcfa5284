package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.bson.BsonDocument;
import org.bson.ByteBuf;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * A collection whose name is an SQL injection attempt is imported into a table of exactly that name, and the
 * statement hidden in the name never runs.
 */
class HostileNamesTest {
  private static final String NAME = "x\"; DROP TABLE y; --";
  /** As mongodump names the file: the collection name percent-escaped like Go's url.PathEscape. */
  private static final String FILE_NAME = "x%22%3B%20DROP%20TABLE%20y%3B%20--";

  @TempDir
  Path dir;

  @Test
  void aCollectionNamedLikeAnInjectionLandsInATableOfThatNameAndDropsNothing() throws Exception {
    String url = TestDatabase.newDatabaseUrl("hostile");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE y (n int)");
      s.execute("INSERT INTO y SELECT generate_series(1, 7)");
    }
    Path db = Files.createDirectories(dir.resolve("dump/evil"));
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    for (int i = 1; i <= 25; i++) {
      data.writeBytes(bson("{\"_id\": " + i + ", \"name\": \"'; DROP TABLE y; --\", \"n\": " + i + "}"));
    }
    Files.write(db.resolve(FILE_NAME + ".bson"), data.toByteArray());
    Files.writeString(db.resolve(FILE_NAME + ".metadata.json"), "{\"indexes\":[{\"v\":{\"$numberInt\":\"2\"},"
        + "\"key\":{\"_id\":{\"$numberInt\":\"1\"}},\"name\":\"_id_\"}],\"uuid\":\"0123456789abcdef0123456789abcdef\","
        + "\"collectionName\":\"x\\\"; DROP TABLE y; --\",\"type\":\"collection\"}");

    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "import", dir.resolve("dump").toString(),
        "--rejects", dir.resolve("rejects.jsonl").toString());
    assertEquals(0, r.exitCode(), r.all());

    String table = "evil_" + NAME;
    assertEquals(25, TestDatabase.count(url, "SELECT count(*) FROM " + quote(table)));
    assertEquals(25, TestDatabase.count(url, "SELECT count(*) FROM " + quote(table) + " WHERE data->>'name' = '''; DROP TABLE y; --'"));
    assertEquals(1, TestDatabase.count(url, "SELECT count(*) FROM pg_class WHERE relname = ? AND relkind = 'r'", table),
        "a table of exactly that name");
    assertEquals(1, TestDatabase.count(url, "SELECT count(*) FROM pg_class WHERE relname = ? AND relkind = 'r'", table + "_copy"));
    assertEquals(7, TestDatabase.count(url, "SELECT count(*) FROM y"), "table y is still there with its rows");
    assertTrue(r.out().contains("evil." + NAME), "the collection is named as it is: " + r.out());

    CliTester.Result again = CliTester.run("--url", url, "-U", "postgres", "import", dir.resolve("dump").toString(),
        "--rejects", dir.resolve("rejects.jsonl").toString(), "--drop-existing");
    assertEquals(0, again.exitCode(), again.all());
    assertEquals(25, TestDatabase.count(url, "SELECT count(*) FROM " + quote(table)));
    assertEquals(7, TestDatabase.count(url, "SELECT count(*) FROM y"), "--drop-existing drops only the collection's own table");
  }

  private static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  private static byte[] bson(String json) {
    ByteBuf buffer = new RawBsonDocument(BsonDocument.parse(json), new BsonDocumentCodec()).getByteBuffer();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

}
