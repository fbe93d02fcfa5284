package stress.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import stress.app.Commands;
import stress.workload.WorkloadFile;

/** {@code stress analyze}: the path facts that decide how MongoDB-style operations are written, found again. */
@Command(name = "analyze", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Find again, with one scan of the table, the facts that decide how MongoDB-style operations are"
        + " written for it (per document path: the kinds of values there, and whether an array occurs on the way) and"
        + " keep them in the table stress_path_facts beside it: the paths already kept, and those the --workload"
        + " file's operations read.",
        "A run finds missing facts itself and trusts kept ones: run this after the data changed outside stress."})
final class AnalyzeCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  ConnectionArgs connection;

  @Mixin
  TableArgs tables;

  @Option(names = "--workload", paramLabel = "FILE",
      description = "YAML workload file whose MongoDB-style operations' paths are analyzed too.")
  Path workload;

  @Override
  public Integer call() throws Exception {
    WorkloadFile file = workload == null ? null : WorkloadFile.load(workload);
    return Commands.analyze(file, tables.schema, tables.table, connection.toOptions(root.connection), root.out).code();
  }
}
