package stress.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code stress run}: the workload on an existing table. */
@Command(name = "run", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Run operations from many threads and report ops/s and latency. Lists in --mode, --pool,"
        + " --threads and --set run every combination as its own phase and end with a comparison table."})
final class RunCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  ConnectionArgs connection;

  @Mixin
  RunArgs run;

  @Override
  public Integer call() throws Exception {
    return root.runWith(connection, run, root.connection);
  }
}
