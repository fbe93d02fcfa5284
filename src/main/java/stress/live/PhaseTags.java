package stress.live;

import io.micrometer.core.instrument.Tags;
import stress.runner.PhaseSpec;

/** The tags every meter of a phase carries: {@code phase}, {@code mode}, {@code pool}, {@code host}. */
public final class PhaseTags {
  private PhaseTags() {}

  /** The tags of a phase's meters when its workers are not spread over hosts. */
  public static Tags of(PhaseSpec phase) {
    return of(phase, host(phase));
  }

  /** The tags of the meters of a phase's workers that use {@code host}. */
  public static Tags of(PhaseSpec phase, String host) {
    return Tags.of("phase", phase.label(), "mode", phase.mode().label(), "pool", phase.poolKind(), "host", host);
  }

  /**
   * The {@code host} tag of a phase whose workers are not spread: the server(s) the phase connects to, as
   * {@code host:port} (several, comma-separated, for a multi-host URL the driver picks from). When a run
   * spreads its workers over several hosts, each worker's meters carry its own host instead (see
   * {@link stress.runner.PhaseProbe#worker(int, String)}).
   */
  public static String host(PhaseSpec phase) {
    return String.join(",", phase.connection().servers());
  }
}
