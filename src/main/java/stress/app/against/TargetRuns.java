package stress.app.against;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import stress.app.process.ExitCode;
import stress.config.RunConfig;
import stress.keys.KeySpaces;
import stress.mongodb.NativeRun;
import stress.report.RunResult;
import stress.runner.RunListener;

/**
 * One target's run of the compared workload, made by the job above ({@code app.RunJob}): on PostgreSQL's table, or
 * natively on a MongoDB collection. The comparison runs each target through this call, so it stays below the job
 * that runs a single workload.
 */
public interface TargetRuns {
  /**
   * What every target's run shares and what numbers it in the whole plan.
   *
   * @param answersDiffer the operations whose figures are marked "answers differ"
   * @param keys the key spaces every target draws from, read once
   * @param phasesBefore the phases of the whole plan before this run's
   * @param phasesPlanned the phases of the whole plan (0: this run's own count)
   * @param header whether the run prints its target's header (once per target)
   * @param listener told how the run goes beside the run's own listeners; null for none
   */
  record Options(Set<String> answersDiffer, KeySpaces keys, int phasesBefore, int phasesPlanned, boolean header,
                 RunListener listener) {
    /** A capacity search's step: its own plan, its header, no listener of the comparison's. */
    static Options ofStep(Set<String> answersDiffer, KeySpaces keys) {
      return new Options(answersDiffer, keys, 0, 0, true, null);
    }
  }

  /** What a run gave: its exit code, its result (null when it measured nothing) and each phase's measured start. */
  record Ran(ExitCode code, RunResult result, List<Instant> starts) {}

  /** Runs {@code config} on PostgreSQL ({@code server} null) or natively on {@code server}, printing to {@code out}. */
  Ran run(RunConfig config, NativeRun server, Options options, PrintStream out)
      throws SQLException, InterruptedException, IOException;
}
