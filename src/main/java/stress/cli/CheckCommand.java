package stress.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import stress.app.Commands;
import stress.app.against.CheckJob;
import stress.config.Defaults;
import stress.config.Durations;
import stress.model.UsageException;
import stress.workload.WorkloadFile;

/** {@code stress check}: a workload's MongoDB-style reads answered by PostgreSQL and by a MongoDB server, compared. */
@Command(name = "check", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Check the translation against a MongoDB server: each MongoDB-style read of the workload file"
        + " (find, countDocuments, aggregate) runs on the PostgreSQL table as translated and on the MongoDB collection"
        + " natively, with the same drawn values, and the answers are compared: one line per operation, same, same"
        + " within jsonb's limits (key order, number kinds), different (the first difference shown), or refused by"
        + " one side (its message). Writes are not run. Exit 1 when an answer differs.",
        "Both sides must hold the same documents: import the same dump into both."})
final class CheckCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  TargetTableArgs target;

  @Option(names = "--workload", paramLabel = "FILE", required = true,
      description = "YAML workload file with MongoDB-style operations (docs/workloads.md).")
  Path workload;

  @Mixin
  MongoServerArgs mongodb;

  @Option(names = "--op", paramLabel = "NAMES", split = ",",
      description = "The operations to check. Default: every operation of the file.")
  List<String> ops = List.of();

  @Option(names = "--samples", paramLabel = "N", defaultValue = "20",
      description = "Draws of parameter values per operation. Default: ${DEFAULT-VALUE}.")
  int samples;

  @Option(names = "--seed", paramLabel = "N", defaultValue = Defaults.SEED,
      description = "Seed of the draws. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(names = "--statement-timeout", paramLabel = "TIME", defaultValue = Defaults.STATEMENT_TIMEOUT,
      description = "Time limit of each statement on both servers (MongoDB's maxTimeMS), 0 = none."
          + " Default: ${DEFAULT-VALUE}.")
  String statementTimeout;

  @Override
  public Integer call() throws Exception {
    if (!mongodb.given()) {
      throw new UsageException("check needs --against URL --collection [DB.]COLLECTION: the MongoDB server to compare"
          + " with and its collection of the table's documents");
    }
    if (samples < 1) {
      throw new UsageException("--samples must be at least 1, got " + samples);
    }
    WorkloadFile file = WorkloadFile.load(workload);
    CheckJob.Request request = new CheckJob.Request(file, ops, target.schema(), target.table(), mongodb.url(),
        mongodb.namespace(),
        samples, seed, Durations.parse("--statement-timeout", statementTimeout).toMillis());
    return Commands.check(request, target.connection(root.connection), root.out).code();
  }

}
