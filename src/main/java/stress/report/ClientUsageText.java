package stress.report;

import static stress.report.Decimals.oneDecimal;

import java.util.List;
import java.util.Objects;
import stress.metrics.ClientUsage;

/**
 * The client's own cost in words: one line of figures per phase and, when the client limited the run, one line
 * saying so and what to do. Also adds the figures of several processes for {@code stress merge}.
 */
public final class ClientUsageText {
  /** What to do when the client is the bottleneck. */
  public static final String ADVICE = "the figures understate the server; use fewer threads per process, more processes"
      + " (--instance i/n on each, then stress merge), virtual threads (--virtual-threads, Java 21+; the default"
      + " from Java 24 on for more than 4 threads per core), event loops for find_first (--event-loops N), or a load"
      + " host of its own";

  /** What to do when the client took CPU time from a server on the same host. */
  public static final String SHARED_HOST_ADVICE = "the server had that much less CPU, so the figures describe client and"
      + " server together; run the client on a host of its own, or give each its own CPUs (e.g. the server on CPU 0,"
      + " taskset -c 1 java -jar stress.jar ...)";

  /** What to do when the JIT was still compiling while the phase was measured. */
  public static final String WARMUP_ADVICE = "some executions ran on code not yet optimised and the CPU per operation"
      + " includes compiling; a longer --warmup leaves that out";

  private ClientUsageText() {}

  /**
   * E.g. {@code client: CPU 3.2 s (user 2.1 s, system 1.1 s) = 41% of 2 cores, 17.3 µs per operation; GC 12 in
   * 0.1 s (0.8% of the time); peak RSS 351 MB, heap peak 120 MB of 256 MB; host 2 CPUs 97% busy, server on this
   * host} (the host part where the host's CPUs are known), then
   * {@code client is the bottleneck (CPU at 92% of the 2 cores it may use): the figures understate ...} when it
   * was; nothing for null.
   */
  public static String lines(ClientUsage u) {
    if (u == null) {
      return "";
    }
    StringBuilder out = new StringBuilder("client: CPU ").append(oneDecimal(u.cpuSeconds())).append(" s");
    if (u.userSeconds() != null && u.systemSeconds() != null) {
      out.append(" (user ").append(oneDecimal(u.userSeconds())).append(" s, system ")
          .append(oneDecimal(u.systemSeconds())).append(" s)");
    }
    out.append(" = ").append(Math.round(u.cpuShare() * 100)).append("% of ").append(u.cores())
        .append(u.cores() == 1 ? " core, " : " cores, ")
        .append(oneDecimal(u.cpuMicrosPerOperation())).append(" µs per operation; ");
    if (u.spinSeconds() != null) {
      out.append("busy-poll ").append(oneDecimal(u.spinSeconds())).append(" s more, polling with nothing to read (not"
          + " counted); ");
    }
    if (u.jitSeconds() != null) {
      out.append("JIT ").append(oneDecimal(u.jitSeconds())).append(" s (").append(Math.round(u.jitShare() * 100))
          .append("% of the CPU); ");
    }
    out.append("GC ").append(u.gcCount())
        .append(" in ").append(Decimals.millis(u.gcSeconds() * 1000)).append(" ms (")
        .append(oneDecimal(u.gcShare() * 100)).append("% of the time); peak RSS ")
        .append(u.peakRssBytes() == null ? "unknown" : megabytes(u.peakRssBytes()))
        .append(", heap peak ").append(megabytes(u.peakHeapBytes()));
    if (u.maxHeapBytes() > 0) {
      out.append(" of ").append(megabytes(u.maxHeapBytes()));
    }
    if (u.host() != null) {
      out.append("; host ").append(u.host().cpus()).append(u.host().cpus() == 1 ? " CPU " : " CPUs ")
          .append(Math.round(u.host().cpuShare() * 100)).append("% busy")
          .append(u.host().serverOnThisHost() ? ", server on this host" : "");
      if (Double.isFinite(u.othersHostShare())) {
        out.append(" (its processes ").append(Math.round(u.host().serverCpuShare() * 100)).append("%, the client ")
            .append(Math.round(u.hostShare() * 100)).append("%, others ")
            .append(Math.round(u.othersHostShare() * 100)).append("%)");
      }
    }
    if (u.pacer() != null) {
      out.append("; ").append(u.pacer().text());
    }
    out.append('\n');
    if (u.clientBound()) {
      out.append(headline(u)).append(" (").append(u.bottleneck()).append("): ").append(advice(u)).append('\n');
    }
    if (u.stillCompiling()) {
      out.append(stillCompiling(u)).append(": ").append(WARMUP_ADVICE).append('\n');
    }
    return out.toString();
  }

  /** E.g. {@code client still warming up (its JIT took 14% of its CPU while measuring)}. */
  public static String stillCompiling(ClientUsage u) {
    return "client still warming up (its JIT took " + Math.round(u.jitShare() * 100) + "% of its CPU while measuring)";
  }

  /**
   * {@code client is the bottleneck} when the client used up what it may use, {@code host saturated, client and
   * server on it} when it only shared a busy host with the server: what was measured, not more.
   */
  public static String headline(ClientUsage u) {
    return u.onlySharesCpusWithServer() ? "host saturated, client and server on it" : "client is the bottleneck";
  }

  /** What to do about a client that was the bottleneck. */
  public static String advice(ClientUsage u) {
    return u.onlySharesCpusWithServer() ? SHARED_HOST_ADVICE : ADVICE;
  }

  /** Memory in MB of 2^20 bytes, the one unit of every heap and RSS figure a run prints (header and summary). */
  public static String megabytes(long bytes) {
    return Math.round(bytes / (1024.0 * 1024.0)) + " MB";
  }

  /**
   * The processes of a merged result together: CPU, executions and collections summed, cores summed (each
   * process's own; processes on one host share theirs, which makes the share an underestimate there), the JIT's
   * CPU summed (unknown when any process did not know its own), the longest time, the largest peaks; the client is
   * the bottleneck when any process was, with that process's reason. Null when any input has no figures (written
   * before they were measured).
   */
  public static ClientUsage merge(List<ClientUsage> usages) {
    if (usages.isEmpty() || usages.stream().anyMatch(Objects::isNull)) {
      return null;
    }
    double seconds = 0;
    double cpu = 0;
    Double user = 0.0;
    Double system = 0.0;
    long operations = 0;
    long gcCount = 0;
    double gcSeconds = 0;
    Double jit = 0.0;
    Double spin = null;
    Long peakRss = 0L;
    long peakHeap = 0;
    long maxHeap = 0;
    int cores = 0;
    String bottleneck = null;
    for (int i = 0; i < usages.size(); i++) {
      ClientUsage u = usages.get(i);
      seconds = Math.max(seconds, u.seconds());
      cores += u.cores();
      cpu += u.cpuSeconds();
      user = user == null || u.userSeconds() == null ? null : user + u.userSeconds();
      system = system == null || u.systemSeconds() == null ? null : system + u.systemSeconds();
      operations += u.operations();
      gcCount += u.gcCount();
      gcSeconds += u.gcSeconds();
      jit = jit == null || u.jitSeconds() == null ? null : jit + u.jitSeconds();
      if (u.spinSeconds() != null) {
        spin = (spin == null ? 0 : spin) + u.spinSeconds();
      }
      peakRss = peakRss == null || u.peakRssBytes() == null ? null : Math.max(peakRss, u.peakRssBytes());
      peakHeap = Math.max(peakHeap, u.peakHeapBytes());
      maxHeap = Math.max(maxHeap, u.maxHeapBytes());
      if (bottleneck == null && u.clientBound()) {
        bottleneck = "input " + (i + 1) + ": " + u.bottleneck();
      }
    }
    // the processes may have run on different hosts: no host figures for the sum
    ClientUsage sum = ClientUsage.of(seconds, cores, cpu, user, system, operations, gcCount, gcSeconds, peakRss,
        peakHeap, maxHeap, null).withJitSeconds(jit).withSpinSeconds(spin);
    // the summed shares hide one saturated process among idle ones: keep the first process's verdict
    return bottleneck == null ? sum : new ClientUsage(sum.seconds(), sum.cores(), sum.cpuSeconds(), sum.userSeconds(),
        sum.systemSeconds(), sum.operations(), sum.cpuMicrosPerOperation(), sum.cpuShare(), sum.gcCount(),
        sum.gcSeconds(), sum.gcShare(), sum.jitSeconds(), sum.spinSeconds(), sum.peakRssBytes(), sum.peakHeapBytes(),
        sum.maxHeapBytes(), null, bottleneck, null);
  }
}
