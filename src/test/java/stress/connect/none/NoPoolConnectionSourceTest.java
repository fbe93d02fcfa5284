package stress.connect.none;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSource;
import stress.connect.ConnectionSourceContract;
import stress.connect.PoolSettings;

class NoPoolConnectionSourceTest extends ConnectionSourceContract {
  @Override
  protected String kind() {
    return "none";
  }

  @Override
  protected boolean expectedHeldPerWorker() {
    return true;
  }

  @Test
  void describesNoPool() {
    String pool = open(spec, new PoolSettings(1, 0)).describe().get("pool");
    assertTrue(pool.startsWith("none: one physical connection per worker"), pool);
  }

  @Test
  void closeAlsoClosesConnectionsStillOpenAndRefusesNewOnes() throws SQLException {
    ConnectionSource source = open(spec, new PoolSettings(1, 0));
    Connection c = source.connection();
    source.close();
    assertTrue(c.isClosed());
    assertThrows(SQLException.class, source::connection);
  }
}
