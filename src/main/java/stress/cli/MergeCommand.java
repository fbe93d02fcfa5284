package stress.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import stress.app.Commands;
import stress.config.Durations;
import stress.model.UsageException;

/** {@code stress merge}: one result from the results of several load machines. */
@Command(name = "merge", usageHelpAutoWidth = true,
    description = {"Combine --json results of stress processes that ran at the same time (e.g. --instance 1/4 .."
        + " 4/4 on four machines), or with --run ID the results a run's instances kept in the target database:"
        + " latency histograms added exactly, counts and errors summed, one summary."})
final class MergeCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  ConnectionArgs connection;

  @Parameters(paramLabel = "RESULT.json", arity = "0..*", description = "Results written by 'run --json' (two or more).")
  List<Path> results;

  @Option(names = "--run", paramLabel = "ID",
      description = "The run whose instances (run --run-id ID) kept their results in the target database.")
  String run;

  @Option(names = "--wait", paramLabel = "TIME", defaultValue = "0",
      description = "With --run: wait up to this long for every instance to keep its result. Default: no waiting.")
  String await;

  @Option(names = "--json", paramLabel = "FILE", description = "Write the merged result as JSON.")
  Path json;

  @Option(names = "--out", paramLabel = "DIR",
      description = "With --run: write result.json and report.html of the merged run into DIR (new or empty).")
  Path out;

  @Override
  public Integer call() throws Exception {
    List<Path> files = results == null ? List.of() : results;
    if (run != null) {
      if (!files.isEmpty()) {
        throw new UsageException("give result files or --run ID, not both");
      }
      return Commands.mergeRun(run, Durations.parse("--wait", await), json, out,
          connection.toOptions(root.connection), root.out).code();
    }
    if (files.size() < 2) {
      throw new UsageException("merge needs two or more result files, or --run ID, got " + files.size() + " file(s)");
    }
    if (out != null) {
      throw new UsageException("--out goes with --run; for result files, 'stress report' writes report.html");
    }
    return Commands.merge(files, json, root.out).code();
  }
}
