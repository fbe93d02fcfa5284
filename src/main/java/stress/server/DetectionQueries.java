package stress.server;

/**
 * The SQL that {@link TargetDetector} sends. None of it can fail on a plain PostgreSQL of the version it
 * is sent to: Citus and Postgres-XL objects are only named inside {@code to_regclass} or a catalog lookup,
 * and settings are read with {@code current_setting(name, true)} (9.6 and later) or from {@code pg_settings}.
 * The only statement that references product objects directly, {@link #CITUS_NODE}, is sent only after
 * {@link #CITUS_PROBE} found the extension.
 */
final class DetectionQueries {
  private DetectionQueries() {}

  static final String VERSION = "SELECT version() AS version, current_setting('server_version') AS server_version";

  /** Query A: is the citus extension installed here? */
  static final String CITUS_PROBE = """
      SELECT e.extversion AS citus_extversion,
             to_regclass('pg_catalog.pg_dist_node') IS NOT NULL AS has_pg_dist_node,
             to_regclass('pg_catalog.pg_dist_local_group') IS NOT NULL AS has_pg_dist_local_group,
             current_setting('citus.shard_count', true) AS citus_shard_count_guc,
             (SELECT setting FROM pg_catalog.pg_settings WHERE name = 'shared_preload_libraries')
               AS shared_preload_libraries
      FROM (SELECT 1) AS one
      LEFT JOIN pg_catalog.pg_extension e ON e.extname = 'citus'""";

  /** Query B: coordinator or worker; only valid when Query A found the extension. */
  static final String CITUS_NODE = """
      SELECT pg_catalog.citus_is_coordinator() AS is_coordinator,
             (SELECT groupid FROM pg_catalog.pg_dist_local_group) AS local_groupid,
             (SELECT count(*) FROM pg_catalog.pg_dist_node
               WHERE groupid <> 0 AND noderole = 'primary' AND isactive) AS active_primary_workers,
             pg_catalog.citus_version() AS citus_version""";

  /** The portable Postgres-XL probe. */
  static final String XL_PROBE = """
      SELECT version() LIKE '%Postgres-XL%'                 AS is_postgres_xl,
             current_setting('pgxc_node_name', true)        AS xl_node_name,
             to_regclass('pg_catalog.pgxc_node') IS NOT NULL AS has_pgxc_node""";

  /** The cluster's nodes; only sent when the XL probe found {@code pgxc_node}. */
  static final String XL_NODES = "SELECT node_name, node_type FROM pg_catalog.pgxc_node ORDER BY node_type, node_name";

  static final String GREENPLUM_PROBE = """
      SELECT current_setting('gp_server_version', true) AS gp_server_version,
             current_setting('gp_server_version_num', true) AS gp_server_version_num,
             to_regclass('pg_catalog.gp_segment_configuration') IS NOT NULL AS has_gp_segment_configuration""";

  /** Only sent when the Greenplum probe found the table. */
  static final String GREENPLUM_SEGMENTS = "SELECT content, role FROM pg_catalog.gp_segment_configuration";

  // Servers older than 9.6 (Postgres-XL 9.5, Greenplum 6 on 9.4, Greenplum 5 on 8.3) have neither
  // current_setting(name, true) nor, before 9.4, to_regclass; these forms read the same facts from
  // pg_settings and pg_class instead.

  static final String CITUS_PROBE_LEGACY = """
      SELECT e.extversion AS citus_extversion,
             %s AS has_pg_dist_node,
             %s AS has_pg_dist_local_group,
             %s AS citus_shard_count_guc,
             (SELECT setting FROM pg_catalog.pg_settings WHERE name = 'shared_preload_libraries')
               AS shared_preload_libraries
      FROM (SELECT 1) AS one
      LEFT JOIN pg_catalog.pg_extension e ON e.extname = 'citus'"""
      .formatted(catalogTableExists("pg_dist_node"), catalogTableExists("pg_dist_local_group"),
          settingOrNull("citus.shard_count"));

  static final String XL_PROBE_LEGACY = """
      SELECT version() LIKE '%%Postgres-XL%%' AS is_postgres_xl,
             %s AS xl_node_name,
             %s AS has_pgxc_node"""
      .formatted(settingOrNull("pgxc_node_name"), catalogTableExists("pgxc_node"));

  static final String GREENPLUM_PROBE_LEGACY = """
      SELECT %s AS gp_server_version,
             %s AS gp_server_version_num,
             %s AS has_gp_segment_configuration"""
      .formatted(settingOrNull("gp_server_version"), settingOrNull("gp_server_version_num"),
          catalogTableExists("gp_segment_configuration"));

  private static String catalogTableExists(String table) {
    return "EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
        + " WHERE n.nspname = 'pg_catalog' AND c.relname = '" + table + "')";
  }

  private static String settingOrNull(String name) {
    return "(SELECT setting FROM pg_catalog.pg_settings WHERE name = '" + name + "')";
  }
}
