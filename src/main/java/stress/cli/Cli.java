package stress.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * Builds the picocli command tree and maps exceptions to exit codes: 2 for usage errors, 1 for runtime
 * failures, one line each (a stack trace only with --verbose).
 */
public final class Cli {
  public static final int EXIT_USAGE = 2;
  public static final int EXIT_FAILURE = 1;

  private final PrintStream out;
  private final PrintStream err;
  private final StressCommand root;

  public Cli(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
    this.root = new StressCommand(out);
  }

  /** Runs the command line and returns the exit code. */
  public int execute(String... args) {
    boolean verbose = Arrays.asList(args).contains("--verbose");
    CommandLine cmd = new CommandLine(root);
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    cmd.setCaseInsensitiveEnumValuesAllowed(true);
    try {
      Path config = ConfigFile.pathFrom(args);
      if (config != null) {
        cmd.setDefaultValueProvider(ConfigFile.load(config, cmd));
      }
    } catch (IllegalArgumentException e) {
      err.println("stress: " + e.getMessage());
      return EXIT_USAGE;
    }
    cmd.setParameterExceptionHandler((ParameterException e, String[] a) -> {
      err.println("stress: " + e.getMessage());
      err.println("Try 'stress --help' for more information.");
      return EXIT_USAGE;
    });
    cmd.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      if (verbose) {
        e.printStackTrace(err);
      }
      err.println("stress: " + ErrorMessages.oneLine(e));
      return e instanceof IllegalArgumentException ? EXIT_USAGE : EXIT_FAILURE;
    });
    return cmd.execute(args);
  }

  /** True when the last run ended because of Ctrl-C / SIGTERM. */
  public boolean interruptedBySignal() {
    return root.interruptedBySignal();
  }

  /** Kept for tests that want to see how an SQLException is shown. */
  static String describe(SQLException e) {
    return ErrorMessages.oneLine(e);
  }
}
