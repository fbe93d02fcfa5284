package stress.connect.hikari;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.PoolSettings;
import stress.connect.PooledConnectionSource;

/**
 * A HikariCP pool of fixed size (minimumIdle = maximumPoolSize = pool size) named {@code stress}: workers
 * check a connection out per execution and give it back. HikariCP has no statement cache of its own; the
 * only cache is pgjdbc's, per physical connection, which {@link #describe()} reports. The longest wait for a
 * connection is the spec's connect timeout. The pool does not connect when it is created (a wrong database
 * shows up as an SQLException from {@link #connection()}, with the driver's error as cause). A connection is
 * evicted only when its session ended ({@link ServerErrorsKeepConnections}), as a worker without a pool reopens
 * its own only then.
 *
 * <p>Implements Micrometer's {@link MeterBinder}: {@code bindTo(registry)} publishes HikariCP's own pool
 * meters ({@code hikaricp.connections...}); it may be called once.
 */
public final class HikariConnectionSource extends PooledConnectionSource<HikariDataSource> implements MeterBinder {
  /** HikariCP refuses shorter connection timeouts. */
  private static final long HIKARI_MIN_TIMEOUT_MS = 250;
  private static final long HIKARI_DEFAULT_VALIDATION_TIMEOUT_MS = 5_000;

  private final ConnectionSpec spec;

  /** Starts the pool; connections are opened in the background. */
  public HikariConnectionSource(ConnectionSpec spec, PoolSettings settings) {
    super(HikariSourceFactory.NAME, started(spec, settings));
    this.spec = spec;
  }

  private static HikariDataSource started(ConnectionSpec spec, PoolSettings settings) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("stress");
    config.setDataSource(new SpecDataSource(spec));
    config.setMaximumPoolSize(settings.size());
    config.setMinimumIdle(settings.size());
    config.setAutoCommit(true);
    long timeoutMs = waitMillis(DriverSettings.connectTimeout(spec));
    config.setConnectionTimeout(timeoutMs);
    if (timeoutMs > 0) {
      // HikariCP would otherwise reset a validation timeout longer than the connection timeout, with a log line
      config.setValidationTimeout(Math.min(HIKARI_DEFAULT_VALIDATION_TIMEOUT_MS, timeoutMs));
    }
    // evict only connections whose session ended, not one an error reported on a live session came from
    config.setExceptionOverride(new ServerErrorsKeepConnections());
    // -1: start without a first connection, so that creating a source never fails; errors surface on checkout
    config.setInitializationFailTimeout(-1);
    return new HikariDataSource(config);
  }

  /** HikariCP takes 0 for "no limit" and nothing between 1 and 249 ms. */
  private static long waitMillis(Duration connectTimeout) {
    long ms = connectTimeout.toMillis();
    return ms == 0 ? 0 : Math.max(HIKARI_MIN_TIMEOUT_MS, ms);
  }

  /** HikariCP evicts it: closed once given back, never handed out again, replaced to keep the pool's size. */
  @Override
  public void discard(Connection connection) {
    pool.evictConnection(connection);
    try {
      connection.close();
    } catch (SQLException ignored) {
      // evicted either way
    }
  }

  @Override
  public Map<String, String> describe() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("kind", kind());
    d.put("pool.size", Integer.toString(pool.getMaximumPoolSize()));
    d.put("pool.minimumIdle", Integer.toString(pool.getMinimumIdle()));
    d.put("pool.connectionTimeoutMs", Long.toString(pool.getConnectionTimeout()));
    d.put("pool.maxLifetimeMs", Long.toString(pool.getMaxLifetime()));
    d.put("statementCache", "HikariCP has none; " + DriverSettings.pgjdbcStatementCache(spec));
    return d;
  }

  /**
   * Publishes HikariCP's pool meters ({@code hikaricp.connections}, {@code .active}, {@code .idle},
   * {@code .pending}, {@code .acquire}, ... tagged {@code pool=stress}) to the registry; HikariCP allows this
   * once per pool and removes the meters when the pool closes.
   */
  @Override
  public void bindTo(MeterRegistry registry) {
    pool.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry));
  }

  @Override
  public void close() {
    pool.close();
  }
}
