package stress.load.importer.connection;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The load streams' connections, closed in the background once their last batch is committed, so that the work after
 * the load (ANALYZE) does not wait for them: a Citus coordinator's session ends by closing the connections to the
 * shards it kept for the next batch (one per shard placement), and closing one took 135-141 ms against 4-6 ms without
 * them. The import waits for every close before it ends.
 */
public final class ClosingConnections {
  private final List<Thread> closers = new ArrayList<>();

  /** Starts closing {@code connection} on a thread of its own; null is nothing to close. */
  public synchronized void closeInBackground(Connection connection) {
    if (connection == null) {
      return;
    }
    Thread closer = new Thread(() -> {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // every batch on it is committed; a failed close leaves the server to end the session
      }
    }, "import-close");
    closer.setDaemon(true);
    closers.add(closer);
    closer.start();
  }

  /** Waits until every connection handed over is closed; an interrupt stops the wait and is kept. */
  public void await() {
    List<Thread> started;
    synchronized (this) {
      started = List.copyOf(closers);
    }
    for (Thread closer : started) {
      try {
        closer.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
