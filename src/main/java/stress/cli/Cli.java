package stress.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;
import stress.app.process.ExitCode;
import stress.model.UsageException;

/**
 * Builds the picocli command tree and maps exceptions to {@link ExitCode}s: {@link ExitCode#USAGE} for bad input
 * (picocli's parameter errors and {@link UsageException}), {@link ExitCode#FAILURE} for runtime failures and
 * internal errors, one line each (a stack trace only with --verbose).
 */
public final class Cli {
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
    } catch (UsageException e) {
      err.println("stress: " + e.getMessage());
      return ExitCode.USAGE.code();
    } catch (IllegalArgumentException e) {
      // not the user's mistake: still one line, but not a usage error
      err.println("stress: " + ErrorMessages.oneLine(e));
      return ExitCode.FAILURE.code();
    }
    String oneDash = SingleDashWords.refusal(cmd, args);
    if (oneDash != null) {
      err.println("stress: " + oneDash);
      err.println("Try 'stress --help' for more information.");
      return ExitCode.USAGE.code();
    }
    cmd.setHelpFactory(SpacedOptionHelp::new);
    cmd.setParameterExceptionHandler((ParameterException e, String[] a) -> {
      String unmatched = e instanceof UnmatchedArgumentException u ? Suggestions.describe(u) : null;
      err.println("stress: " + (unmatched != null ? unmatched : e.getMessage() + hostNotHelp(e)));
      err.println("Try 'stress --help' for more information.");
      return ExitCode.USAGE.code();
    });
    cmd.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      if (verbose) {
        e.printStackTrace(err);
      }
      err.println("stress: " + ErrorMessages.oneLine(e));
      return exitCodeOf(e).code();
    });
    cmd.setExecutionStrategy(parseResult -> {
      refuseRunOptionsBeforeACommand(parseResult);
      return new CommandLine.RunLast().execute(parseResult);
    });
    return cmd.execute(args);
  }

  /**
   * {@code stress --threads 2 run} would run with the default threads: the options before a command belong to the
   * run without a command, so they are refused instead of silently ignored.
   */
  private static void refuseRunOptionsBeforeACommand(ParseResult parseResult) {
    if (!parseResult.hasSubcommand()) {
      return;
    }
    Set<String> runOptions = parseResult.commandSpec().mixins().get("run").options().stream()
        .map(OptionSpec::longestName).collect(Collectors.toSet());
    List<String> misplaced = parseResult.matchedOptions().stream().map(OptionSpec::longestName)
        .filter(runOptions::contains).toList();
    if (!misplaced.isEmpty()) {
      String command = parseResult.subcommand().commandSpec().name();
      throw new ParameterException(parseResult.commandSpec().commandLine(), String.join(", ", misplaced)
          + " before '" + command + "' would be ignored: options of a run go after 'run' (stress run "
          + misplaced.get(0) + " ...) or with no command at all (stress " + misplaced.get(0) + " ...)");
    }
  }

  /** {@code stress -h} is a host without a value: whoever typed it most likely wanted help. */
  private static String hostNotHelp(ParameterException e) {
    if (e instanceof MissingParameterException missing && missing.getMissing().stream()
        .anyMatch(arg -> arg instanceof OptionSpec o && o.longestName().equals("--host"))) {
      return "; -h is the host, as in libpq: for help use --help or 'stress help [COMMAND]'";
    }
    return "";
  }

  /**
   * Bad input is a usage error; anything else, a plain {@link IllegalArgumentException} included (a contract broken
   * inside the program, not the user's mistake), is a failure.
   */
  static ExitCode exitCodeOf(Exception e) {
    return e instanceof UsageException || e instanceof stress.model.BadInput ? ExitCode.USAGE : ExitCode.FAILURE;
  }

  /** Kept for tests that want to see how an SQLException is shown. */
  static String describe(SQLException e) {
    return ErrorMessages.oneLine(e);
  }
}
