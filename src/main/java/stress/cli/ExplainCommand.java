package stress.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import stress.app.ExplainRequest;
import stress.app.Commands;
import stress.config.Defaults;
import stress.config.Durations;
import stress.model.UsageException;
import stress.model.OperationSettings;
import stress.workload.WorkloadFile;

/** {@code stress explain}: where each operation's statements go, per statement mode. */
@Command(name = "explain", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Show where each operation's statements go: per statement mode (prepared with a generic plan,"
        + " prepared with a custom plan, plain) the plan the server chose and a verdict: how many shards, datanodes"
        + " or segments it reaches out of how many, flagged with advice where another mode reaches only one.",
        "Each operation runs once on real keys without writing; EXPLAIN without --analyze executes nothing."})
final class ExplainCommand implements Callable<Integer> {
  /** The --op value that names every known operation. */
  static final String ALL = ExplainRequest.ALL;

  @ParentCommand
  StressCommand root;

  @Mixin
  TargetTableArgs target;

  // --op, --workload, --batch and the two timeouts have run's names but explain's own help: explain inserts nothing
  // (so --batch is find_in's only) and names an operation its socket timeout ends
  @Option(names = "--op", paramLabel = "OPS",
      description = "Operations: one name, a list or mix as for run (weights are ignored), or all (the built-ins on"
          + " existing keys and the --workload file's operations). Default: the --workload file's operations, else all.")
  String op;

  @Option(names = "--workload", paramLabel = "FILE",
      description = "YAML file of named operations, as for run: each is explained with values drawn from its parameters.")
  Path workload;

  @Option(names = "--analyze",
      description = "EXPLAIN (ANALYZE): executes each statement inside a transaction that is rolled back (never on"
          + " Postgres-XL prepared statements, which crashed its coordinator).")
  boolean analyze;

  @Option(names = "--batch", paramLabel = "N", defaultValue = Defaults.BATCH,
      description = "Keys per find_in statement. Default: ${DEFAULT-VALUE}.")
  int batch;

  @Mixin
  FindLimitArgs limits;

  @Mixin
  KeyChoiceArgs keys;

  @Option(names = "--statement-timeout", paramLabel = "TIME", defaultValue = Defaults.STATEMENT_TIMEOUT,
      description = "Server statement_timeout while explaining, 0 = none. Default: ${DEFAULT-VALUE}.")
  String statementTimeout;

  @Option(names = "--socket-timeout", paramLabel = "TIME", defaultValue = Defaults.SOCKET_TIMEOUT,
      description = "How long the client waits for a reply to one statement before it gives its connection up (an"
          + " operation that does not finish is then named and the others explained on a new one), 0 = for ever."
          + " Default: ${DEFAULT-VALUE}.")
  String socketTimeout;

  /** With a server: the plan it chooses for each MongoDB-style operation, beside PostgreSQL's. */
  @Mixin
  MongoServerArgs mongodb;

  @Override
  public Integer call() throws Exception {
    return Commands.explain(toRequest(), target.connection(root.connection), root.out).code();
  }

  /** The validated request; every problem in one message. */
  ExplainRequest toRequest() {
    List<String> problems = new ArrayList<>();
    WorkloadFile file = workload == null ? null : RunArgs.attempt(problems, () -> WorkloadFile.load(workload));
    List<String> names = workload != null && file == null ? List.of()
        : RunArgs.attempt(problems, () -> ExplainRequest.operationNames(op, file));
    OperationSettings settings = RunArgs.attempt(problems,
        () -> new OperationSettings(batch, limits.limitMin, limits.limitMax, Integer.parseInt(Defaults.FETCH_SIZE)));
    Duration timeout = RunArgs.attempt(problems, () -> Durations.parse("--statement-timeout", statementTimeout));
    Duration socket = RunArgs.attempt(problems, () -> Durations.parse("--socket-timeout", socketTimeout));
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
    boolean against = mongodb.given();
    if (against && file == null) {
      throw new UsageException("--against shows MongoDB's plans of a --workload file's MongoDB-style operations;"
          + " give --workload FILE");
    }
    return new ExplainRequest(names, target.schema(), target.table(), settings, keys.seed, keys.keySample, analyze,
        timeout, socket, file, against ? new ExplainRequest.MongoSide(mongodb.url(), mongodb.namespace()) : null,
        root.verbose);
  }
}
