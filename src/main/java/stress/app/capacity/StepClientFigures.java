package stress.app.capacity;

/**
 * What the load process and its host did during a step of a capacity search: the figures a cause is named by
 * ({@link BreakCause}) and printed with.
 *
 * @param cpuShare   the client's CPU over its usable cores, 0..1
 * @param gcShare    the share of the step's time the client spent in garbage collection
 * @param jitShare   the JIT compiler's share of the client's CPU; NaN where not known
 * @param hostBusy   the host's CPUs busy, 0..1 (client, server and anything else); NaN where not known
 * @param hostClient the client's part of the host's CPUs, 0..1; NaN where not known
 */
public record StepClientFigures(double cpuShare, double gcShare, double jitShare, double hostBusy, double hostClient) {
  /** E.g. {@code client CPU 34% of its cores, GC 0.2%, JIT 3%; host CPUs 98% busy, the client 17% of them}. */
  String text() {
    return "client CPU " + CapacityText.percent(cpuShare) + " of its cores, GC " + CapacityText.percent(gcShare)
        + (Double.isFinite(jitShare) ? ", JIT " + CapacityText.percent(jitShare) + " of its CPU" : "")
        + (Double.isFinite(hostBusy) ? "; host CPUs " + CapacityText.percent(hostBusy) + " busy"
        + (Double.isFinite(hostClient) ? ", the client " + CapacityText.percent(hostClient) + " of them" : "") : "");
  }
}
