package stress.server;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import stress.server.CatalogFacts.CitusNodeProbe;
import stress.server.CatalogFacts.CitusProbe;
import stress.server.CatalogFacts.GreenplumProbe;
import stress.server.CatalogFacts.XlNodeRow;
import stress.server.CatalogFacts.XlProbe;

/**
 * Decides what a server is from its {@link CatalogFacts}; no database access, so it is tested against
 * captured catalog output of real clusters. Postgres-XL is checked first, then the Greenplum family,
 * then Citus; anything else is plain PostgreSQL.
 */
public final class TargetClassifier {
  private static final Pattern CITUS_VERSION = Pattern.compile("^Citus (\\S+)");
  private static final Pattern XL_VERSION = Pattern.compile("Postgres-XL ([^\\s)]+)");

  private TargetClassifier() {}

  /**
   * Classifies the facts.
   *
   * @throws IllegalStateException when the facts contradict each other (e.g. Citus installed but its node
   *                               probe missing, or an XL node absent from its own {@code pgxc_node})
   * @throws IllegalArgumentException when the server version cannot be parsed
   */
  public static TargetInfo classify(CatalogFacts facts) {
    ServerVersion serverVersion = ServerVersion.parse(
        facts.serverVersion() != null ? facts.serverVersion() : facts.version());
    if (isXl(facts.xl())) {
      return xl(facts, serverVersion);
    }
    if (isGreenplum(facts.greenplum())) {
      return greenplum(facts, serverVersion);
    }
    if (facts.citus() != null && facts.citus().extversion() != null) {
      return citus(facts, serverVersion);
    }
    return TargetInfo.postgres(facts.version(), serverVersion);
  }

  // Postgres-XC descendants share pgxc_node and pgxc_node_name without saying "Postgres-XL" in version()
  private static boolean isXl(XlProbe probe) {
    return probe != null && (probe.versionSaysXl() || (probe.hasPgxcNode() && probe.nodeName() != null));
  }

  private static boolean isGreenplum(GreenplumProbe probe) {
    return probe != null && (probe.gpServerVersion() != null || probe.hasSegmentConfiguration());
  }

  private static TargetInfo xl(CatalogFacts facts, ServerVersion serverVersion) {
    XlProbe probe = facts.xl();
    if (!probe.hasPgxcNode() || probe.nodeName() == null) {
      throw new IllegalStateException("the server reports Postgres-XL in version() but "
          + (probe.hasPgxcNode() ? "has no pgxc_node_name setting" : "has no pg_catalog.pgxc_node table")
          + "; cannot tell a coordinator from a datanode");
    }
    List<String> coordinators = new ArrayList<>();
    List<String> datanodes = new ArrayList<>();
    String ownType = null;
    for (XlNodeRow row : facts.xlNodes()) {
      switch (row.type()) {
        case "C" -> coordinators.add(row.name());
        case "D" -> datanodes.add(row.name());
        default -> { } // other node types (e.g. GTM entries in some forks) play no part in routing
      }
      if (row.name().equals(probe.nodeName())) {
        ownType = row.type();
      }
    }
    coordinators.sort(null);
    datanodes.sort(null);
    TargetKind kind;
    if ("C".equals(ownType)) {
      kind = TargetKind.XL_COORDINATOR;
    } else if ("D".equals(ownType)) {
      kind = TargetKind.XL_DATANODE;
    } else if (ownType == null) {
      throw new IllegalStateException("Postgres-XL node '" + probe.nodeName()
          + "' (pgxc_node_name) has no row in its pgxc_node table; register it with ALTER NODE or CREATE NODE");
    } else {
      throw new IllegalStateException("Postgres-XL node '" + probe.nodeName() + "' has node type '" + ownType
          + "' in pgxc_node; expected C (coordinator) or D (datanode)");
    }
    Matcher m = XL_VERSION.matcher(facts.version());
    String productVersion = m.find() ? m.group(1) : null;
    return new TargetInfo(kind, facts.version(), serverVersion, productVersion, null,
        new XlNodes(probe.nodeName(), coordinators, datanodes), null);
  }

  private static TargetInfo greenplum(CatalogFacts facts, ServerVersion serverVersion) {
    GreenplumProbe probe = facts.greenplum();
    if (!probe.hasSegmentConfiguration()) {
      throw new IllegalStateException("the server reports gp_server_version '" + probe.gpServerVersion()
          + "' but has no pg_catalog.gp_segment_configuration; cannot count its segments");
    }
    int primaries = (int) facts.gpSegments().stream()
        .filter(s -> s.content() >= 0 && "p".equals(s.role()))
        .count();
    return new TargetInfo(TargetKind.GREENPLUM, facts.version(), serverVersion, probe.gpServerVersion(),
        null, null, new GreenplumSegments(primaries));
  }

  private static TargetInfo citus(CatalogFacts facts, ServerVersion serverVersion) {
    CitusProbe probe = facts.citus();
    CitusNodeProbe node = facts.citusNode();
    if (node == null) {
      throw new IllegalStateException("the citus extension " + probe.extversion()
          + " is installed but its node probe (citus_is_coordinator, pg_dist_local_group) was not read");
    }
    String productVersion = probe.extversion();
    if (node.citusVersion() != null) {
      Matcher m = CITUS_VERSION.matcher(node.citusVersion());
      if (m.find()) {
        productVersion = m.group(1);
      }
    }
    TargetKind kind = node.isCoordinator() ? TargetKind.CITUS_COORDINATOR : TargetKind.CITUS_WORKER;
    CitusNode details = new CitusNode(Math.toIntExact(node.activePrimaryWorkers()),
        shardCount(probe.shardCountSetting()));
    return new TargetInfo(kind, facts.version(), serverVersion, productVersion, details, null, null);
  }

  private static Integer shardCount(String setting) {
    if (setting == null || setting.isBlank()) {
      return null;
    }
    try {
      return Integer.valueOf(setting.strip());
    } catch (NumberFormatException e) {
      throw new IllegalStateException("citus.shard_count is '" + setting + "', not a whole number", e);
    }
  }
}
