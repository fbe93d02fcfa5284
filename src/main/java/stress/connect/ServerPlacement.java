package stress.connect;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.List;

/**
 * Whether a server runs on the client's own host, where the two share the CPUs: its address is a loopback address
 * or one of this host's interfaces.
 */
public final class ServerPlacement {
  private ServerPlacement() {}

  /**
   * Whether any of these servers ({@code host:port}, IPv6 literals in brackets as in a JDBC URL) has an address of
   * this host. A name that does not resolve counts as elsewhere: the run will say so when it connects.
   */
  public static boolean anyOnThisHost(List<String> servers) {
    for (String server : servers) {
      if (onThisHost(hostOf(server))) {
        return true;
      }
    }
    return false;
  }

  /** The host part of {@code host:port}, {@code [v6]:port} or a bare host. */
  static String hostOf(String server) {
    if (server.startsWith("[")) {
      int close = server.indexOf(']');
      return close > 0 ? server.substring(1, close) : server;
    }
    int colon = server.lastIndexOf(':');
    return colon > 0 && server.indexOf(':') == colon ? server.substring(0, colon) : server;
  }

  static boolean onThisHost(String host) {
    try {
      for (InetAddress address : InetAddress.getAllByName(host)) {
        if (address.isLoopbackAddress() || address.isAnyLocalAddress()
            || NetworkInterface.getByInetAddress(address) != null) {
          return true;
        }
      }
      return false;
    } catch (IOException | SecurityException e) {
      return false;
    }
  }
}
