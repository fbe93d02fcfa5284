package stress.mongodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.InsertManyOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import stress.dump.DocumentStream;
import stress.dump.DumpCollection;
import stress.dump.document.DumpDocument;
import stress.dump.DumpSource;
import stress.dump.document.ReadItem;
import stress.dump.ReadPolicy;
import stress.model.DataStateException;

/**
 * A dump loaded into a MongoDB server, so that one dump stands in MongoDB, FerretDB or DocumentDB as in PostgreSQL:
 * each collection's documents inserted as the dump holds them (their bytes, {@code _id} kept), in unordered batches,
 * then the dump's indexes from its metadata. A collection that already holds documents is refused unless
 * {@code dropExisting}.
 */
public final class MongoLoad {
  /** Documents per insertMany. */
  static final int BATCH = 1000;

  private MongoLoad() {}

  /** What one collection's load did. */
  public record Loaded(String namespace, long documents, long refused, List<String> indexes, String firstRefusal) {}

  /**
   * The refusal of a collection that holds documents: what the server holds, as an existing table on import into
   * PostgreSQL, not bad input (exit 1).
   */
  static DataStateException alreadyFilled(String namespace, String server) {
    return new DataStateException("import --to: collection " + namespace + " on " + server
        + " already holds documents; --drop-existing drops it first");
  }

  public static List<Loaded> load(DumpSource source, MongoTarget target, boolean dropExisting, PrintStream out)
      throws IOException {
    for (DumpCollection c : source.collections()) {
      MongoCollection<BsonDocument> collection = target.collection(c.namespace().toString());
      if (!dropExisting && collection.estimatedDocumentCount() > 0) {
        throw alreadyFilled(c.namespace().toString(), target.describe());
      }
    }
    List<Loaded> loaded = new ArrayList<>();
    for (DumpCollection c : source.collections()) {
      MongoCollection<BsonDocument> collection = target.collection(c.namespace().toString());
      if (dropExisting) {
        collection.drop();
      }
      long documents = 0;
      long refused = 0;
      String firstRefusal = null;
      List<BsonDocument> batch = new ArrayList<>(BATCH);
      try (DocumentStream stream = c.open(ReadPolicy.ABORT)) {
        ReadItem item;
        while ((item = stream.next()) != null) {
          if (item instanceof DumpDocument d) {
            batch.add(new RawBsonDocument(d.bytes()));
            if (batch.size() == BATCH) {
              Inserted r = insert(collection, batch);
              documents += r.inserted();
              refused += r.refused();
              firstRefusal = firstRefusal == null ? r.refusal() : firstRefusal;
              batch.clear();
            }
          }
        }
      }
      if (!batch.isEmpty()) {
        Inserted r = insert(collection, batch);
        documents += r.inserted();
        refused += r.refused();
        firstRefusal = firstRefusal == null ? r.refusal() : firstRefusal;
      }
      List<String> indexes = indexes(c, collection);
      Loaded l = new Loaded(c.namespace().toString(), documents, refused, indexes, firstRefusal);
      out.println(l.namespace() + ": " + stress.model.Plural.of(documents, "document") + " inserted" + (refused == 0 ? ""
          : ", " + refused + " refused by the server (first: " + firstRefusal + ")") + (indexes.isEmpty() ? ""
          : "; indexes " + String.join(", ", indexes)));
      loaded.add(l);
    }
    return loaded;
  }

  /** A batch's documents inserted and refused, with the server's message for the first refused, or null. */
  private record Inserted(long inserted, long refused, String refusal) {}

  /** Inserts a batch, unordered: one refused document does not stop the others. */
  private static Inserted insert(MongoCollection<BsonDocument> collection, List<BsonDocument> batch) {
    try {
      collection.insertMany(batch, new InsertManyOptions().ordered(false));
      return new Inserted(batch.size(), 0, null);
    } catch (MongoBulkWriteException e) {
      String refusal = e.getWriteErrors().isEmpty() ? MongoTarget.firstLine(e.getMessage())
          : MongoTarget.firstLine(e.getWriteErrors().get(0).getMessage());
      int errors = e.getWriteErrors().size();
      return new Inserted(batch.size() - errors, errors, refusal);
    } catch (MongoException e) {
      // the server refused the batch as a whole, or dropped the connection on one of its documents (FerretDB 1.24
      // does on a Decimal128): one at a time, each refused document counted with the server's words
      long inserted = 0;
      String refusal = null;
      for (BsonDocument d : batch) {
        try {
          collection.insertOne(d);
          inserted++;
        } catch (MongoException one) {
          refusal = refusal == null ? MongoTarget.firstLine(one.getMessage()) : refusal;
        }
      }
      return new Inserted(inserted, batch.size() - inserted, refusal);
    }
  }

  /** The dump's indexes of the collection (but _id's), created; a refused one is named with the server's reason. */
  private static List<String> indexes(DumpCollection c, MongoCollection<BsonDocument> collection) {
    List<String> made = new ArrayList<>();
    if (c.metadata().isEmpty()) {
      return made;
    }
    JsonNode list = c.metadata().get().json().get("indexes");
    if (list == null || !list.isArray()) {
      return made;
    }
    for (JsonNode index : list) {
      String name = index.path("name").asText("");
      if (name.equals("_id_") || !index.has("key")) {
        continue;
      }
      BsonDocument key = BsonDocument.parse(index.get("key").toString());
      IndexOptions options = new IndexOptions().name(name).unique(index.path("unique").asBoolean(false))
          .sparse(index.path("sparse").asBoolean(false));
      try {
        collection.createIndex(key, options);
        made.add(name);
      } catch (MongoException e) {
        made.add(name + " (refused: " + MongoTarget.firstLine(e.getMessage()) + ")");
      }
    }
    return made;
  }
}
