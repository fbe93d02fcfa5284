package stress.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import stress.metrics.ClientUsage;
import stress.metrics.HostStats;
import stress.metrics.PhaseStats;

/**
 * One phase of a run.
 *
 * @param label            a readable name of the phase, e.g. {@code mode=plain pool=hikari threads=80}
 * @param combination      the settings that vary between the phases of the run, in display order
 * @param settingsReadBack session settings as the server reported them during the phase (SHOW / pg_settings)
 * @param connection       how the phase connected: pool kind and size, statement caches, driver settings,
 *                         distinct server backends the workers held; never a password; the pooler's figures are
 *                         JSON numbers ({@link ConnectionJson})
 * @param stats            what was measured
 * @param hosts            per-host figures when the workers were spread over several hosts (coordinators), in
 *                         the hosts' order; empty otherwise, and then left out of the JSON (files written
 *                         before this field existed read back with it empty)
 * @param client           what the load process itself spent while measuring (CPU, GC, memory); in a merged
 *                         result the processes' figures added; null when not measured (results written before
 *                         this field existed), and then left out of the JSON
 * @param round            in a run of several rounds ({@code --rounds}), the round this phase ran in (1-based); the
 *                         combination is then the same in every round and the label ends with {@code round=N}; null
 *                         for a run of one round, and then left out of the JSON
 */
public record PhaseResult(String label, Map<String, String> combination, Map<String, String> settingsReadBack,
                          @JsonSerialize(using = ConnectionJson.class) Map<String, String> connection,
                          PhaseStats stats,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<HostStats> hosts,
                          @JsonInclude(JsonInclude.Include.NON_NULL) ClientUsage client,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Integer round) {
  public PhaseResult {
    if (round != null && round < 1) {
      throw new IllegalArgumentException("a round is numbered from 1, got " + round);
    }
    hosts = hosts == null ? List.of() : List.copyOf(hosts);
    Objects.requireNonNull(label, "label");
    combination = ordered(combination);
    settingsReadBack = ordered(settingsReadBack);
    connection = ordered(connection);
    Objects.requireNonNull(stats, "stats");
  }

  /** A phase of a run of one round. */
  public PhaseResult(String label, Map<String, String> combination, Map<String, String> settingsReadBack,
                     Map<String, String> connection, PhaseStats stats, List<HostStats> hosts, ClientUsage client) {
    this(label, combination, settingsReadBack, connection, stats, hosts, client, null);
  }

  /** This phase with another label and combination (e.g. the table of a compared layout added), its round kept. */
  public PhaseResult relabelled(String newLabel, Map<String, String> newCombination) {
    return new PhaseResult(newLabel, newCombination, settingsReadBack, connection, stats, hosts, client, round);
  }

  /** This phase as round {@code r} of a run of rounds, its label ending with {@code round=r}. */
  public PhaseResult inRound(int r) {
    String base = round == null ? label : label.substring(0, label.lastIndexOf(" round="));
    return new PhaseResult(base + " round=" + r, combination, settingsReadBack, connection, stats, hosts, client, r);
  }

  /** A phase without the client's own figures. */
  public PhaseResult(String label, Map<String, String> combination, Map<String, String> settingsReadBack,
                     Map<String, String> connection, PhaseStats stats, List<HostStats> hosts) {
    this(label, combination, settingsReadBack, connection, stats, hosts, null);
  }

  /** A phase run on one connection source (no per-host figures). */
  public PhaseResult(String label, Map<String, String> combination, Map<String, String> settingsReadBack,
                     Map<String, String> connection, PhaseStats stats) {
    this(label, combination, settingsReadBack, connection, stats, List.of(), null);
  }

  private static Map<String, String> ordered(Map<String, String> map) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }
}
