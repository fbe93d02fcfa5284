package stress.metrics.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How busy the whole host's CPUs are, from {@code /proc/stat}: a client and a server on one host share them, so
 * a busy host means that the client's CPU time was taken from the server. Linux only; elsewhere there is no sample.
 *
 * @param busyTicks  every CPU's ticks not idle and not waiting for I/O, since boot
 * @param totalTicks every CPU's ticks, since boot (guest time is part of user time there, so it is not added)
 * @param cpus       how many CPUs the host has ({@code cpuN} lines)
 */
record HostCpu(long busyTicks, long totalTicks, int cpus) {
  private static final Path STAT = Path.of("/proc/stat");

  /** The host's counters now, or null where there is no {@code /proc/stat} or it cannot be read. */
  static HostCpu sample() {
    try {
      return parse(Files.readString(STAT));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The first line ({@code cpu  user nice system idle iowait irq softirq steal guest guest_nice}, in ticks) and
   * the count of {@code cpuN} lines.
   */
  static HostCpu parse(String stat) {
    String[] lines = stat.split("\n");
    String[] f = lines[0].trim().split("\\s+");
    if (!f[0].equals("cpu") || f.length < 5) {
      throw new IllegalArgumentException("not a /proc/stat total line: " + lines[0]);
    }
    long total = 0;
    for (int i = 1; i < Math.min(f.length, 9); i++) { // user .. steal
      total += Long.parseLong(f[i]);
    }
    long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
    int cpus = 0;
    for (String line : lines) {
      if (line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3))) {
        cpus++;
      }
    }
    return new HostCpu(total - idle, total, cpus);
  }

  /** The busy share of the host's CPUs between {@code earlier} and this sample; null when no tick passed. */
  Double busyShareSince(HostCpu earlier) {
    long total = totalTicks - earlier.totalTicks;
    return total > 0 ? (double) (busyTicks - earlier.busyTicks) / total : null;
  }
}
