package stress.ops.sql;

import java.sql.SQLException;

/** Runs {@link Sql} on one connection, in one statement mode. Every method consumes all rows it reads. */
public interface SqlExecutor extends AutoCloseable {

  /**
   * Runs a query expected to return at most one document and returns its {@code data} column (the second
   * column) as text, or null when there is no row.
   */
  String queryDocument(Sql sql, Object... params) throws SQLException;

  /** Runs a query and reads every row (both columns); returns the row count. */
  long queryRows(Sql sql, Object... params) throws SQLException;

  /**
   * Like {@link #queryRows} but fetches the rows in chunks of the session's fetch size, so a large result
   * is never held whole. The driver only does that inside a transaction; one is opened if needed.
   */
  long streamRows(Sql sql, Object... params) throws SQLException;

  /** Runs an INSERT/UPDATE/DELETE; returns rows affected. */
  int update(Sql sql, Object... params) throws SQLException;

  @Override
  void close();
}
