package stress.connect.c3p0;

import com.mchange.v2.c3p0.AbstractConnectionCustomizer;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import stress.connect.PhysicalConnections;

/**
 * Runs the spec's init statements on every physical connection c3p0 acquires. c3p0 creates customizers
 * from their class name, so the statements travel per pool in the data source's {@code extensions} map
 * under {@link #INIT_STATEMENTS}. A physical connection closed while it was checked out (see
 * {@link C3p0ConnectionSource#discard}) is refused at checkin, so c3p0 destroys it instead of pooling it again. Public
 * only because c3p0 instantiates it by reflection.
 */
public final class InitStatementsCustomizer extends AbstractConnectionCustomizer {
  /** The extensions key holding the {@code List<String>} of init statements. */
  public static final String INIT_STATEMENTS = "stress.initStatements";

  @Override
  public void onAcquire(Connection connection, String parentDataSourceIdentityToken) throws Exception {
    Map<?, ?> extensions = extensionsForToken(parentDataSourceIdentityToken);
    Object statements = extensions == null ? null : extensions.get(INIT_STATEMENTS);
    if (statements == null) {
      return;
    }
    PhysicalConnections.runInitStatements(connection, ((List<?>) statements).stream().map(String::valueOf).toList());
  }

  @Override
  public void onCheckIn(Connection connection, String parentDataSourceIdentityToken) throws Exception {
    if (connection.isClosed()) {
      throw new SQLException("the connection was discarded", "08003");
    }
  }
}
