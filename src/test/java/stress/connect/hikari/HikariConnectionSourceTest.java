package stress.connect.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Connection;
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

}
