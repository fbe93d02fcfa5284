package stress.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.MongoServerException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.event.CommandListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.model.UsageException;

/**
 * A MongoDB server reached through the driver from a {@code mongodb://} or {@code mongodb+srv://} URL (its pool, TLS
 * and read settings as the URL gives them). The password the URL may hold is never printed or kept: {@link #describe}
 * names hosts, database and user only. What the server is ({@code buildInfo}) is read once, at the first contact, so
 * that nothing after it (a run's header, its comparison) needs the server to answer again.
 */
public final class MongoTarget implements AutoCloseable {
  /** How long {@link #close} waits for the driver to end its server sessions. */
  private static final long CLOSE_WAIT_MILLIS = 2_000;

  private final ConnectionString url;
  private final MongoClient client;
  private final CommandListener listener;
  private final MongoTimeouts timeouts;
  private final ServerIdentity identity;
  /** The topology ({@link MongoHeader#topology}), read at the first contact with the version. */
  private String topology;
  /** Whether the driver's retryable reads and writes are on where the URL does not say. */
  private final boolean retries;

  private MongoTarget(ConnectionString url, MongoClient client, CommandListener listener, MongoTimeouts timeouts,
                      ServerIdentity identity, boolean retries) {
    this.url = url;
    this.client = client;
    this.listener = listener;
    this.timeouts = timeouts;
    this.identity = identity;
    this.retries = retries;
  }

  /** The server cannot be used: one line naming it and the cause (connection refused, timeout, a login refused). */
  public static final class Unreachable extends RuntimeException {
    Unreachable(String line, Throwable cause) {
      super(line, cause);
    }
  }

  /** As {@link #connect(String, String, CommandListener, MongoTimeouts)} with {@link MongoTimeouts#DEFAULT}. */
  public static MongoTarget connect(String option, String url, CommandListener listener) {
    return connect(option, url, listener, MongoTimeouts.DEFAULT);
  }

  /**
   * Connects to the server of {@code url} and asks it what it is; a server that cannot be reached, or refuses the
   * login, is {@link Unreachable} with one line (a URL refused by its syntax is a usage error).
   *
   * @param option    the option that gave the URL, for messages
   * @param listener  told of every command the driver sends, or null
   */
  public static MongoTarget connect(String option, String url, CommandListener listener, MongoTimeouts timeouts) {
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
    MongoTimeouts effective = effective(parsed, timeouts);
    MongoClient client = MongoClients.create(settings(parsed, listener, effective, true));
    try {
      MongoTarget target = new MongoTarget(parsed, client, listener, effective, FirstContact.identity(option, parsed,
          client, effective), true);
      target.topology = MongoHeader.topology(target);
      return target;
    } catch (RuntimeException | Error e) {
      client.close();
      throw e;
    }
  }

  /**
   * The same server through a client of its own for a run, its monitor connected, without asking the server again
   * (what it is was read by this one): the run's timeouts, and the driver's retryable reads and writes off unless the
   * URL turns them on, so that a call that fails is counted once, when it fails, as on PostgreSQL (a read retried after
   * its read timeout took twice that timeout, hidden in one execution's latency).
   */
  public MongoTarget forRun(MongoTimeouts run) {
    MongoTimeouts effective = effective(url, run);
    MongoTarget forRun = new MongoTarget(url, MongoClients.create(settings(url, listener, effective, false)), listener,
        effective, identity, false);
    forRun.topology = topology;
    // before the first phase: its calls wait at most the short server selection, which a monitor still connecting
    // would fail; a server gone by now fails them, counted
    FirstContact.monitored(forRun.client, effective);
    return forRun;
  }

  /** The timeouts the driver was given (the URL's own where it sets them). */
  public MongoTimeouts timeouts() {
    return timeouts;
  }

  /**
   * What the driver does about a server that fails, for a run's header: e.g. {@code timeouts connect 10 s, read 31 s
   * (--statement-timeout + 1 s); retryable reads off, writes off}.
   */
  public String failureSettings() {
    return "timeouts " + timeouts.describe() + "; retryable reads " + (retries(url.getRetryReads()) ? "on" : "off")
        + ", writes " + (retries(url.getRetryWritesValue()) ? "on" : "off");
  }

  /** Whether the driver retries, by the URL's setting, else this client's default. */
  private boolean retries(Boolean fromUrl) {
    return fromUrl != null ? fromUrl : retries;
  }

  /** A failed driver call as a run counts it: the SQLState of the same meaning and a one-line reason. */
  public stress.ops.TargetFailure failure(RuntimeException e) {
    MongoFailures.Reason reason = MongoFailures.of(e, client.getClusterDescription(), timeouts);
    return new stress.ops.TargetFailure(reason.text(), reason.sqlState(), e);
  }

  /** @param retries whether the driver's retryable reads and writes are on where the URL does not say */
  private static MongoClientSettings settings(ConnectionString parsed, CommandListener listener,
                                              MongoTimeouts timeouts, boolean retries) {
    int connect = (int) timeouts.connect().toMillis();
    MongoClientSettings.Builder settings = MongoClientSettings.builder().applyConnectionString(parsed)
        // not the driver's 30 s of waiting per call for a server that is down
        .applyToClusterSettings(b -> b.serverSelectionTimeout(timeouts.selection().toMillis(), TimeUnit.MILLISECONDS))
        .applyToSocketSettings(b -> {
          b.connectTimeout(connect, TimeUnit.MILLISECONDS);
          b.readTimeout((int) timeouts.read().toMillis(), TimeUnit.MILLISECONDS);
        });
    if (parsed.getRetryReads() == null) {
      settings.retryReads(retries);
    }
    if (parsed.getRetryWritesValue() == null) {
      settings.retryWrites(retries);
    }
    if (listener != null) {
      settings.addCommandListener(listener);
    }
    return settings.build();
  }

  /** {@code timeouts} with the URL's own {@code connectTimeoutMS}, {@code socketTimeoutMS} and server selection. */
  private static MongoTimeouts effective(ConnectionString url, MongoTimeouts timeouts) {
    return timeouts.withUrl(url.getConnectTimeout(), url.getSocketTimeout(), url.getServerSelectionTimeout());
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
    return describe(url);
  }

  static String describe(ConnectionString url) {
    String user = url.getUsername() == null ? "" : " as " + url.getUsername();
    return (url.isSrvProtocol() ? "mongodb+srv://" : "mongodb://") + String.join(",", url.getHosts()) + "/"
        + (url.getDatabase() == null ? "" : url.getDatabase()) + user;
  }

  /**
   * What the server said it is at the first contact, in one phrase ({@link ServerIdentity#text}): {@code MongoDB
   * 7.0.12}, or a server that answers as MongoDB named as itself, with what it runs on where it says so.
   */
  public String version() {
    return identity.text();
  }

  /** What the server said it is at the first contact. */
  public ServerIdentity identity() {
    return identity;
  }

  /** What the server said it is at the first contact: standalone, a replica set, a sharded cluster and its shards. */
  public String topology() {
    return topology;
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

  /**
   * Runs a command on a database, with the server's refusal as a one-line message; a server that cannot be reached is
   * {@link Unreachable}.
   */
  public BsonDocument command(String database, BsonDocument command) {
    try {
      return client.getDatabase(database).runCommand(command, BsonDocument.class);
    } catch (MongoServerException e) {
      throw new UsageException("MongoDB " + describe() + ": " + command.getFirstKey() + " failed: " + refusal(e));
    } catch (MongoException e) {
      throw new Unreachable("MongoDB " + describe() + ": " + command.getFirstKey() + " failed: "
          + MongoFailures.of(e, client.getClusterDescription(), timeouts).text(), e);
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
    // the driver's close first ends the server sessions it pooled (endSessions), which a frozen server holds as long
    // as a read may wait (for ever without a read timeout): past a short wait a daemon thread finishes it alone
    Thread closing = new Thread(client::close, "stress-mongodb-close");
    closing.setDaemon(true);
    closing.start();
    try {
      closing.join(CLOSE_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
