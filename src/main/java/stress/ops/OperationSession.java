package stress.ops;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import stress.model.StatementMode;
import stress.keys.KeyChooser;
import stress.ops.sql.PlainSqlExecutor;
import stress.ops.sql.PreparedSqlExecutor;
import stress.ops.sql.SqlExecutor;

/**
 * One worker's view while it runs operations: the connection in use, the statement mode, its random
 * source and the keys. Not thread-safe: each worker owns one.
 */
public final class OperationSession implements AutoCloseable {
  private final StatementMode mode;
  private final boolean cacheStatements;
  private KeyChooser keys;
  private final SplittableRandom random;
  private final int fetchSize;
  private final int worker;
  private Connection connection;
  private SqlExecutor executor;
  private Object[] locals = new Object[0];

  /**
   * @param mode            prepared or plain statements
   * @param cacheStatements keep statements open across executions (true when the worker holds its
   *                        connection for the run; false when it returns it to a pool after each one)
   * @param keys            existing keys, or null when the operations only insert new ones
   * @param random          this worker's random source
   * @param fetchSize       rows per round trip when streaming
   */
  public OperationSession(StatementMode mode, boolean cacheStatements, KeyChooser keys, SplittableRandom random,
                          int fetchSize) {
    this(mode, cacheStatements, keys, random, fetchSize, 0);
  }

  /** As above, for worker number {@code worker} of its phase (0-based): the index of its own table, if any. */
  public OperationSession(StatementMode mode, boolean cacheStatements, KeyChooser keys, SplittableRandom random,
                          int fetchSize, int worker) {
    this.worker = worker;
    this.mode = mode;
    this.cacheStatements = cacheStatements;
    this.keys = keys;
    this.random = random;
    this.fetchSize = fetchSize;
  }

  /** Starts using a connection (held for the run, or checked out for one execution). */
  public void attach(Connection connection) {
    if (this.connection != connection) {
      detach();
      this.connection = connection;
      this.executor = mode == StatementMode.PREPARED
          ? new PreparedSqlExecutor(connection, fetchSize)
          : new PlainSqlExecutor(connection, fetchSize);
    }
  }

  /** Uses a connection through a given executor (a recording one, for a dry run), whatever the mode. */
  void attach(Connection connection, SqlExecutor executor) {
    detach();
    this.connection = connection;
    this.executor = executor;
  }

  /** Stops using the connection: closes statements unless they are cached for a held connection. */
  public void release() {
    if (!cacheStatements) {
      detach();
    }
  }

  /** Forgets the connection and closes its statements (after an error that broke it, or at the end). */
  public void detach() {
    if (executor != null) {
      executor.close();
    }
    executor = null;
    connection = null;
  }

  public Connection connection() {
    return connection;
  }

  /** Runs SQL in this session's statement mode. */
  public SqlExecutor sql() {
    return executor;
  }

  /** A key that exists in the table. */
  public Object nextKey() {
    if (keys == null) {
      throw new IllegalStateException("no existing keys were read for this run: its operations only insert new rows");
    }
    return keys.next(random);
  }

  /**
   * Makes {@link #nextKey} choose among these keys (an operation bound to a table of its own in an application's
   * run); returns the keys chosen before, to put back.
   */
  KeyChooser useKeys(KeyChooser chosen) {
    KeyChooser before = keys;
    keys = chosen;
    return before;
  }

  /** The value of a {@link SessionLocal} slot, made on first use. */
  @SuppressWarnings("unchecked")
  <T> T local(int slot, Supplier<? extends T> initial) {
    if (slot >= locals.length) {
      locals = Arrays.copyOf(locals, slot + 1);
    }
    Object value = locals[slot];
    if (value == null) {
      value = initial.get();
      locals[slot] = value;
    }
    return (T) value;
  }

  /** This worker's number in its phase, from 0. */
  public int worker() {
    return worker;
  }

  public SplittableRandom random() {
    return random;
  }

  public StatementMode mode() {
    return mode;
  }

  @Override
  public void close() {
    detach();
  }

  /** Convenience for operations: a whole number in min..max inclusive. */
  public int nextInt(int min, int max) {
    return min == max ? min : min + random.nextInt(max - min + 1);
  }

}
