package stress.mongodb;

import com.mongodb.ConnectionString;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * What a MongoDB target is and how the run talks to it, printed once before its first phase: the server (its version,
 * or FerretDB's, and its topology), the driver and its pool, read preference, read and write concern and the time
 * limit of each call. A reader compares the two targets by these lines, so none of PostgreSQL's choices (statement
 * mode, pool, jit) appear here.
 */
public final class MongoHeader {
  /** The driver's own default pool size (MongoClientSettings), said when the URL sets none. */
  private static final int DRIVER_POOL_DEFAULT = 100;

  private MongoHeader() {}

  /**
   * The lines, each {@code name: value}.
   *
   * @param where     the collection(s) the operations go to
   * @param maxTimeMs the time limit of each call ({@code --statement-timeout}), 0 for none
   */
  public static List<String> lines(MongoTarget target, String where, long maxTimeMs) {
    ConnectionString url = target.connectionString();
    List<String> lines = new ArrayList<>();
    lines.add("target: " + target.version() + ", " + target.topology());
    lines.add("server: " + target.describe() + ", " + where);
    Integer pool = url.getMaxConnectionPoolSize();
    lines.add("driver: MongoDB Java driver " + driverVersion() + " (sync), pool up to " + (pool == null
        ? DRIVER_POOL_DEFAULT + " connections per host (the driver's default; maxPoolSize in the URL sets it)"
        : pool + " connections per host (maxPoolSize in the URL)") + "; each worker thread makes one call at a time");
    lines.add("read preference: " + (url.getReadPreference() == null ? "primary (the driver's default)"
        : url.getReadPreference().getName()) + "; read concern: " + (url.getReadConcern() == null
        || url.getReadConcern().getLevel() == null ? "the server's default" : url.getReadConcern().getLevel().getValue())
        + "; write concern: " + (url.getWriteConcern() == null ? "the server's default"
        : url.getWriteConcern().asDocument().toJson()));
    lines.add("maxTimeMS: " + (maxTimeMs > 0 ? maxTimeMs + " on every call (--statement-timeout)"
        : "none (--statement-timeout 0)"));
    lines.add("a server that fails: " + target.failureSettings());
    lines.add("workload, threads, duration, warm-up, seed and drawn values: as on PostgreSQL");
    return lines;
  }

  /**
   * Standalone, a replica set and its members, or a sharded cluster (mongos) and its shards, from {@code hello}: asked
   * at the first contact ({@link MongoTarget#topology()}), never after measuring starts.
   */
  static String topology(MongoTarget target) {
    BsonDocument hello;
    try {
      hello = target.command("admin", new BsonDocument("hello", new BsonInt32(1)));
    } catch (RuntimeException e) {
      return "topology unknown (hello failed: " + MongoTarget.firstLine(e.getMessage()) + ")";
    }
    if ("isdbgrid".equals(hello.getString("msg", new org.bson.BsonString("")).getValue())) {
      List<String> shards = new ArrayList<>();
      try {
        for (BsonValue shard : target.command("admin", new BsonDocument("listShards", new BsonInt32(1)))
            .getArray("shards")) {
          shards.add(shard.asDocument().getString("_id").getValue());
        }
      } catch (RuntimeException e) {
        return "sharded (through mongos; its shards not listed: " + MongoTarget.firstLine(e.getMessage()) + ")";
      }
      return "sharded (through mongos), " + shards.size() + " shards: " + String.join(", ", shards);
    }
    if (hello.containsKey("setName")) {
      int members = hello.getArray("hosts", new org.bson.BsonArray()).size();
      return "replica set " + hello.getString("setName").getValue() + " (" + members + " members)";
    }
    return "standalone";
  }

  /** The version of the driver in this build, or {@code unknown} in a build without it. */
  static String driverVersion() {
    try (InputStream in = MongoHeader.class.getResourceAsStream("/stress/mongodb-driver.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
