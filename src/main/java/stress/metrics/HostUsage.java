package stress.metrics;

/**
 * The host the client ran on, while a phase was measured: how busy all of its CPUs were (client, server when it
 * runs there, and anything else), and whether a server of the run is on it.
 *
 * @param cpus             the host's CPUs
 * @param cpuShare         their busy share over the measured part: 1.0 = every CPU busy all the time
 * @param serverOnThisHost whether a server the workers connect to has an address of this host (loopback or one of
 *                         its interfaces)
 */
public record HostUsage(int cpus, double cpuShare, boolean serverOnThisHost) {}
