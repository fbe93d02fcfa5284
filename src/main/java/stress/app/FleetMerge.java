package stress.app;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import stress.app.output.ResultFileClaim;
import stress.app.process.ExitCode;
import stress.app.setup.ChosenDatabase;
import stress.connect.PhysicalConnections;
import stress.fleet.FleetException;
import stress.fleet.FleetRun;
import stress.metrics.OperationStats;
import stress.report.InstanceRow;
import stress.report.InstanceTable;
import stress.report.JsonReport;
import stress.report.PhaseResult;
import stress.report.RunResult;
import stress.report.files.ResultFiles;
import stress.report.html.HtmlReport;
import stress.report.merge.ResultMerger;

/**
 * {@code stress merge --run ID}: reads the results a run's instances kept in the target database and merges them
 * (histograms added exactly), with a row per instance and their start and end skew per phase. Nothing is merged while
 * an instance is missing or failed: the line says which.
 */
final class FleetMerge {
  private FleetMerge() {}

  static ExitCode run(String runId, Duration wait, Path json, Path outDir, ChosenDatabase db, PrintStream out)
      throws Exception {
    if (outDir != null) {
      ResultFiles.prepare(outDir);
    }
    ResultFileClaim.refuseEarlierResult("--json", json);
    FleetRun run = await(runId, wait, db, out);
    RunResult merged = merged(run);
    out.println("run " + runId + ": started " + run.started() + " (database clock) on " + hosts(run) + "; "
        + run.instances() + " instance(s), every one kept its result");
    out.println("run " + runId + ": " + InstanceTable.states(merged));
    Commands.printMerged(merged, run.members().size(), json, out);
    out.println();
    out.print(InstanceTable.text(merged));
    if (outDir != null) {
      JsonReport.write(merged, outDir.resolve(ResultFiles.RESULT_JSON));
      Path report = HtmlReport.writeInto(merged, outDir);
      out.println("results: " + outDir + " (" + ResultFiles.RESULT_JSON + ", " + report.getFileName() + ")");
    }
    return ExitCode.OK;
  }

  /** The run's instances as the target database keeps them, once every one ended well. */
  static FleetRun await(String runId, Duration wait, ChosenDatabase db, PrintStream out) throws Exception {
    FleetRun run;
    try (Connection c = PhysicalConnections.open(db.spec())) {
      run = FleetRun.await(c, runId, wait, out::println);
    }
    if (run == null) {
      throw new FleetException("run " + runId + ": no instance of it in the target database (" + db.spec().url()
          + "); the instances write there with run --run-id " + runId);
    }
    if (!run.complete()) {
      throw new FleetException(run.whyIncomplete());
    }
    return run;
  }

  /** The instances' results merged (histograms added exactly), with a row per instance. */
  static RunResult merged(FleetRun run) {
    List<RunResult> results = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<List<ResultMerger.Window>> windows = new ArrayList<>();
    for (FleetRun.Member m : run.members()) {
      RunResult result = JsonReport.fromJson(m.result());
      results.add(result);
      names.add("instance " + m.instance() + " (" + m.host() + ")");
      windows.add(windows(m, result));
    }
    RunResult merged = results.size() == 1 ? results.get(0) : ResultMerger.merge(names, results, windows);
    return merged.withInstances(rows(run, results));
  }

  /** When each phase's measuring began, by the database's clock: the earliest instance's start of it. */
  static List<Instant> measuredStarts(FleetRun run, RunResult merged) {
    List<Instant> starts = new ArrayList<>();
    for (int p = 0; p < merged.phases().size(); p++) {
      Instant first = null;
      for (FleetRun.Member m : run.members()) {
        List<ResultMerger.Window> w = windows(m, JsonReport.fromJson(m.result()));
        if (p < w.size() && w.get(p) != null && (first == null || w.get(p).start().isBefore(first))) {
          first = w.get(p).start();
        }
      }
      starts.add(first == null ? merged.startTime() : first);
    }
    return starts;
  }

  /** The hosts the instances ran on, each once, in instance order. */
  private static String hosts(FleetRun run) {
    return String.join(", ", run.members().stream().map(FleetRun.Member::host).distinct().toList());
  }

  /**
   * When the instance measured each phase, by the database's clock: its measured time up to the phase's end (the
   * warm-up comes before it); null where the instance kept no end.
   */
  static List<ResultMerger.Window> windows(FleetRun.Member m, RunResult result) {
    List<ResultMerger.Window> windows = new ArrayList<>();
    for (int p = 0; p < result.phases().size(); p++) {
      FleetRun.PhaseTimes t = m.phases().get(p + 1);
      if (t == null || t.ended() == null) {
        windows.add(null);
        continue;
      }
      Duration measured = Duration.ofNanos(Math.round(result.phases().get(p).stats().durationSeconds() * 1e9));
      windows.add(new ResultMerger.Window(t.ended().minus(measured), t.ended()));
    }
    return windows;
  }

  /** Each instance's own figures per phase, its start and end in ms after the earliest instance's. */
  static List<InstanceRow> rows(FleetRun run, List<RunResult> results) {
    int phases = results.get(0).phases().size();
    Instant[] firstStart = new Instant[phases];
    Instant[] firstEnd = new Instant[phases];
    for (FleetRun.Member m : run.members()) {
      for (int p = 0; p < phases; p++) {
        FleetRun.PhaseTimes t = m.phases().get(p + 1);
        if (t != null && t.started() != null) {
          firstStart[p] = firstStart[p] == null || t.started().isBefore(firstStart[p]) ? t.started() : firstStart[p];
        }
        if (t != null && t.ended() != null) {
          firstEnd[p] = firstEnd[p] == null || t.ended().isBefore(firstEnd[p]) ? t.ended() : firstEnd[p];
        }
      }
    }
    List<InstanceRow> rows = new ArrayList<>();
    for (int i = 0; i < run.members().size(); i++) {
      FleetRun.Member m = run.members().get(i);
      List<InstanceRow.Phase> own = new ArrayList<>();
      List<PhaseResult> phaseResults = results.get(i).phases();
      for (int p = 0; p < phaseResults.size(); p++) {
        OperationStats total = phaseResults.get(p).stats().total();
        FleetRun.PhaseTimes t = m.phases().get(p + 1);
        own.add(new InstanceRow.Phase(phaseResults.get(p).label(), total.count(), total.opsPerSecond(),
            total.latencyMs().p50(), total.latencyMs().p99(), total.errorCount(),
            offset(t == null ? null : t.started(), p < phases ? firstStart[p] : null),
            offset(t == null ? null : t.ended(), p < phases ? firstEnd[p] : null)));
      }
      rows.add(new InstanceRow(m.instance(), Objects.requireNonNullElse(m.host(), ""), m.pid(), m.state(),
          m.message(), own));
    }
    return rows;
  }

  private static Double offset(Instant t, Instant first) {
    return t == null || first == null ? null : Duration.between(first, t).toNanos() / 1e6;
  }
}
