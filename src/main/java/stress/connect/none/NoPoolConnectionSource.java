package stress.connect.none;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import stress.connect.ConnectionSource;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.PhysicalConnections;

/**
 * No pool: every {@link #connection()} is a new physical connection through pgjdbc, with the spec's init
 * statements run, and each worker keeps its own for the whole run. Closing the source closes any connection
 * it handed out that is still open, so that no backend outlives a run.
 */
public final class NoPoolConnectionSource implements ConnectionSource {
  private final ConnectionSpec spec;
  private final Set<Connection> handedOut = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  /** A source opening connections for this spec. */
  public NoPoolConnectionSource(ConnectionSpec spec) {
    this.spec = spec;
  }

  @Override
  public Connection connection() throws SQLException {
    if (closed) {
      throw new SQLException("connection source (pool kind none) is closed", "08003");
    }
    forgetClosed();
    Connection connection = PhysicalConnections.open(spec);
    handedOut.add(connection);
    return connection;
  }

  // Once per worker, so a linear sweep is cheap and keeps the set from growing with closed connections.
  private void forgetClosed() throws SQLException {
    for (Connection c : handedOut) {
      if (c.isClosed()) {
        handedOut.remove(c);
      }
    }
  }

  @Override
  public String kind() {
    return NoPoolSourceFactory.NAME;
  }

  @Override
  public boolean heldPerWorker() {
    return true;
  }

  @Override
  public Map<String, String> describe() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("kind", kind());
    d.put("pool", "none: one physical connection per worker, held for the whole run");
    d.put("statementCache", DriverSettings.pgjdbcStatementCache(spec));
    return d;
  }

  @Override
  public void close() {
    closed = true;
    for (Connection c : handedOut) {
      try {
        c.close();
      } catch (SQLException e) {
        // closing at the end of a run: the backend goes away with the socket either way
      }
    }
    handedOut.clear();
  }

  @Override
  public String toString() {
    return "NoPoolConnectionSource" + describe();
  }
}
