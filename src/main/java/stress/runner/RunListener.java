package stress.runner;

import java.util.List;
import stress.metrics.ClientUsage;
import stress.metrics.HostStats;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;

/** Hears about a run as it goes, e.g. to print interval lines. Every method has a no-op default. */
public interface RunListener {

  default void phaseStarted(PhaseSpec phase, int index, int count) {}

  /** The phase's workers start, in its warm-up (a phase without one calls {@link #measuringStarted} instead). */
  default void warmupStarted(PhaseSpec phase) {}

  /** The phase starts measuring: its warm-up is over, or its workers start when it has none. */
  default void measuringStarted(PhaseSpec phase) {}

  default void interval(PhaseSpec phase, IntervalStats stats) {}

  default void phaseFinished(PhaseSpec phase, PhaseStats stats) {}

  /** After {@link #phaseFinished}, when the workers were spread over hosts: each host's figures and the total. */
  default void hostsFinished(PhaseSpec phase, PhaseStats total, List<HostStats> hosts) {}

  /** After {@link #phaseFinished} (and {@link #hostsFinished}): what this process itself spent while measuring. */
  default void clientFinished(PhaseSpec phase, ClientUsage client) {}

  /** Tells {@code first}, then {@code second}, everything (a new method here must be forwarded here too). */
  static RunListener both(RunListener first, RunListener second) {
    return new RunListener() {
      @Override
      public void phaseStarted(PhaseSpec phase, int index, int count) {
        first.phaseStarted(phase, index, count);
        second.phaseStarted(phase, index, count);
      }

      @Override
      public void warmupStarted(PhaseSpec phase) {
        first.warmupStarted(phase);
        second.warmupStarted(phase);
      }

      @Override
      public void measuringStarted(PhaseSpec phase) {
        first.measuringStarted(phase);
        second.measuringStarted(phase);
      }

      @Override
      public void interval(PhaseSpec phase, IntervalStats stats) {
        first.interval(phase, stats);
        second.interval(phase, stats);
      }

      @Override
      public void phaseFinished(PhaseSpec phase, PhaseStats stats) {
        first.phaseFinished(phase, stats);
        second.phaseFinished(phase, stats);
      }

      @Override
      public void hostsFinished(PhaseSpec phase, PhaseStats total, List<HostStats> hosts) {
        first.hostsFinished(phase, total, hosts);
        second.hostsFinished(phase, total, hosts);
      }

      @Override
      public void clientFinished(PhaseSpec phase, ClientUsage client) {
        first.clientFinished(phase, client);
        second.clientFinished(phase, client);
      }
    };
  }
}
