package stress.cli;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/** The command line: {@code java -jar stress.jar [connection] [command] [options]}. */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws InterruptedException {
    Optional<List<String>> relaunch = Relauncher.command(args);
    if (relaunch.isPresent()) {
      try {
        System.exit(Relauncher.run(relaunch.get()));
      } catch (IOException e) {
        String options = String.join(" ", JvmDefaults.options(Runtime.version().feature()));
        System.err.println("stress: could not start a JVM with " + options + " (" + e.getMessage()
            + "); running in this JVM with its own defaults");
      }
    }
    Cli cli = new Cli(System.out, System.err);
    int code = cli.execute(args);
    if (!shuttingDown()) {
      // during a signal's shutdown the JVM is exiting anyway, with 128 + the signal
      System.exit(code);
    }
  }

  /**
   * Whether a signal has begun the JVM's shutdown: every command a signal stops (run, import, index) returns its code
   * from inside that shutdown, after its hook let it finish. A System.exit with it then could slip in between the
   * hooks' end and the signal's exit and win (an import stopped by SIGTERM exited with 130, not 143, in one run of the
   * test suite); before, only run's commands said that a signal had stopped them.
   */
  private static boolean shuttingDown() {
    Thread probe = new Thread(() -> { });
    try {
      Runtime.getRuntime().addShutdownHook(probe);
    } catch (IllegalStateException inProgress) {
      return true;
    }
    Runtime.getRuntime().removeShutdownHook(probe);
    return false;
  }
}
