package stress.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoException;
import com.mongodb.MongoInterruptedException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ServerConnectionState;
import com.mongodb.connection.ServerDescription;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * The first contact with a MongoDB server, for every command that uses one: waits for the driver's monitor to reach a
 * server, then asks it what it is ({@code buildInfo}, and FerretDB 2's {@code serverStatus}). A server that cannot be
 * used is one line naming it and the cause, as an unreachable PostgreSQL is: {@code --against mongodb://127.0.0.1:1/:
 * connection refused by 127.0.0.1:1}. The monitor tries each server at once, so a refused port or an unknown host is
 * known within milliseconds, where a first call would wait the whole server selection timeout for a server that may
 * still come.
 */
final class FirstContact {
  /** How often the driver's view of the servers is looked at while its monitor connects. */
  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
  /** MongoDB's port when a URL names none. */
  static final int DEFAULT_PORT = 27017;

  private FirstContact() {}

  /**
   * What the server is ({@link MongoTarget#identity()}), once it answered; else {@link MongoTarget.Unreachable}.
   * FerretDB 2 is asked {@code serverStatus} too, where it names its DocumentDB and PostgreSQL; its refusal leaves
   * them unnamed, with the reason, and is no reason not to use the server.
   */
  static ServerIdentity identity(String option, ConnectionString url, MongoClient client, MongoTimeouts timeouts) {
    ClusterDescription cluster = monitored(client, timeouts);
    if (cluster != null) {
      throw unreachable(option, url, new MongoTimeoutException("no server answered"), cluster, timeouts);
    }
    BsonDocument buildInfo;
    try {
      buildInfo = admin(client, new BsonDocument("buildInfo", new BsonInt32(1)));
    } catch (MongoInterruptedException e) {
      throw e;
    } catch (MongoException e) {
      throw unreachable(option, url, e, client.getClusterDescription(), timeouts);
    }
    if (!ServerIdentity.isLayer(buildInfo)) {
      return ServerIdentity.of(buildInfo);
    }
    try {
      return ServerIdentity.of(buildInfo, admin(client, new BsonDocument("serverStatus", new BsonInt32(1))), null);
    } catch (MongoInterruptedException e) {
      throw e;
    } catch (MongoException e) {
      return ServerIdentity.of(buildInfo, null, "serverStatus failed: " + MongoTarget.refusal(e));
    }
  }

  private static BsonDocument admin(MongoClient client, BsonDocument command) {
    return client.getDatabase("admin").runCommand(command, BsonDocument.class);
  }

  /**
   * Waits until the driver's monitor reached a server, or failed to reach every one; at most the connect timeout and
   * a second (the monitor's own connect and first read are bounded by it). Returns the driver's view of the servers
   * when none could be reached, else null (reached, or still undecided: the first call decides).
   */
  static ClusterDescription monitored(MongoClient client, MongoTimeouts timeouts) {
    long deadline = System.nanoTime() + timeouts.connect().plus(Duration.ofSeconds(1)).toNanos();
    while (System.nanoTime() - deadline < 0 && !Thread.currentThread().isInterrupted()) {
      ClusterDescription cluster = client.getClusterDescription();
      List<ServerDescription> servers = cluster.getServerDescriptions();
      if (servers.stream().anyMatch(s -> s.getState() == ServerConnectionState.CONNECTED)) {
        return null;
      }
      if ((!servers.isEmpty() && servers.stream().allMatch(s -> s.getException() != null))
          || (servers.isEmpty() && cluster.getSrvResolutionException() != null)) {
        return cluster;
      }
      LockSupport.parkNanos(POLL_NANOS);
    }
    return null;
  }

  private static MongoTarget.Unreachable unreachable(String option, ConnectionString url, MongoException e,
                                                     ClusterDescription cluster, MongoTimeouts timeouts) {
    MongoFailures.Reason reason = MongoFailures.of(e, cluster, timeouts);
    String text = reason.sqlState() == null ? "the server refused buildInfo: " + reason.text() : reason.text();
    return new MongoTarget.Unreachable(option + " " + MongoTarget.withoutPassword(url.getConnectionString()) + ": "
        + text + portNote(url), e);
  }

  /** The URL's hosts as the driver uses them, {@code host:port}. */
  static List<String> hosts(ConnectionString url) {
    return url.getHosts().stream().map(h -> hasPort(h) ? h : h + ":" + DEFAULT_PORT).toList();
  }

  /** Said when a host of a {@code mongodb://} URL has no port: the driver used MongoDB's default. */
  static String portNote(ConnectionString url) {
    if (url.isSrvProtocol() || url.getHosts().stream().allMatch(FirstContact::hasPort)) {
      return "";
    }
    return " (the URL gives no port: MongoDB's default " + DEFAULT_PORT + " was used)";
  }

  /** {@code host:27017}, {@code [::1]:27017}: a port after the host, the brackets of an IPv6 address aside. */
  private static boolean hasPort(String host) {
    int bracket = host.lastIndexOf(']');
    return host.indexOf(':', bracket + 1) >= 0;
  }
}
