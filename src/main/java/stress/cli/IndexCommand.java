package stress.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import stress.app.Commands;
import stress.config.Durations;
import stress.workload.WorkloadFile;

/** {@code stress index --workload FILE}: the indexes the workload file lists, created on the table. */
@Command(name = "index", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Create the indexes listed under 'indexes:' in a workload file on the table (IF NOT EXISTS, one"
        + " CREATE INDEX each; on Citus, Postgres-XL and Greenplum it reaches every shard, datanode or segment) and"
        + " print per index whether it was created or already there, with its definition.",
        "Before anything is built, an entry that no operation of the file reads and one whose path no document holds"
        + " are named (--strict refuses them), and a type: numeric path that holds a non-number in some document is"
        + " refused (exit 2). While an index builds, its progress is printed every 5 s"
        + " (pg_stat_progress_create_index, PostgreSQL 12 and later); Ctrl-C cancels the build on the server"
        + " (exit 130)."})
final class IndexCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  TargetTableArgs target;

  @Option(names = "--workload", paramLabel = "FILE", required = true,
      description = "YAML workload file with an 'indexes:' list: {gin: data}, {path: a.b, type: T},"
          + " {path: [a, b], type: [T, U]}. Types: " + stress.workload.IndexSpec.TYPE_READERS + ".")
  Path workload;

  // not run's --socket-timeout: no default, as a build may rightly keep the server silent for hours
  @Option(names = "--socket-timeout", paramLabel = "TIME",
      description = "Client gives up on a server silent for this long, e.g. 30m (the server may still be building)."
          + " Default: none, the client waits as long as the server works; no statement_timeout is set either.")
  String socketTimeout;

  @Option(names = "--suggest",
      description = "Also build the indexes that serve the file's MongoDB-style operations as they are written for"
          + " the table (typed btrees, compound ones for equality + sort, GIN on data), as MongoDB's index advice"
          + " would, each printed as an indexes: entry; one is kept only where the planner's estimate of an"
          + " operation it serves falls with it, else dropped again with the reason; those already built are listed.")
  boolean suggest;

  @Option(names = "--strict",
      description = "Refuse (exit 2, nothing built) an indexes: entry that no operation of the file reads and one"
          + " whose path no document holds, instead of naming them in a note.")
  boolean strict;

  /** With a server: the file's indexes built there instead, as a MongoDB user declares them. */
  @Mixin
  MongoServerArgs mongodb;

  @Override
  public Integer call() throws Exception {
    if (mongodb.given()) {
      if (suggest || strict) {
        throw new stress.model.UsageException("--suggest and --strict read the PostgreSQL table; with --against the"
            + " file's indexes: are built on the MongoDB collection as they are");
      }
      WorkloadFile file = WorkloadFile.load(workload);
      return Commands.indexOnMongo(file, mongodb.url(), mongodb.namespace(), target.table(), root.out).code();
    }
    Duration socket = socketTimeout == null ? Duration.ZERO : Durations.parse("--socket-timeout", socketTimeout);
    WorkloadFile file = WorkloadFile.load(workload);
    return Commands.index(file, target.schema(), target.table(), socket, suggest, strict,
        target.connection(root.connection), root.out).code();
  }
}
