package stress.model;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the text of a {@code mongodb://} or {@code mongodb+srv://} URL names, read as MongoDB's connection-string format
 * lays it out, for the rules of the options that take one (the driver reads it again to connect, and refuses what is
 * malformed). Holds no password.
 *
 * @param shown      scheme, hosts and path as given, without user, password and options: safe to print
 * @param database   the database of the path ({@code mongodb://h/shop}); null when the URL names none
 * @param collection what follows the database in the path ({@code mongodb://h/shop.orders}); null when nothing does
 * @param key        scheme, user, hosts (lower case, the default port written out, sorted) and options (names in lower
 *                   case, sorted), without the path: equal for two spellings of one connection, e.g. with and without
 *                   the trailing slash
 * @param hosts      each host as {@code host:port}, lower case, the default port written out, sorted; a
 *                   {@code mongodb+srv://} URL's one name as given, without a port (its servers are in DNS)
 */
public record MongoUrl(String shown, String database, String collection, String key, List<String> hosts) {
  private static final String PLAIN = "mongodb://";
  private static final String SRV = "mongodb+srv://";

  /** The URL read, or null when it has neither scheme: connecting refuses it then, with its own line. */
  public static MongoUrl read(String url) {
    String scheme = url == null ? null : url.startsWith(PLAIN) ? PLAIN : url.startsWith(SRV) ? SRV : null;
    if (scheme == null) {
      return null;
    }
    String rest = url.substring(scheme.length());
    // as the driver reads it: the authority ends at the first slash (a password holds none unencoded)
    int slash = rest.indexOf('/');
    String authority = slash < 0 ? rest : rest.substring(0, slash);
    String tail = slash < 0 ? "" : rest.substring(slash + 1);
    int question = tail.indexOf('?');
    String path = decode(question < 0 ? tail : tail.substring(0, question));
    String query = question < 0 ? "" : tail.substring(question + 1);
    int at = authority.lastIndexOf('@');
    String user = at < 0 ? "" : decode(authority.substring(0, at).split(":", 2)[0]);
    String hostList = authority.substring(at + 1);
    List<String> hosts = new ArrayList<>();
    for (String host : hostList.split(",")) {
      String h = host.toLowerCase(Locale.ROOT);
      boolean port = h.startsWith("[") ? h.contains("]:") : h.contains(":");
      hosts.add(scheme.equals(PLAIN) && !port ? h + ":27017" : h);
    }
    hosts.sort(null);
    List<String> options = new ArrayList<>();
    for (String option : query.split("[&;]")) {
      if (!option.isEmpty()) {
        int eq = option.indexOf('=');
        options.add(eq < 0 ? option.toLowerCase(Locale.ROOT)
            : option.substring(0, eq).toLowerCase(Locale.ROOT) + option.substring(eq));
      }
    }
    options.sort(null);
    int dot = path.indexOf('.');
    String database = dot < 0 ? path : path.substring(0, dot);
    String collection = dot < 0 ? "" : path.substring(dot + 1);
    return new MongoUrl(scheme + hostList + "/" + path, database.isEmpty() ? null : database,
        collection.isEmpty() ? null : collection,
        scheme + user + "@" + String.join(",", hosts) + "?" + String.join("&", options), List.copyOf(hosts));
  }

  /** Whether this is a {@code mongodb+srv://} URL, whose host is a DNS name of its servers, not one of them. */
  public boolean srv() {
    return shown.startsWith(SRV);
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text; // a broken escape: the driver says so when it connects
    }
  }
}
