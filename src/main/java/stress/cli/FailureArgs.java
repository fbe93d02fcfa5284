package stress.cli;

import java.util.List;
import picocli.CommandLine.Option;
import stress.config.FailurePolicy;
import stress.model.UsageException;

/** What a run does about failed executions: retries, the error budget and the exit status it allows. */
final class FailureArgs {
  @Option(names = "--retries", paramLabel = "N", defaultValue = "0",
      description = "Run an execution again up to N times after a serialization failure or deadlock (40001, 40P01);"
          + " only operations that are safe to repeat (not insert, insert_batch, copy). Default: ${DEFAULT-VALUE}.")
  int retries;

  @Option(names = "--max-errors", paramLabel = "N",
      description = "Stop the run once N executions have failed (over all phases, warm-up included) and exit 1."
          + " Default: no limit.")
  Long maxErrors;

  @Option(names = "--stop-on-error",
      description = "Stop the run at the first failed execution and exit 1: --max-errors 1.")
  boolean stopOnError;

  @Option(names = "--max-error-rate", paramLabel = "FRACTION", defaultValue = "0",
      description = "Exit 0 while failed executions / all executions stay at or below this (0.01 = 1%%);"
          + " 0 = any failure exits 1. Default: ${DEFAULT-VALUE}.")
  String maxErrorRate;

  /** The validated policy; each problem is added to {@code problems} (null is returned then). */
  FailurePolicy policy(List<String> problems) {
    if (maxErrors != null && maxErrors < 1) {
      problems.add("--max-errors must be 1 or more (the failed executions that stop the run), got " + maxErrors);
    }
    if (maxErrors != null && stopOnError) {
      problems.add("--stop-on-error is --max-errors 1: give one of them, not both");
    }
    long errorLimit = stopOnError ? 1 : maxErrors == null || maxErrors < 1 ? 0 : maxErrors;
    return RunArgs.attempt(problems, () -> new FailurePolicy(retries, fraction("--max-error-rate", maxErrorRate),
        errorLimit));
  }

  private static double fraction(String option, String text) {
    try {
      return Double.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      throw new UsageException(option + " must be a fraction between 0 and 1 (0.01 = 1% of executions may"
          + " fail), got '" + text + "'");
    }
  }
}
