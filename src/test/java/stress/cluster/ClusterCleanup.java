package stress.cluster;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** Cluster tests share their cluster: what an import test made is dropped, its tables and their checkpoints. */
final class ClusterCleanup {
  private ClusterCleanup() {}

  /** Drops each table and its copy table, and the import checkpoints of each. */
  static void dropImported(String url, List<String> tables) throws SQLException {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      for (String table : tables) {
        s.execute("DROP TABLE IF EXISTS " + table + ", " + table + "_copy");
      }
      try (ResultSet rs = s.executeQuery("SELECT to_regclass('stress_import_progress') IS NOT NULL")) {
        rs.next();
        if (!rs.getBoolean(1)) {
          return;
        }
      }
      for (String table : tables) {
        s.execute("DELETE FROM stress_import_progress WHERE target = '\"" + table + "\"'");
      }
    }
  }
}
