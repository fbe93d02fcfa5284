package stress.server.settings;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Server-level settings that shape the results, read from {@code pg_settings} for the report header. They
 * are shown, never toggled: a run cannot change them, and each phase's own --set values are read back
 * separately. Names a target does not have are simply absent.
 */
public final class ServerSettings {
  /** Plain PostgreSQL first, then Postgres-XL, Citus and Greenplum settings; order is the report's order. */
  public static final List<String> NAMES = List.of(
      "max_connections", "shared_buffers", "synchronous_commit", "fsync", "plan_cache_mode",
      "default_toast_compression", "max_prepared_transactions",
      "max_pool_size", "gtm_host", "gtm_port", "pooler_port", "persistent_datanode_connections",
      "global_snapshot_source", "enable_fast_query_shipping",
      "citus.shard_count", "citus.shard_replication_factor", "citus.max_adaptive_executor_pool_size",
      "citus.max_shared_pool_size", "citus.multi_shard_modify_mode", "citus.enable_fast_path_router_planner",
      "optimizer", "gp_enable_direct_dispatch");

  private ServerSettings() {}

  /** The settings this server has, in report order, with units as pg_settings gives them (e.g. 8kB). */
  public static Map<String, String> read(Connection connection) throws SQLException {
    Map<String, String> found = new LinkedHashMap<>();
    try (PreparedStatement ps = connection.prepareStatement(
        "SELECT name, setting, unit FROM pg_catalog.pg_settings WHERE name = ANY (?)")) {
      Array names = connection.createArrayOf("text", NAMES.toArray());
      ps.setArray(1, names);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String unit = rs.getString(3);
          found.put(rs.getString(1), rs.getString(2) + (unit == null ? "" : " (unit " + unit + ")"));
        }
      }
    }
    Map<String, String> ordered = new LinkedHashMap<>();
    for (String name : NAMES) {
      if (found.containsKey(name)) {
        ordered.put(name, found.get(name));
      }
    }
    return ordered;
  }
}
