package stress.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import stress.app.capacity.CapacityContender;
import stress.app.process.ExitCode;
import stress.app.process.Interruption;
import stress.app.setup.ChosenDatabase;
import stress.config.RunConfig;
import stress.connect.PhysicalConnections;
import stress.fleet.FleetRun;
import stress.fleet.FleetTables;
import stress.report.RunResult;

/**
 * {@code run --instances N} on one host: starts N processes of this tool as instances 1..N of one new run
 * ({@code --run-id}), each on its CPUs when given ({@code taskset -c}), prints their lines prefixed with their
 * instance, and when all of them ended well merges their results from the target database, exactly as
 * {@code stress merge --run} does. The instances meet at the same barrier as pods of a Kubernetes Job do.
 */
final class LocalInstances {
  private LocalInstances() {}

  /**
   * @param java      the command that starts this tool ({@code java ... -jar stress.jar})
   * @param childArgs the run's arguments, without the launcher's own
   * @param cpus      each instance's CPU list for {@code taskset -c}, or empty
   */
  static ExitCode run(RunConfig config, ChosenDatabase db, List<String> java, List<String> childArgs, int instances,
                      List<String> cpus, Interruption interruption, PrintStream out) throws Exception {
    String runId = newRunId(db);
    out.println("run " + runId + ": starting " + instances + " instances on this host" + (cpus.isEmpty() ? ""
        : " (CPUs " + String.join("; ", cpus) + ")") + "; they start each phase together through the target database");
    List<String> failed = launch(runId, db, java, childArgs, instances, cpus, interruption, out);
    if (!failed.isEmpty()) {
      out.println("run " + runId + ": " + String.join(", ", failed) + "; no merged result");
      return ExitCode.FAILURE;
    }
    out.println();
    return FleetMerge.run(runId, Duration.ZERO, config.jsonFile(), config.outDir(), db, out);
  }

  /**
   * One step of a capacity search offered by {@code instances} processes together ({@code run --slo --instances N}):
   * each runs {@code stepArgs} (its share of the rate), and their results merged, histograms added exactly, give the
   * step's one verdict.
   */
  static CapacityContender.Ran step(ChosenDatabase db, List<String> java, List<String> stepArgs, int instances,
                                    List<String> cpus, Interruption interruption, PrintStream out) throws Exception {
    String runId = newRunId(db);
    List<String> failed = launch(runId, db, java, stepArgs, instances, cpus, interruption, out);
    if (interruption.signalled()) {
      throw new CapacityContender.Stopped();
    }
    if (!failed.isEmpty()) {
      throw new IllegalStateException("the step's run " + runId + " on " + instances + " instances failed: "
          + String.join(", ", failed));
    }
    FleetRun run = FleetMerge.await(runId, Duration.ZERO, db, out);
    RunResult merged = FleetMerge.merged(run);
    return new CapacityContender.Ran(merged, FleetMerge.measuredStarts(run, merged));
  }

  private static String newRunId(ChosenDatabase db) throws java.sql.SQLException {
    try (Connection c = PhysicalConnections.open(db.spec())) {
      FleetTables.create(c);
    }
    return "local-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
        + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
  }

  /** Starts the instances of run {@code runId} and waits for every one; each that failed, as a phrase. */
  private static List<String> launch(String runId, ChosenDatabase db, List<String> java, List<String> childArgs,
                                     int instances, List<String> cpus, Interruption interruption, PrintStream out)
      throws Exception {
    List<String> connection = new ArrayList<>();
    if (db.embedded() == ChosenDatabase.Embedded.FOR_THIS_COMMAND) {
      // the instances use the embedded server this process started, not one each
      connection.addAll(List.of("--url", db.spec().url(), "-U", db.spec().user()));
    }
    List<Process> processes = new ArrayList<>();
    List<Thread> pumps = new ArrayList<>();
    for (int i = 1; i <= instances; i++) {
      List<String> command = new ArrayList<>();
      if (!cpus.isEmpty()) {
        command.addAll(List.of("taskset", "-c", cpus.get(i - 1)));
      }
      command.addAll(java);
      command.addAll(connection);
      command.addAll(childArgs);
      command.addAll(List.of("--run-id", runId, "--instance", i + "/" + instances));
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      processes.add(p);
      pumps.add(pump(p.getInputStream(), "[" + i + "/" + instances + "] ", out));
    }
    interruption.onSignal(() -> processes.forEach(Process::destroy));
    List<String> failed = new ArrayList<>();
    for (int i = 0; i < processes.size(); i++) {
      int code = processes.get(i).waitFor();
      if (code != 0) {
        failed.add("instance " + (i + 1) + " exited with " + code);
      }
    }
    for (Thread pump : pumps) {
      pump.join();
    }
    return failed;
  }

  /** Copies the process's lines to {@code out}, each after {@code prefix}, on a thread of its own. */
  private static Thread pump(InputStream in, String prefix, PrintStream out) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          synchronized (out) {
            out.println(prefix + line);
          }
        }
      } catch (IOException e) {
        synchronized (out) {
          out.println(prefix + "(its output could not be read further: " + e.getMessage() + ")");
        }
      }
    }, "stress-instance-output");
    t.setDaemon(true);
    t.start();
    return t;
  }
}
