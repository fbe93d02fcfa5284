package stress.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import stress.app.assess.AssessJob;
import stress.app.assess.AssessRequest;
import stress.config.Defaults;
import stress.config.Durations;

/** {@code stress assess}: is this MongoDB application ready for PostgreSQL? One command, one report. */
@Command(name = "assess", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Assess a MongoDB application for PostgreSQL (or Citus) from its dump and its mongod log: its"
        + " operations derived from the log, its data loaded, each operation translated (and checked against a MongoDB"
        + " server with --against), indexes, layout on a cluster, speed and capacity measured on the target; then a"
        + " verdict per collection and for the application (ready, ready with changes, blocked), each with its"
        + " evidence and the command that reproduces it. The plan and its expected time are printed first; the steps"
        + " fit --budget. The report (summary.txt, assessment.json, report.html) goes to --out; a re-run with the"
        + " same --out resumes from the first step that did not finish.",
        "Without a connection the kept embedded PostgreSQL is used (started when it does not run, and left running)."})
final class AssessCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  ConnectionArgs connection;

  @Option(names = "--dump", paramLabel = "PATH",
      description = "The application's data: mongodump output (a directory, a .bson file, or an --archive file).")
  Path dump;

  @Option(names = "--log", paramLabel = "FILE", arity = "1..*",
      description = "The application's operations: mongod logs (as 'stress workload --from-log' reads them).")
  List<Path> logs = List.of();

  @Option(names = "--workload", paramLabel = "DIR",
      description = "Instead of a log: a workload directory with its application.yaml (as 'stress workload"
          + " --from-log' writes it).")
  Path workload;

  @Option(names = "--against", paramLabel = "URL",
      description = "A MongoDB (or MongoDB-compatible) server holding the same data: each operation's answers are"
          + " checked against it.")
  String against;

  @Option(names = "--slo", paramLabel = "OBJECTIVE",
      description = "The latency objective of the capacity, e.g. 'p99<=20ms' (as run --slo takes it). Without it no"
          + " capacity is searched.")
  String slo;

  @Option(names = "--budget", paramLabel = "TIME", defaultValue = "30m",
      description = "How long the assessment may take; the slow steps shrink or are skipped to fit, and said."
          + " Default: ${DEFAULT-VALUE}.")
  String budget;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "assessment",
      description = "The report's folder, new or empty, or an earlier assessment of the same request to resume."
          + " Default: ${DEFAULT-VALUE}.")
  Path out;

  @Option(names = "--app", paramLabel = "NAME", description = "Use only this application's log entries (appName).")
  String app;

  @Option(names = "--drop-existing",
      description = "Replace tables of the collections' names on the target (else the import refuses them).")
  boolean dropExisting;

  @Option(names = "--seed", paramLabel = "N", defaultValue = Defaults.SEED,
      description = "Seed of every draw. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Override
  public Integer call() throws Exception {
    if (slo != null) {
      stress.config.LatencyObjective.parse("--slo", slo);
    }
    AssessRequest request = new AssessRequest(dump, logs, workload, out, connection.toOptions(root.connection),
        against, slo, Durations.parse("--budget", budget), app, seed, dropExisting);
    return new AssessJob(request, root.out).run().code();
  }
}
