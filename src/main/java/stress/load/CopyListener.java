package stress.load;

import java.sql.SQLException;

/**
 * Told by {@link CopyLoader} after each batch is committed, on the loading thread and with the loader's
 * connection free, so it may run statements of its own on that connection (the initializer fills the copy
 * table there). Throwing stops the load.
 */
@FunctionalInterface
public interface CopyListener {
  /** A listener that does nothing. */
  CopyListener NONE = (rows, bytes) -> { };

  /** A batch of {@code rows} rows and {@code bytes} bytes of COPY data was committed. */
  void batchCommitted(long rows, long bytes) throws SQLException;
}
