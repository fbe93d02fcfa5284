package stress.connect.c3p0;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mchange.v2.log.MLog;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Connection;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSource;
import stress.connect.ConnectionSourceContract;
import stress.connect.PoolSettings;

class C3p0ConnectionSourceTest extends ConnectionSourceContract {
  @Override
  protected String kind() {
    return "c3p0";
  }

  @Override
  protected boolean expectedHeldPerWorker() {
    return false;
  }

  @Test
  void publishesPoolFiguresAsGaugesUntilClosed() throws Exception {
    ConnectionSource source = open(spec, new PoolSettings(2, 0));
    MeterRegistry registry = new SimpleMeterRegistry();
    ((MeterBinder) source).bindTo(registry);
    try (Connection a = source.connection(); Connection b = source.connection()) {
      assertTrue(a.isValid(2) && b.isValid(2));
      assertEquals(2.0, gauge(registry, "c3p0.connections.busy"));
      assertEquals(2.0, gauge(registry, "c3p0.connections"), "both checked out");
      assertEquals(0.0, gauge(registry, "c3p0.connections.idle"));
      assertEquals(0.0, gauge(registry, "c3p0.connections.pending"));
    }
    source.close();
    assertTrue(registry.find("c3p0.connections.busy").gauges().isEmpty(), "removed with the pool");
  }

  private static double gauge(MeterRegistry registry, String name) {
    return registry.get(name).tag("pool", "stress").gauge().value();
  }

  @Test
  void checksConnectionsInOnTheWorkersThreadWithoutTestingThem() throws Exception {
    ConnectionSource source = open(spec, new PoolSettings(1, 0));
    Map<String, String> d = source.describe();
    assertEquals("true", d.get("c3p0.forceSynchronousCheckins"));
    assertEquals("false", d.get("c3p0.testConnectionOnCheckout"));
    assertEquals("false", d.get("c3p0.testConnectionOnCheckin"));
    assertEquals("0", d.get("c3p0.idleConnectionTestPeriod"));
    MeterRegistry registry = new SimpleMeterRegistry();
    ((MeterBinder) source).bindTo(registry);
    for (int i = 0; i < 200; i++) {
      source.connection().close();
      // a checkin handed to a helper thread would leave the connection busy for a moment after close()
      assertEquals(1.0, gauge(registry, "c3p0.connections.idle"), "back in the pool when close() returns, round " + i);
    }
    source.close();
  }

  @Test
  void reportsItsStatementCacheSize() {
    Map<String, String> cached = open(spec, new PoolSettings(3, 50)).describe();
    assertEquals("3", cached.get("pool.size"));
    assertEquals("50", cached.get("c3p0.maxStatements"));
    assertEquals("2000", cached.get("pool.checkoutTimeoutMs"), "the spec's two-second connect timeout");
    assertTrue(cached.get("statementCache").startsWith("c3p0 caches up to 50 PreparedStatements across the pool;"
        + " pgjdbc per connection"), cached.get("statementCache"));

    Map<String, String> off = open(spec, new PoolSettings(3, 0)).describe();
    assertEquals("0", off.get("c3p0.maxStatements"));
    assertTrue(off.get("statementCache").startsWith("c3p0 statement cache off;"), off.get("statementCache"));
  }

  @Test
  void logsThroughJavaUtilLoggingAtWarningOnly() {
    open(spec, new PoolSettings(1, 0));
    assertEquals("jul", System.getProperty(C3p0Logging.MLOG_PROPERTY));
    assertTrue(MLog.instance().getClass().getName().contains("Jdk14MLog"), MLog.instance().getClass().getName());
    Logger c3p0 = Logger.getLogger("com.mchange.v2.c3p0.C3P0Registry");
    assertFalse(c3p0.isLoggable(Level.INFO), "the start-up banner is INFO");
    assertTrue(c3p0.isLoggable(Level.WARNING));
  }
}
