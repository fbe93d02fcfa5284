package stress.live;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.URI;
import stress.connect.ConnectionSource;
import stress.model.UsageException;
import stress.runner.RunProbe;

/**
 * Live metrics of one run: a Prometheus registry, fed through {@link #probe()} and by the pools bound with
 * {@link #bindPool}, served at {@code http://HOST:PORT/metrics} from {@link #start} until {@link #close}.
 *
 * <p>Meters (all tagged {@code phase}, {@code mode}, {@code pool}, {@code host}, see {@link PhaseTags}; with the
 * workers spread over several hosts, {@code host} is the one the recording worker uses):
 * <ul>
 *   <li>{@code stress_operations_seconds} (timer with histogram buckets) by {@code op}, {@code outcome}
 *       (success|error), {@code sqlstate} (empty on success) and {@code stage} (warmup|measure). The
 *       {@code stage="measure"} counts are the executions the summary counts, give or take one per worker at
 *       the end of warm-up (an execution in flight then may fall on either side).</li>
 *   <li>{@code stress_reconnects_total} by {@code stage}; {@code stress_threads_active}.</li>
 *   <li>The pools' own: HikariCP's {@code hikaricp_connections*}, c3p0's {@code c3p0_connections*}, while
 *       the phase's pool is open.</li>
 * </ul>
 *
 * <p>Cost: the run's own figures still come from HdrHistogram; this is fed in addition, and only when asked
 * for. A {@link io.micrometer.core.instrument.Timer#record} with histogram buckets took about 70 to 100 ns
 * on one thread of the development machine (35 ns without buckets), against executions of 50 µs and up:
 * below 0.2% of a worker's time.
 */
public final class LiveMetrics implements AutoCloseable {
  private final PrometheusMeterRegistry registry;
  private final MetricsEndpoint endpoint;

  private LiveMetrics(PrometheusMeterRegistry registry, MetricsEndpoint endpoint) {
    this.registry = registry;
    this.endpoint = endpoint;
  }

  /**
   * Creates the registry and starts serving it on all interfaces.
   *
   * @param port 1 to 65535, or 0 for a free port (see {@link #url()})
   * @throws IllegalArgumentException when the port is out of range or cannot be listened on, naming it
   */
  public static LiveMetrics start(int port) {
    if (port < 0 || port > 65535) {
      throw new UsageException("--metrics-port must be 0 (any free port) or 1 to 65535, got " + port);
    }
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    ClientMeters.bindProcess(registry);
    try {
      return new LiveMetrics(registry, new MetricsEndpoint(port, registry::scrape));
    } catch (IOException e) {
      registry.close();
      throw new UsageException("--metrics-port " + port + ": cannot listen there (" + e.getMessage() + ")",
          e);
    }
  }

  /** Where the page is served, e.g. {@code http://localhost:9464/metrics} (it listens on every interface). */
  public URI url() {
    return URI.create("http://localhost:" + endpoint.port() + MetricsEndpoint.PATH);
  }

  /** The registry, e.g. to bind more meters. */
  public MeterRegistry registry() {
    return registry;
  }

  /** The page as a scrape now would get it. */
  public String scrape() {
    return registry.scrape();
  }

  /** What the runner feeds every execution to. */
  public RunProbe probe() {
    return (phase, operationNames) -> new MicrometerPhaseProbe(registry, phase, operationNames);
  }

  /**
   * Publishes the pool's own meters when its kind has any (it implements {@link MeterBinder}); they go away
   * when the source is closed.
   *
   * @return the same source (closed when binding fails, so that no pool is left open)
   */
  public ConnectionSource bindPool(ConnectionSource source) {
    if (source instanceof MeterBinder binder) {
      try {
        binder.bindTo(registry);
      } catch (RuntimeException e) {
        source.close();
        throw e;
      }
    }
    return source;
  }

  /** Stops serving and closes the registry. */
  @Override
  public void close() {
    endpoint.close();
    registry.close();
  }
}
