package stress.runner;

import java.util.List;
import stress.metrics.HostStats;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;

/** Hears about a run as it goes, e.g. to print interval lines. Every method has a no-op default. */
public interface RunListener {

  default void phaseStarted(PhaseSpec phase, int index, int count) {}

  default void interval(PhaseSpec phase, IntervalStats stats) {}

  default void phaseFinished(PhaseSpec phase, PhaseStats stats) {}

  /** After {@link #phaseFinished}, when the workers were spread over hosts: each host's figures and the total. */
  default void hostsFinished(PhaseSpec phase, PhaseStats total, List<HostStats> hosts) {}
}
