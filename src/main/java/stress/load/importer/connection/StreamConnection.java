package stress.load.importer.connection;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import stress.load.ConnectionSupplier;

/**
 * The connection of one load stream: opened when first needed, a transaction per batch, dropped after a failure that
 * may have left it unusable (the next batch opens a new one).
 */
public final class StreamConnection implements AutoCloseable {
  /** Commits of this session no longer wait for the disk (plain PostgreSQL; the import's last commit does). */
  private static final String ASYNC_COMMITS = "SET synchronous_commit TO off";

  private final ConnectionSupplier connections;
  private final List<String> sessionSettings;
  private Connection connection;

  /**
   * @param asyncCommits    whether its batches commit with {@code synchronous_commit} off: set once for the session,
   *                        not per transaction (a round trip per batch); the importer's last commit, on a connection
   *                        of its own, waits for the disk
   * @param sessionSettings the target's settings for load sessions, run once when the connection is opened
   */
  public StreamConnection(ConnectionSupplier connections, boolean asyncCommits, List<String> sessionSettings) {
    this.connections = connections;
    List<String> settings = new ArrayList<>(sessionSettings);
    if (asyncCommits) {
      settings.add(ASYNC_COMMITS);
    }
    this.sessionSettings = List.copyOf(settings);
  }

  /** The stream's connection with a transaction started, committing asynchronously where that is safe. */
  public Connection transaction() throws SQLException {
    Connection c = connection();
    c.setAutoCommit(false);
    return c;
  }

  /**
   * Opens the connection ahead of the first batch, while the collection's table is being made, so that batch does not
   * wait for it. A failure is not reported here: the first batch tries again and reports what fails then.
   */
  public void openEarly() {
    try {
      connection();
    } catch (SQLException e) {
      // nothing is kept of a connection that failed to open or to take its settings
    }
  }

  /**
   * Makes {@code c}'s later commits skip the wait for the disk, as the load streams' do: for the import's other work
   * on plain PostgreSQL (its tables' DDL, clearing old checkpoints), which a crash can only lose together with the
   * batches after it, and which the import's last commit makes durable with them.
   */
  public static void commitAsynchronously(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(ASYNC_COMMITS);
    }
  }

  private Connection connection() throws SQLException {
    if (connection == null || connection.isClosed()) {
      Connection opened = connections.get();
      try (Statement s = opened.createStatement()) {
        for (String setting : sessionSettings) {
          s.execute(setting);
        }
      } catch (SQLException e) {
        opened.close();
        throw e;
      }
      connection = opened;
    }
    return connection;
  }

  /** Rolls back the open transaction; a rollback that fails is kept on {@code failure} and drops the connection. */
  public void rollbackQuietly(Throwable failure) {
    try {
      if (connection != null && !connection.isClosed() && !connection.getAutoCommit()) {
        connection.rollback();
      }
    } catch (SQLException e) {
      failure.addSuppressed(e);
      close();
    }
  }

  /** The open connection, now the caller's to close, or null when none is open; the stream keeps none. */
  public Connection detach() {
    Connection open = connection;
    connection = null;
    return open;
  }

  /** Drops the connection after a failure that may have left it unusable; the next batch opens a new one. */
  @Override
  public void close() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // the connection is being discarded after a failure that is reported already
      }
      connection = null;
    }
  }
}
