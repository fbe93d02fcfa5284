package stress.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import stress.metrics.PhaseStats;

/**
 * One compared combination: the settings that distinguish it (mode=prepared, pool=hikari, threads=80,
 * ...) in display order, and its measured stats.
 *
 * @param settings the combination; each key becomes a column of the comparison
 * @param stats    the phase's totals
 * @param outage   what its ratios must carry when it ran across an outage ({@link OutageNote}), or null
 */
public record ComparisonRow(Map<String, String> settings, PhaseStats stats, String outage) {
  /** A row that ran across no outage. */
  public ComparisonRow(Map<String, String> settings, PhaseStats stats) {
    this(settings, stats, null);
  }

  public ComparisonRow {
    settings.forEach((key, value) -> {
      if (key == null || value == null) {
        throw new IllegalArgumentException("a comparison setting needs a name and a value, got " + key + "=" + value);
      }
    });
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    Objects.requireNonNull(stats, "stats");
  }
}
