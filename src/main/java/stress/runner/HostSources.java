package stress.runner;

import stress.connect.ConnectionSource;

/**
 * Opens the connection source of one host for one phase of a run spread over several hosts (coordinators).
 * Worker {@code i} of a phase uses host {@code i mod n} (see {@link #threadsOn}).
 */
@FunctionalInterface
public interface HostSources {
  /**
   * @param phase         the phase about to run
   * @param hostIndex     index of the host in the runner's host list
   * @param threadsOnHost worker threads of the phase that use this host, e.g. to size its pool
   */
  ConnectionSource open(PhaseSpec phase, int hostIndex, int threadsOnHost);

  /** Worker threads of {@code threads} that use host {@code hostIndex} of {@code hosts} when assigned round-robin. */
  static int threadsOn(int hostIndex, int hosts, int threads) {
    if (hosts < 1 || hostIndex < 0 || hostIndex >= hosts) {
      throw new IllegalArgumentException("host index " + hostIndex + " is not one of " + hosts + " hosts");
    }
    return threads / hosts + (hostIndex < threads % hosts ? 1 : 0);
  }
}
