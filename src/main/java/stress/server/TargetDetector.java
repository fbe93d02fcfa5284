package stress.server;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import stress.server.CatalogFacts.CitusNodeProbe;
import stress.server.CatalogFacts.CitusProbe;
import stress.server.CatalogFacts.GpSegmentRow;
import stress.server.CatalogFacts.GreenplumProbe;
import stress.server.CatalogFacts.XlNodeRow;
import stress.server.CatalogFacts.XlProbe;

/**
 * Finds out what a connection reached by reading the catalog ({@link DetectionQueries}), then hands the
 * facts to {@link TargetClassifier}. Only reads; it neither commits nor rolls back the caller's work.
 */
public final class TargetDetector {
  private TargetDetector() {}

  /**
   * Detects the target behind the connection.
   *
   * @throws SQLException when a detection query fails; the message says which probe and why
   */
  public static TargetInfo detect(Connection connection) throws SQLException {
    return TargetClassifier.classify(readFacts(connection));
  }

  /** Runs the detection queries and returns their raw answers. */
  public static CatalogFacts readFacts(Connection connection) throws SQLException {
    String[] version = versionRow(connection);
    ServerVersion serverVersion = ServerVersion.parse(version[1]);
    return readFacts(connection, version, !serverVersion.isAtLeast(9, 6), serverVersion.isAtLeast(9, 1));
  }

  /** The same, with the query forms chosen by the caller so tests can run the pre-9.6 forms too. */
  static CatalogFacts readFacts(Connection connection, boolean legacyForms) throws SQLException {
    return readFacts(connection, versionRow(connection), legacyForms, true);
  }

  private static CatalogFacts readFacts(Connection connection, String[] version, boolean legacyForms,
                                        boolean hasExtensions) throws SQLException {
    try (Statement st = connection.createStatement()) {
      XlProbe xl = xlProbe(st, legacyForms);
      List<XlNodeRow> xlNodes = xl.hasPgxcNode() ? xlNodes(st) : List.of();

      GreenplumProbe gp = greenplumProbe(st, legacyForms);
      List<GpSegmentRow> segments = gp.hasSegmentConfiguration() ? segments(st) : List.of();

      // pg_extension appeared in 9.1; older servers cannot carry Citus
      CitusProbe citus = hasExtensions ? citusProbe(st, legacyForms) : null;
      CitusNodeProbe citusNode = citus != null && citus.extversion() != null
          ? citusNode(connection, citus.extversion()) : null;

      return new CatalogFacts(version[0], version[1], citus, citusNode, xl, xlNodes, gp, segments);
    }
  }

  private static String[] versionRow(Connection connection) throws SQLException {
    try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(DetectionQueries.VERSION)) {
      rs.next();
      return new String[] {rs.getString("version"), rs.getString("server_version")};
    }
  }

  private static XlProbe xlProbe(Statement st, boolean legacy) throws SQLException {
    try (ResultSet rs = st.executeQuery(legacy ? DetectionQueries.XL_PROBE_LEGACY : DetectionQueries.XL_PROBE)) {
      rs.next();
      return new XlProbe(rs.getBoolean("is_postgres_xl"), rs.getString("xl_node_name"), rs.getBoolean("has_pgxc_node"));
    }
  }

  private static List<XlNodeRow> xlNodes(Statement st) throws SQLException {
    List<XlNodeRow> rows = new ArrayList<>();
    try (ResultSet rs = st.executeQuery(DetectionQueries.XL_NODES)) {
      while (rs.next()) {
        rows.add(new XlNodeRow(rs.getString("node_name"), rs.getString("node_type")));
      }
    }
    return rows;
  }

  private static GreenplumProbe greenplumProbe(Statement st, boolean legacy) throws SQLException {
    String sql = legacy ? DetectionQueries.GREENPLUM_PROBE_LEGACY : DetectionQueries.GREENPLUM_PROBE;
    try (ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return new GreenplumProbe(rs.getString("gp_server_version"), rs.getString("gp_server_version_num"),
          rs.getBoolean("has_gp_segment_configuration"));
    }
  }

  private static List<GpSegmentRow> segments(Statement st) throws SQLException {
    List<GpSegmentRow> rows = new ArrayList<>();
    try (ResultSet rs = st.executeQuery(DetectionQueries.GREENPLUM_SEGMENTS)) {
      while (rs.next()) {
        rows.add(new GpSegmentRow(rs.getInt("content"), rs.getString("role")));
      }
    }
    return rows;
  }

  private static CitusProbe citusProbe(Statement st, boolean legacy) throws SQLException {
    try (ResultSet rs = st.executeQuery(legacy ? DetectionQueries.CITUS_PROBE_LEGACY : DetectionQueries.CITUS_PROBE)) {
      rs.next();
      return new CitusProbe(rs.getString("citus_extversion"), rs.getBoolean("has_pg_dist_node"),
          rs.getBoolean("has_pg_dist_local_group"), rs.getString("citus_shard_count_guc"),
          rs.getString("shared_preload_libraries"));
    }
  }

  /**
   * Query B names Citus functions, so it can still fail where the extension is installed but not loaded
   * or too old to have {@code citus_is_coordinator()}. Inside a transaction it runs under a savepoint so
   * the failure does not poison the caller's transaction.
   */
  static CitusNodeProbe citusNode(Connection connection, String extversion) throws SQLException {
    Savepoint savepoint = connection.getAutoCommit() ? null : connection.setSavepoint();
    try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(DetectionQueries.CITUS_NODE)) {
      rs.next();
      int groupId = rs.getInt("local_groupid");
      Integer localGroupId = rs.wasNull() ? null : groupId;
      CitusNodeProbe probe = new CitusNodeProbe(rs.getBoolean("is_coordinator"), localGroupId,
          rs.getLong("active_primary_workers"), rs.getString("citus_version"));
      if (savepoint != null) {
        connection.releaseSavepoint(savepoint);
      }
      return probe;
    } catch (SQLException e) {
      if (savepoint != null) {
        connection.rollback(savepoint);
      }
      throw new SQLException("the citus extension " + extversion + " is installed in this database, but asking it"
          + " whether this node is the coordinator failed (is citus in shared_preload_libraries, and does this"
          + " Citus version have citus_is_coordinator()?): " + e.getMessage(), e.getSQLState(), e);
    }
  }
}
