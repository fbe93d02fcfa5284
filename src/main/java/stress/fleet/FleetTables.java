package stress.fleet;

import java.sql.Connection;
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
  /** Another session created the table between our check and our CREATE: unique violation, duplicate object. */
  private static final Set<String> CREATED_MEANWHILE = Set.of("23505", "42P07", "42710");

  private FleetTables() {}

  /** Creates the tables when they are missing; safe when several instances do it at once. */
  public static void create(Connection c) throws SQLException {
    create(c, "CREATE TABLE IF NOT EXISTS " + INSTANCES + " (run_id text NOT NULL, instance integer NOT NULL,"
        + " instances integer NOT NULL, host text NOT NULL, pid bigint NOT NULL, registered_at timestamptz NOT NULL,"
        + " state text NOT NULL, message text, finished_at timestamptz, result text, PRIMARY KEY (run_id, instance))");
    create(c, "CREATE TABLE IF NOT EXISTS " + PHASES + " (run_id text NOT NULL, instance integer NOT NULL,"
        + " phase integer NOT NULL, ready_at timestamptz NOT NULL, started_at timestamptz, ended_at timestamptz,"
        + " PRIMARY KEY (run_id, instance, phase))");
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
