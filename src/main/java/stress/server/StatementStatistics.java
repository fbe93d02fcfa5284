package stress.server;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The server's own time per statement, from {@code pg_stat_statements}: a snapshot of its counters, read without the
 * statements' texts (a server keeps thousands), and the rows whose calls grew between two snapshots, with their texts
 * read once. The view shows every database's statements to a superuser or {@code pg_read_all_stats}, from any
 * database where the extension was created.
 */
public final class StatementStatistics {
  /** A mark in the snapshot's own statements, so they are never counted as a workload's. */
  static final String OWN = "/* stress: server time */";

  /**
   * One row of the view: a statement of one user in one database ({@code toplevel} false for a statement run inside
   * a function, with {@code pg_stat_statements.track = all}).
   */
  public record Row(long userid, long dbid, long queryid, boolean toplevel, String query, long calls,
                    double totalExecMs) {
    Key key() {
      return new Key(userid, dbid, queryid, toplevel);
    }

    Row minus(Row before) {
      return before == null ? this : new Row(userid, dbid, queryid, toplevel, query, calls - before.calls,
          totalExecMs - before.totalExecMs);
    }

    Row withQuery(String text) {
      return new Row(userid, dbid, queryid, toplevel, text, calls, totalExecMs);
    }
  }

  record Key(long userid, long dbid, long queryid, boolean toplevel) {}

  /** The counters at one moment. */
  public record Snapshot(List<Row> rows) {
    public Snapshot {
      rows = List.copyOf(rows);
    }

    /** The rows whose calls grew since {@code before} (a row reset meanwhile counts from zero), without texts. */
    public List<Row> since(Snapshot before) {
      Map<Key, Row> earlier = new HashMap<>();
      before.rows.forEach(r -> earlier.put(r.key(), r));
      List<Row> grown = new ArrayList<>();
      for (Row now : rows) {
        Row was = earlier.get(now.key());
        Row delta = was != null && was.calls <= now.calls ? now.minus(was) : now;
        if (delta.calls > 0) {
          grown.add(delta);
        }
      }
      return grown;
    }
  }

  private StatementStatistics() {}

  /** Null when this database can read the view, else why not, and how to make it readable, in one sentence. */
  public static String absence(Connection connection) throws SQLException {
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery(OWN + " SELECT (SELECT setting FROM pg_catalog.pg_settings WHERE name ="
             + " 'shared_preload_libraries'), EXISTS (SELECT 1 FROM pg_catalog.pg_extension WHERE extname ="
             + " 'pg_stat_statements'), current_database()")) {
      rs.next();
      String preload = rs.getString(1);
      boolean created = rs.getBoolean(2);
      if (preload != null && !preload.contains("pg_stat_statements")) {
        return "pg_stat_statements is not loaded (shared_preload_libraries = '" + preload + "'): add it to"
            + " shared_preload_libraries, restart the server, then CREATE EXTENSION pg_stat_statements";
      }
      return created ? null : "the extension pg_stat_statements is not created in database " + rs.getString(3)
          + ": CREATE EXTENSION pg_stat_statements there (it is loaded)";
    }
  }

  /** The counters now. */
  public static Snapshot read(Connection connection) throws SQLException {
    List<Row> rows = new ArrayList<>();
    int major = connection.getMetaData().getDatabaseMajorVersion();
    String toplevel = major >= 14 ? "toplevel" : "true";
    String time = major >= 13 ? "total_exec_time" : "total_time";
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery(OWN + " SELECT userid, dbid, queryid, " + toplevel + ", calls, " + time
             + " FROM pg_stat_statements(false) WHERE queryid IS NOT NULL")) {
      while (rs.next()) {
        rows.add(new Row(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getBoolean(4), null, rs.getLong(5),
            rs.getDouble(6)));
      }
    }
    return new Snapshot(rows);
  }

  /** The rows with their texts; the snapshots' own statements left out. */
  public static List<Row> withTexts(Connection connection, List<Row> rows) throws SQLException {
    Set<Long> ids = new HashSet<>();
    rows.forEach(r -> ids.add(r.queryid()));
    Map<Key, String> texts = new HashMap<>();
    if (!ids.isEmpty()) {
      int major = connection.getMetaData().getDatabaseMajorVersion();
      try (PreparedStatement ps = connection.prepareStatement(OWN + " SELECT userid, dbid, queryid, "
          + (major >= 14 ? "toplevel" : "true") + ", query FROM pg_stat_statements WHERE queryid = ANY (?)")) {
        ps.setArray(1, connection.createArrayOf("bigint", ids.toArray()));
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            texts.put(new Key(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getBoolean(4)), rs.getString(5));
          }
        }
      }
    }
    List<Row> named = new ArrayList<>();
    for (Row r : rows) {
      String text = texts.get(r.key());
      named.add(r.withQuery(text == null ? "" : text));
    }
    return withoutOwn(named);
  }

  /** The rows without the snapshots' own statements (marked {@link #OWN}). */
  public static List<Row> withoutOwn(List<Row> rows) {
    return rows.stream().filter(r -> r.query() == null || !r.query().contains(OWN)).toList();
  }

  /** The oid of the connection's database, to tell its statements from other databases'. */
  public static long databaseOid(Connection connection) throws SQLException {
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery(OWN + " SELECT oid FROM pg_catalog.pg_database WHERE datname ="
             + " current_database()")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
