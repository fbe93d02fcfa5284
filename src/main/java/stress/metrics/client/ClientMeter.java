package stress.metrics.client;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import stress.metrics.ClientUsage;
import stress.metrics.HostUsage;

/**
 * Measures the process's own cost between {@link #start()} and {@link #stop(long)}: CPU time from the JVM
 * ({@code com.sun.management.OperatingSystemMXBean}, nanoseconds), split into user and system time in the
 * proportion of {@code /proc/self/stat} (whose clock ticks are too coarse to be the total on a short phase),
 * garbage collections from the collectors' beans, the heap's peak from its pools (reset at the start), and the
 * peak RSS from {@code /proc/self/status}, the JIT compiler threads' share of the process's ticks
 * ({@link JitCpu}), and how busy the host's CPUs were ({@link HostCpu}). Reads no lock
 * and touches nothing the workers use.
 */
public final class ClientMeter {
  private static final Path STAT = Path.of("/proc/self/stat");
  private static final Path STATUS = Path.of("/proc/self/status");

  private final long startNanos;
  private final long startCpuNanos;
  private final long[] startTicks;
  private final long startGcCount;
  private final long startGcMillis;
  private final HostCpu startHost;
  private final ServerCpu startServer;
  private final Map<String, Long> startJit;
  /** The event loops' polling CPU in nanoseconds so far ({@code --busy-poll}), or null when they do not poll. */
  private final LongSupplier spin;
  private final long startSpin;

  private ClientMeter(LongSupplier spin, boolean serverOnThisHost) {
    this.spin = spin;
    startSpin = spin == null ? 0 : spin.getAsLong();
    for (MemoryPoolMXBean pool : heapPools()) {
      pool.resetPeakUsage();
    }
    startGcCount = gcCount();
    startGcMillis = gcMillis();
    startTicks = userSystemTicks();
    startHost = HostCpu.sample();
    // a scan of every process: only where a server shares the host
    startServer = startHost == null || !serverOnThisHost ? null : ServerCpu.sample();
    startJit = JitCpu.sample();
    startCpuNanos = processCpuNanos();
    startNanos = System.nanoTime();
  }

  /**
   * Notes which of the process's threads are not the JIT's, so that starting and stopping a meter later read only
   * the JIT's threads; call once a phase's threads are started, before measuring begins.
   */
  public static void noteThreads() {
    JitCpu.sample();
  }

  /** Starts measuring now; the host's CPUs are not split (no server process read). */
  public static ClientMeter start() {
    return new ClientMeter(null, false);
  }

  /**
   * Starts measuring now; where {@code serverOnThisHost}, the database servers' processes are read too, so that
   * {@link #stop} can split the host's CPUs.
   */
  public static ClientMeter start(boolean serverOnThisHost) {
    return new ClientMeter(null, serverOnThisHost);
  }

  /**
   * Starts measuring now a process whose event loops poll without sleeping: {@code spinCpuNanos} tells the CPU
   * time they have spent polling with nothing to read so far, which {@link #stop} leaves out of the CPU figures.
   */
  public static ClientMeter start(LongSupplier spinCpuNanos, boolean serverOnThisHost) {
    return new ClientMeter(spinCpuNanos, serverOnThisHost);
  }

  /**
   * What the process spent since the start, over {@code operations} executions.
   *
   * @param serverOnThisHost whether a server of the run shares this host (and so its CPUs) with the client
   */
  public ClientUsage stop(long operations, boolean serverOnThisHost) {
    long nanos = System.nanoTime() - startNanos;
    long cpuNanos = processCpuNanos() - startCpuNanos;
    long[] ticks = userSystemTicks();
    Map<String, Long> endJit = JitCpu.sample();
    HostCpu endHost = HostCpu.sample();
    ServerCpu endServer = serverOnThisHost && startServer != null ? ServerCpu.sample() : null;
    Double hostShare = startHost == null || endHost == null ? null : endHost.busyShareSince(startHost);
    long hostTicks = hostShare == null ? 0 : endHost.totalTicks() - startHost.totalTicks();
    Double serverShare = endServer == null || hostTicks <= 0 ? null
        : Math.min(hostShare, (double) endServer.ticksSince(startServer) / hostTicks);
    HostUsage host = hostShare == null ? null : new HostUsage(endHost.cpus(), hostShare, serverOnThisHost,
        serverShare);
    double cpuSeconds = cpuNanos / 1e9;
    Double user = null;
    Double system = null;
    Double jit = null;
    if (startTicks != null && ticks != null) {
      long userTicks = ticks[0] - startTicks[0];
      long systemTicks = ticks[1] - startTicks[1];
      long processTicks = userTicks + systemTicks;
      if (processTicks > 0) {
        user = cpuSeconds * userTicks / processTicks;
        system = cpuSeconds - user;
      }
      if (startJit != null && endJit != null) {
        long jitTicks = JitCpu.ticksBetween(startJit, endJit);
        jit = processTicks > 0 ? cpuSeconds * Math.min(processTicks, jitTicks) / processTicks : 0.0;
      }
    }
    long peakHeap = 0;
    for (MemoryPoolMXBean pool : heapPools()) {
      peakHeap += pool.getPeakUsage() == null ? 0 : pool.getPeakUsage().getUsed();
    }
    long maxHeap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax();
    ClientUsage usage = ClientUsage.of(nanos / 1e9, Runtime.getRuntime().availableProcessors(), cpuSeconds, user,
        system, operations, gcCount() - startGcCount, (gcMillis() - startGcMillis) / 1e3, peakRssBytes(), peakHeap,
        maxHeap, host).withJitSeconds(jit);
    return spin == null ? usage : usage.withoutSpin((spin.getAsLong() - startSpin) / 1e9);
  }

  /** The process's CPU time in nanoseconds, user + system, all threads. */
  public static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      long cpu = os.getProcessCpuTime();
      if (cpu >= 0) {
        return cpu;
      }
    }
    // without the JDK's bean: the threads alive now (CPU of threads that ended is lost)
    var threads = ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (long id : threads.getAllThreadIds()) {
      sum += Math.max(0, threads.getThreadCpuTime(id));
    }
    return sum;
  }

  /** utime and stime of {@code /proc/self/stat} in clock ticks, or null where there is no such file. */
  static long[] userSystemTicks() {
    try {
      return parseStatTicks(Files.readString(STAT));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Fields 14 and 15 (utime, stime) of a {@code /proc/PID/stat} line; the command name may hold spaces. */
  static long[] parseStatTicks(String stat) {
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    // fields[0] is field 3 (state), so field n is fields[n - 3]
    return new long[] {Long.parseLong(fields[11]), Long.parseLong(fields[12])};
  }

  /** The peak resident set size in bytes ({@code VmHWM}), or null where the system does not tell. */
  public static Long peakRssBytes() {
    try {
      return parseKilobytes(Files.readString(STATUS), "VmHWM:");
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The value of a {@code Name:   123 kB} line of {@code /proc/PID/status} in bytes, or null when absent. */
  static Long parseKilobytes(String status, String name) {
    for (String line : status.split("\n")) {
      if (line.startsWith(name)) {
        String value = line.substring(name.length()).trim();
        return Long.parseLong(value.substring(0, value.indexOf(' '))) * 1024;
      }
    }
    return null;
  }

  private static List<MemoryPoolMXBean> heapPools() {
    return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP).toList();
  }

  private static long gcCount() {
    long sum = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      sum += Math.max(0, gc.getCollectionCount());
    }
    return sum;
  }

  private static long gcMillis() {
    long sum = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      sum += Math.max(0, gc.getCollectionTime());
    }
    return sum;
  }
}
