package stress.metrics.live;

import io.micrometer.core.instrument.Tags;
import stress.runner.PhaseSpec;

/** The tags every meter of a phase carries: {@code phase}, {@code mode}, {@code pool}, {@code host}. */
public final class PhaseTags {
  private PhaseTags() {}

  /** The tags of a phase's meters. */
  public static Tags of(PhaseSpec phase) {
    return Tags.of("phase", phase.label(), "mode", phase.mode().label(), "pool", phase.poolKind(),
        "host", host(phase));
  }

  /**
   * The one place the {@code host} tag comes from: the server(s) the phase connects to, as
   * {@code host:port} (several, comma-separated, for a multi-host URL). When a run spreads its workers
   * over several servers, this is where the tag becomes per server.
   */
  public static String host(PhaseSpec phase) {
    return String.join(",", phase.connection().servers());
  }
}
