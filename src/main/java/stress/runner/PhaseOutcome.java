package stress.runner;

import java.util.List;
import java.util.Map;
import stress.metrics.ClientUsage;
import stress.metrics.HostStats;
import stress.metrics.PhaseStats;

/**
 * What one phase measured and the settings that were really in force.
 *
 * @param spec             the combination that ran
 * @param stats            measured figures (warm-up excluded)
 * @param settingsReadBack each --set setting as the server reported it after the phase
 * @param source           the connection source's settings (pool kind, size, statement cache, driver settings)
 * @param distinctBackends server backends the workers held (0 for pools, which do not hold per worker)
 * @param hosts            per-host figures when the workers were spread over hosts, else empty
 * @param client           what this process itself spent while measuring (CPU, GC, memory); null when not measured
 */
public record PhaseOutcome(PhaseSpec spec, PhaseStats stats, Map<String, String> settingsReadBack,
                           Map<String, String> source, int distinctBackends, List<HostStats> hosts,
                           ClientUsage client) {
  public PhaseOutcome {
    hosts = hosts == null ? List.of() : List.copyOf(hosts);
  }

  /** An outcome without the client's own figures. */
  public PhaseOutcome(PhaseSpec spec, PhaseStats stats, Map<String, String> settingsReadBack,
                      Map<String, String> source, int distinctBackends, List<HostStats> hosts) {
    this(spec, stats, settingsReadBack, source, distinctBackends, hosts, null);
  }

  /** An outcome of a run on one connection source (no per-host figures). */
  public PhaseOutcome(PhaseSpec spec, PhaseStats stats, Map<String, String> settingsReadBack,
                      Map<String, String> source, int distinctBackends) {
    this(spec, stats, settingsReadBack, source, distinctBackends, List.of(), null);
  }
}
