package stress.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;
import stress.app.Commands;

/** {@code stress detect}: what the target is. */
@Command(name = "detect", usageHelpAutoWidth = true,
    description = "Print what the server is: PostgreSQL version; Citus (version, coordinator or worker, workers,"
        + " shard count); Postgres-XL (version, coordinators, datanodes); Greenplum (version, segments).")
final class DetectCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  ConnectionArgs connection;

  @Override
  public Integer call() throws Exception {
    return Commands.detect(connection.toOptions(root.connection), root.out).code();
  }
}
