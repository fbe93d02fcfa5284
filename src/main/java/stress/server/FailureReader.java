package stress.server;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * How a run reads the failures of its target: which node of the cluster a failure's message names, by the name its
 * users know it by, and whether a failure left the client's session unusable although the server kept it open.
 *
 * <p>Postgres-XL names a datanode by the OID of its {@code pgxc_node} row ("Failed to sync msg to node 16386"); the
 * reader gives it as {@code node_name} (dn2). A Postgres-XL coordinator session keeps the datanode connections it got
 * from the pooler; when a datanode stops, those connections die, and the coordinator keeps using them after the
 * datanode is back: every statement of that session fails with XX000 ("Could not begin transaction on data node.")
 * while new sessions work at once. Measured on a 10r1.1 cluster (two coordinators, two datanodes), neither
 * {@code CLEAN CONNECTION TO NODE}, {@code pgxc_pool_reload()}, {@code DISCARD ALL} nor {@code ROLLBACK}, in that
 * session or another, brought such a session back; only a new session did. So on a Postgres-XL coordinator those
 * failures leave the session unusable, and the run opens a new one, as an application's pool would have to. A
 * Citus coordinator keeps serving its session after a worker failed ({@code 08006} as an ERROR), so elsewhere only a
 * session the server ended counts (see {@code connect.SessionErrors}).
 */
public final class FailureReader {
  /** A target whose sessions live on after an ERROR and whose messages name nodes as they are known. */
  public static final FailureReader PLAIN = new FailureReader(false, Map.of());

  /**
   * Postgres-XL 10r1.1 coordinator messages (execRemote.c, pgxcnode.c) about a datanode connection of the session
   * that failed: seen on a real cluster with a datanode stopped under a run and started again, every one of them
   * followed by the same failure in that session until it was replaced.
   */
  private static final List<Pattern> LOST_DATANODE_CONNECTION = List.of(
      Pattern.compile("(?i)could not begin transaction on (?:data ?nodes?|datanodes)"),
      Pattern.compile("(?i)failed to (?:sync msg|send|receive|read)\\b.*\\b(?:data ?nodes?|datanodes|node)\\b"),
      Pattern.compile("(?i)failed to send GXID"),
      Pattern.compile("(?i)remote node \\S+ is in error state"),
      Pattern.compile("(?i)unexpected EOF on datanode connection"));

  private final boolean xlCoordinator;
  private final Map<String, String> nodeNames;

  private FailureReader(boolean xlCoordinator, Map<String, String> nodeNames) {
    this.xlCoordinator = xlCoordinator;
    this.nodeNames = Map.copyOf(nodeNames);
  }

  /**
   * The reader of a Postgres-XL coordinator whose {@code pgxc_node} rows are {@code nodeNames} (OID as text to
   * {@code node_name}).
   */
  public static FailureReader xlCoordinator(Map<String, String> nodeNames) {
    return new FailureReader(true, nodeNames);
  }

  /** The reader of the target {@code connection} reaches, as {@link TargetDetector} found it. */
  public static FailureReader read(Connection connection, TargetInfo target) throws SQLException {
    if (target.kind() != TargetKind.XL_COORDINATOR) {
      return PLAIN;
    }
    Map<String, String> names = new TreeMap<>();
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery("SELECT oid, node_name FROM pg_catalog.pgxc_node")) {
      while (rs.next()) {
        names.put(rs.getString(1), rs.getString(2));
      }
    }
    if (!connection.getAutoCommit()) {
      connection.commit();
    }
    return xlCoordinator(names);
  }

  /** Postgres-XL's datanode and coordinator names by the OID its messages use; empty elsewhere. */
  public Map<String, String> nodeNames() {
    return nodeNames;
  }

  /**
   * The node of the cluster the message names: Citus {@code host:port}, a Postgres-XL node by its name (by
   * {@code node <oid>} when the OID is not in {@code pgxc_node}); null when it names none.
   */
  public String node(String message) {
    return FailedNode.of(message, nodeNames);
  }

  /**
   * True when the failure leaves the session unusable although the server did not end it: on a Postgres-XL
   * coordinator, an error (XX000, or class 08 sent as an ERROR) about one of the session's datanode connections.
   * A failure that ended the session is not judged here; the caller sees that from the driver.
   */
  public boolean leavesSessionUnusable(String sqlState, String message) {
    if (!xlCoordinator || message == null || sqlState == null
        || !(sqlState.equals("XX000") || sqlState.startsWith("08"))) {
      return false;
    }
    for (Pattern p : LOST_DATANODE_CONNECTION) {
      if (p.matcher(message).find()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return xlCoordinator ? "FailureReader[Postgres-XL coordinator, nodes " + nodeNames + "]" : "FailureReader[plain]";
  }
}
