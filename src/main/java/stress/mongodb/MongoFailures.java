package stress.mongodb;

import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoServerException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoSocketReadTimeoutException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ServerConnectionState;
import com.mongodb.connection.ServerDescription;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import stress.ops.TargetFailure;

/**
 * A failed driver call as one line and the SQLState of the same meaning ({@link TargetFailure}), so that a MongoDB
 * server that stops, freezes or refuses reads as a PostgreSQL one does: connection refused (08001), connection lost
 * (08006), timeout (57014), authentication failed (28000), else the server's own refusal ({@code error CODE (NAME)}).
 * The driver's own text ({@code Timed out while waiting for a server that matches ReadPreferenceServerSelector...})
 * names no cause: a call that found no server to send to takes the cause from the driver's view of the servers, the
 * last failure of each one's monitor. No message holds a password: the driver's names the user only.
 */
final class MongoFailures {
  /** The category and the line: {@code sqlState} null for a refusal by the server. */
  record Reason(String sqlState, String text) {}

  private MongoFailures() {}

  /**
   * Why a call failed.
   *
   * @param cluster  the driver's view of the servers when it failed, or null
   * @param timeouts the client's, named in a timeout's line
   */
  static Reason of(Throwable e, ClusterDescription cluster, MongoTimeouts timeouts) {
    if (e instanceof MongoConnectionPoolClearedException && e.getCause() != null) {
      return of(e.getCause(), cluster, timeouts); // the failure that cleared the pool says what happened
    }
    if (e instanceof MongoExecutionTimeoutException server) {
      return new Reason(TargetFailure.TIMEOUT, "timeout: the server stopped it at its time limit (maxTimeMS, from"
          + " --statement-timeout): " + MongoTarget.refusal(server));
    }
    if (e instanceof MongoSocketReadTimeoutException read) {
      return new Reason(TargetFailure.TIMEOUT, "timeout: no answer from " + read.getServerAddress() + " within "
          + MongoTimeouts.seconds(timeouts.read()) + " (the client's read timeout, " + timeouts.why() + ")");
    }
    if (e instanceof MongoSocketOpenException || (e instanceof MongoSocketException
        && cause(e, UnknownHostException.class) != null)) {
      return opening(((MongoSocketException) e).getServerAddress(), e.getCause(), timeouts);
    }
    if (e instanceof MongoSocketException socket) {
      return new Reason(TargetFailure.LOST, "connection lost: " + socket.getServerAddress() + ": " + innermost(e));
    }
    if (e instanceof MongoSecurityException login) {
      return new Reason(TargetFailure.AUTHENTICATION, "authentication failed" + (login.getCredential() == null
          || login.getCredential().getUserName() == null ? "" : " for user " + login.getCredential().getUserName())
          + connected(cluster) + ": " + (login.getCause() instanceof RuntimeException cause && cause != login
          ? MongoTarget.refusal(cause) : MongoTarget.firstLine(login.getMessage())));
    }
    if (e instanceof MongoTimeoutException timeout) {
      return noServer(timeout, cluster, timeouts);
    }
    if (e instanceof MongoServerException server) {
      return new Reason(null, MongoTarget.refusal(server));
    }
    if (e instanceof RuntimeException other) {
      return new Reason(other instanceof MongoException ? TargetFailure.LOST : null, MongoTarget.refusal(other));
    }
    return new Reason(null, String.valueOf(e));
  }

  /** {@code " on host:port"}: the servers the driver reached (a login refused names none), or empty. */
  private static String connected(ClusterDescription cluster) {
    if (cluster == null) {
      return "";
    }
    List<String> servers = cluster.getServerDescriptions().stream()
        .filter(s -> s.getState() == ServerConnectionState.CONNECTED).map(s -> s.getAddress().toString()).toList();
    return servers.isEmpty() ? "" : " on " + String.join(",", servers);
  }

  /** Connecting to {@code address} failed with {@code failure} (its cause says why). */
  private static Reason opening(ServerAddress address, Throwable failure, MongoTimeouts timeouts) {
    if (cause(failure, ConnectException.class) != null) {
      return new Reason(TargetFailure.REFUSED, "connection refused by " + address);
    }
    if (cause(failure, UnknownHostException.class) != null) {
      return new Reason(TargetFailure.REFUSED, "unknown host " + address.getHost() + " (" + address + ")");
    }
    if (cause(failure, SocketTimeoutException.class) != null) {
      return new Reason(TargetFailure.REFUSED, "timeout: " + address + " did not accept a connection within "
          + MongoTimeouts.seconds(timeouts.connect()) + " (connect timeout)");
    }
    return new Reason(TargetFailure.REFUSED, "cannot connect to " + address + ": " + (failure == null ? "no reason given"
        : innermost(failure)));
  }

  /** The first of {@code e} and its causes that is a {@code type}, or null. */
  private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }

  /**
   * No server to send the call to within the server selection timeout: the cause is each server's last failure, as
   * the driver's monitors saw it (a refused connection, a timeout, an unknown host).
   */
  private static Reason noServer(MongoTimeoutException e, ClusterDescription cluster, MongoTimeouts timeouts) {
    List<Reason> servers = new ArrayList<>();
    if (cluster != null) {
      for (ServerDescription server : cluster.getServerDescriptions()) {
        if (server.getException() != null) {
          servers.add(monitored(server.getAddress(), server.getException(), timeouts));
        }
      }
      if (servers.isEmpty() && cluster.getSrvResolutionException() != null) {
        return new Reason(TargetFailure.REFUSED, "cannot resolve the mongodb+srv host: "
            + innermost(cluster.getSrvResolutionException()));
      }
    }
    if (servers.isEmpty()) {
      return new Reason(TargetFailure.REFUSED, "timeout: no server fit to send it to within "
          + MongoTimeouts.seconds(timeouts.selection()) + " (server selection" + (cluster == null ? ""
          : ", the servers: " + String.join(", ", cluster.getServerDescriptions().stream()
          .map(d -> d.getAddress() + " " + d.getType()).toList())) + ")");
    }
    // the category of the first server's failure: a frozen server's is a timeout, a stopped one's a refusal
    String state = servers.get(0).sqlState();
    return new Reason(state, String.join("; ", servers.stream().map(Reason::text).distinct().toList()));
  }

  /** The last failure of a server's monitor, whose reads wait as long as connecting does. */
  private static Reason monitored(ServerAddress address, Throwable e, MongoTimeouts timeouts) {
    if (e instanceof MongoSocketOpenException || cause(e, UnknownHostException.class) != null) {
      return opening(address, e.getCause(), timeouts);
    }
    if (e instanceof MongoSocketReadTimeoutException) {
      return new Reason(TargetFailure.TIMEOUT, "timeout: " + address + " did not answer within "
          + MongoTimeouts.seconds(timeouts.connect()) + " (connect timeout)");
    }
    return of(e, null, timeouts);
  }

  /** The message of the deepest cause (the JDK's {@code Connection reset}, not the driver's wrapping), first line. */
  static String innermost(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String message = MongoTarget.firstLine(t.getMessage());
    return message.isEmpty() ? t.getClass().getSimpleName() : message;
  }
}
