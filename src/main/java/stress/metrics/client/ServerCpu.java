package stress.metrics.client;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * CPU time of the database servers' processes on this host, from {@code /proc/<pid>/stat}: with the host's total
 * ({@link HostCpu}) and the client's own, it splits a busy host into client, server and others, and work of others
 * (a build, a backup, a neighbour) is a stall the server did not cause. A phase's connections close before it is
 * measured for the last time, so their backends have ended by then: each server process counts its own time and its
 * ended children's (the postmaster's, once it has reaped its backends), and the difference of two sums is the
 * servers' time in between. Linux only; elsewhere there is no sample.
 *
 * @param ticks user + system clock ticks of the server processes and of their ended children, since each started
 */
record ServerCpu(long ticks) {
  /** The process names ({@code comm}) taken for a database server's; a pooler in front of it serves it too. */
  static final Set<String> SERVER_PROCESSES = Set.of("postgres", "postmaster", "mongod", "mongos", "ferretdb",
      "pgbouncer");
  private static final Path PROC = Path.of("/proc");

  /** The server processes' counters now, or null where {@code /proc} cannot be read. */
  static ServerCpu sample() {
    long ticks = 0;
    try (DirectoryStream<Path> pids = Files.newDirectoryStream(PROC, p -> isPid(p.getFileName().toString()))) {
      for (Path pid : pids) {
        try {
          ticks += Math.max(0, serverTicks(Files.readString(pid.resolve("stat"))));
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
   * utime + stime + cutime + cstime of one {@code /proc/<pid>/stat} line (fields 14 to 17) when its process name is a
   * server's, else -1. The name is in parentheses and may hold spaces, so fields are counted after its closing one.
   */
  static long serverTicks(String stat) {
    int open = stat.indexOf('(');
    int close = stat.lastIndexOf(')');
    if (open < 0 || close < open || !SERVER_PROCESSES.contains(stat.substring(open + 1, close))) {
      return -1;
    }
    String[] f = stat.substring(close + 2).trim().split("\\s+"); // f[0] is field 3, the state
    return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
  }

  /**
   * Ticks the server processes spent since {@code earlier}; 0 where the sum fell (a server process that ended whose
   * parent is not a server's took its time with it).
   */
  long ticksSince(ServerCpu earlier) {
    return Math.max(0, ticks - earlier.ticks);
  }

  private static boolean isPid(String name) {
    return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
  }
}
