package stress.app;

/**
 * Every exit code of {@code stress}, in one place. A SIGTERM ends the process with 143 (128 + 15) by the JVM's own
 * shutdown, so it has no constant here.
 */
public enum ExitCode {
  /** The command did what was asked (a run's errors within {@code --max-error-rate} included). */
  OK(0),
  /**
   * A runtime failure: the server, a table, a file, failed executions above {@code --max-error-rate}, an import
   * collection that could not be written, or an internal error.
   */
  FAILURE(1),
  /** Bad input: an option, a configuration or workload file, a value that breaks a rule. */
  USAGE(2),
  /** An import finished but rejected documents or stopped a collection at corrupt input. */
  REJECTED(3),
  /** {@code embedded status}: the kept server does not run (as {@code pg_ctl status} answers 3). */
  NOT_RUNNING(3),
  /**
   * {@code run --slo}: the search ran, but vouched for no capacity (of one combination searched, or of any of those
   * compared): no rate held in most rounds and in most of its check, or the only answers were lower bounds.
   */
  NO_CAPACITY(4),
  /** Stopped by Ctrl-C (SIGINT), as shells report a SIGINT death: 128 + 2. */
  INTERRUPTED(130);

  private final int code;

  ExitCode(int code) {
    this.code = code;
  }

  /** The number the process returns. */
  public int code() {
    return code;
  }
}
