package stress.runner;

import java.util.List;

/**
 * An optional extension point of {@link Runner}: observes every execution as it happens, beside the run's
 * own HdrHistogram figures (which are what the summaries report). Used for live metrics.
 */
@FunctionalInterface
public interface RunProbe {
  /** A probe that ignores everything (the default; costs nothing measurable). */
  RunProbe NONE = (phase, operationNames) -> PhaseProbe.NONE;

  /**
   * A phase is about to start its workers.
   *
   * @param phase          the phase's settings
   * @param operationNames the operations, in the index order the worker probes are called with
   */
  PhaseProbe phase(PhaseSpec phase, List<String> operationNames);
}
