package stress.cli;

import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Option;
import stress.config.Defaults;
import stress.config.Durations;
import stress.config.FleetSettings;
import stress.model.Instance;
import stress.model.UsageException;

/** The options that make this process one instance of a run of several (on this host or joined by a run id). */
final class FleetArgs {
  @Option(names = "--instance", paramLabel = "I/N",
      description = "This process is instance I of N inserting into the same table: it only inserts keys k with k mod N = I mod N. Default: " + Defaults.INSTANCE + ".")
  String instance;

  @Option(names = "--run-id", paramLabel = "ID",
      description = "Join run ID through the target database: each phase starts when every instance is ready, at one"
          + " instant; the result is kept there for 'stress merge --run ID'.")
  String runId;

  @Option(names = "--instances", paramLabel = "N",
      description = "The run's number of instances. With --run-id this process is one of them (index from --instance,"
          + " or JOB_COMPLETION_INDEX in a pod of an Indexed Job); without, start N processes on this host that run"
          + " together and merge.")
  Integer instances;

  @Option(names = "--barrier-timeout", paramLabel = "TIME", defaultValue = Defaults.BARRIER_TIMEOUT,
      description = "How long an instance waits at a phase's start for the others before it stops. Default:"
          + " ${DEFAULT-VALUE}.")
  String barrierTimeout;

  @Option(names = "--heartbeat", paramLabel = "TIME", defaultValue = Defaults.HEARTBEAT,
      description = "With --run-id: how often this instance renews its heartbeat in the target database; one silent"
          + " for three times that is lost, and the others stop naming it. Default: ${DEFAULT-VALUE}.")
  String heartbeat;

  @Option(names = "--instance-cpus", paramLabel = "CPUS;CPUS...",
      description = "With --instances N on this host: each instance's CPUs for taskset -c, e.g. '0-1;2-3;4-5'.")
  String instanceCpus;

  /** The run's fleet, or null without {@code --run-id}; each problem is added to {@code problems}. */
  FleetSettings fleet(List<String> problems) {
    FleetSettings fleet = runId == null ? null : RunArgs.attempt(problems, () -> new FleetSettings(runId,
        FleetSettings.instanceOf(runId, instance, instances, System.getenv()),
        Durations.parse("--barrier-timeout", barrierTimeout), Durations.parse("--heartbeat", heartbeat)));
    if (runId == null && instances != null && instance != null) {
      problems.add("--instances N without --run-id starts N instances on this host, each its own --instance: give"
          + " --run-id ID too to run this process as one instance of a run");
    }
    if (instances != null && instances < 1) {
      problems.add("--instances must be at least 1, got " + instances);
    }
    return fleet;
  }

  /** The share of keys this process inserts: the fleet's instance, or {@code --instance}. */
  Instance share(FleetSettings fleet, List<String> problems) {
    return fleet != null ? fleet.instance()
        : RunArgs.attempt(problems, () -> Instance.parse(instance == null ? Defaults.INSTANCE : instance));
  }

  /** True for {@code --instances N} without {@code --run-id}: this process starts N instances on this host. */
  boolean startsLocalInstances() {
    return instances != null && runId == null;
  }

  /** {@code --instance-cpus}: one CPU list per instance, or empty. */
  List<String> instanceCpus() {
    if (instanceCpus == null || instanceCpus.isBlank()) {
      return List.of();
    }
    List<String> lists = Arrays.stream(instanceCpus.split(";")).map(String::strip).toList();
    if (lists.size() != instances || lists.stream().anyMatch(l -> !l.matches("[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*"))) {
      throw new UsageException("--instance-cpus must be " + instances + " CPU lists for taskset -c separated by ';'"
          + " (e.g. '0-1;2-3'), got '" + instanceCpus + "'");
    }
    return lists;
  }
}
