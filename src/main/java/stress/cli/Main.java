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
    if (!cli.interruptedBySignal()) {
      // during a Ctrl-C shutdown System.exit would block; the JVM is exiting anyway
      System.exit(code);
    }
  }
}
