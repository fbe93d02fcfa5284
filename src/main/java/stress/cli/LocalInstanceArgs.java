package stress.cli;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code run --instances N} on this host: the command line of each instance's process, the launcher's own without
 * what belongs to the launcher ({@code --instances}, {@code --instance-cpus}) or would clash between processes
 * ({@code --json}, {@code --out}: the launcher writes the merged result there), in a JVM started as this one was.
 */
final class LocalInstanceArgs {
  /** Options of the launcher, each followed by its value. */
  private static final Set<String> LAUNCHER_OPTIONS = Set.of("--instances", "--instance-cpus", "--json", "--out");
  /** JVM options not given to the instances: agents (a debugger, coverage) belong to the launcher's JVM. */
  private static final List<String> NOT_INHERITED = List.of("-javaagent", "-agentlib", "-agentpath");

  private LocalInstanceArgs() {}

  /** The arguments without the launcher's options (as {@code --name value} or {@code --name=value}). */
  static List<String> childArgs(List<String> original) {
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < original.size(); i++) {
      String arg = original.get(i);
      int eq = arg.indexOf('=');
      String name = arg.startsWith("--") && eq > 0 ? arg.substring(0, eq) : arg;
      if (LAUNCHER_OPTIONS.contains(name)) {
        if (eq < 0) {
          i++;
        }
        continue;
      }
      kept.add(arg);
    }
    return kept;
  }

  /** Options a step of a capacity search sets itself, each followed by its value. */
  private static final Set<String> STEP_OPTIONS = Set.of("--slo", "--slo-resolution", "--slo-check-duration",
      "--slo-window", "--slo-time-limit", "--rounds", "--rate", "--duration", "--ops", "--warmup");

  /**
   * One step of {@code run --slo --instances N}: each instance's arguments, offering its share of the step's rate for
   * the step's time, with the step's warm-up, one round, no search.
   */
  public static List<String> stepArgs(List<String> childArgs, stress.config.RunConfig step, int instances) {
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < childArgs.size(); i++) {
      String arg = childArgs.get(i);
      int eq = arg.indexOf('=');
      String name = arg.startsWith("--") && eq > 0 ? arg.substring(0, eq) : arg;
      if (STEP_OPTIONS.contains(name)) {
        if (eq < 0) {
          i++;
        }
        continue;
      }
      if (name.equals("--no-slo-check")) { // the search's, not a step's: a step without --slo refuses it
        continue;
      }
      kept.add(arg);
    }
    kept.addAll(List.of("--rate", Double.toString(step.rate() / instances), "--warmup", step.warmup().toMillis() + "ms",
        "--rounds", "1", "--duration", step.duration().toMillis() + "ms"));
    return kept;
  }

  /** {@code java <this JVM's options> -cp <this JVM's class path> stress.cli.Main}. */
  static List<String> javaCommand() {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (NOT_INHERITED.stream().noneMatch(option::startsWith)) {
        command.add(option);
      }
    }
    // -cp and the main class, also for the jar: a class path of one jar may be a launcher's (a test runner's) own
    command.add("-cp");
    command.add(System.getProperty("java.class.path", ""));
    command.add(Main.class.getName());
    return command;
  }
}
