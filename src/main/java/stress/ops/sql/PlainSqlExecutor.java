package stress.ops.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.PGConnection;

/** One java.sql.Statement; values are written into the SQL text as escaped literals. */
public final class PlainSqlExecutor implements SqlExecutor {
  private final Connection connection;
  private final PGConnection pg;
  private final int fetchSize;
  private final StringBuilder text = new StringBuilder(256);
  private Statement statement;

  public PlainSqlExecutor(Connection connection, int fetchSize) {
    this.connection = connection;
    this.fetchSize = fetchSize;
    try {
      this.pg = connection.unwrap(PGConnection.class);
    } catch (SQLException e) {
      throw new IllegalStateException("plain mode needs a PostgreSQL JDBC connection", e);
    }
  }

  /** The SQL with every placeholder replaced by the literal of its parameter. */
  String render(Sql sql, Object[] params) throws SQLException {
    text.setLength(0);
    sql.appendWithLiterals(text, params, pg);
    return text.toString();
  }

  private Statement statement() throws SQLException {
    if (statement == null) {
      statement = connection.createStatement();
    }
    return statement;
  }

  @Override
  public String queryDocument(Sql sql, Object... params) throws SQLException {
    try (ResultSet rs = statement().executeQuery(render(sql, params))) {
      String doc = null;
      while (rs.next()) {
        doc = rs.getString(2);
      }
      return doc;
    }
  }

  @Override
  public long queryRows(Sql sql, Object... params) throws SQLException {
    try (ResultSet rs = statement().executeQuery(render(sql, params))) {
      return ResultRows.consume(rs, sql);
    }
  }

  @Override
  public long streamRows(Sql sql, Object... params) throws SQLException {
    String rendered = render(sql, params);
    return ResultRows.inTransaction(connection, () -> {
      Statement st = statement();
      st.setFetchSize(fetchSize);
      try (ResultSet rs = st.executeQuery(rendered)) {
        return ResultRows.consume(rs);
      } finally {
        st.setFetchSize(0);
      }
    });
  }

  @Override
  public int update(Sql sql, Object... params) throws SQLException {
    return statement().executeUpdate(render(sql, params));
  }

  @Override
  public void close() {
    if (statement != null) {
      ResultRows.closeQuietly(statement);
      statement = null;
    }
  }
}
