package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.util.ArrayList;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Assumptions;
import stress.mongodb.MongoTarget;
import stress.mongodb.ServerIdentity;

/**
 * The MongoDB server of the MongoDB-target tests ({@code STRESS_MONGODB_URL}; CI starts FerretDB): a test without one
 * is skipped, with the reason.
 */
final class MongoTestServer {
  private MongoTestServer() {}

  /** The server's URL; skips the test when none is given. */
  static String url() {
    String mongo = System.getenv("STRESS_MONGODB_URL");
    Assumptions.assumeTrue(mongo != null && !mongo.isBlank(),
        "MongoDB-target tests SKIPPED: STRESS_MONGODB_URL is not set (.ci/ferretdb.sh starts FerretDB)");
    return mongo;
  }

  /** What the server of {@code url} says it is: the tests name a server's own differences by it. */
  static ServerIdentity identity(String url) {
    try (MongoTarget target = MongoTarget.connect("STRESS_MONGODB_URL", url, null)) {
      return target.identity();
    }
  }

  /**
   * The server's URL, the sample orders ({@code datasets/sample-large}) loaded afresh into {@code stress.orders} and
   * copied into {@code database.orders}: a copy of the test's own, as other tests change {@code stress.orders}.
   */
  static String withSampleOrdersIn(String database) {
    String mongo = url();
    CliTester.Result loaded = CliTester.run("import", "datasets/sample-large", "--to", mongo, "--db", "stress",
        "--drop-existing");
    assertEquals(0, loaded.exitCode(), loaded.all());
    try (MongoClient client = MongoClients.create(mongo)) {
      MongoCollection<BsonDocument> copy = client.getDatabase(database).getCollection("orders", BsonDocument.class);
      copy.drop();
      copy.insertMany(client.getDatabase("stress").getCollection("orders", BsonDocument.class).find()
          .into(new ArrayList<>()));
    }
    return mongo;
  }
}
