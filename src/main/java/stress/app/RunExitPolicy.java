package stress.app;

import java.io.PrintStream;
import java.util.List;
import stress.app.process.ExitCode;
import stress.config.FailurePolicy;
import stress.report.TextReport;
import stress.runner.Runner;

/**
 * How a run ends: stopped by {@code --max-errors}, interrupted, with a phase in which no execution ended, clean, or
 * with failed executions within or above {@code --max-error-rate}; the closing line says which and with what exit
 * code.
 */
final class RunExitPolicy {
  private RunExitPolicy() {}

  /** What an interrupted run measured: nothing (before or in the first warm-up), or the phases above. */
  private static String interruptedLine(Runner.Result result) {
    if (result.phases().isEmpty()) {
      return result.stoppedInWarmup() != null ? "interrupted during warm-up: nothing was measured"
          : "interrupted before the first phase started: nothing was measured";
    }
    return "interrupted: the figures above cover what ran until the stop" + (result.stoppedInWarmup() == null ? ""
        : "; phase '" + result.stoppedInWarmup().label() + "' was stopped in its warm-up, nothing of it measured");
  }

  static ExitCode exitCode(Runner.Result result, FailurePolicy failures, PrintStream out) {
    if (result.stoppedBy() != null) {
      out.println("stopped: " + result.stoppedBy() + "; the figures above cover what ran until then; exit code "
          + ExitCode.FAILURE.code());
      return ExitCode.FAILURE;
    }
    if (result.interrupted()) {
      out.println(interruptedLine(result));
      return ExitCode.INTERRUPTED;
    }
    // a phase in which no execution ended measured nothing: its 0 ops/s describe no statement, so the run fails
    List<String> empty = result.phases().stream()
        .filter(p -> p.stats().total().count() + p.stats().total().errorCount() == 0).map(p -> p.spec().label())
        .toList();
    if (!empty.isEmpty()) {
      out.println("no execution ended within the measured time of " + (empty.size() == result.phases().size()
          ? "any phase" : "phase " + String.join(", phase ", empty)) + ": its statements run longer than the phase"
          + " or the server did not answer (try 'stress explain', a longer --duration or --statement-timeout);"
          + " exit code " + ExitCode.FAILURE.code());
      return ExitCode.FAILURE;
    }
    long errors = result.phases().stream().mapToLong(p -> p.stats().total().errorCount()).sum();
    long successes = result.phases().stream().mapToLong(p -> p.stats().total().count()).sum();
    if (errors == 0) {
      return ExitCode.OK;
    }
    String share = errors + " of " + (errors + successes) + " executions failed ("
        + TextReport.percent(errors, errors + successes) + ", by SQLState in the summaries above)";
    double limit = failures.maxErrorRate();
    if (failures.tolerates(errors, successes)) {
      out.println("errors: " + share + ", within --max-error-rate " + limit + "; exit code " + ExitCode.OK.code());
      return ExitCode.OK;
    }
    out.println("errors: " + share + (limit > 0 ? ", above --max-error-rate " + limit : "") + "; exit code "
        + ExitCode.FAILURE.code());
    return ExitCode.FAILURE;
  }
}
