package stress.load.importer;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.List;
import stress.load.ConnectionSupplier;

/**
 * One import at a time per table: a session advisory lock per target table, taken on a connection of its own before
 * any document is read and held until the import ends. A second import of the same table (another process, the same
 * working directory or not) stops at once, naming the one that holds it, instead of colliding with it on the
 * progress table. The lock is the server's (on Citus and Postgres-XL the coordinator's that both imports use).
 */
final class ImportLocks implements AutoCloseable {
  /** The first key of stress's import locks; the second is the table's name hashed by the server. */
  private static final int IMPORT_LOCK = 0x5354494d; // "STIM"
  /** The table's name as the lock key: its schema (the current one when none is given), a dot, its name. */
  private static final String KEY = "hashtext(coalesce(?, current_schema()) || '.' || ?)";
  private static final String TRY = "SELECT pg_try_advisory_lock(?, " + KEY + ")";
  private static final String HOLDER = "SELECT a.backend_start, a.application_name, host(a.client_addr), a.pid"
      + " FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted"
      + " AND l.classid = CAST(? AS oid) AND l.objid = CAST(" + KEY + " AS oid) AND l.objsubid = 2";

  private final Connection connection;

  private ImportLocks(Connection connection) {
    this.connection = connection;
  }

  /**
   * Locks every table of {@code tables} in {@code schema} (null: the current schema), or throws naming the import
   * that holds one.
   *
   * @throws IllegalStateException when another import holds a table
   */
  static ImportLocks take(ConnectionSupplier connections, String schema, List<String> tables) throws SQLException {
    Connection c = connections.get();
    try {
      c.setAutoCommit(true);
      for (String table : tables) {
        try (PreparedStatement ps = c.prepareStatement(TRY)) {
          ps.setInt(1, IMPORT_LOCK);
          ps.setString(2, schema);
          ps.setString(3, table);
          try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            if (!rs.getBoolean(1)) {
              throw new IllegalStateException("import: another import is loading table " + table + " ("
                  + holder(c, schema, table)
                  + "); wait for it to end, or import into other tables (--table-prefix)");
            }
          }
        }
      }
      return new ImportLocks(c);
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /** Who holds the lock of {@code table}: since when, from where. */
  private static String holder(Connection c, String schema, String table) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(HOLDER)) {
      ps.setInt(1, IMPORT_LOCK);
      ps.setString(2, schema);
      ps.setString(3, table);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return "it ended a moment ago: import again";
        }
        String client = rs.getString(3);
        return "started " + rs.getObject(1, OffsetDateTime.class) + " by " + (rs.getString(2).isEmpty() ? "a client"
            : rs.getString(2)) + (client == null ? " on the server's host" : " from " + client) + ", server pid "
            + rs.getInt(4);
      }
    }
  }

  /**
   * The session that holds the locks, in autocommit, for statements of the import that need no connection of their own;
   * closing it would release the locks.
   */
  Connection connection() {
    return connection;
  }

  /**
   * Releases the locks, then ends the session. Unlocked by a statement first because a closed connection's server
   * process lets go of its locks only as it exits, a moment after the client has gone: an import started right after
   * another was refused, the lock still held by the first one's ending session.
   */
  @Override
  public void close() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("SELECT pg_advisory_unlock_all()");
    } catch (SQLException e) {
      // a session already lost holds no locks any more: closing it is all that is left
    } finally {
      connection.close();
    }
  }
}
