package stress.connect.hikari;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;
import stress.connect.ConnectionSpec;
import stress.connect.PhysicalConnections;

/**
 * The DataSource HikariCP fills its pool from: each physical connection is opened by
 * {@link PhysicalConnections}, so it carries the spec's driver properties and has run its init statements
 * before HikariCP ever hands it out (one code path for every pool kind, and no joining of statements into
 * one {@code connectionInitSql} string). Timeouts come from the spec's driver properties; the login timeout
 * HikariCP sets here is remembered but not used.
 */
final class SpecDataSource implements DataSource {
  private final ConnectionSpec spec;
  private volatile int loginTimeoutSeconds;

  SpecDataSource(ConnectionSpec spec) {
    this.spec = spec;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return PhysicalConnections.open(spec);
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException("the user and password come from the connection spec");
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    // nothing is logged here
  }

  @Override
  public void setLoginTimeout(int seconds) {
    loginTimeoutSeconds = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeoutSeconds;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("no java.util.logging parent logger");
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new SQLException("not a wrapper for " + type.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }

  @Override
  public String toString() {
    return "SpecDataSource" + spec.describe();
  }
}
