package stress.fleet;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * The two small tables a run of several instances keeps in the target database: one row per instance (its state and
 * its result, the {@code --json} document) and one per instance and phase (when it was ready, started and ended, by
 * the database's clock). Created when missing by whichever instance comes first.
 */
public final class FleetTables {
  public static final String INSTANCES = "stress_fleet";
  public static final String PHASES = "stress_fleet_phase";
  /** Another session created the table or column between our check and ours: unique violation, duplicate object. */
  private static final Set<String> CREATED_MEANWHILE = Set.of("23505", "42P07", "42710", "42701");

  private FleetTables() {}

  /**
   * Creates the tables when they are missing, and the columns later versions added; safe when several instances do it
   * at once. Only {@code run --run-id} calls it: commands that read a run create nothing.
   */
  public static void create(Connection c) throws SQLException {
    create(c, "CREATE TABLE IF NOT EXISTS " + INSTANCES + " (run_id text NOT NULL, instance integer NOT NULL,"
        + " instances integer NOT NULL, host text NOT NULL, pid bigint NOT NULL, registered_at timestamptz NOT NULL,"
        + " state text NOT NULL, message text, finished_at timestamptz, result text, PRIMARY KEY (run_id, instance))");
    // heartbeat_at and lease_ms: an instance silent for longer than its lease is lost (killed, or cut off);
    // reused_by: a later process was given this run's id, so the kept rows are not that process's run
    create(c, "ALTER TABLE " + INSTANCES + " ADD COLUMN IF NOT EXISTS heartbeat_at timestamptz,"
        + " ADD COLUMN IF NOT EXISTS lease_ms bigint, ADD COLUMN IF NOT EXISTS reused_by text");
    create(c, "CREATE TABLE IF NOT EXISTS " + PHASES + " (run_id text NOT NULL, instance integer NOT NULL,"
        + " phase integer NOT NULL, ready_at timestamptz NOT NULL, started_at timestamptz, ended_at timestamptz,"
        + " PRIMARY KEY (run_id, instance, phase))");
  }

  /** Whether both tables are there (no run was ever kept in this database when not); creates nothing. */
  public static boolean exist(Connection c) throws SQLException {
    try (Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT to_regclass('" + INSTANCES + "') IS NOT NULL AND to_regclass('"
             + PHASES + "') IS NOT NULL")) {
      return rs.next() && rs.getBoolean(1);
    }
  }

  private static void create(Connection c, String ddl) throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(true);
    try (Statement st = c.createStatement()) {
      st.execute(ddl);
    } catch (SQLException e) {
      if (!CREATED_MEANWHILE.contains(e.getSQLState())) {
        throw e;
      }
    } finally {
      c.setAutoCommit(autoCommit);
    }
  }
}
