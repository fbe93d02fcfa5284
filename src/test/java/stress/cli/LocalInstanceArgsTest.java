package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.config.FleetSettings;
import stress.model.Instance;
import stress.model.UsageException;

/** The instances' command lines on one host, and an instance's index in a pod of an Indexed Job. */
class LocalInstanceArgsTest {
  @Test
  void theLauncherKeepsItsOwnOptionsAndTheResultFiles() {
    assertEquals(List.of("--url", "jdbc:postgresql://db/x", "run", "--threads", "8", "--duration=30s"),
        LocalInstanceArgs.childArgs(List.of("--url", "jdbc:postgresql://db/x", "run", "--instances", "3", "--threads",
            "8", "--json", "m.json", "--instance-cpus=0;1;2", "--duration=30s", "--out", "dir")));
  }

  @Test
  void aCapacityStepGivesEachInstanceItsShareOfTheRateForTheStepsTime() {
    List<String> child = List.of("--url", "jdbc:postgresql://db/x", "run", "--threads", "2", "--slo", "p99<=5ms",
        "--slo-resolution=20%", "--rounds", "3", "--no-slo-check", "--rate", "100", "--duration", "3s", "--warmup",
        "2s", "--op", "find_first");
    RunArgs args = new RunArgs();
    new picocli.CommandLine(args).parseArgs("--threads", "2", "--duration", "3s", "--warmup", "2s", "--op",
        "find_first");
    stress.config.RunConfig step = args.toConfig().forCapacityStep(1000);
    assertEquals(List.of("--url", "jdbc:postgresql://db/x", "run", "--threads", "2", "--op", "find_first", "--rate",
        "333.3333333333333", "--warmup", "2000ms", "--rounds", "1", "--duration", "3000ms"),
        LocalInstanceArgs.stepArgs(child, step, 3), "a third of the rate each, for the step's time; the search's"
        + " --no-slo-check, which a step without --slo refuses, left out");
  }

  @Test
  void anInstanceOfAnIndexedJobIsItsPodsIndexPlusOne() {
    assertEquals(new Instance(3, 4), FleetSettings.instanceOf("r", null, 4, Map.of("JOB_COMPLETION_INDEX", "2")));
    assertEquals(new Instance(1, 2), FleetSettings.instanceOf("r", "1/2", 2, Map.of("JOB_COMPLETION_INDEX", "5")),
        "--instance wins");
    assertEquals("run r: which instance is this process? give --instance i/N, or run it with --instances N as a pod of"
        + " an Indexed Job (JOB_COMPLETION_INDEX)", assertThrows(UsageException.class,
        () -> FleetSettings.instanceOf("r", null, 4, Map.of())).getMessage());
    assertEquals("--instance 1/2 says 2 instances, --instances says 3", assertThrows(UsageException.class,
        () -> FleetSettings.instanceOf("r", "1/2", 3, Map.of())).getMessage());
    assertEquals("--instance must be i/n with 1 <= i <= n (this process is instance i of n processes inserting into"
        + " the same table), got '5/4'", assertThrows(UsageException.class,
        () -> FleetSettings.instanceOf("r", null, 4, Map.of("JOB_COMPLETION_INDEX", "4"))).getMessage(),
        "an index past the run's instances");
    assertEquals("--run-id must be 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit, got"
        + " 'a b'", assertThrows(UsageException.class, () -> new FleetSettings("a b", new Instance(1, 1),
        Duration.ofSeconds(1), Duration.ofSeconds(1))).getMessage());
  }

  @Test
  void theCpuListsAreOnePerInstance() {
    CliTester.Result r = CliTester.run("run", "--instances", "2", "--instance-cpus", "0-1");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals("stress: --instance-cpus must be 2 CPU lists for taskset -c separated by ';' (e.g. '0-1;2-3'), got"
        + " '0-1'", r.err().lines().findFirst().orElseThrow());
  }
}
