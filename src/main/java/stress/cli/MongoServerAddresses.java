package stress.cli;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import stress.model.MongoUrl;

/**
 * Whether two {@code --against} URLs name one server before anything is connected to: a host of one and a host of the
 * other at the same address and port once their names are resolved ({@code 127.0.0.1} and {@code localhost}, a name
 * and its address), or the same {@code mongodb+srv://} name. Users, passwords, options and the database make no
 * difference: they change the connection, not the server measured. What only the server can tell (two addresses of
 * one machine, a proxy in front of it) is asked once connected ({@code mongodb.ServerProcess}).
 */
final class MongoServerAddresses {
  /** A host name's addresses. */
  interface Resolver {
    List<InetAddress> addresses(String host) throws UnknownHostException;
  }

  /** The system's resolver: {@code /etc/hosts}, then DNS. */
  static final Resolver SYSTEM = host -> List.of(InetAddress.getAllByName(host));

  private final Resolver resolver;

  MongoServerAddresses(Resolver resolver) {
    this.resolver = resolver;
  }

  /** What both URLs reach, e.g. {@code 127.0.0.1:27017}; null when they share no host. */
  String shared(MongoUrl a, MongoUrl b) {
    if (a.srv() || b.srv()) { // an SRV name lists its servers in DNS records of its own: compared as written
      return a.srv() && b.srv() && a.hosts().equals(b.hosts()) ? a.hosts().get(0) : null;
    }
    Set<String> first = reached(a);
    return reached(b).stream().filter(first::contains).findFirst().orElse(null);
  }

  /** Each host as written and at each of its addresses, {@code address:port}. */
  private Set<String> reached(MongoUrl url) {
    Set<String> reached = new LinkedHashSet<>();
    for (String host : url.hosts()) {
      int colon = host.lastIndexOf(':');
      String name = host.substring(0, colon);
      String port = host.substring(colon + 1);
      try {
        for (InetAddress address : resolver.addresses(name.replaceAll("^\\[|\\]$", ""))) {
          String text = address.getHostAddress().replaceFirst("%.*$", "");
          reached.add((address instanceof Inet6Address ? "[" + text + "]" : text) + ":" + port);
        }
      } catch (UnknownHostException e) {
        // connecting names a host that does not resolve, with its own line
      }
      reached.add(host);
    }
    return reached;
  }
}
