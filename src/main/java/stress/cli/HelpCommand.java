package stress.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import stress.app.process.ExitCode;
import stress.model.NearestNames;

/**
 * {@code stress help [COMMAND]}: the same text as {@code --help}. {@code -h} is taken by the host (libpq's
 * convention), so help needs a word of its own.
 */
@Command(name = "help", description = "Show the help of stress, or of one command: stress help COMMAND.")
final class HelpCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "COMMAND", description = "The command to explain (run, init, import, ...).")
  String command;

  @Override
  public Integer call() {
    CommandLine stress = spec.parent().commandLine();
    CommandLine shown = command == null ? stress : stress.getSubcommands().get(command);
    if (shown == null) {
      List<String> near = NearestNames.of(command, stress.getSubcommands().keySet());
      throw new ParameterException(spec.commandLine(), "help: unknown command '" + command + "'"
          + (near.isEmpty() ? "" : " (did you mean " + String.join(" or ", near) + "?)") + "; the commands are "
          + String.join(", ", stress.getSubcommands().keySet()));
    }
    shown.usage(spec.commandLine().getOut());
    return ExitCode.OK.code();
  }
}
