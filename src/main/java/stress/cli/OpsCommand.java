package stress.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import stress.app.Commands;

/** {@code stress ops}: the operations and what each does. */
@Command(name = "ops", description = "List the operations --op accepts, with a one-line description each.")
final class OpsCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Override
  public Integer call() {
    return Commands.listOperations(root.out).code();
  }
}
