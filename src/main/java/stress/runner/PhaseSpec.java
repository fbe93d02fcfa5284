package stress.runner;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;
import stress.model.UsageException;
import stress.model.StatementMode;

/**
 * One combination of compared settings, run as its own phase.
 *
 * @param combination the values that vary between phases, in a stable order (mode, pool, threads, set ...)
 * @param mode        statement mode
 * @param poolKind    none, hikari or c3p0
 * @param pool        pool size and statement cache
 * @param threads     worker threads
 * @param connection  how to connect, with this phase's session settings applied
 * @param sessionSettings the --set values of this phase (name to value), read back from the server after it
 * @param tablePerThread  each worker inserts into its own table ({@link RunPlan#workerTables})
 * @param round           the round of a run of several rounds in which this phase runs (1-based), or 0 for a run of
 *                        one round; every round runs each combination once ({@link RoundSchedule})
 */
public record PhaseSpec(Map<String, String> combination, StatementMode mode, String poolKind, PoolSettings pool,
                        int threads, ConnectionSpec connection, Map<String, String> sessionSettings,
                        boolean tablePerThread, int round) {

  /** A phase of a run of one round. */
  public PhaseSpec(Map<String, String> combination, StatementMode mode, String poolKind, PoolSettings pool,
                   int threads, ConnectionSpec connection, Map<String, String> sessionSettings,
                   boolean tablePerThread) {
    this(combination, mode, poolKind, pool, threads, connection, sessionSettings, tablePerThread, 0);
  }

  /** A phase whose workers share the run's table. */
  public PhaseSpec(Map<String, String> combination, StatementMode mode, String poolKind, PoolSettings pool,
                   int threads, ConnectionSpec connection, Map<String, String> sessionSettings) {
    this(combination, mode, poolKind, pool, threads, connection, sessionSettings, false);
  }

  public PhaseSpec {
    combination = Collections.unmodifiableMap(new LinkedHashMap<>(combination));
    sessionSettings = Collections.unmodifiableMap(new LinkedHashMap<>(sessionSettings));
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(poolKind, "poolKind");
    if (round < 0) {
      throw new IllegalArgumentException("a round is numbered from 1 (0 for a run of one round), got " + round);
    }
    if (threads < 1) {
      throw new UsageException("--threads must be at least 1, got " + threads);
    }
  }

  /** E.g. {@code mode=plain pool=hikari threads=80}, and {@code round=2} after it in a run of rounds. */
  public String label() {
    return combination.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "))
        + (round > 0 ? " round=" + round : "");
  }

  /** This combination as run in round {@code r} (1-based). */
  public PhaseSpec inRound(int r) {
    return new PhaseSpec(combination, mode, poolKind, pool, threads, connection, sessionSettings, tablePerThread, r);
  }
}
