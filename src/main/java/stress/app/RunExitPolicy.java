package stress.app;

import java.io.PrintStream;
import stress.config.FailurePolicy;
import stress.report.TextReport;
import stress.runner.Runner;

/**
 * How a run ends: stopped by {@code --max-errors}, interrupted, clean, or with failed executions within or above
 * {@code --max-error-rate}; the closing line says which and with what exit code.
 */
final class RunExitPolicy {
  private RunExitPolicy() {}

  static ExitCode exitCode(Runner.Result result, FailurePolicy failures, PrintStream out) {
    if (result.stoppedBy() != null) {
      out.println("stopped: " + result.stoppedBy() + "; the figures above cover what ran until then; exit code "
          + ExitCode.FAILURE.code());
      return ExitCode.FAILURE;
    }
    if (result.interrupted()) {
      out.println(result.phases().isEmpty() ? "interrupted before the first phase started: nothing was measured"
          : "interrupted: the figures above cover what ran until the stop");
      return ExitCode.INTERRUPTED;
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
