package stress.connect;

import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * pgjdbc says only "The connection attempt failed." when a host name does not resolve; the cause, an
 * {@link UnknownHostException}, holds the name. This turns it into a line naming the host and port of the URL.
 */
final class UnresolvedHost {
  private UnresolvedHost() {}

  /** The failure said again with the host and port, SQLState and cause kept; empty unless a host did not resolve. */
  static Optional<SQLException> describe(SQLException e, ConnectionSpec spec) {
    UnknownHostException unknown = null;
    for (Throwable t = e; t != null && unknown == null; t = t.getCause()) {
      if (t instanceof UnknownHostException u) {
        unknown = u;
      }
    }
    if (unknown == null) {
      return Optional.empty();
    }
    String name = unknown.getMessage() == null ? "" : unknown.getMessage().strip();
    List<String> servers = spec.servers();
    // the exception's message starts with the host name (the JDK may add the resolver's reason after a colon)
    List<String> named = servers.stream().filter(s -> !name.isEmpty() && name.startsWith(host(s))).toList();
    List<String> shown = named.isEmpty() ? servers : named.subList(0, 1);
    String which = shown.size() == 1 ? "the host name " + host(shown.get(0)) + " (port " + port(shown.get(0)) + ")"
        : "a host name of " + String.join(", ", shown);
    return Optional.of(new SQLException(which + " could not be resolved: check the host given with -h, PGHOST or the"
        + " --url, or give the server's IP address", e.getSQLState(), e.getErrorCode(), e));
  }

  private static String host(String server) {
    return server.substring(0, server.lastIndexOf(':'));
  }

  private static String port(String server) {
    return server.substring(server.lastIndexOf(':') + 1);
  }
}
