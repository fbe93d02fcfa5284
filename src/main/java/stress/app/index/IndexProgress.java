package stress.app.index;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * One row of {@code pg_stat_progress_create_index} (PostgreSQL 12 and later) for the backend building an index, and
 * the line {@code stress index} prints for it.
 */
public record IndexProgress(String phase, long blocksDone, long blocksTotal, long tuplesDone, long tuplesTotal,
                            long partitionsDone, long partitionsTotal) {

  private static final String AVAILABLE = "SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
      + " ON n.oid = c.relnamespace WHERE n.nspname = 'pg_catalog' AND c.relname = 'pg_stat_progress_create_index'";
  private static final String READ = "SELECT phase, blocks_done, blocks_total, tuples_done, tuples_total,"
      + " partitions_done, partitions_total FROM pg_catalog.pg_stat_progress_create_index WHERE pid = ?";

  /** Whether the server has the view (PostgreSQL 12 and later, and servers built on it). */
  public static boolean available(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(AVAILABLE)) {
      return rs.next();
    }
  }

  /** The progress of the index build the backend {@code pid} runs, empty when it runs none (or not yet). */
  public static Optional<IndexProgress> read(Connection c, int pid) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(READ)) {
      ps.setInt(1, pid);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(new IndexProgress(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
            rs.getLong(5), rs.getLong(6), rs.getLong(7)));
      }
    }
  }

  /**
   * E.g. {@code   building orders_x_idx: phase "building index: scanning table", blocks 12000 of 80000 (15%), tuples
   * 0 of 0}; a share only where there is a total, partitions only for a partitioned table.
   */
  public String line(String index) {
    return "  building " + index + ": phase \"" + phase + "\", blocks " + ofTotal(blocksDone, blocksTotal)
        + ", tuples " + ofTotal(tuplesDone, tuplesTotal)
        + (partitionsTotal > 0 ? ", partitions " + ofTotal(partitionsDone, partitionsTotal) : "");
  }

  private static String ofTotal(long done, long total) {
    if (total <= 0) {
      return done + " of " + total;
    }
    long percent = Math.max(0, Math.min(100, (long) Math.floor(done * 100.0 / total)));
    return done + " of " + total + " (" + percent + "%)";
  }
}
