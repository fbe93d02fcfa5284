package stress.app.setup;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import stress.config.RunConfig;
import stress.config.ViaRoute;
import stress.connect.ConnectionSpec;
import stress.connect.PhysicalConnections;
import stress.model.UsageException;
import stress.runner.PhaseSpec;
import stress.server.pooler.PoolerDetector;
import stress.server.pooler.PoolerInfo;

/**
 * The roads of {@code --via}, checked before measuring: each must reach the run's own database on the same server (a
 * comparison of two databases would be said as one of two roads), each one's pooler is named, and prepared statements
 * are tried through each pooler as through the run's own ({@link PooledPrepared}): a road that keeps none has its
 * prepared combinations left out, with one line.
 */
public final class ViaRoads {
  /** The header's and result file's setting of each road: {@code via NAME}. */
  public static final String KEY = "via ";

  private ViaRoads() {}

  /**
   * A road of {@code --via} as checked: its name, its connection and the pooler seen on it (null: none).
   */
  public record Road(String name, ConnectionSpec spec, PoolerInfo pooler) {}

  /**
   * What the check found.
   *
   * @param described each road's setting ({@link #KEY} and its name) and what it is, for the header and result file
   * @param roads     the roads other than the run's own, in order
   */
  public record Checked(Map<String, String> described, List<Road> roads) {
    /** Without {@code --via}. */
    public static final Checked NONE = new Checked(Map.of(), List.of());
  }

  /**
   * Each road checked against {@code own}, the run's own database ({@link #identity}): what it is, by name ({@code jdbc:postgresql://host:6432/db as alice; PgBouncer 1.18.0, ...}),
   * with any line saying why its prepared combinations were left out; {@code phases} loses those.
   */
  public static Checked check(RunConfig config, ConnectionSpec base, String own, List<PhaseSpec> phases)
      throws SQLException, InterruptedException {
    Map<String, String> described = new LinkedHashMap<>();
    List<Road> checked = new ArrayList<>();
    for (ViaRoute road : config.vias()) {
      if (road.own()) {
        described.put(KEY + road.name(), base.url() + " (the run's own connection)");
        continue;
      }
      ConnectionSpec spec = PhaseGrid.road(base, road);
      refuseTheUrlItself(road, spec, base);
      Optional<PoolerInfo> pooler;
      try (Connection c = open(spec, road)) {
        String theirs = identity(c);
        if (!theirs.equals(own)) {
          throw new UsageException("--via " + road.name() + " reaches " + theirs + ", not the run's own database ("
              + own + "): a road of --via is another way to the same database, e.g. through a pooler");
        }
        pooler = PoolerDetector.detect(c, spec);
      }
      String text = spec.url() + (spec.user() == null ? "" : " as " + spec.user())
          + pooler.map(p -> "; " + p.describe()).orElse("; no pooler seen");
      Optional<String> leftOut = PooledPrepared.check(pooler, phases, p -> on(road.name(), p),
          config);
      if (leftOut.isPresent()) {
        text += "; " + leftOut.get();
      }
      described.put(KEY + road.name(), text);
      checked.add(new Road(road.name(), spec, pooler.orElse(null)));
    }
    return new Checked(described, checked);
  }

  /**
   * A road to the same servers and database as {@code --url} is the run's own road under a second name: its phases
   * would be the direct ones again, and their ratio a comparison of nothing.
   */
  private static void refuseTheUrlItself(ViaRoute road, ConnectionSpec spec, ConnectionSpec base) {
    String database = PoolerDetector.database(spec, spec.user());
    if (spec.servers().equals(base.servers()) && database.equals(PoolerDetector.database(base, base.user()))) {
      throw new UsageException("--via " + road.name() + "=" + spec.url() + " is the --url itself (" + String.join(",",
          spec.servers()) + ", database " + database + "; no other pooler or server on it): a road of --via is"
          + " another way to the same database, e.g. through a pooler; --via " + road.name() + " alone names the"
          + " --url's own road");
    }
  }

  /** The pooler a phase's connections go through: its road's, or the run's own ({@code own}); null where none. */
  public static PoolerInfo poolerOf(PhaseSpec phase, RunConfig config, PoolerInfo own, Checked roads) {
    if (own(config, phase)) {
      return own;
    }
    return roads.roads().stream().filter(r -> on(r.name(), phase)).map(Road::pooler).filter(p -> p != null)
        .findFirst().orElse(null);
  }

  /** Whether a phase runs on the road named so. */
  public static boolean on(String road, PhaseSpec phase) {
    return road.equals(phase.combination().get(PhaseGrid.VIA));
  }

  /** Whether a phase runs on the run's own connection (with or without roads of {@code --via}). */
  public static boolean own(RunConfig config, PhaseSpec phase) {
    String road = phase.combination().get(PhaseGrid.VIA);
    return road == null || config.vias().stream().anyMatch(v -> v.own() && v.name().equals(road));
  }

  private static Connection open(ConnectionSpec spec, ViaRoute road) throws SQLException {
    try {
      return PhysicalConnections.open(spec);
    } catch (SQLException e) {
      if (PoolerDetector.CONSOLE_DATABASE.equals(PoolerDetector.database(spec, spec.user()))) {
        // PgBouncer's console refuses pgjdbc's SET after the login (SET failed, 08P01): it is no database to measure
        throw new UsageException("--via " + road.name() + "=" + spec.url() + " is PgBouncer's console (database "
            + PoolerDetector.CONSOLE_DATABASE + "), not a database to measure: a road of --via is the pooler's entry"
            + " for the run's own database (" + e.getMessage() + ")");
      }
      throw new SQLException("--via " + road.name() + ": could not connect to " + spec.url() + ": " + e.getMessage(),
          e.getSQLState(), e);
    }
  }

  /**
   * The database and the server a connection reached, as the server tells them (a pooler passes the server's own
   * answers through): its database, port and the start time of its postmaster.
   */
  static String identity(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT current_database(), current_setting('port'),"
             + " pg_postmaster_start_time()::text")) {
      rs.next();
      String text = "database " + rs.getString(1) + " of the server on port " + rs.getString(2) + " started "
          + rs.getString(3);
      if (!c.getAutoCommit()) {
        c.rollback();
      }
      return text;
    }
  }
}
