package stress.app.capacity;

import stress.metrics.PacerLag;

/**
 * What the load process and its host did during a step of a capacity search: the figures a cause is named by
 * ({@link CauseRules}) and printed with.
 *
 * @param cpuShare   the client's CPU over its usable cores, 0..1
 * @param gcShare    the share of the step's time the client spent in garbage collection
 * @param jitShare   the JIT compiler's share of the client's CPU; NaN where not known
 * @param hostBusy   the host's CPUs busy, 0..1 (client, server and anything else); NaN where not known
 * @param hostClient the client's part of the host's CPUs, 0..1; NaN where not known
 * @param hostServer the database server's part of the host's CPUs, 0..1; NaN where it is not on this host or unread
 * @param pacer      how the pacer kept its schedule; null where not known
 * @param cores      the cores the client may use
 * @param workers    the client's OS threads that run executions (a thread per worker, or its event loops): the
 *                   client cannot use more cores than this for its work
 */
public record StepClientFigures(double cpuShare, double gcShare, double jitShare, double hostBusy, double hostClient,
                                double hostServer, PacerLag pacer, int cores, int workers) {
  /** Figures of a client of one core and one worker thread (a scripted step). */
  public StepClientFigures(double cpuShare, double gcShare, double jitShare, double hostBusy, double hostClient,
                           double hostServer, PacerLag pacer) {
    this(cpuShare, gcShare, jitShare, hostBusy, hostClient, hostServer, pacer, 1, 1);
  }

  /** Figures without the server's part and the pacer's (a scripted step). */
  public StepClientFigures(double cpuShare, double gcShare, double jitShare, double hostBusy, double hostClient) {
    this(cpuShare, gcShare, jitShare, hostBusy, hostClient, Double.NaN, null);
  }

  /** The host's CPUs busy with work of neither the client nor the server; NaN where the split is not known. */
  public double hostOthers() {
    return Double.isFinite(hostBusy) && Double.isFinite(hostClient) && Double.isFinite(hostServer)
        ? Math.max(0, hostBusy - hostClient - hostServer) : Double.NaN;
  }

  /** The cores the client's work can use: its cores, or fewer when it has fewer worker threads. */
  public int usableCores() {
    return Math.max(1, Math.min(cores, workers));
  }

  /**
   * E.g. {@code client CPU 34% of its 2 cores (80 worker threads), GC 0.2%, JIT 3% of its CPU; host CPUs 98% busy:
   * client 17%, server 60%, others 21%; pacer: 3% of starts behind schedule, woke p99 0.21 ms late (max 4.1 ms)}.
   */
  String text() {
    return "client CPU " + CapacityText.percent(cpuShare) + " of its " + cores + " core" + (cores == 1 ? "" : "s")
        + " (" + workers + " worker thread" + (workers == 1 ? "" : "s") + "), GC " + CapacityText.percent(gcShare)
        + (Double.isFinite(jitShare) ? ", JIT " + CapacityText.percent(jitShare) + " of its CPU" : "") + host()
        + (pacer == null ? "" : "; " + pacer.text());
  }

  private String host() {
    if (!Double.isFinite(hostBusy)) {
      return "";
    }
    String busy = "; host CPUs " + CapacityText.percent(hostBusy) + " busy";
    if (Double.isFinite(hostOthers())) {
      return busy + ": client " + CapacityText.percent(hostClient) + ", server " + CapacityText.percent(hostServer)
          + ", others " + CapacityText.percent(hostOthers());
    }
    return busy + (Double.isFinite(hostClient) ? ", the client " + CapacityText.percent(hostClient) + " of them" : "");
  }
}
