package stress.load.importer.connection;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import stress.load.ConnectionSupplier;

/**
 * A connection opened in the background while the import loads, for the work after the load (the durable commit,
 * ANALYZE): opening one there cost a cluster's coordinator up to 0.17 s with TLS on a busy client core, after the last
 * batch, when nothing else was going on.
 */
public final class EarlyConnection implements AutoCloseable {
  private final CompletableFuture<Connection> opening;
  private boolean taken;

  public EarlyConnection(ConnectionSupplier connections) {
    opening = CompletableFuture.supplyAsync(() -> {
      try {
        return connections.get();
      } catch (SQLException e) {
        throw new CompletionException(e);
      }
    }, task -> {
      Thread thread = new Thread(task, "import-connect");
      thread.setDaemon(true);
      thread.start();
    });
  }

  /** The connection, now the caller's to close; a failure to open it is thrown here. */
  public Connection take() throws SQLException {
    taken = true;
    try {
      return opening.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof SQLException failure) {
        throw failure;
      }
      throw e;
    }
  }

  /** Closes the connection unless it was taken, once it is open (an import that ended before its load). */
  @Override
  public void close() {
    if (!taken) {
      opening.thenAccept(EarlyConnection::closeQuietly);
    }
  }

  private static void closeQuietly(Connection connection) {
    try {
      connection.close();
    } catch (SQLException ignored) {
      // it was never used: nothing of the import depends on it
    }
  }
}
