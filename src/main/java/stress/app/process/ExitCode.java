package stress.app.process;

/**
 * Every exit code of {@code stress}, in one place: one constant per outcome, each with the sentence the README's
 * "Exit codes" table gives it (a test reads the table against this list). A SIGTERM ends the process with 143 by the
 * JVM's own shutdown; it is listed so that the table is complete.
 */
public enum ExitCode {
  OK(0, "The command did what was asked, a run's failed executions within `--max-error-rate` included."),
  FAILURE(1, "A runtime failure: a server unreachable, a table or collection not there (or there for a command"
      + " that creates it), failed executions beyond `--max-error-rate`, differing answers, or an internal error."),
  USAGE(2, "Bad input: an option, a value or a file that breaks a rule (a path not there, a file that is no dump"
      + " or no result), or a setting the server lacks, named in one line with the rule."),
  REJECTED(3, "`import` finished but rejected documents or stopped a collection at corrupt input."),
  /** As {@code pg_ctl status} answers 3; no other command returns it, so it may share import's 3. */
  NOT_RUNNING(3, "`embedded status`: the kept embedded server does not run."),
  NO_CAPACITY(4, "`run --slo`: the capacity search vouched for no capacity (of one combination, or of any"
      + " compared): most rounds found none, or no rate held every plain run of its check within 0.8 of the"
      + " objective."),
  PREPARED_REFUSED(5, "`run` through a pooler that keeps no server-side prepared statements, with only prepared"
      + " combinations asked: none is run, and one line names both fixes."),
  /** As shells report a SIGINT death: 128 + 2. */
  INTERRUPTED(130, "Stopped by Ctrl-C (SIGINT), after printing what ran."),
  /** 128 + 15, set by the JVM's shutdown, never returned by the code. */
  TERMINATED(143, "Stopped by SIGTERM, after printing what ran.");

  private final int code;
  private final String outcome;

  ExitCode(int code, String outcome) {
    this.code = code;
    this.outcome = outcome;
  }

  /** The number the process returns. */
  public int code() {
    return code;
  }

  /** What it means, one sentence, as the README's table says it. */
  public String outcome() {
    return outcome;
  }
}
