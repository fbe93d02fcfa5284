package stress.ops.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Shared helpers of the executors. */
public final class ResultRows {
  private ResultRows() {}

  /** Reads every row and both columns, as an application would; returns the row count. */
  static long consume(ResultSet rs) throws SQLException {
    long rows = 0;
    while (rs.next()) {
      rs.getObject(1);
      rs.getString(2);
      rows++;
    }
    return rows;
  }

  /** Reads every row and every column of a statement whose columns are not (_id, data); returns the row count. */
  static long consume(ResultSet rs, Sql sql) throws SQLException {
    if (!sql.anyColumns()) {
      return consume(rs);
    }
    int columns = rs.getMetaData().getColumnCount();
    long rows = 0;
    while (rs.next()) {
      for (int c = 1; c <= columns; c++) {
        rs.getString(c);
      }
      rows++;
    }
    return rows;
  }

  @FunctionalInterface
  public interface SqlWork {
    long run() throws SQLException;
  }

  /** Runs work inside a transaction, opening and committing one only if the connection is in autocommit. */
  public static long inTransaction(Connection connection, SqlWork work) throws SQLException {
    if (!connection.getAutoCommit()) {
      return work.run();
    }
    connection.setAutoCommit(false);
    long result;
    try {
      result = work.run();
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      try {
        connection.rollback();
        connection.setAutoCommit(true);
      } catch (SQLException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    connection.setAutoCommit(true);
    return result;
  }

  static void closeQuietly(Statement statement) {
    try {
      statement.close();
    } catch (SQLException ignored) {
      // closing after a broken connection fails too; the statement is gone either way
    }
  }
}
