package stress.ops.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;

/** PreparedStatements, one per {@link Sql}, kept open while this executor lives. */
public final class PreparedSqlExecutor implements SqlExecutor {
  private final Connection connection;
  private final int fetchSize;
  private PreparedStatement[] statements = new PreparedStatement[8];

  public PreparedSqlExecutor(Connection connection, int fetchSize) {
    this.connection = connection;
    this.fetchSize = fetchSize;
  }

  private PreparedStatement statement(Sql sql, Object[] params) throws SQLException {
    int slot = sql.slot();
    if (slot >= statements.length) {
      statements = Arrays.copyOf(statements, Math.max(slot + 1, statements.length * 2));
    }
    PreparedStatement ps = statements[slot];
    if (ps == null) {
      ps = connection.prepareStatement(sql.text());
      statements[slot] = ps;
    }
    for (int i = 0; i < params.length; i++) {
      ps.setObject(i + 1, params[i]);
    }
    return ps;
  }

  @Override
  public String queryDocument(Sql sql, Object... params) throws SQLException {
    try (ResultSet rs = statement(sql, params).executeQuery()) {
      String doc = null;
      while (rs.next()) {
        doc = rs.getString(2);
      }
      return doc;
    }
  }

  @Override
  public long queryRows(Sql sql, Object... params) throws SQLException {
    try (ResultSet rs = statement(sql, params).executeQuery()) {
      return ResultRows.consume(rs, sql);
    }
  }

  @Override
  public long streamRows(Sql sql, Object... params) throws SQLException {
    return ResultRows.inTransaction(connection, () -> {
      PreparedStatement ps = statement(sql, params);
      ps.setFetchSize(fetchSize);
      try (ResultSet rs = ps.executeQuery()) {
        return ResultRows.consume(rs);
      } finally {
        ps.setFetchSize(0);
      }
    });
  }

  @Override
  public int update(Sql sql, Object... params) throws SQLException {
    return statement(sql, params).executeUpdate();
  }

  @Override
  public void close() {
    for (int i = 0; i < statements.length; i++) {
      if (statements[i] != null) {
        ResultRows.closeQuietly(statements[i]);
        statements[i] = null;
      }
    }
  }
}
