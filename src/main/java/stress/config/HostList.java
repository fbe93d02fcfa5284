package stress.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import stress.model.Ports;
import stress.model.UsageException;

/**
 * The servers given with {@code --hosts h1:p1,h2:p2,...}: several coordinators of one cluster that a run
 * spreads its workers over. A port left out is 5432, as in libpq; IPv6 addresses are written in brackets
 * ({@code [::1]:5432}). Every entry must name a different server.
 *
 * @param addresses the hosts in the order given, at least one
 */
public record HostList(List<Address> addresses) {
  private static final int DEFAULT_PORT = Ports.DEFAULT;

  /** One server: the host as written (IPv6 with its brackets) and its port. */
  public record Address(String host, int port) {
    /** {@code host:port}, as reports show it. */
    @Override
    public String toString() {
      return host + ":" + port;
    }
  }

  public HostList {
    addresses = List.copyOf(addresses);
    if (addresses.isEmpty()) {
      throw new UsageException("a host list needs at least one host");
    }
  }

  /**
   * Parses {@code text}; errors are one line naming {@code option}, the value and the rule.
   */
  public static HostList parse(String option, String text) {
    if (text == null || text.isBlank()) {
      throw new UsageException(option + " must not be empty; give host:port pairs separated by commas");
    }
    String[] entries = text.split(",", -1);
    List<Address> addresses = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < entries.length; i++) {
      String entry = entries[i].strip();
      if (entry.isEmpty()) {
        throw bad(option, text, "entry " + (i + 1) + " is empty; give host:port pairs separated by commas");
      }
      Address address = address(option, text, entry);
      if (!seen.add(address.host().toLowerCase(Locale.ROOT) + ":" + address.port())) {
        throw bad(option, text, "it names " + address + " twice; give each server once");
      }
      addresses.add(address);
    }
    return new HostList(addresses);
  }

  private static Address address(String option, String text, String entry) {
    String host;
    String portText = null;
    if (entry.startsWith("[")) {
      int close = entry.indexOf(']');
      if (close < 0) {
        throw bad(option, text, "'" + entry + "' opens an IPv6 address with [ but does not close it");
      }
      host = entry.substring(0, close + 1);
      String rest = entry.substring(close + 1);
      if (!rest.isEmpty()) {
        if (!rest.startsWith(":")) {
          throw bad(option, text, "'" + entry + "' has '" + rest + "' after the address; write [address]:port");
        }
        portText = rest.substring(1);
      }
    } else {
      int colon = entry.indexOf(':');
      if (colon >= 0 && entry.indexOf(':', colon + 1) >= 0) {
        throw bad(option, text, "'" + entry + "' looks like an IPv6 address; write it in brackets, as in [::1]:5432");
      }
      host = colon < 0 ? entry : entry.substring(0, colon);
      portText = colon < 0 ? null : entry.substring(colon + 1);
    }
    if (host.isEmpty() || host.equals("[]")) {
      throw bad(option, text, "'" + entry + "' has no host name");
    }
    if (host.startsWith("/")) {
      throw bad(option, text, "'" + entry + "' is a Unix-socket directory; pgjdbc connects over TCP only");
    }
    return new Address(host, portText == null ? DEFAULT_PORT : port(option, text, entry, portText));
  }

  private static int port(String option, String text, String entry, String portText) {
    int port = Ports.parse(portText);
    if (port < 0) {
      throw bad(option, text, "port '" + portText + "' of '" + entry + "' is not a number from 1 to 65535");
    }
    return port;
  }

  private static UsageException bad(String option, String text, String rule) {
    return new UsageException(option + " '" + text + "': " + rule);
  }

  /** The hosts as libpq's {@code -h} takes a list: {@code h1,h2}. */
  public String hostOption() {
    return String.join(",", addresses.stream().map(Address::host).toList());
  }

  /** The ports as libpq's {@code -p} takes a list, one per host: {@code p1,p2}. */
  public String portOption() {
    return String.join(",", addresses.stream().map(a -> Integer.toString(a.port())).toList());
  }

  @Override
  public String toString() {
    return String.join(",", addresses.stream().map(Address::toString).toList());
  }
}
