package stress.live;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.ToDoubleFunction;
import stress.metrics.ClientUsage;
import stress.metrics.client.ClientMeter;

/**
 * The load process's own cost as meters: live process totals (CPU seconds, GC time and collections, peak RSS,
 * usable cores), read at each scrape, and each finished phase's {@link ClientUsage} (CPU per operation, shares of
 * the cores and of the time, and whether the client was the bottleneck) tagged like the phase's other meters.
 */
final class ClientMeters {
  static final String CPU = "stress.client.cpu";
  static final String GC = "stress.client.gc";
  static final String GC_COLLECTIONS = "stress.client.gc.collections";
  static final String PEAK_RSS = "stress.client.rss.peak";
  static final String CORES = "stress.client.cores";
  static final String PHASE_CPU_PER_OPERATION = "stress.client.phase.cpu.per.operation";
  static final String PHASE_CPU_SHARE = "stress.client.phase.cpu.share";
  static final String PHASE_GC_SHARE = "stress.client.phase.gc.share";
  static final String PHASE_BOTTLENECK = "stress.client.phase.bottleneck";
  static final String PHASE_HOST_CPU_SHARE = "stress.client.phase.host.cpu.share";
  static final String PHASE_JIT_SHARE = "stress.client.phase.jit.share";
  static final String PHASE_BUSY_POLL = "stress.client.phase.busy.poll";

  private ClientMeters() {}

  /** Registers the live process totals. */
  static void bindProcess(MeterRegistry registry) {
    FunctionCounter.builder(CPU, registry, r -> ClientMeter.processCpuNanos() / 1e9).baseUnit("seconds")
        .description("CPU time of the load process, user + system, all threads").register(registry);
    FunctionCounter.builder(GC, registry, r -> sumGc(gc -> gc.getCollectionTime() / 1e3)).baseUnit("seconds")
        .description("time the load process's garbage collectors report").register(registry);
    FunctionCounter.builder(GC_COLLECTIONS, registry, r -> sumGc(GarbageCollectorMXBean::getCollectionCount))
        .description("garbage collections in the load process").register(registry);
    Gauge.builder(PEAK_RSS, registry, r -> {
      Long rss = ClientMeter.peakRssBytes();
      return rss == null ? Double.NaN : rss;
    }).baseUnit("bytes").description("peak resident set size of the load process (VmHWM)").register(registry);
    Gauge.builder(CORES, registry, r -> Runtime.getRuntime().availableProcessors())
        .description("processors the load process may use").register(registry);
  }

  /** Publishes a finished phase's figures with the phase's tags; they stay until the registry closes. */
  static void bindPhase(MeterRegistry registry, Tags tags, ClientUsage usage) {
    Gauge.builder(PHASE_CPU_PER_OPERATION, usage, u -> u.cpuMicrosPerOperation() / 1e6).baseUnit("seconds")
        .description("CPU of the load process per execution while measuring").tags(tags).strongReference(true)
        .register(registry);
    Gauge.builder(PHASE_CPU_SHARE, usage, ClientUsage::cpuShare).tags(tags).strongReference(true)
        .description("CPU of the load process while measuring, as a share of the cores it may use")
        .register(registry);
    Gauge.builder(PHASE_GC_SHARE, usage, ClientUsage::gcShare).tags(tags).strongReference(true)
        .description("garbage collection time of the load process as a share of the measured time")
        .register(registry);
    Gauge.builder(PHASE_BOTTLENECK, usage, u -> u.clientBound() ? 1 : 0).tags(tags).strongReference(true)
        .description("1 when the load process itself limited the phase (CPU above 85% of its cores, GC above"
            + " 10% of the time, or CPU taken from a server on its own busy host)").register(registry);
    if (usage.jitShare() != null) {
      Gauge.builder(PHASE_JIT_SHARE, usage, ClientUsage::jitShare).tags(tags).strongReference(true)
          .description("the JIT compiler's share of the load process's CPU while measuring (above 0.1: still"
              + " warming up)").register(registry);
    }
    if (usage.spinSeconds() != null) {
      Gauge.builder(PHASE_BUSY_POLL, usage, ClientUsage::spinSeconds).baseUnit("seconds").tags(tags)
          .strongReference(true).description("CPU time the event loops spent polling with nothing to read while"
              + " measuring (--busy-poll), left out of the per-execution CPU and the CPU share").register(registry);
    }
    if (usage.host() != null) {
      Gauge.builder(PHASE_HOST_CPU_SHARE, usage, u -> u.host().cpuShare()).tags(tags)
          .tag("server_on_this_host", Boolean.toString(usage.host().serverOnThisHost())).strongReference(true)
          .description("busy share of all CPUs of the load process's host while measuring").register(registry);
    }
  }

  private static double sumGc(ToDoubleFunction<GarbageCollectorMXBean> value) {
    double sum = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      sum += Math.max(0, value.applyAsDouble(gc));
    }
    return sum;
  }
}
