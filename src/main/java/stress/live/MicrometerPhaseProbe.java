package stress.live;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import stress.metrics.ClientUsage;
import stress.metrics.ErrorStats;
import stress.runner.PhaseProbe;
import stress.runner.PhaseSpec;
import stress.runner.WorkerProbe;

/**
 * Feeds one phase's executions into Micrometer. The meters carry the {@code host} of the workers that record
 * them: one set for the phase ({@link PhaseTags#host}) when the workers are not spread, one set per host when
 * they are ({@link #worker(int, String)}). A host's success timers of both stages are registered when its
 * first worker's probe is handed out, before the workers start, so a worker's success costs an array lookup
 * and one {@link Timer#record} (no map lookup, no allocation); a failure looks its timer up by SQLState
 * (failures are rare, and the set of SQLStates is not known beforehand).
 */
final class MicrometerPhaseProbe implements PhaseProbe {
  /** Histogram buckets (for Prometheus' histogram_quantile) from here: a cached primary-key read is ~50 µs. */
  private static final Duration LOWEST_BUCKET = Duration.ofNanos(50_000);
  private static final Duration HIGHEST_BUCKET = Duration.ofMinutes(1);

  private final MeterRegistry registry;
  private final PhaseSpec phase;
  private final List<String> operations;
  /** The meters of each host tag, made when the first worker of that host asks for its probe. */
  private final Map<String, HostMeters> byHost = new ConcurrentHashMap<>();

  MicrometerPhaseProbe(MeterRegistry registry, PhaseSpec phase, List<String> operations) {
    this.registry = registry;
    this.phase = phase;
    this.operations = List.copyOf(operations);
  }

  @Override
  public WorkerProbe worker(int index) {
    return meters(PhaseTags.host(phase));
  }

  @Override
  public WorkerProbe worker(int index, String host) {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("the host of worker " + index + " must not be empty");
    }
    return meters(host);
  }

  private HostMeters meters(String host) {
    return byHost.computeIfAbsent(host, h -> new HostMeters(PhaseTags.of(phase, h)));
  }

  @Override
  public void clientUsage(ClientUsage client) {
    ClientMeters.bindPhase(registry, PhaseTags.of(phase), client);
  }

  /** The meters of one host tag; what every worker of that host records through (the meters are thread-safe). */
  private final class HostMeters implements WorkerProbe {
    private final Tags tags;
    /** [stage][operation] */
    private final Timer[][] successes;
    /** [stage][operation]: SQLState to timer */
    private final Map<String, Timer>[][] failures;
    private final Counter[] reconnects;
    private final AtomicInteger activeThreads = new AtomicInteger();

    @SuppressWarnings("unchecked")
    HostMeters(Tags tags) {
      this.tags = tags;
      Stage[] stages = Stage.values();
      successes = new Timer[stages.length][operations.size()];
      failures = new Map[stages.length][operations.size()];
      reconnects = new Counter[stages.length];
      for (Stage s : stages) {
        for (int op = 0; op < operations.size(); op++) {
          successes[s.ordinal()][op] = timer(s, op, "success", "");
          failures[s.ordinal()][op] = new ConcurrentHashMap<>();
        }
        reconnects[s.ordinal()] = Counter.builder(MeterNames.RECONNECTS)
            .description("Connections a worker had to open again after losing its own")
            .tags(tags).tag(MeterNames.STAGE, s.tag()).register(registry);
      }
      Gauge.builder(MeterNames.ACTIVE_THREADS, activeThreads, AtomicInteger::get)
          .description("Worker threads inside their loop").tags(tags).strongReference(true).register(registry);
    }

    private Timer timer(Stage s, int op, String outcome, String sqlState) {
      return Timer.builder(MeterNames.OPERATIONS)
          .description("Executions of each operation by outcome; latency from the intended start when --rate is set")
          .tags(tags)
          .tag("op", operations.get(op))
          .tag(MeterNames.OUTCOME, outcome)
          .tag(MeterNames.SQLSTATE, sqlState)
          .tag(MeterNames.STAGE, s.tag())
          .publishPercentileHistogram()
          .minimumExpectedValue(LOWEST_BUCKET)
          .maximumExpectedValue(HIGHEST_BUCKET)
          .register(registry);
    }

    @Override
    public void started() {
      activeThreads.incrementAndGet();
    }

    @Override
    public void stopped() {
      activeThreads.decrementAndGet();
    }

    @Override
    public void success(int opIndex, long latencyNanos, boolean measured) {
      successes[Stage.of(measured).ordinal()][opIndex].record(latencyNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void failure(int opIndex, long latencyNanos, String sqlState, boolean measured) {
      Stage s = Stage.of(measured);
      String state = sqlState == null || sqlState.isBlank() ? ErrorStats.UNKNOWN : sqlState;
      failures[s.ordinal()][opIndex].computeIfAbsent(state, k -> timer(s, opIndex, "error", k))
          .record(latencyNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void reconnect(boolean measured) {
      reconnects[Stage.of(measured).ordinal()].increment();
    }
  }
}
