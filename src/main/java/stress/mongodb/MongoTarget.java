package stress.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.event.CommandListener;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import stress.model.UsageException;

/**
 * A MongoDB server reached through the driver from a {@code mongodb://} or {@code mongodb+srv://} URL (its pool, TLS
 * and read settings as the URL gives them). The password the URL may hold is never printed or kept: {@link #describe}
 * names hosts, database and user only.
 */
public final class MongoTarget implements AutoCloseable {
  private final ConnectionString url;
  private final MongoClient client;

  private MongoTarget(ConnectionString url, MongoClient client) {
    this.url = url;
    this.client = client;
  }

  /**
   * Connects (lazily, as the driver does) to the server of {@code url}.
   *
   * @param option    the option that gave the URL, for messages
   * @param listener  told of every command the driver sends, or null
   */
  public static MongoTarget connect(String option, String url, CommandListener listener) {
    if (url == null || !(url.startsWith("mongodb://") || url.startsWith("mongodb+srv://"))) {
      throw new UsageException(option + ": a MongoDB URL starts with mongodb:// or mongodb+srv://, got '"
          + withoutPassword(url) + "'");
    }
    ConnectionString parsed;
    try {
      parsed = new ConnectionString(url);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option + " " + withoutPassword(url) + ": not a MongoDB connection string: "
          + e.getMessage().replace(url, withoutPassword(url)));
    }
    MongoClientSettings.Builder settings = MongoClientSettings.builder().applyConnectionString(parsed)
        .applyToClusterSettings(b -> {
          if (parsed.getServerSelectionTimeout() == null) {
            b.serverSelectionTimeout(10, TimeUnit.SECONDS); // an unreachable server is said in seconds, not 30
          }
        });
    if (listener != null) {
      settings.addCommandListener(listener);
    }
    return new MongoTarget(parsed, MongoClients.create(settings.build()));
  }

  /** The URL with any password replaced by {@code ***}, whatever its scheme (a wrong one is shown in the refusal). */
  public static String withoutPassword(String url) {
    if (url == null) {
      return "";
    }
    return url.replaceFirst("^([A-Za-z][A-Za-z0-9+.-]*://[^:/@]*):[^@/]*@", "$1:***@");
  }

  /** Hosts, database and user, e.g. {@code mongodb://127.0.0.1:27017/shop as app}; never the password. */
  public String describe() {
    String user = url.getUsername() == null ? "" : " as " + url.getUsername();
    return (url.isSrvProtocol() ? "mongodb+srv://" : "mongodb://") + String.join(",", url.getHosts()) + "/"
        + (url.getDatabase() == null ? "" : url.getDatabase()) + user;
  }

  /**
   * What the server says it is, from {@code buildInfo}: {@code MongoDB 7.0.12}, or, for a server that answers as one,
   * its own name and version beside the MongoDB version it answers as (FerretDB's {@code ferretdbVersion}).
   */
  public String version() {
    BsonDocument info = command("admin", new BsonDocument("buildInfo", new BsonInt32(1)));
    String mongo = info.getString("version", new org.bson.BsonString("unknown")).getValue();
    BsonValue ferret = info.get("ferretdbVersion");
    if (ferret != null && ferret.isString()) {
      return "FerretDB " + ferret.asString().getValue() + " (answers as MongoDB " + mongo + ")";
    }
    return "MongoDB " + mongo;
  }

  /** The collection of namespace {@code db.collection}, documents as {@link BsonDocument}s. */
  public MongoCollection<BsonDocument> collection(String namespace) {
    int dot = namespace.indexOf('.');
    if (dot <= 0 || dot == namespace.length() - 1) {
      throw new UsageException("a MongoDB collection is named db.collection, got '" + namespace + "'");
    }
    return client.getDatabase(namespace.substring(0, dot)).getCollection(namespace.substring(dot + 1),
        BsonDocument.class);
  }

  /** Runs a command on a database, with the server's refusal as a one-line message. */
  public BsonDocument command(String database, BsonDocument command) {
    try {
      return client.getDatabase(database).runCommand(command, BsonDocument.class);
    } catch (MongoException e) {
      throw new UsageException("MongoDB " + describe() + ": " + command.getFirstKey() + " failed: "
          + firstLine(e.getMessage()));
    }
  }

  /** The collections of a database, sorted. */
  public List<String> collections(String database) {
    List<String> names = new ArrayList<>();
    client.getDatabase(database).listCollectionNames().into(names);
    names.sort(null);
    return names;
  }

  public static String firstLine(String message) {
    return message == null ? "" : message.lines().findFirst().orElse("");
  }

  /**
   * A server's refusal as it said it: {@code error 238 (NotImplemented): <its message>}, without the driver's wrapping
   * and the whole response; another failure (a timeout, a lost connection) by its first line.
   */
  public static String refusal(RuntimeException e) {
    if (e instanceof com.mongodb.MongoServerException server && server.getCode() > 0) {
      String message = server instanceof com.mongodb.MongoCommandException command ? command.getErrorMessage()
          : server.getMessage();
      return "error " + server.getCode() + (server.getErrorCodeName() == null ? ""
          : " (" + server.getErrorCodeName() + ")") + ": " + firstLine(message);
    }
    return firstLine(e.getMessage());
  }

  /** The connection string as given: its pool, read and write settings; never printed whole (it may hold a password). */
  ConnectionString connectionString() {
    return url;
  }

  @Override
  public void close() {
    client.close();
  }
}
