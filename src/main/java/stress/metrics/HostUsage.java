package stress.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The host the client ran on, while a phase was measured: how busy all of its CPUs were (client, server when it
 * runs there, and anything else), and whether a server of the run is on it.
 *
 * @param cpus             the host's CPUs
 * @param cpuShare         their busy share over the measured part: 1.0 = every CPU busy all the time
 * @param serverOnThisHost whether a server the workers connect to has an address of this host (loopback or one of
 *                         its interfaces)
 * @param serverCpuShare   the database servers' processes' part of the host's CPUs ({@code ServerCpu}), 0..1; null
 *                         where no server is on this host or it cannot be read
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HostUsage(int cpus, double cpuShare, boolean serverOnThisHost, Double serverCpuShare) {
  /** A host whose server processes were not read. */
  public HostUsage(int cpus, double cpuShare, boolean serverOnThisHost) {
    this(cpus, cpuShare, serverOnThisHost, null);
  }
}
