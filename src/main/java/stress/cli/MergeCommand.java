package stress.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import stress.app.Commands;

/** {@code stress merge}: one result from the results of several load machines. */
@Command(name = "merge", usageHelpAutoWidth = true,
    description = {"Combine --json results of stress processes that ran at the same time (e.g. --instance 1/4 .."
        + " 4/4 on four machines): latency histograms added exactly, counts and errors summed, one summary."})
final class MergeCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Parameters(paramLabel = "RESULT.json", arity = "2..*", description = "Results written by 'run --json'.")
  List<Path> results;

  @Option(names = "--json", paramLabel = "FILE", description = "Write the merged result as JSON.")
  Path json;

  @Override
  public Integer call() {
    return Commands.merge(results, json, root.out).code();
  }
}
