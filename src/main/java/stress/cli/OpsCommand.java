package stress.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import stress.app.ExitCode;
import stress.ops.Operation;
import stress.ops.Operations;

/** {@code stress ops}: the operations and what each does. */
@Command(name = "ops", description = "List the operations --op accepts, with a one-line description each.")
final class OpsCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Override
  public Integer call() {
    int width = Operations.known().keySet().stream().mapToInt(String::length).max().orElse(0);
    for (Operation op : Operations.known().values()) {
      root.out.printf("%-" + width + "s  %s%n", op.name(), op.description());
    }
    return ExitCode.OK.code();
  }
}
