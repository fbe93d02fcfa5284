package stress.mongodb;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import java.io.PrintStream;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import stress.workload.IndexSpec;

/**
 * A workload file's {@code indexes:} built on a MongoDB collection as a MongoDB user declares them: each btree entry as
 * an ascending index on its paths in order (a MongoDB index has no type: it holds every kind); {@code {gin: data}}
 * has no MongoDB counterpart and is said so. Each line names the PostgreSQL index the entry builds on the table.
 */
public final class MongoIndexes {
  private MongoIndexes() {}

  /** Creates them; the number refused by the server. */
  public static int create(MongoTarget target, String namespace, List<IndexSpec> specs, String table,
                           PrintStream out) {
    MongoCollection<BsonDocument> collection = target.collection(namespace);
    int refused = 0;
    for (IndexSpec spec : specs) {
      if (spec.gin()) {
        out.println(spec.describe() + ": no MongoDB counterpart (every MongoDB index is a btree on its paths)");
        continue;
      }
      BsonDocument keys = new BsonDocument();
      spec.paths().forEach(p -> keys.append(String.join(".", p), new BsonInt32(1)));
      try {
        String name = collection.createIndex(keys, new IndexOptions());
        out.println(spec.describe() + ": MongoDB index " + name + " " + keys.toJson() + " on " + namespace
            + " (on PostgreSQL: " + table + ")");
      } catch (MongoException e) {
        refused++;
        out.println(spec.describe() + ": refused by MongoDB: " + MongoTarget.refusal(e));
      }
    }
    return refused;
  }
}
