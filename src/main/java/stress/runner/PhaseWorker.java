package stress.runner;

import java.sql.SQLException;

/** What a phase asks of each of its workers, on a thread of its own ({@link Worker}) or a connection of an event loop. */
interface PhaseWorker {
  /** The server backend of the held connection (0 when the worker uses a pool or has none). */
  int backendPid();

  /** When this worker's last execution ended (System.nanoTime), or 0 when it ran none; known once it stopped. */
  long lastExecutionEnd();

  /** Why the worker's connection could not be opened before the start, or null. */
  SQLException startFailure();
}
