package stress.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Runs the command line in a child JVM with {@link JvmDefaults#options} when {@link JvmDefaults} says so, and
 * exits with its exit code. The child shares standard input, output and error. A signal to this process
 * (Ctrl-C reaches both processes of the terminal's group; SIGTERM may reach only this one) is passed on as a
 * SIGTERM, and this process waits for the child to print its partial summary and end, then exits with the
 * child's code, or with 128 + the signal it got when the child stopped on the SIGTERM it was passed: a Ctrl-C or a
 * {@code kill -INT} of this process alone ends the run with 130, as in a run without a child ({@link FirstSignal}).
 */
final class Relauncher {
  /** Longer than the child's own grace after a signal (60 s), so its summary is never cut off. */
  private static final long CHILD_GRACE_SECONDS = 90;

  private Relauncher() {}

  /** The child's command for these arguments, or empty when this JVM runs them itself. */
  static Optional<List<String>> command(String[] args) {
    String java = ProcessHandle.current().info().command().orElse(null);
    String classPath = System.getProperty("java.class.path", "");
    // started by java -jar: the launcher names the jar, not a main class, as the command
    String command = System.getProperty("sun.java.command", "");
    String jar = classPath.endsWith(".jar") && !classPath.contains(File.pathSeparator)
        && (command.equals(classPath) || command.startsWith(classPath + " ")) ? classPath : null;
    return JvmDefaults.relaunch(Runtime.version().feature(), ManagementFactory.getRuntimeMXBean().getInputArguments(),
        System.getenv(), java, jar, () -> isRun(args), Arrays.asList(args));
  }

  /** Whether the arguments ask for a run: {@code run} or no command, without --help or --version. */
  static boolean isRun(String[] args) {
    try {
      ParseResult parsed = new CommandLine(new StressCommand(new PrintStream(PrintStream.nullOutputStream())))
          .setCaseInsensitiveEnumValuesAllowed(true).parseArgs(args);
      ParseResult last = parsed;
      while (last.hasSubcommand()) {
        last = last.subcommand();
      }
      boolean help = last.isUsageHelpRequested() || parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested();
      return !help && (last == parsed || last.commandSpec().name().equals("run"));
    } catch (CommandLine.ParameterException e) {
      return false; // this JVM reports the mistake
    }
  }

  /** Runs the child to its end and returns its exit code. */
  static int run(List<String> command) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
    // tells the child's run header where its JVM options came from
    builder.environment().put(JvmDefaults.SWITCH, JvmDefaults.APPLIED);
    FirstSignal signal = FirstSignal.watch();
    Process child = builder.start();
    Thread passOn = new Thread(() -> {
      if (child.isAlive()) {
        child.destroy();
        try {
          if (child.waitFor(CHILD_GRACE_SECONDS, TimeUnit.SECONDS)) {
            Runtime.getRuntime().halt(FirstSignal.exitCode(child.exitValue(), signal.number()));
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }, "stress-relaunch-signal");
    Runtime.getRuntime().addShutdownHook(passOn);
    int code = child.waitFor();
    try {
      Runtime.getRuntime().removeShutdownHook(passOn);
    } catch (IllegalStateException shuttingDown) {
      // a signal came as the child ended: the hook exits with the child's code
    }
    return code;
  }
}
