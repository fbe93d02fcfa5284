package stress.runner;

import java.util.Map;
import stress.metrics.PhaseStats;

/**
 * What one phase measured and the settings that were really in force.
 *
 * @param spec             the combination that ran
 * @param stats            measured figures (warm-up excluded)
 * @param settingsReadBack each --set setting as the server reported it after the phase
 * @param source           the connection source's settings (pool kind, size, statement cache, driver settings)
 * @param distinctBackends server backends the workers held (0 for pools, which do not hold per worker)
 */
public record PhaseOutcome(PhaseSpec spec, PhaseStats stats, Map<String, String> settingsReadBack,
                           Map<String, String> source, int distinctBackends) {}
