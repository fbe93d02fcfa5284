package stress.ops;

import java.sql.SQLException;

/**
 * The extension point: one document operation such as find_first. An implementation is stateless; it
 * builds its SQL once per table in {@link #bind} and the result runs on many worker threads at once.
 * Built-ins are found by name; others through {@code META-INF/services/stress.ops.Operation} or by
 * class name (public, with a no-argument constructor).
 */
public interface Operation {

  /** The name users type after --op. */
  String name();

  /** One line for {@code stress ops}. */
  String description();

  /** True when the operation writes to the copy table {@code <table>_copy}, which must then exist. */
  default boolean usesCopyTable() {
    return false;
  }

  /** True when the operation picks keys that exist (the find family): the run reads the table's keys first. */
  default boolean readsExistingKeys() {
    return true;
  }

  /**
   * True when the operation inserts rows with keys no row has yet (insert, insert_batch, copy): the run then
   * prepares {@link OperationContext#newDocuments()}.
   */
  default boolean insertsNewKeys() {
    return false;
  }

  /**
   * True when running the operation again after an attempt failed with a serialization failure or deadlock
   * (40001, 40P01, rolled back by the server) is safe and means the same thing, so {@code --retries} may
   * do it. False by default: an insert that takes new keys from a stream, or anything that counts, must
   * not be run twice for one execution.
   */
  default boolean idempotent() {
    return false;
  }

  /** The operation's statements for one table and one set of settings. */
  Bound bind(OperationContext context);

  /** An operation ready to run: thread-safe, all per-thread state lives in the session. */
  @FunctionalInterface
  interface Bound {
    /**
     * Runs the operation once, consuming every row it asks for.
     *
     * @return rows read plus rows affected
     */
    long execute(OperationSession session) throws SQLException;
  }
}
