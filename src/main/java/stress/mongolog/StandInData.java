package stress.mongolog;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.bson.types.ObjectId;
import stress.model.UsageException;

/**
 * Stand-in collections for a log's application where its data is not at hand ({@code workload --from-log
 * --stand-in}): for each collection the log shows, the documents its statements would have found, built from the
 * values the log holds ({@link StandInDocuments}), written as mongodump writes a collection ({@code DB/COLL.bson}) so
 * that {@code stress import} makes the tables of them with the BSON types kept as it keeps any dump's. A document is
 * written as many times as MongoDB returned documents for its statement (at most {@value #MAX_COPIES}), each copy
 * under a key of its own; documents that pin the same {@code _id} are one document. A collection the log shows only
 * through inserts or a {@code $lookup} gets one document {@code {_id: 1}}: the log holds none of its fields.
 */
final class StandInData {
  static final int MAX_COPIES = 100;
  static final int MAX_DOCUMENTS = 100_000;

  /** A collection's documents so far: those that pin an {@code _id}, and the others with the copies each asks for. */
  private static final class Collection {
    final Map<BsonValue, BsonDocument> byId = new LinkedHashMap<>();
    final Map<String, BsonDocument> others = new LinkedHashMap<>();
    final Map<String, Long> copies = new HashMap<>();
  }

  private final long seed;
  private final Map<String, Collection> collections = new TreeMap<>();

  StandInData(long seed) {
    this.seed = seed;
  }

  /** A statement as logged, and how many documents MongoDB returned for it (-1 when not logged). */
  void add(Logged statement, long returned) {
    Collection c = collections.computeIfAbsent(statement.ns(), k -> new Collection());
    BsonDocument op = StandInDocuments.logged(statement);
    if (op.isArray("pipeline")) {
      for (BsonValue stage : op.getArray("pipeline")) {
        BsonValue lookup = stage.isDocument() ? stage.asDocument().get("$lookup") : null;
        if (lookup != null && lookup.isDocument() && lookup.asDocument().isString("from")) {
          String db = statement.ns().substring(0, statement.ns().indexOf('.'));
          collections.computeIfAbsent(db + "." + lookup.asDocument().getString("from").getValue(),
              k -> new Collection());
        }
      }
    }
    if (statement.kind().startsWith("insert")
        || returned == 0 && (statement.kind().equals("find") || statement.kind().equals("aggregate"))) {
      return; // a read that found nothing: the documents it looked for were not there
    }
    long skipped = op.isNumber("skip") ? Math.max(0, op.getNumber("skip").longValue()) : 0;
    long wanted = Math.max(1, Math.min(MAX_COPIES, returned + skipped)); // a skip passes over documents it found
    for (BsonDocument doc : StandInDocuments.of(op)) {
      BsonValue id = doc.get("_id");
      if (id != null) {
        BsonDocument known = c.byId.get(id);
        if (known == null) {
          if (c.byId.size() < MAX_DOCUMENTS) {
            c.byId.put(id, doc);
          }
        } else {
          doc.forEach(known::putIfAbsent);
        }
      } else if (!doc.isEmpty()) {
        String key = doc.toJson();
        if (c.others.size() < MAX_DOCUMENTS) {
          c.others.putIfAbsent(key, doc);
        }
        c.copies.merge(key, wanted, Math::max);
      }
    }
  }

  /** Writes each collection under {@code dir} as {@code DB/COLL.bson}; the collections in namespace order. */
  List<LogWorkloads.StandIn> write(Path dir) {
    List<LogWorkloads.StandIn> written = new ArrayList<>();
    for (Map.Entry<String, Collection> e : collections.entrySet()) {
      String ns = e.getKey();
      Collection c = e.getValue();
      List<BsonDocument> docs = new ArrayList<>(c.byId.values());
      IdMaker ids = new IdMaker(c.byId.keySet(), new Random(seed ^ ns.hashCode()));
      long copies = 0;
      for (Map.Entry<String, BsonDocument> o : c.others.entrySet()) {
        long n = c.copies.get(o.getKey());
        for (long i = 0; i < n && docs.size() < MAX_DOCUMENTS; i++) {
          BsonDocument doc = new BsonDocument("_id", ids.next());
          o.getValue().forEach(doc::put);
          docs.add(doc);
          copies += i == 0 ? 0 : 1;
        }
      }
      long built = docs.size() - copies;
      boolean placeholder = docs.isEmpty();
      if (placeholder) {
        docs.add(new BsonDocument("_id", new BsonInt32(1)));
      }
      int dot = ns.indexOf('.');
      Path file = dir.resolve(ns.substring(0, dot)).resolve(ns.substring(dot + 1) + ".bson");
      writeBson(file, docs);
      written.add(new LogWorkloads.StandIn(ns, file, docs.size(), placeholder ? 0 : built, copies, placeholder));
    }
    return written;
  }

  private static void writeBson(Path file, List<BsonDocument> docs) {
    try {
      Files.createDirectories(file.getParent());
      try (OutputStream out = Files.newOutputStream(file)) {
        BsonDocumentCodec codec = new BsonDocumentCodec();
        for (BsonDocument d : docs) {
          BasicOutputBuffer buffer = new BasicOutputBuffer();
          try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            codec.encode(writer, d, EncoderContext.builder().isEncodingCollectibleDocument(true).build());
          }
          buffer.pipe(out);
        }
      }
    } catch (IOException e) {
      throw new UsageException("--stand-in: cannot write " + file + ": " + e.getMessage());
    }
  }

  /**
   * New keys of the kind the log's own {@code _id}s are: ObjectIds drawn from the seed, integers above the largest
   * logged, strings; integers from 1 when the log pins none (then the derived inserts can add keys above them).
   */
  private static final class IdMaker {
    private final Random random;
    private final java.util.Set<BsonValue> taken;
    private final String kind;
    private long next;

    IdMaker(java.util.Set<BsonValue> logged, Random random) {
      this.random = random;
      BsonValue first = logged.isEmpty() ? null : logged.iterator().next();
      kind = first == null ? "int" : first.isObjectId() ? "oid" : first.isInt32() || first.isInt64() ? "int"
          : first.isString() ? "string" : "oid";
      long max = 0;
      for (BsonValue v : logged) {
        if (v.isInt32() || v.isInt64()) {
          max = Math.max(max, v.asNumber().longValue());
        }
      }
      next = max + 1;
      this.taken = logged;
    }

    BsonValue next() {
      while (true) {
        BsonValue id = switch (kind) {
          case "oid" -> {
            byte[] b = new byte[12];
            random.nextBytes(b);
            yield new BsonObjectId(new ObjectId(b));
          }
          case "string" -> new BsonString("stand-in-" + next++);
          default -> next <= Integer.MAX_VALUE ? new BsonInt32((int) next++) : new BsonInt64(next++);
        };
        if (!taken.contains(id)) {
          return id;
        }
      }
    }
  }
}
