package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PostgreSQL server a child {@code stress} started for itself (no connection given), found from the port it
 * printed: its postmaster process and data directory, to check that nothing of it outlives the child.
 */
record EmbeddedServerProcess(int port, ProcessHandle postmaster, Path dataDirectory) {
  private static final Pattern PORT = Pattern.compile("connection: embedded PostgreSQL on port (\\d+)");

  /** The port named in the child's output so far, if it was printed yet. */
  static Optional<Integer> port(String output) {
    Matcher m = PORT.matcher(output);
    return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
  }

  /** The running postmaster started with {@code -p port}, and the data directory it was given. */
  static EmbeddedServerProcess onPort(int port) {
    List<ProcessHandle> matching = ProcessHandle.allProcesses()
        .filter(h -> h.info().command().orElse("").endsWith("/postgres") && option(h, "-p").equals(Integer.toString(port)))
        .toList();
    // a child the postmaster has just forked shows its command line until it sets its own title
    List<ProcessHandle> found = matching.stream()
        .filter(h -> h.parent().map(parent -> !matching.contains(parent)).orElse(true)).toList();
    assertEquals(1, found.size(), "one postmaster on port " + port + ": " + found);
    ProcessHandle postmaster = found.get(0);
    return new EmbeddedServerProcess(port, postmaster, Path.of(option(postmaster, "-D")));
  }

  private static String option(ProcessHandle process, String name) {
    List<String> arguments = List.of(process.info().arguments().orElse(new String[0]));
    int i = arguments.indexOf(name);
    return i >= 0 && i + 1 < arguments.size() ? arguments.get(i + 1) : "";
  }

  /** Within a minute (seconds as a rule) the postmaster is gone, its port closed and its data directory removed. */
  void assertGone() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (postmaster.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertFalse(postmaster.isAlive(), "postmaster " + postmaster.pid() + " still runs");
    assertFalse(accepts(port), "port " + port + " still accepts connections");
    assertFalse(Files.exists(dataDirectory), "data directory removed: " + dataDirectory);
  }

  /** The postmaster's session id. */
  long session() throws IOException {
    return session(postmaster.pid());
  }

  /**
   * The Linux session id of a process ({@code /proc/PID/stat}, field 6): a terminal's Ctrl-C reaches the foreground
   * process group of its session only, so a server in a session of its own is stopped by its owner, not by the key.
   */
  static long session(long pid) throws IOException {
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    // the command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(fields[3]);
  }

  private static boolean accepts(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("localhost", port), 1000);
      return true;
    } catch (IOException refused) {
      return false;
    }
  }

  static void assertFound(String output) {
    assertTrue(port(output).isPresent(), "the child names the embedded server's port:\n" + output);
  }
}
