package stress.metrics;

import java.util.Objects;

/**
 * The measured figures of the workers that used one host (one coordinator) in a phase spread over several
 * hosts. The hosts' counts, rows and errors add up to the phase's totals; their {@code stats} carry no
 * intervals (interval lines are totals over every host).
 *
 * @param host    the host as the user gave it, {@code host:port}; never credentials
 * @param threads worker threads assigned to this host
 * @param stats   what those workers measured, over the phase's measured duration
 */
public record HostStats(String host, int threads, PhaseStats stats) {
  public HostStats {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(stats, "stats");
    if (threads < 0) {
      throw new IllegalArgumentException("threads of host " + host + " must be 0 or more, got " + threads);
    }
  }
}
