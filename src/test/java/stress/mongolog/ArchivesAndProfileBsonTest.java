package stress.mongolog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.load.importer.TableNaming;

/** Profiler documents dumped as BSON, and tar archives of logs (as a replica set's logs are shared), read entry by entry. */
class ArchivesAndProfileBsonTest {
  @TempDir
  Path dir;

  private LogWorkloads.Result derive(Path file) {
    return LogWorkloads.derive(new LogWorkloads.Request(List.of(file), dir.resolve("out"), null, Map.of(),
        TableNaming.defaults()));
  }

  private static byte[] bson(BsonDocument doc) {
    RawBsonDocument raw = new RawBsonDocument(doc, new BsonDocumentCodec());
    return Arrays.copyOf(raw.getByteBuffer().array(), raw.getByteBuffer().remaining());
  }

  private static BsonDocument profiled(String op, BsonDocument command, int millis) {
    return new BsonDocument("op", new BsonString(op)).append("ns", new BsonString("shop.orders"))
        .append("command", command).append("planSummary", new BsonString("COLLSCAN"))
        .append("docsExamined", new BsonInt32(500)).append("nreturned", new BsonInt32(4))
        .append("millis", new BsonInt32(millis)).append("ts", new BsonDateTime(1732500000000L + millis))
        .append("appName", new BsonString("shop-api"));
  }

  /** Three profiler documents: two finds of one shape, an update statement, an insert. */
  private static byte[] profile() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String status : new String[] {"paid", "shipped"}) {
      out.writeBytes(bson(profiled("query", BsonDocument.parse("{find: 'orders', filter: {status: '" + status + "'}}"),
          3)));
    }
    out.writeBytes(bson(profiled("update", BsonDocument.parse("{q: {_id: 7}, u: {$set: {status: 'paid'}}}"), 2)));
    out.writeBytes(bson(profiled("insert", BsonDocument.parse("{insert: 'orders'}"), 1)));
    return out.toByteArray();
  }

  @Test
  void aDumpedSystemProfileIsReadDocumentByDocument() throws IOException {
    Path file = Files.write(dir.resolve("system.profile.bson"), profile());
    LogWorkloads.Result r = derive(file);
    assertEquals(List.of(4L, 3L, 0L), List.of(r.entries(), r.used(), r.damaged()));
    assertEquals(1, r.skipped().get(EntryKinds.INSERT).entries());
    String text = Files.readString(r.files().get(0).file());
    assertTrue(text.contains("status: {choice: [\"paid\", \"shipped\"], weights: [1, 1]}"), text);
    assertTrue(text.contains("durationMillis: {p50: 3, p95: 3, p99: 3, max: 3}"), text);
  }

  @Test
  void aDamagedDocumentIsNamedAndTheOnesBeforeItCount() throws IOException {
    byte[] whole = profile();
    byte[] cut = Arrays.copyOf(whole, whole.length + 9);
    cut[whole.length] = 0x40; // a fifth document of 64 bytes, of which 9 are there
    Path file = Files.write(dir.resolve("system.profile.bson"), cut);
    LogWorkloads.Result r = derive(file);
    assertEquals(List.of(4L, 1L), List.of(r.entries(), r.damaged()));
    assertEquals(List.of(file + ": document 5: not a BSON document: truncated document: its length prefix says"
        + " 64 bytes but only 9 are left"), r.damagedNamed());
  }

  @Test
  void everyMemberOfATarArchiveIsReadAsALogOfItsOwn() throws IOException {
    Path log = Path.of("src/test/resources/mongolog/stress-orders-mongod.log");
    Path archive = dir.resolve("replica.tar.gz");
    try (OutputStream file = Files.newOutputStream(archive);
         TarArchiveOutputStream tar = new TarArchiveOutputStream(new GZIPOutputStream(file))) {
      for (String name : new String[] {"rs1.log", "rs2.log"}) {
        byte[] bytes = Files.readAllBytes(log);
        TarArchiveEntry entry = new TarArchiveEntry(name);
        entry.setSize(bytes.length);
        tar.putArchiveEntry(entry);
        tar.write(bytes);
        tar.closeArchiveEntry();
      }
      TarArchiveEntry profile = new TarArchiveEntry("dump/shop/system.profile.bson");
      byte[] bytes = profile();
      profile.setSize(bytes.length);
      tar.putArchiveEntry(profile);
      tar.write(bytes);
      tar.closeArchiveEntry();
    }
    LogWorkloads.Result r = derive(archive);
    assertEquals(List.of(2 * 105L + 4, 2 * 89L + 3, 2L), List.of(r.entries(), r.used(), r.damaged()),
        "each member as the log itself, and the profile's documents");
    assertEquals(List.of(archive + "::rs1.log:31: not a JSON object: JSON reader was expecting a name but found"
        + " '<eof>'.", archive + "::rs2.log:31: not a JSON object: JSON reader was expecting a name but found '<eof>'."),
        r.damagedNamed(), "a member's lines are named archive::member:line");
    LogWorkloads.Written orders = r.files().stream().filter(w -> w.table().equals("stress_orders")).findFirst()
        .orElseThrow();
    assertTrue(new String(Files.readAllBytes(orders.file()), StandardCharsets.UTF_8)
        .contains("# first logged at " + archive + "::rs1.log:3, "), "where an operation was first logged");
    assertEquals(List.of("shop_orders", "stress_orders"), r.files().stream().map(LogWorkloads.Written::table).sorted()
        .toList());
  }
}
