package stress.mongolog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.BsonDocumentReader;
import stress.dump.document.DumpDocument;
import stress.dump.document.ReadItem;
import stress.dump.ReadPolicy;

/** The stand-in documents a logged statement gives, their BSON types, their keys and copies, and the files. */
class StandInDataTest {
  @TempDir
  Path dir;

  /** The statements of one logged command, as the derivation reads them. */
  private static List<Logged> statements(String ns, String command) {
    LogEntry e = new LogEntry("test.log:1", null, ns, "command", BsonDocument.parse(command), null, "", 1, null, -1, -1,
        -1, false, null);
    EntryKinds.Use use = EntryKinds.of(e, null);
    assertFalse(use.skipped(), use.reason());
    return use.statements();
  }

  private static List<BsonDocument> documents(String ns, String command) {
    List<BsonDocument> out = new ArrayList<>();
    statements(ns, command).forEach(s -> out.addAll(StandInDocuments.of(StandInDocuments.logged(s))));
    return out;
  }

  @Test
  void aFindGivesADocumentOfItsComparedValuesWithTheirTypes() {
    List<BsonDocument> docs = documents("shop.orders", "{find: 'orders', filter: {status: 'paid', 'customer.id':"
        + " {$numberLong: '7'}, total: {$gte: {$numberDecimal: '10.50'}, $lt: 99}, createdAt: {$gt: {$date:"
        + " '2024-01-01T00:00:00Z'}}, n: {$gt: 4}, tags: {$all: ['a', 'b']}, name: /^Jo/, x: {$ne: 3}}}");
    assertEquals(1, docs.size());
    BsonDocument d = docs.get(0);
    assertEquals(BsonDocument.parse("{status: 'paid', customer: {id: {$numberLong: '7'}}, total: {$numberDecimal:"
        + " '10.50'}, createdAt: {$date: '2024-01-01T00:00:00.001Z'}, n: 5, tags: ['a', 'b'], name: 'Jo'}"), d);
    assertEquals(BsonType.INT32, d.get("n").getBsonType(), "the bound's type, one above it");
    assertEquals(BsonType.INT64, d.getDocument("customer").get("id").getBsonType());
  }

  @Test
  void aListOrAnOrGivesOneDocumentPerValueOrBranch() {
    List<BsonDocument> docs = documents("shop.orders", "{find: 'orders', filter: {status: {$in: ['a', 'b', 'c']},"
        + " $or: [{p: 1}, {q: {$lte: 2}}]}}");
    assertEquals(List.of(BsonDocument.parse("{status: 'a', p: 1}"), BsonDocument.parse("{status: 'b', q: 2}"),
        BsonDocument.parse("{status: 'c', p: 1}")), docs);
  }

  @Test
  void elemMatchUnwindAndUpdatesGiveTheFieldsTheyRead() {
    assertEquals(List.of(BsonDocument.parse("{items: [{sku: 'x', qty: 3}]}")),
        documents("shop.orders", "{find: 'orders', filter: {items: {$elemMatch: {sku: 'x', qty: {$gte: 3}}}}}"));
    assertEquals(List.of(BsonDocument.parse("{code: 'A', ratings: [{db: 'pg', rating: 5}]}")),
        documents("shop.skills", "{aggregate: 'skills', pipeline: [{$match: {code: 'A'}}, {$unwind: '$ratings'},"
            + " {$match: {'ratings.db': 'pg', 'ratings.rating': {$gte: 5}}}, {$group: {_id: '$code'}}]}"));
    assertEquals(List.of(BsonDocument.parse("{_id: 4, status: 'new', n: 1, log: ['x']}")),
        documents("shop.orders", "{update: 'orders', updates: [{q: {_id: 4, status: 'new'}, u: {$set: {status:"
            + " 'paid'}, $inc: {n: 1}, $push: {log: 'x'}, $unset: {gone: ''}}}]}"));
  }

  @Test
  void theStatementsShapeIsLeftAsItWas() {
    List<Logged> logged = statements("shop.orders", "{find: 'orders', filter: {a: {$elemMatch: {b: {c: 1}}}}}");
    String before = logged.get(0).spec().toJson();
    StandInDocuments.of(StandInDocuments.logged(logged.get(0))).forEach(d -> StandInDocuments.put(d, "a.0.z", d));
    assertEquals(before, logged.get(0).spec().toJson());
  }

  @Test
  void keysCopiesAndPlaceholdersAreWrittenAsMongodumpWritesACollection() throws IOException {
    StandInData data = new StandInData(42);
    statements("shop.orders", "{find: 'orders', filter: {status: 'paid'}, skip: 2}")
        .forEach(s -> data.add(s, 3)); // MongoDB returned 3 after skipping 2: 5 documents
    statements("shop.orders", "{find: 'orders', filter: {_id: 9, status: 'new'}}").forEach(s -> data.add(s, 1));
    statements("shop.orders", "{find: 'orders', filter: {_id: 9, note: 'x'}}").forEach(s -> data.add(s, 1));
    statements("shop.orders", "{find: 'orders', filter: {status: 'lost'}}").forEach(s -> data.add(s, 0));
    statements("shop.events", "{insert: 'events'}").forEach(s -> data.add(s, -1));
    List<LogWorkloads.StandIn> written = data.write(dir);
    assertEquals(2, written.size());
    LogWorkloads.StandIn orders = written.get(1);
    assertEquals("shop.orders", orders.ns());
    assertEquals(dir.resolve("shop/orders.bson"), orders.file());
    assertEquals(6, orders.documents(), "one pinned _id, one document of status paid five times");
    assertEquals(2, orders.built());
    assertEquals(4, orders.copies());
    List<BsonDocument> docs = read(orders.file());
    assertEquals(BsonDocument.parse("{_id: 9, status: 'new', note: 'x'}"), docs.get(0), "one document per _id");
    for (int i = 1; i <= 5; i++) {
      assertEquals(BsonDocument.parse("{_id: " + (9 + i) + ", status: 'paid'}"), docs.get(i),
          "new integer keys above the logged ones");
    }
    assertTrue(docs.stream().noneMatch(d -> d.containsKey("status") && d.getString("status").getValue().equals("lost")),
        "a find that returned nothing adds nothing");
    LogWorkloads.StandIn events = written.get(0);
    assertTrue(events.placeholder());
    assertEquals(List.of(BsonDocument.parse("{_id: 1}")), read(events.file()));
  }

  @Test
  void theSeedDecidesTheGeneratedKeys() throws IOException {
    String find = "{find: 'c', filter: {_id: {$oid: '65f0a1b2c3d4e5f601020304'}, a: 1}}";
    String other = "{find: 'c', filter: {a: 2}}";
    byte[][] files = new byte[3][];
    long[] seeds = {7, 7, 8};
    for (int i = 0; i < 3; i++) {
      StandInData data = new StandInData(seeds[i]);
      statements("db.c", find).forEach(s -> data.add(s, 1));
      statements("db.c", other).forEach(s -> data.add(s, 1));
      files[i] = Files.readAllBytes(data.write(dir.resolve("s" + i)).get(0).file());
    }
    assertArrayEquals(files[0], files[1], "the same seed, the same bytes");
    assertFalse(java.util.Arrays.equals(files[0], files[2]), "another seed, other keys");
    BsonDocument generated = read(dir.resolve("s0/db/c.bson")).get(1);
    assertEquals(BsonType.OBJECT_ID, generated.get("_id").getBsonType(), "keys of the kind the log's are");
  }

  private static List<BsonDocument> read(Path file) throws IOException {
    List<BsonDocument> docs = new ArrayList<>();
    try (BsonDocumentReader in = BsonDocumentReader.open(file, ReadPolicy.ABORT)) {
      for (ReadItem item = in.next(); item != null; item = in.next()) {
        docs.add(new RawBsonDocument(((DumpDocument) item).bytes()).decode(new BsonDocumentCodec()));
      }
    }
    return docs;
  }
}
