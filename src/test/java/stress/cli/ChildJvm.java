package stress.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs {@code stress} in its own JVM from the test class path, as a user would run it, with a chosen environment. */
final class ChildJvm {
  private ChildJvm() {}

  /**
   * Why a test of Ctrl-C cannot run here: a non-interactive shell starts background commands with SIGINT ignored, and
   * a JVM that starts so (Maven, the test JVM, the child) keeps ignoring it, as a terminal's Ctrl-C would be.
   */
  static final String SIGINT_IGNORED = "SIGINT is ignored in this JVM (Maven was started in the background by a"
      + " non-interactive shell), and so in the child: start Maven in the foreground to test Ctrl-C";

  /** Whether this process ignores SIGINT (bit 2 of SigIgn in /proc/self/status), as its children then do. */
  static boolean sigintIgnored() throws IOException {
    Path status = Path.of("/proc/self/status");
    if (!Files.isReadable(status)) {
      return false;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16) & 0x2) != 0;
      }
    }
    return false;
  }

  /** What a finished child printed. */
  record Result(int exitCode, String out, String err) {
    String all() {
      return out + err;
    }
  }

  /** The java command line that runs {@link Main} with these arguments. */
  static List<String> command(List<String> args) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
        Main.class.getName()));
    command.addAll(args);
    return command;
  }

  /**
   * Runs to the end (at most {@code timeoutSeconds}) in {@code workDir}, with the environment changed by
   * {@code env} (a null value removes a variable); stdout and stderr are kept apart.
   */
  static Result run(Path workDir, Map<String, String> env, long timeoutSeconds, String... args)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile("stress-child", ".out");
    Path err = Files.createTempFile("stress-child", ".err");
    try {
      ProcessBuilder builder = new ProcessBuilder(command(List.of(args))).directory(workDir.toFile())
          .redirectOutput(out.toFile()).redirectError(err.toFile());
      env.forEach((k, v) -> {
        if (v == null) {
          builder.environment().remove(k);
        } else {
          builder.environment().put(k, v);
        }
      });
      Process process = builder.start();
      try {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          throw new AssertionError("stress " + String.join(" ", args) + " did not end within " + timeoutSeconds + " s");
        }
      } finally {
        process.destroyForcibly();
      }
      return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
