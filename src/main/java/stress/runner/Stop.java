package stress.runner;

/**
 * A flag the workers poll between executions; set when a phase ends or the user interrupts. A phase's stop also
 * reads the run's, so that a stop of the run (Ctrl-C, {@code --max-errors}) reaches the workers at their next
 * execution, not when the reporter next looks.
 */
final class Stop {
  private final Stop run;
  private volatile boolean requested;

  /** The run's stop. */
  Stop() {
    this(null);
  }

  /** A phase's stop, also requested when {@code run} is. */
  Stop(Stop run) {
    this.run = run;
  }

  boolean requested() {
    return requested || (run != null && run.requested);
  }

  void request() {
    requested = true;
  }
}
