package stress.metrics;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * CPU time of the database servers' processes on this host, from {@code /proc/<pid>/stat}: with the host's total
 * ({@link HostCpu}) and the client's own, it splits a busy host into client, server and others, and work of others
 * (a build, a backup, a neighbour) is a stall the server did not cause. Processes that end between two samples are
 * left out, so the server's share is at least what it reads; a long-lived connection's backend ends with its phase.
 * Linux only; elsewhere there is no sample.
 *
 * @param ticksByPid user + system clock ticks of each server process, since it started
 */
record ServerCpu(Map<Integer, Long> ticksByPid) {
  /** The process names ({@code comm}) taken for a database server's. */
  static final Set<String> SERVER_PROCESSES = Set.of("postgres", "postmaster", "mongod", "mongos", "ferretdb");
  private static final Path PROC = Path.of("/proc");

  /** The server processes' counters now, or null where {@code /proc} cannot be read. */
  static ServerCpu sample() {
    Map<Integer, Long> ticks = new HashMap<>();
    try (DirectoryStream<Path> pids = Files.newDirectoryStream(PROC, p -> isPid(p.getFileName().toString()))) {
      for (Path pid : pids) {
        try {
          long t = serverTicks(Files.readString(pid.resolve("stat")));
          if (t >= 0) {
            ticks.put(Integer.parseInt(pid.getFileName().toString()), t);
          }
        } catch (IOException | RuntimeException e) {
          // the process ended while the directory was read
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return new ServerCpu(ticks);
  }

  /**
   * utime + stime of one {@code /proc/<pid>/stat} line (fields 14 and 15) when its process name is a server's, else
   * -1. The name is in parentheses and may hold spaces, so fields are counted after its closing one.
   */
  static long serverTicks(String stat) {
    int open = stat.indexOf('(');
    int close = stat.lastIndexOf(')');
    if (open < 0 || close < open || !SERVER_PROCESSES.contains(stat.substring(open + 1, close))) {
      return -1;
    }
    String[] f = stat.substring(close + 2).trim().split("\\s+"); // f[0] is field 3, the state
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  /** Ticks the server processes of this sample spent since {@code earlier}; a new process counts from its start. */
  long ticksSince(ServerCpu earlier) {
    long sum = 0;
    for (Map.Entry<Integer, Long> e : ticksByPid.entrySet()) {
      long before = earlier.ticksByPid.getOrDefault(e.getKey(), 0L);
      sum += Math.max(0, e.getValue() - (before <= e.getValue() ? before : 0)); // a pid reused: the new process's all
    }
    return sum;
  }

  private static boolean isPid(String name) {
    return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
  }
}
