package stress.connect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * Where workers get connections: one implementation per pool kind. Only {@code connect.hikari} imports
 * HikariCP and only {@code connect.c3p0} imports c3p0.
 */
public interface ConnectionSource extends AutoCloseable {

  /** A connection for one worker: a new physical connection, or a checkout from a pool. */
  Connection connection() throws SQLException;

  /** The pool kind's name as users type it: none, hikari, c3p0. */
  String kind();

  /**
   * True when each worker should keep its connection for the whole run (no pool); false when it should
   * check one out per execution and give it back, which is what a pool is for.
   */
  boolean heldPerWorker();

  /**
   * Gives back a connection whose session must not be used again although it is still open: the server kept it but
   * it cannot serve (a Postgres-XL coordinator session whose datanode connections died). The connection is closed,
   * and a pool drops it instead of handing it out again, opening another in its place. The default closes it,
   * which is all it takes where each worker holds its own.
   */
  default void discard(Connection connection) {
    try {
      connection.close();
    } catch (SQLException ignored) {
      // it is given up either way
    }
  }

  /** Settings in force for reports (pool size, statement cache, ...); never a password. */
  Map<String, String> describe();

  @Override
  void close();
}
