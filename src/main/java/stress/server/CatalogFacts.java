package stress.server;

import java.util.List;
import java.util.Objects;

/**
 * The raw answers of the detection queries, before any interpretation. {@link TargetDetector} fills it
 * from a live connection and tests fill it from captured psql output; {@link TargetClassifier} turns it
 * into a {@link TargetInfo}. A probe that was not run (because an earlier answer made it pointless or
 * the server is too old for it) is null or, for lists, empty.
 *
 * @param version       {@code SELECT version()}
 * @param serverVersion {@code current_setting('server_version')}, or null to parse {@code version} instead
 * @param citus         the Citus extension probe (Query A), or null when not run
 * @param citusNode     the Citus node probe (Query B), only run when the extension is installed
 * @param xl            the Postgres-XL probe, or null when not run
 * @param xlNodes       the rows of {@code pgxc_node}, only read on Postgres-XL
 * @param greenplum     the Greenplum probe, or null when not run
 * @param gpSegments    the rows of {@code gp_segment_configuration}, only read on Greenplum
 */
public record CatalogFacts(String version, String serverVersion, CitusProbe citus, CitusNodeProbe citusNode,
                           XlProbe xl, List<XlNodeRow> xlNodes, GreenplumProbe greenplum,
                           List<GpSegmentRow> gpSegments) {

  public CatalogFacts {
    Objects.requireNonNull(version, "version");
    xlNodes = xlNodes == null ? List.of() : List.copyOf(xlNodes);
    gpSegments = gpSegments == null ? List.of() : List.copyOf(gpSegments);
  }

  /**
   * Query A of the Citus detection: safe on any PostgreSQL 9.6 or later.
   *
   * @param extversion             {@code pg_extension.extversion} of citus, null when not installed here
   * @param hasPgDistNode          {@code pg_catalog.pg_dist_node} exists
   * @param hasPgDistLocalGroup    {@code pg_catalog.pg_dist_local_group} exists
   * @param shardCountSetting      {@code citus.shard_count}, null when the setting does not exist
   * @param sharedPreloadLibraries {@code shared_preload_libraries}, null when this user may not read it (read through
   *                               pg_settings, which hides it from non-superusers instead of failing as current_setting does)
   */
  public record CitusProbe(String extversion, boolean hasPgDistNode, boolean hasPgDistLocalGroup,
                           String shardCountSetting, String sharedPreloadLibraries) {}

  /**
   * Query B of the Citus detection, only valid when the extension is installed.
   *
   * @param isCoordinator        {@code citus_is_coordinator()}
   * @param localGroupId         {@code pg_dist_local_group.groupid} (0 on the coordinator), null when empty
   * @param activePrimaryWorkers active primary nodes in {@code pg_dist_node} outside group 0
   * @param citusVersion         {@code citus_version()}, e.g. {@code Citus 13.2.2 on x86_64-pc-linux-gnu, ...}
   */
  public record CitusNodeProbe(boolean isCoordinator, Integer localGroupId, long activePrimaryWorkers,
                               String citusVersion) {}

  /**
   * The portable Postgres-XL probe.
   *
   * @param versionSaysXl {@code version() LIKE '%Postgres-XL%'}
   * @param nodeName      {@code pgxc_node_name}, null when the setting does not exist
   * @param hasPgxcNode   {@code pg_catalog.pgxc_node} exists
   */
  public record XlProbe(boolean versionSaysXl, String nodeName, boolean hasPgxcNode) {}

  /**
   * One row of {@code pgxc_node}.
   *
   * @param name node name
   * @param type node type: C for coordinator, D for datanode
   */
  public record XlNodeRow(String name, String type) {}

  /**
   * The Greenplum-family probe. The word "Greenplum" in {@code version()} is not used: forks such as
   * Cloudberry name themselves there, while these settings and the catalog are shared by all of them.
   *
   * @param gpServerVersion            {@code gp_server_version}, e.g. {@code 7.0.0 build dev}; null when absent
   * @param gpServerVersionNum         {@code gp_server_version_num}, e.g. {@code 70000}; null when absent
   * @param hasSegmentConfiguration    {@code pg_catalog.gp_segment_configuration} exists
   */
  public record GreenplumProbe(String gpServerVersion, String gpServerVersionNum, boolean hasSegmentConfiguration) {}

  /**
   * One row of {@code gp_segment_configuration}.
   *
   * @param content segment content id; -1 is the coordinator
   * @param role    current role: p primary, m mirror
   */
  public record GpSegmentRow(int content, String role) {}
}
