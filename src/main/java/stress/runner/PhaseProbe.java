package stress.runner;

/**
 * Sees one phase: hands out a {@link WorkerProbe} per worker (each of whose calls says whether the execution is
 * warm-up) and hears what the client spent and when the phase is over. The runner calls it from the phase's
 * reporting thread.
 */
public interface PhaseProbe {
  /** A probe that ignores everything. */
  PhaseProbe NONE = index -> WorkerProbe.NONE;

  /** The probe of worker {@code index}; called once per worker before the workers start. */
  WorkerProbe worker(int index);

  /**
   * The probe of worker {@code index} of a phase whose workers are spread over several hosts, instead of
   * {@link #worker(int)}: {@code host} is the one that worker uses ({@code host:port}, as the user gave it).
   * Called once per worker before the workers start. By default the host is ignored.
   */
  default WorkerProbe worker(int index, String host) {
    return worker(index);
  }

  /** What this process itself spent while measuring; called once after the workers stopped, before {@link #finished}. */
  default void clientUsage(stress.metrics.ClientUsage client) {}

  /** Every worker has stopped; called once, also when the phase failed to start. */
  default void finished() {}
}
