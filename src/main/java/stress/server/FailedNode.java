package stress.server;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The node of a distributed target that an error message names, read from the text the coordinator sent: Citus
 * names a worker as {@code host:port} ("connection to the remote node postgres@w2:5432 failed with the following
 * error: ...", "connection establishment for node w2:5432 failed", and in the context of an error relayed from a
 * worker "while executing command on w2:5432"); Postgres-XL names a datanode by its OID ("Failed to receive more
 * data from data node 16385", "remote node 16385 is in error state", "failed to send COMMIT command to the node
 * 16385") or, in a few messages, by its name ("... on node dn2"). Postgres-XL's "Failed to get pooled connections"
 * (53000) names no node, and neither does a plain PostgreSQL error: both give null. Pure, for tests from real texts.
 */
public final class FailedNode {
  private FailedNode() {}

  /** The first group of each pattern is the node; the first pattern that matches wins. */
  private static final List<Pattern> PATTERNS = List.of(
      // Citus 11+ adds the user: "remote node postgres@localhost:9702"; older versions have none
      Pattern.compile("connection to the remote node (?:[^@\\s]+@)?(\\S+:\\d+) failed"),
      Pattern.compile("connection establishment for node (\\S+:\\d+) failed"),
      Pattern.compile("while executing command on (\\S+:\\d+)"),
      Pattern.compile("could not establish any connections to the node (\\S+:\\d+)"),
      // Postgres-XL: a datanode by OID
      Pattern.compile("(?i)\\bfrom (?:data ?node|node) (\\d+)\\b"),
      Pattern.compile("(?i)\\bremote node (\\d+) is in error state"),
      Pattern.compile("(?i)\\bcommand to the node (\\d+)\\b"),
      Pattern.compile("(?i)\\bto node (\\d+)\\b"),
      // Postgres-XL: a node by name, e.g. "Error while PREPARING transaction ... on node dn2."
      Pattern.compile("(?i)\\bon node \"?([A-Za-z_][\\w$]*)\"?"),
      Pattern.compile("(?i)\\bremote node \"([^\"]+)\""));

  /** Postgres-XL messages name datanodes by OID; the bare number would not say what it is. */
  private static final Pattern OID = Pattern.compile("\\d+");

  /**
   * The node the message names, as {@code host:port} (Citus), {@code node <oid>} or the node's name
   * (Postgres-XL); null when it names none.
   */
  public static String of(String message) {
    return of(message, Map.of());
  }

  /**
   * The node the message names, a Postgres-XL datanode named by OID given by its name from {@code oidNames}
   * ({@code pgxc_node}: OID to {@code node_name}), or as {@code node <oid>} when the OID is not there.
   */
  public static String of(String message, Map<String, String> oidNames) {
    // every pattern holds one of these words: most failures (a duplicate key, a timeout) are not tried further
    if (message == null || !(message.contains("node") || message.contains("executing command on"))) {
      return null;
    }
    for (Pattern pattern : PATTERNS) {
      Matcher m = pattern.matcher(message);
      if (m.find()) {
        String node = m.group(1);
        if (!OID.matcher(node).matches()) {
          return node;
        }
        String name = oidNames.get(node);
        return name != null ? name : "node " + node;
      }
    }
    return null;
  }
}
