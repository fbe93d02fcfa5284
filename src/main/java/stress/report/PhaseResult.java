package stress.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import stress.metrics.PhaseStats;

/**
 * One phase of a run.
 *
 * @param label            a readable name of the phase, e.g. {@code mode=plain pool=hikari threads=80}
 * @param combination      the settings that vary between the phases of the run, in display order
 * @param settingsReadBack session settings as the server reported them during the phase (SHOW / pg_settings)
 * @param connection       how the phase connected: pool kind and size, statement caches, driver settings,
 *                         distinct server backends the workers held; never a password
 * @param stats            what was measured
 */
public record PhaseResult(String label, Map<String, String> combination, Map<String, String> settingsReadBack,
                          Map<String, String> connection, PhaseStats stats) {
  public PhaseResult {
    Objects.requireNonNull(label, "label");
    combination = ordered(combination);
    settingsReadBack = ordered(settingsReadBack);
    connection = ordered(connection);
    Objects.requireNonNull(stats, "stats");
  }

  private static Map<String, String> ordered(Map<String, String> map) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }
}
