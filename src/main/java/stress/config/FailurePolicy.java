package stress.config;

import java.util.ArrayList;
import java.util.List;
import stress.model.UsageException;

/**
 * What a run does about failed executions.
 *
 * @param retries      how often an execution of an idempotent operation runs again after a serialization failure
 *                     or deadlock (40001, 40P01); 0 = never
 * @param maxErrorRate the largest share of failed executions, errors / (successes + errors) over all phases, for
 *                     which the run still exits 0; 0 = any failure makes the exit code 1
 * @param maxErrors    {@code --max-errors}: the run stops (exit 1) once this many executions have failed, over all
 *                     phases from the first execution; 0 = no limit
 */
public record FailurePolicy(int retries, double maxErrorRate, long maxErrors) {
  /** No retries, and any failed execution fails the run. */
  public static final FailurePolicy DEFAULT = new FailurePolicy(0, 0);

  /** Without a limit that stops the run. */
  public FailurePolicy(int retries, double maxErrorRate) {
    this(retries, maxErrorRate, 0);
  }

  public FailurePolicy {
    List<String> problems = new ArrayList<>();
    if (maxErrors < 0) {
      problems.add("--max-errors must be 1 or more (the failed executions that stop the run), got " + maxErrors);
    }
    if (retries < 0) {
      problems.add("--retries must be 0 or more, got " + retries);
    }
    if (!(maxErrorRate >= 0 && maxErrorRate <= 1)) {
      problems.add("--max-error-rate must be a fraction between 0 and 1 (0.01 = 1% of executions may fail), got "
          + maxErrorRate);
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
  }

  /** True when this many failures among this many executions (successes plus failures) are within the limit. */
  public boolean tolerates(long errors, long successes) {
    if (errors == 0) {
      return true;
    }
    return (double) errors / (successes + errors) <= maxErrorRate;
  }
}
