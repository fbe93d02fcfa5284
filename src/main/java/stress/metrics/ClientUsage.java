package stress.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the load-generating process itself spent while a phase was measured: its CPU (user and system, all of
 * its threads: workers, reporter, JIT, GC), its garbage collections and its memory. A client that is short of
 * CPU, or that spends its time collecting garbage, measures itself rather than the server;
 * {@link #bottleneck()} says so.
 *
 * @param seconds                wall-clock seconds the figures cover (the measured part of the phase)
 * @param cores                  processors this process may use ({@code Runtime.availableProcessors()}: CPU
 *                               affinity and container limits included)
 * @param cpuSeconds             process CPU time, user + system
 * @param userSeconds            the user part of {@code cpuSeconds}; null where the operating system does not say
 * @param systemSeconds          the system (kernel) part of {@code cpuSeconds}; null where not known
 * @param operations             executions in the measured part, successful and failed
 * @param cpuMicrosPerOperation  {@code cpuSeconds} per execution, in microseconds (0 without executions)
 * @param cpuShare               {@code cpuSeconds / (seconds × cores)}: 1.0 = every usable core busy all the time
 * @param gcCount                garbage collections
 * @param gcSeconds              time the collectors report (pauses, and concurrent work for some collectors)
 * @param gcShare                {@code gcSeconds / seconds}
 * @param jitSeconds             CPU time of the JIT compiler threads, part of {@code cpuSeconds} (at least: see
 *                               {@code JitCpu}); null where not known
 * @param spinSeconds            CPU time the event loops spent polling with nothing to read ({@code --busy-poll}),
 *                               left out of {@code cpuSeconds}, the CPU per operation and the verdict: it is how
 *                               they wait, not work; null when the loops sleep while they wait
 * @param peakRssBytes           the process's peak resident set size since it started (Linux {@code VmHWM});
 *                               null where not known
 * @param peakHeapBytes          the highest heap use during the phase (sum of the heap pools' peaks)
 * @param maxHeapBytes           the heap's limit ({@code -Xmx} or the JVM's own choice); -1 when undefined
 * @param host                   the host's CPUs and whether a server shares them; null where not known
 * @param bottleneck             why the client limited the figures, or null when it did not
 * @param pacer                  how the pacer kept its schedule ({@code --rate}); null when the phase was not paced
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClientUsage(double seconds, int cores, double cpuSeconds, Double userSeconds, Double systemSeconds,
                          long operations, double cpuMicrosPerOperation, double cpuShare, long gcCount,
                          double gcSeconds, double gcShare, Double jitSeconds, Double spinSeconds, Long peakRssBytes,
                          long peakHeapBytes, long maxHeapBytes, HostUsage host, String bottleneck,
                          PacerLag pacer) {
  /** Above this share of its usable cores the client is taken to be short of CPU. */
  public static final double CPU_LIMIT = 0.85;
  /** Above this share of the wall time in garbage collection the client is taken to be held up by it. */
  public static final double GC_LIMIT = 0.10;
  /**
   * A client that shares every CPU of a host with the server, above {@link #CPU_LIMIT} busy, and takes at least
   * this share of them took CPU time the server needed.
   */
  public static final double SHARED_HOST_CLIENT_SHARE = 0.10;
  /**
   * Above this share of the client's CPU while measuring the JIT was still compiling: the warm-up was too short
   * for the figures to describe the client's steady state.
   */
  public static final double JIT_LIMIT = 0.10;

  /** Derives the per-operation figures, the shares and the verdict from the raw amounts. */
  public static ClientUsage of(double seconds, int cores, double cpuSeconds, Double userSeconds, Double systemSeconds,
                               long operations, long gcCount, double gcSeconds, Long peakRssBytes, long peakHeapBytes,
                               long maxHeapBytes, HostUsage host) {
    if (cores < 1) {
      throw new IllegalArgumentException("cores must be 1 or more, got " + cores);
    }
    double perOp = operations > 0 ? cpuSeconds * 1e6 / operations : 0;
    double cpuShare = seconds > 0 ? cpuSeconds / (seconds * cores) : 0;
    double gcShare = seconds > 0 ? gcSeconds / seconds : 0;
    return new ClientUsage(seconds, cores, cpuSeconds, userSeconds, systemSeconds, operations, perOp, cpuShare,
        gcCount, gcSeconds, gcShare, null, null, peakRssBytes, peakHeapBytes, maxHeapBytes, host,
        verdict(cpuShare, gcShare, cores, host), null);
  }

  /** Why these shares make the client the bottleneck, or null when they do not. */
  static String verdict(double cpuShare, double gcShare, int cores, HostUsage host) {
    return verdict(cpuShare, cpuShare, gcShare, cores, host);
  }

  /**
   * @param workShare  the CPU share judged against {@link #CPU_LIMIT}: the client's work
   * @param takenShare the share of the host's CPUs the client took from a server on it, polling included
   */
  private static String verdict(double workShare, double takenShare, double gcShare, int cores, HostUsage host) {
    boolean cpu = workShare > CPU_LIMIT;
    boolean gc = gcShare > GC_LIMIT;
    if (!cpu && !gc) {
      return sharesCpusWithServer(takenShare, cores, host)
          ? "this host's " + host.cpus() + " CPU" + (host.cpus() == 1 ? " was " : "s were ")
              + Math.round(host.cpuShare() * 100) + "% busy: the client took " + Math.round(takenShare * 100)
              + "% of them, the server and anything else on the host "
              + Math.round(Math.max(0, host.cpuShare() - takenShare) * 100) + "%"
          : null;
    }
    String cpuText = "CPU at " + Math.round(workShare * 100) + "% of the " + cores + " core" + (cores == 1 ? "" : "s")
        + " it may use";
    String gcText = "GC " + Math.round(gcShare * 100) + "% of the wall time";
    return cpu && gc ? cpuText + ", " + gcText : cpu ? cpuText : gcText;
  }

  /**
   * Whether the client ran on every CPU of a busy host that a server of the run shares (a client limited to some
   * CPUs, by affinity or a container, may not share them with the server, so it is not judged here).
   */
  private static boolean sharesCpusWithServer(double cpuShare, int cores, HostUsage host) {
    return host != null && host.serverOnThisHost() && cores >= host.cpus() && host.cpuShare() > CPU_LIMIT
        && cpuShare >= SHARED_HOST_CLIENT_SHARE;
  }

  /** The client's part of the host's CPUs (its CPU time over the host's), 0..1; NaN where the host is not known. */
  public double hostShare() {
    return host == null || host.cpus() < 1 || !(seconds > 0) ? Double.NaN : cpuSeconds / (seconds * host.cpus());
  }

  /**
   * The part of the host's CPUs busy with work of neither the client nor the database server, 0..1; NaN where the
   * server's processes were not read.
   */
  public double othersHostShare() {
    return host == null || host.serverCpuShare() == null || !Double.isFinite(hostShare()) ? Double.NaN
        : Math.max(0, host.cpuShare() - host.serverCpuShare() - hostShare());
  }

  /** Whether the client is the bottleneck only by sharing a busy host's CPUs with the server. */
  public boolean onlySharesCpusWithServer() {
    return clientBound() && host != null && cpuShare <= CPU_LIMIT && gcShare <= GC_LIMIT;
  }

  /** These figures with the JIT's CPU time (null where not known). */
  public ClientUsage withJitSeconds(Double jit) {
    return new ClientUsage(seconds, cores, cpuSeconds, userSeconds, systemSeconds, operations, cpuMicrosPerOperation,
        cpuShare, gcCount, gcSeconds, gcShare, jit, spinSeconds, peakRssBytes, peakHeapBytes, maxHeapBytes, host,
        bottleneck, pacer);
  }

  /** These figures with the polling's CPU time attached as it is (already left out of {@code cpuSeconds}). */
  public ClientUsage withSpinSeconds(Double spin) {
    return new ClientUsage(seconds, cores, cpuSeconds, userSeconds, systemSeconds, operations, cpuMicrosPerOperation,
        cpuShare, gcCount, gcSeconds, gcShare, jitSeconds, spin, peakRssBytes, peakHeapBytes, maxHeapBytes, host,
        bottleneck, pacer);
  }

  /** These figures with the pacer's (null: the phase was not paced). */
  public ClientUsage withPacer(PacerLag lag) {
    return new ClientUsage(seconds, cores, cpuSeconds, userSeconds, systemSeconds, operations, cpuMicrosPerOperation,
        cpuShare, gcCount, gcSeconds, gcShare, jitSeconds, spinSeconds, peakRssBytes, peakHeapBytes, maxHeapBytes,
        host, bottleneck, lag);
  }

  /**
   * These figures with {@code spin} seconds of the event loops' polling ({@code --busy-poll}) taken out of the CPU
   * time and kept apart; the CPU per operation, the shares and the CPU limit are those of the rest, while a server
   * on the same busy CPUs is judged by all the client took, polling included. The user / system split is dropped:
   * the polling's own split is not measured.
   */
  public ClientUsage withoutSpin(double spin) {
    ClientUsage working = of(seconds, cores, Math.max(0, cpuSeconds - spin), null, null, operations, gcCount,
        gcSeconds, peakRssBytes, peakHeapBytes, maxHeapBytes, host);
    // the polling is not work, but on CPUs shared with a server it is CPU the server did not get
    return new ClientUsage(seconds, cores, working.cpuSeconds, null, null, operations,
        working.cpuMicrosPerOperation, working.cpuShare, gcCount, gcSeconds, gcShare, jitSeconds, spin, peakRssBytes,
        peakHeapBytes, maxHeapBytes, host, verdict(working.cpuShare, cpuShare, gcShare, cores, host), pacer);
  }

  /** The JIT's share of the client's CPU time, or null where not known. */
  public Double jitShare() {
    return jitSeconds == null ? null : cpuSeconds > 0 ? Math.min(1, jitSeconds / cpuSeconds) : 0.0;
  }

  /**
   * Whether the JIT compiler took more than {@link #JIT_LIMIT} of the client's CPU while measuring: the client had
   * not warmed up, so some executions ran on code still being optimised and the CPU figures include compiling.
   */
  public boolean stillCompiling() {
    Double share = jitShare();
    return share != null && share > JIT_LIMIT;
  }

  /** Whether the client, not the server, limited the figures. */
  public boolean clientBound() {
    return bottleneck != null;
  }
}
