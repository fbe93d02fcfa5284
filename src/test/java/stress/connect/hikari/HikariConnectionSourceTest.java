package stress.connect.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSource;
import stress.connect.ConnectionSourceContract;
import stress.connect.PoolSettings;

class HikariConnectionSourceTest extends ConnectionSourceContract {
  @Override
  protected String kind() {
    return "hikari";
  }

  @Override
  protected boolean expectedHeldPerWorker() {
    return false;
  }

  @Test
  void describesAFixedPoolWithoutAStatementCacheOfItsOwn() {
    Map<String, String> d = open(spec, new PoolSettings(3, 0)).describe();
    assertEquals("3", d.get("pool.size"));
    assertEquals("3", d.get("pool.minimumIdle"));
    assertEquals("2000", d.get("pool.connectionTimeoutMs"), "the spec's two-second connect timeout");
    assertTrue(d.get("statementCache").startsWith("HikariCP has none; pgjdbc per connection:"
        + " preparedStatementCacheQueries=256"), d.get("statementCache"));
  }

  @Test
  void publishesPoolMetersToMicrometer() throws Exception {
    ConnectionSource source = open(spec, new PoolSettings(2, 0));
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    ((MeterBinder) source).bindTo(registry);
    try (Connection c = source.connection()) {
      assertTrue(c.isValid(2));
      Gauge max = registry.get("hikaricp.connections.max").tag("pool", "stress").gauge();
      assertEquals(2.0, max.value());
      assertEquals(1.0, registry.get("hikaricp.connections.active").tag("pool", "stress").gauge().value());
    }
  }

  private static int pid(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static void fail(Connection c, String sql) {
    assertThrows(SQLException.class, () -> {
      try (Statement s = c.createStatement()) {
        s.execute(sql);
      }
    });
  }

  @Test
  void aConnectionClassErrorOnALiveSessionKeepsThePooledConnectionAFatalEvictsIt() throws Exception {
    ConnectionSource source = open(spec, new PoolSettings(1, 0));
    int first;
    try (Connection c = source.connection()) {
      first = pid(c);
      // what a Citus coordinator sends for a stopped worker: HikariCP alone would evict on this 08006
      fail(c, "DO $$ BEGIN RAISE EXCEPTION 'connection to the remote node postgres@w2:5432 failed'"
          + " USING ERRCODE = '08006'; END $$");
    }
    try (Connection c = source.connection()) {
      assertEquals(first, pid(c), "the same backend: the session lives");
      fail(c, "SELECT pg_terminate_backend(pg_backend_pid())");
    }
    try (Connection c = source.connection()) {
      assertNotEquals(first, pid(c), "the session ended: a new connection");
    }
  }
}
