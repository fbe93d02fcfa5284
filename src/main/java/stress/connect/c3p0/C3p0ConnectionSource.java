package stress.connect.c3p0;

import com.mchange.v2.c3p0.C3P0ProxyConnection;
import com.mchange.v2.c3p0.ComboPooledDataSource;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.beans.PropertyVetoException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.PoolSettings;
import stress.connect.PooledConnectionSource;

/**
 * A c3p0 pool of fixed size (initial = min = max = pool size) with c3p0's statement cache set to
 * {@link PoolSettings#c3p0MaxStatements()} (0 = off): workers check a connection out per execution and give
 * it back. Every acquired physical connection runs the spec's init statements
 * ({@link InitStatementsCustomizer}). The longest wait for a connection is the spec's connect timeout, and a
 * failed acquisition is not retried (c3p0 would otherwise try 30 times, a second apart), so that a wrong
 * database or password fails the run quickly. Checkins run on the worker's thread, with no connection tests
 * ({@link PoolSettings#C3P0_SYNCHRONOUS_CHECKINS} says why). c3p0's INFO logging is kept off the console.
 *
 * <p>Implements Micrometer's {@link MeterBinder}: {@code bindTo(registry)} publishes the pool's figures as
 * gauges tagged {@code pool=stress} ({@code c3p0.connections}, {@code .busy}, {@code .idle}, {@code .pending}),
 * removed again by {@link #close()}.
 */
public final class C3p0ConnectionSource extends PooledConnectionSource<ComboPooledDataSource> implements MeterBinder {
  /** The pool tag's value, as HikariCP's pool name, so that dashboards can put both side by side. */
  static final String POOL_TAG = "stress";

  private static final Method CLOSE;

  static {
    try {
      CLOSE = Connection.class.getMethod("close");
    } catch (NoSuchMethodException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final ConnectionSpec spec;
  private final List<Registered> meters = new ArrayList<>();

  private record Registered(MeterRegistry registry, Meter meter) {}

  /** One figure of c3p0's PooledDataSource; they all may throw SQLException. */
  @FunctionalInterface
  private interface PoolFigure {
    int read(ComboPooledDataSource pool) throws SQLException;
  }

  /** Configures the pool; c3p0 connects on the first checkout. */
  public C3p0ConnectionSource(ConnectionSpec spec, PoolSettings settings) {
    super(C3p0SourceFactory.NAME, configured(spec, settings));
    this.spec = spec;
  }

  private static ComboPooledDataSource configured(ConnectionSpec spec, PoolSettings settings) {
    C3p0Logging.quiet();
    ComboPooledDataSource pool = new ComboPooledDataSource();
    try {
      pool.setDriverClass("org.postgresql.Driver");
    } catch (PropertyVetoException e) {
      pool.close();
      throw new IllegalStateException("c3p0 cannot load the PostgreSQL driver class", e);
    }
    pool.setJdbcUrl(spec.url());
    pool.setProperties(spec.toDriverProperties());
    if (spec.user() != null) {
      pool.setUser(spec.user());
    }
    if (spec.password() != null) {
      pool.setPassword(spec.password());
    }
    pool.setInitialPoolSize(settings.size());
    pool.setMinPoolSize(settings.size());
    pool.setMaxPoolSize(settings.size());
    pool.setMaxStatements(settings.c3p0MaxStatements());
    pool.setCheckoutTimeout(Math.toIntExact(Math.min(Integer.MAX_VALUE,
        DriverSettings.connectTimeout(spec).toMillis())));
    pool.setAcquireRetryAttempts(1);
    // set, not left to c3p0's defaults or a c3p0.properties on the classpath: what a checkout costs (PoolSettings)
    pool.setForceSynchronousCheckins(PoolSettings.C3P0_SYNCHRONOUS_CHECKINS);
    pool.setTestConnectionOnCheckout(false);
    pool.setTestConnectionOnCheckin(false);
    pool.setIdleConnectionTestPeriod(0);
    pool.setNumHelperThreads(PoolSettings.C3P0_HELPER_THREADS);
    pool.setConnectionCustomizerClassName(InitStatementsCustomizer.class.getName());
    pool.setExtensions(Map.of(InitStatementsCustomizer.INIT_STATEMENTS, spec.initStatements()));
    return pool;
  }

  /**
   * c3p0 has no call to drop one connection, so the physical connection under the proxy is closed
   * ({@link C3P0ProxyConnection#rawConnectionOperation}) before the proxy is given back: c3p0 then finds it broken
   * when checking it in ({@link InitStatementsCustomizer#onCheckIn} refuses a closed one), destroys it and acquires
   * another to keep the pool's size.
   */
  @Override
  public void discard(Connection connection) {
    try {
      if (connection instanceof C3P0ProxyConnection proxy) {
        proxy.rawConnectionOperation(CLOSE, C3P0ProxyConnection.RAW_CONNECTION, new Object[0]);
      }
    } catch (ReflectiveOperationException | SQLException ignored) {
      // a connection that cannot be closed is broken already; c3p0 finds that out by itself
    } finally {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // given back either way
      }
    }
  }

  @Override
  public Map<String, String> describe() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("kind", kind());
    d.put("pool.size", Integer.toString(pool.getMaxPoolSize()));
    d.put("pool.checkoutTimeoutMs", Integer.toString(pool.getCheckoutTimeout()));
    d.put("c3p0.maxStatements", Integer.toString(pool.getMaxStatements()));
    d.put("c3p0.forceSynchronousCheckins", Boolean.toString(pool.isForceSynchronousCheckins()));
    d.put("c3p0.testConnectionOnCheckout", Boolean.toString(pool.isTestConnectionOnCheckout()));
    d.put("c3p0.testConnectionOnCheckin", Boolean.toString(pool.isTestConnectionOnCheckin()));
    d.put("c3p0.idleConnectionTestPeriod", Integer.toString(pool.getIdleConnectionTestPeriod()));
    d.put("c3p0.numHelperThreads", Integer.toString(pool.getNumHelperThreads()));
    d.put("statementCache", (pool.getMaxStatements() == 0 ? "c3p0 statement cache off"
        : "c3p0 caches up to " + pool.getMaxStatements() + " PreparedStatements across the pool")
        + "; " + DriverSettings.pgjdbcStatementCache(spec));
    return d;
  }

  /** Publishes the pool's figures as gauges; they read c3p0's counters at each scrape. */
  @Override
  public synchronized void bindTo(MeterRegistry registry) {
    gauge(registry, "c3p0.connections", "Open connections, busy and idle", ComboPooledDataSource::getNumConnectionsDefaultUser);
    gauge(registry, "c3p0.connections.busy", "Connections checked out", ComboPooledDataSource::getNumBusyConnectionsDefaultUser);
    gauge(registry, "c3p0.connections.idle", "Connections waiting in the pool", ComboPooledDataSource::getNumIdleConnectionsDefaultUser);
    gauge(registry, "c3p0.connections.pending", "Threads awaiting a checkout",
        ComboPooledDataSource::getNumThreadsAwaitingCheckoutDefaultUser);
  }

  private void gauge(MeterRegistry registry, String name, String description, PoolFigure figure) {
    Gauge gauge = Gauge.builder(name, pool, p -> read(p, figure)).description(description).tag("pool", POOL_TAG)
        .register(registry);
    meters.add(new Registered(registry, gauge));
  }

  /** NaN when c3p0 cannot tell (the pool is closing): Prometheus shows a gap rather than a made-up value. */
  private static double read(ComboPooledDataSource pool, PoolFigure figure) {
    try {
      return figure.read(pool);
    } catch (SQLException e) {
      return Double.NaN;
    }
  }

  @Override
  public void close() {
    synchronized (this) {
      meters.forEach(m -> m.registry().remove(m.meter()));
      meters.clear();
    }
    pool.close();
  }
}
