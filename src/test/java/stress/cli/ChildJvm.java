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
