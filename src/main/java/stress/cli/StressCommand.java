package stress.cli;

import java.util.List;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import stress.app.Commands;
import stress.config.RunConfig;

/** {@code stress}: without a subcommand it runs the workload, like {@code stress run}. */
@Command(name = "stress", sortOptions = false, usageHelpAutoWidth = true,
    versionProvider = VersionProvider.class,
    description = {"Document workloads on PostgreSQL, Citus, Postgres-XL and Greenplum: ops/s and latency,"
        + " compared across statement modes, pools, thread counts and server settings.",
        "Without a connection (--url, -h or PGHOST) it starts an embedded PostgreSQL and fills it first."},
    subcommands = {RunCommand.class, InitCommand.class, ImportCommand.class, AssessCommand.class, GenerateCommand.class, DetectCommand.class,
        ExplainCommand.class, CheckCommand.class, IndexCommand.class, AnalyzeCommand.class, MergeCommand.class, WorkloadCommand.class, OpsCommand.class, ReportCommand.class,
        EmbeddedCommand.class, HelpCommand.class})
final class StressCommand implements Callable<Integer> {
  final PrintStream out;

  @Mixin
  ConnectionArgs connection;

  @Mixin
  RunArgs run;

  @Option(names = "--config", paramLabel = "FILE", scope = ScopeType.INHERIT,
      description = "YAML file of option values (name: value); the command line wins over it.")
  Path config;

  @Option(names = "--verbose", scope = ScopeType.INHERIT,
      description = "Show stack traces of errors; with explain, each statement's SQL and plans after the summary.")
  boolean verbose;

  @Option(names = "--help", usageHelp = true, scope = ScopeType.INHERIT, description = "Show this help.")
  boolean help;

  @Option(names = "--version", versionHelp = true, description = "Show the version.")
  boolean version;

  @Spec
  CommandSpec spec;

  StressCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() throws Exception {
    return runWith(connection, run, null);
  }

  /**
   * The search {@code --slo} asks for: with {@code --rate log} from the logged rate, its capacity also said as multiples
   * of that rate and of the logged peak.
   */
  private static stress.config.CapacityRequest capacityRequest(RunArgs args, RunConfig config) {
    stress.config.CapacityRequest request = args.slo.request(args.rateFromLog() ? config.rate() : Double.NaN);
    return args.rateFromLog() && config.application() != null
        ? request.withLoggedPeak(config.application().application().loggedPeak(config.mix().names())) : request;
  }

  /** Shared by {@code stress} and {@code stress run}. */
  int runWith(ConnectionArgs conn, RunArgs args, ConnectionArgs outer) throws Exception {
    if (args.startsLocalInstances() && args.slo.objectives() != null) {
      RunConfig config = args.toConfig();
      if (args.comparedTables() != null || args.mongoSides() != null) {
        throw new stress.model.UsageException("--slo with --instances N searches one combination: give one value each"
            + " to --mode, --pool, --threads and --set, and no --compare-tables or --against");
      }
      List<String> childArgs = LocalInstanceArgs.childArgs(spec.commandLine().getParseResult().originalArgs());
      int instances = args.instanceCount();
      return Commands.capacityOnInstances(config, capacityRequest(args, config), conn.toOptions(outer),
          LocalInstanceArgs.javaCommand(), step -> LocalInstanceArgs.stepArgs(childArgs, step, instances), instances,
          args.instanceCpus(), out).exitCode().code();
    }
    if (args.startsLocalInstances()) {
      if (args.metricsPortGiven()) {
        throw new stress.model.UsageException("--metrics-port with --instances N on this host: the instances would"
            + " share the port; give each instance its own with --run-id and --instance instead");
      }
      RunConfig config = args.toConfig();
      Commands.Outcome outcome = Commands.runLocalInstances(config, conn.toOptions(outer),
          LocalInstanceArgs.javaCommand(), LocalInstanceArgs.childArgs(spec.commandLine().getParseResult()
              .originalArgs()), args.instanceCount(), args.instanceCpus(), out);
      return outcome.exitCode().code();
    }
    if (args.slo.objectives() != null) {
      RunConfig config = args.toConfig();
      stress.config.CapacityRequest request = capacityRequest(args, config);
      Commands.Outcome outcome = args.comparedTables() != null
          ? Commands.compareTableCapacities(config, args.comparedTables(), request, conn.toOptions(outer), out)
          : args.mongoSides() != null ? Commands.compareTargetCapacities(config, args.mongoSides(),
              args.answerCheck(), request, conn.toOptions(outer), out)
          : Commands.capacity(config, request, conn.toOptions(outer), out);
      return outcome.exitCode().code();
    }
    stress.app.against.AnswerCheck check = args.answerCheck();
    Commands.Outcome outcome = args.comparedTables() != null
        ? Commands.compareTables(args.toConfig(), args.comparedTables(), conn.toOptions(outer), out)
        : args.mongoSides() != null ? Commands.compareTargets(args.toConfig(), args.mongoSides(), check,
            conn.toOptions(outer), out)
        : Commands.run(args.toConfig(), conn.toOptions(outer), out);
    return outcome.exitCode().code();
  }
}
